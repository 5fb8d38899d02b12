#include "app/window/gapcontrols.h"

#include "widgets/session/profilesession.h"
#include "widgets/timeline/timelinegapoverlay.h"

#include <QAction>
#include <QDoubleSpinBox>
#include <QFutureWatcher>
#include <QLabel>
#include <QMenu>
#include <QToolBar>
#include <QtConcurrent>

namespace npuscope {

namespace {

    // The threshold box's range: up to a second, in µs.
    constexpr double kMaxThresholdUs = 1e6;

} // namespace

GapControls::GapControls(TimelineGapOverlay *overlay, QObject *parent)
    : QObject(parent)
    , m_overlay(overlay)
    , m_toggle(new QAction(tr("Show &Gaps"), this))
    , m_threshold(new QDoubleSpinBox) // owned by the toolbar it goes into, else by us
{
    m_toggle->setCheckable(true);
    m_toggle->setChecked(overlay->isVisible());
    m_toggle->setToolTip(tr("Hatch the idle time of the device streams and show the device "
                            "idle row"));
    connect(m_toggle, &QAction::toggled, this, [this](bool on) {
        m_overlay->setVisible(on);
        m_threshold->setEnabled(on);
    });

    m_threshold->setRange(0, kMaxThresholdUs);
    m_threshold->setDecimals(1);
    m_threshold->setSuffix(tr(" µs"));
    m_threshold->setSpecialValueText(tr("Auto"));
    m_threshold->setKeyboardTracking(false); // one run per edit, not per keystroke
    m_threshold->setToolTip(tr("Gap threshold: shorter idle intervals are not shown. Auto: the "
                               "median compute kernel duration"));
    connect(m_threshold, &QDoubleSpinBox::valueChanged, this, &GapControls::update);
}

GapControls::~GapControls()
{
    if (m_threshold && !m_threshold->parent())
        delete m_threshold;
}

QDoubleSpinBox *GapControls::thresholdBox() const { return m_threshold; }

void GapControls::addTo(QMenu *menu, QToolBar *bar)
{
    if (menu)
        menu->addAction(m_toggle);
    if (bar) {
        bar->addSeparator();
        bar->addAction(m_toggle);
        bar->addWidget(new QLabel(tr(" Gap threshold: "), bar));
        bar->addWidget(m_threshold);
    }
}

void GapControls::showRank(
    std::shared_ptr<const RankProfile> rank, std::shared_ptr<const RankAnalysis> analysis)
{
    if (rank == m_rank && analysis == m_analysis)
        return;
    m_rank = std::move(rank);
    m_analysis = std::move(analysis);
    update();
}

void GapControls::clear()
{
    m_rank.reset();
    m_analysis.reset();
    update();
}

void GapControls::update()
{
    ++m_generation;
    if (m_watcher) {
        m_watcher->disconnect(this);
        m_watcher->cancel();
        m_watcher->deleteLater(); // after the worker finishes; its result is dropped
        m_watcher = nullptr;
    }
    if (!m_rank || !m_analysis || !m_analysis->kinds) {
        m_overlay->clear();
        return;
    }
    const double us = m_threshold->value();
    if (us <= 0) { // Auto: the background analysis used the default threshold
        apply(m_analysis->gaps);
        return;
    }
    const auto thresholdNs = static_cast<TimeNs>(us * 1000.0);
    auto rank = m_rank;
    auto analysis = m_analysis; // keeps the kinds alive while the worker runs
    auto *watcher = new QFutureWatcher<GapAnalysis>(this);
    const quint64 generation = m_generation;
    connect(watcher, &QFutureWatcher<GapAnalysis>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != m_generation || watcher->isCanceled())
            return;
        m_watcher = nullptr;
        apply(watcher->result());
    });
    m_watcher = watcher;
    watcher->setFuture(QtConcurrent::run([rank, analysis, thresholdNs] {
        return findGaps(*rank, *analysis->kinds, GapOptions { thresholdNs });
    }));
}

void GapControls::apply(const GapAnalysis &gaps)
{
    m_overlay->setGaps(gaps.streamGaps, gaps.deviceGaps);
}

void GapControls::setSession(ProfileSession *session)
{
    const auto show = [this, session]() {
        const auto rank = session->fullRank();
        showRank(rank, rank ? session->analysis() : nullptr);
    };
    connect(session, &ProfileSession::rankChanged, this, show);
    connect(session, &ProfileSession::analysisChanged, this, show);
}

} // namespace npuscope
