#include "widgets/session/timelinefollower.h"

#include "model/profile/profile.h"
#include "widgets/session/profilesession.h"
#include "widgets/timeline/timelineview.h"

namespace npuscope {

TimelineFollower::TimelineFollower(ProfileSession *session, TimelineView *view)
    : QObject(view)
    , m_session(session)
    , m_view(view)
{
    connect(session, &ProfileSession::rankChanged, this, &TimelineFollower::showRank);
    connect(session, &ProfileSession::stepChanged, this, &TimelineFollower::showStep);
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

} // namespace npuscope
