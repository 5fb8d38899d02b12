#include "app/window/ranktimelinewindow.h"

#include "model/core/durationtext.h"
#include "model/profile/rankmerge.h"
#include "widgets/timeline/timeaxis.h"
#include "widgets/timeline/timelineview.h"

#include <QComboBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>

namespace npuscope {

RankTimelineWindow::RankTimelineWindow(std::vector<RankTrace> ranks, QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_ranks(std::move(ranks))
    , m_timeline(new TimelineView(this))
    , m_stepCombo(new QComboBox(this))
    , m_shiftLabel(new QLabel(this))
{
    setObjectName(QStringLiteral("RankTimelineWindow"));
    QStringList labels;
    std::vector<const Trace *> traces;
    for (const RankTrace &r : m_ranks) {
        labels << r.label;
        traces.push_back(r.trace.get());
    }
    setWindowTitle(tr("%1 on One Timeline — npuscope").arg(labels.join(QStringLiteral(", "))));

    m_stepCombo->addItem(tr("First events"), QString());
    for (const QString &id : commonStepIds(traces))
        m_stepCombo->addItem(tr("Step %1").arg(id), id);
    m_stepCombo->setToolTip(tr("The step whose start lines up on every rank"));
    m_shiftLabel->setWordWrap(true);
    m_shiftLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Align on:"), this));
    bar->addWidget(m_stepCombo);
    bar->addWidget(m_shiftLabel, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_timeline, 1);
    resize(1280, 800);

    connect(m_stepCombo, &QComboBox::activated, this,
        [this](int index) { alignOnStep(m_stepCombo->itemData(index).toString()); });
    // The first step all ranks share: the start of training is the least comparable moment.
    const int first = m_stepCombo->count() > 1 ? 1 : 0;
    m_stepCombo->setCurrentIndex(first);
    alignOnStep(m_stepCombo->itemData(first).toString());
}

RankTimelineWindow::~RankTimelineWindow() = default;

void RankTimelineWindow::alignOnStep(const QString &stepId)
{
    std::vector<const Trace *> traces;
    for (const RankTrace &r : m_ranks)
        traces.push_back(r.trace.get());
    m_alignment = alignRanksByStep(traces, stepId);
    std::vector<RankTraceInput> inputs;
    for (std::size_t i = 0; i < m_ranks.size(); ++i)
        inputs.push_back({ m_ranks[i].trace, m_ranks[i].label, m_alignment[i].shift });
    // A few ranks of a real profile are millions of events: seconds, not minutes.
    QGuiApplication::setOverrideCursor(Qt::WaitCursor);
    m_merged.reset(); // before merging: never two combined traces in memory
    m_timeline->setTrace(nullptr);
    m_merged = mergeRankTraces(inputs);
    QGuiApplication::restoreOverrideCursor();
    m_timeline->setTrace(m_merged);
    m_shiftLabel->setText(shiftText(stepId));
    const int combo = m_stepCombo->findData(stepId);
    if (combo >= 0)
        m_stepCombo->setCurrentIndex(combo);
    // The ruler counts from the aligned moment; the view spans the step on the slowest rank.
    const auto reference = std::find_if(
        m_ranks.begin(), m_ranks.end(), [](const RankTrace &r) { return r.trace != nullptr; });
    if (reference == m_ranks.end())
        return;
    const RankAlignment &ref = m_alignment[std::size_t(reference - m_ranks.begin())];
    const TimeNs start = ref.anchor + ref.shift;
    m_timeline->setTimeOrigin(start);
    if (stepId.isEmpty() || !ref.stepFound) {
        m_timeline->zoomToFit();
        return;
    }
    TimeNs end = start;
    for (std::size_t i = 0; i < m_ranks.size(); ++i)
        if (m_ranks[i].trace && m_alignment[i].stepFound)
            end = std::max(end, m_alignment[i].end + m_alignment[i].shift);
    m_timeline->setVisibleRange(start, end > start ? end : start + 1);
}

QString RankTimelineWindow::shiftText(const QString &stepId) const
{
    QStringList parts;
    bool referenceSeen = false;
    for (std::size_t i = 0; i < m_ranks.size(); ++i) {
        if (!m_ranks[i].trace) {
            parts << tr("%1: no trace").arg(m_ranks[i].label);
            continue;
        }
        const RankAlignment &a = m_alignment[i];
        if (!referenceSeen) { // the first rank with a trace: the others move onto it
            referenceSeen = true;
            parts << tr("%1 (reference)").arg(m_ranks[i].label);
            continue;
        }
        const QString sign = a.shift < 0 ? QStringLiteral("−") : QStringLiteral("+");
        QString part = tr("%1 %2%3").arg(
            m_ranks[i].label, sign, formatDuration(a.shift < 0 ? -a.shift : a.shift));
        if (!stepId.isEmpty() && !a.stepFound)
            part += QLatin1Char(' ') + tr("(no step %1: first events aligned)").arg(stepId);
        parts << part;
    }
    const QString what = stepId.isEmpty() ? tr("Aligned on each rank's first event.")
                                          : tr("Aligned on the start of step %1.").arg(stepId);
    return what + QLatin1Char(' ')
        + tr("Times shifted by: %1").arg(parts.join(QStringLiteral(", ")));
}

} // namespace npuscope
