#pragma once

#include "model/annotations/timelinearrangementstore.h"

#include <QObject>
#include <QString>

class QMenu;
class QStatusBar;

namespace npuscope {

class ProfileSession;
class TimelineArrangementControl;

// Keeps the timeline's arrangement (track order, hidden tracks, collapsed and expanded state)
// per profile: restores the saved one when a profile is loaded and saves every change the user
// makes, in npuscope's config directory (TimelineArrangementStore), never the profile folder.
// View > Tracks shows hidden tracks again, undoes and resets, as the header menu does.
class ArrangementController : public QObject {
    Q_OBJECT

public:
    // Restores into and saves from `arrangement` for the session's profile; adds View > Tracks
    // to `viewMenu` (may be null) and reports a file it cannot read or write on `statusBar`.
    // `configDir` empty: QStandardPaths::AppConfigLocation (tests pass a temporary folder).
    ArrangementController(ProfileSession *session, TimelineArrangementControl *arrangement,
        QMenu *viewMenu, QStatusBar *statusBar, const QString &configDir = {});

    const TimelineArrangementStore &store() const { return m_store; }
    QMenu *menu() const { return m_menu; } // View > Tracks

private:
    void restore(); // the session's profile's arrangement
    void save();
    void report(const QString &text); // on the status bar, for a while

    ProfileSession *m_session = nullptr;
    TimelineArrangementControl *m_arrangement = nullptr;
    QStatusBar *m_statusBar = nullptr;
    TimelineArrangementStore m_store;
    QString m_profilePath; // of the arrangement shown; empty: none to save to
    QMenu *m_menu = nullptr;
};

} // namespace npuscope
