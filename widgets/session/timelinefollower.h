#pragma once

#include "model/core/types.h"

#include <QObject>

namespace npuscope {

class ProfileSession;
class TimelineView;

// Keeps a timeline on its session: the trace of the rank on screen (a preview's too) with the
// kernel rows of a full rank, the range of the step picked (the ruler counting from its start),
// and what other views ask it to show (an event, a range, the events of a name). It lives here,
// beside the session, because the session's zoom control lives in widgets/timeline: the timeline
// does not include the session back.
class TimelineFollower : public QObject {
    Q_OBJECT

public:
    // A child of `view`.
    TimelineFollower(ProfileSession *session, TimelineView *view);

    // Zooms the timeline to the session's step (all steps: the whole trace).
    void showStep();

private:
    void showRank();
    void showRange(TimeNs start, TimeNs end, TimeNs margin, bool zoom);
    void find(const QString &name);

    ProfileSession *m_session;
    TimelineView *m_view;
};

} // namespace npuscope
