#pragma once

#include "model/annotations/timelinearrangementstore.h"

#include <QObject>
#include <QString>

class QMenu;

namespace npuscope {

class MainWindow;

// Keeps the timeline's arrangement (track order, hidden tracks, collapsed and expanded state)
// per profile: restores the saved one when a profile is loaded and saves every change the user
// makes, in npuscope's config directory (TimelineArrangementStore), never the profile folder.
// View > Tracks shows hidden tracks again, undoes and resets, as the header menu does.
class ArrangementController : public QObject {
    Q_OBJECT

public:
    // `configDir` empty: QStandardPaths::AppConfigLocation (tests pass a temporary folder).
    explicit ArrangementController(MainWindow *window, const QString &configDir = {});

    const TimelineArrangementStore &store() const { return m_store; }
    QMenu *menu() const { return m_menu; } // View > Tracks

private:
    void restore(); // the session's profile's arrangement
    void save();

    MainWindow *m_window = nullptr;
    TimelineArrangementStore m_store;
    QString m_profilePath; // of the arrangement shown; empty: none to save to
    QMenu *m_menu = nullptr;
};

} // namespace npuscope
