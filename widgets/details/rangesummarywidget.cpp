#include "widgets/details/rangesummarywidget.h"

#include "widgets/session/profilesession.h"

#include "model/core/durationtext.h"
#include "model/core/trace.h"
#include "widgets/details/rangesummary.h"
#include "widgets/details/rangesummarymodel.h"
#include "widgets/timeline/timeaxis.h"

#include <QFutureWatcher>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace npuscope {

namespace {

    // Traces up to this many slices are summed on the GUI thread: a range walk over them takes
    // well under a frame (forEachOverlapping is O(log n + k)), and the table updates at once.
    constexpr qsizetype kSyncSlices = 200'000;

} // namespace

RangeSummaryWidget::RangeSummaryWidget(QWidget *parent)
    : QWidget(parent)
    , m_model(new RangeSummaryModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_view(new QTableView(this))
    , m_heading(new QLabel(this))
    , m_device(new QLabel(this))
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(Qt::UserRole);
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(RangeSummaryModel::Total, Qt::DescendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(RangeSummaryModel::Name, QHeaderView::Stretch);
    m_heading->setWordWrap(true);
    m_device->setWordWrap(true);
    m_device->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_device->hide();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_device);
    layout->addWidget(m_heading);
    layout->addWidget(m_view, 1);
    clear();
}

RangeSummaryWidget::~RangeSummaryWidget() = default;

void RangeSummaryWidget::setTrace(std::shared_ptr<const Trace> trace)
{
    m_trace = std::move(trace);
    m_tracks.clear();
    clear();
}

void RangeSummaryWidget::setTracks(std::vector<TrackId> tracks) { m_tracks = std::move(tracks); }

void RangeSummaryWidget::clear()
{
    ++m_generation;
    m_busy = false;
    m_model->setRows({});
    m_heading->setText(tr("Shift+drag on the timeline to summarise a time range."));
}

void RangeSummaryWidget::setRange(TimeNs start, TimeNs end)
{
    const std::uint64_t generation = ++m_generation;
    if (!m_trace) {
        clear();
        return;
    }
    const std::size_t trackCount = m_tracks.empty() ? m_trace->tracks.size() : m_tracks.size();
    if (m_trace->sliceCount() <= kSyncSlices) {
        apply(generation, start, end, trackCount,
            RangeSummary::compute(*m_trace, start, end, m_tracks));
        return;
    }
    m_busy = true;
    m_heading->setText(tr("Summarising %1…").arg(formatDuration(end - start)));
    auto *watcher = new QFutureWatcher<std::vector<RangeSummaryRow>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this,
        [this, watcher, generation, start, end, trackCount]() {
            watcher->deleteLater();
            apply(generation, start, end, trackCount, watcher->result());
        });
    watcher->setFuture(QtConcurrent::run([trace = m_trace, tracks = m_tracks, start, end]() {
        return RangeSummary::compute(*trace, start, end, tracks);
    }));
}

void RangeSummaryWidget::apply(std::uint64_t generation, TimeNs start, TimeNs end,
    std::size_t trackCount, std::vector<RangeSummaryRow> rows)
{
    if (generation != m_generation) // a newer range makes this result stale
        return;
    m_busy = false;
    std::int64_t events = 0;
    for (const RangeSummaryRow &row : rows)
        events += row.count;
    m_heading->setText(
        tr("%1 selected on %n track(s): %2 slices, %3 names", nullptr, static_cast<int>(trackCount))
            .arg(formatDuration(end - start))
            .arg(events)
            .arg(rows.size()));
    m_model->setRows(std::move(rows));
    emit updated();
}

QString RangeSummaryWidget::headingText() const { return m_heading->text(); }

QString RangeSummaryWidget::deviceText() const { return m_device->text(); }

void RangeSummaryWidget::setDeviceAnalysis(const std::optional<DeviceAnalysis> &device)
{
    if (!device || device->time.tasks == 0) {
        m_device->clear();
        m_device->hide();
        return;
    }
    const DeviceTime &t = device->time;
    auto share = [&t](TimeNs part) -> QString {
        return QString::number(100.0 * double(part) / double(std::max<TimeNs>(t.spanNs, 1)), 'f', 2)
            + QLatin1Char('%');
    };
    QString text = tr("Whole trace, device (as HTA): %1 span; idle %2 (%3), compute %4 (%5), "
                      "non-compute %6 (%7).")
                       .arg(formatDuration(t.spanNs), formatDuration(t.idleNs), share(t.idleNs),
                           formatDuration(t.computeNs), share(t.computeNs),
                           formatDuration(t.nonComputeNs), share(t.nonComputeNs));
    if (device->scope == DeviceScope::BeforeLastStep)
        text += QLatin1Char(' ')
            + tr("Work launched before %1, as HTA measures.").arg(device->lastStep);
    m_device->setText(text);
    m_device->show();
}

void RangeSummaryWidget::setSession(ProfileSession *session)
{
    const auto showAnalysis = [this, session]() {
        const auto &analysis = session->analysis(); // null during a preview
        setDeviceAnalysis(
            analysis ? std::optional<DeviceAnalysis>(analysis->device) : std::nullopt);
    };
    connect(session, &ProfileSession::rankChanged, this, [this, session, showAnalysis]() {
        const auto rank = session->fullRank();
        setTrace(rank ? rank->trace : nullptr);
        showAnalysis();
    });
    connect(session, &ProfileSession::analysisChanged, this, showAnalysis);
    connect(session, &ProfileSession::rangeSelected, this, &RangeSummaryWidget::setRange);
}

} // namespace npuscope
