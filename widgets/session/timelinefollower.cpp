#include "widgets/session/timelinefollower.h"

#include "model/profile/profile.h"
#include "widgets/session/profilesession.h"
#include "widgets/timeline/timelineview.h"

#include <QRegularExpression>

namespace npuscope {

TimelineFollower::TimelineFollower(ProfileSession *session, TimelineView *view)
    : QObject(view)
    , m_session(session)
    , m_view(view)
{
    connect(session, &ProfileSession::rankChanged, this, &TimelineFollower::showRank);
    connect(session, &ProfileSession::stepChanged, this, &TimelineFollower::showStep);
    connect(session, &ProfileSession::eventRevealed, this, [this](EventRef ref) {
        if (m_view->trace())
            m_view->selectEvent(ref, true);
    });
    connect(session, &ProfileSession::rangeRevealed, this, &TimelineFollower::showRange);
    connect(session, &ProfileSession::findRequested, this, &TimelineFollower::find);
}

void TimelineFollower::showRank()
{
    const auto &rank = m_session->rank();
    m_view->setTrace(rank ? rank->trace : nullptr);
    // A preview has only its timeline: the kernel rows need the whole profile.
    m_view->setKernelSource(m_session->fullRank());
}

void TimelineFollower::showStep()
{
    const auto &rank = m_session->rank();
    if (!rank || !rank->trace)
        return;
    const StepSpan *step = m_session->step();
    if (!step) {
        m_view->setTimeOrigin(rank->trace->minTime);
        m_view->zoomToFit();
        return;
    }
    m_view->setTimeOrigin(step->start); // the ruler counts from the step start
    m_view->setVisibleRange(step->start, step->end);
}

void TimelineFollower::showRange(TimeNs start, TimeNs end, TimeNs margin, bool zoom)
{
    if (!m_view->trace())
        return;
    m_view->setSelectedRange(start, end);
    if (zoom)
        m_view->setVisibleRange(start - margin, end + margin);
}

void TimelineFollower::find(const QString &name)
{
    m_view->searchControl()->setQuery(
        QLatin1Char('^') + QRegularExpression::escape(name) + QLatin1Char('$'),
        TimelineSearchMode::Regex);
    const int matches = int(m_view->searchControl()->result().matches.size());
    if (matches > 0)
        m_view->searchControl()->findNext();
    m_session->showMessage(matches > 0
            ? tr("%1: %n event(s) on the timeline (F3 for the next).", nullptr, matches).arg(name)
            : tr("%1 does not appear on the timeline.").arg(name));
}

} // namespace npuscope
