#include "app/window/arrangementcontroller.h"

#include "widgets/session/profilesession.h"
#include "widgets/timeline/timelinearrangementcontrol.h"

#include <QMenu>
#include <QStatusBar>

namespace npuscope {

namespace {

    constexpr int kMessageMs = 10000;

} // namespace

ArrangementController::ArrangementController(ProfileSession *session,
    TimelineArrangementControl *arrangement, QMenu *viewMenu, QStatusBar *statusBar,
    const QString &configDir)
    : QObject(session)
    , m_session(session)
    , m_arrangement(arrangement)
    , m_statusBar(statusBar)
    , m_store(configDir)
{
    connect(session, &ProfileSession::profileChanged, this, &ArrangementController::restore);
    connect(arrangement, &TimelineArrangementControl::edited, this, &ArrangementController::save);
    // View > Tracks: the header menu's Show Hidden, Undo and Reset, for whoever looks there.
    if (viewMenu) {
        m_menu = viewMenu->addMenu(tr("&Tracks"));
        connect(m_menu, &QMenu::aboutToShow, this, [this]() {
            m_menu->clear();
            m_arrangement->addActions(*m_menu);
        });
    }
}

void ArrangementController::restore()
{
    const auto &profile = m_session->profile();
    m_profilePath = profile ? profile->path : QString();
    if (m_profilePath.isEmpty())
        return;
    QString error;
    m_arrangement->setArrangement(m_store.load(m_profilePath, &error));
    if (!error.isEmpty()) {
        // Keep the damaged file for a look: the default arrangement is shown and not saved over
        // it until the user changes something.
        report(tr("The saved track arrangement could not be read: %1").arg(error));
    }
}

void ArrangementController::save()
{
    const auto &profile = m_session->profile();
    if (m_profilePath.isEmpty() || !profile || profile->path != m_profilePath)
        return;
    QString error;
    if (!m_store.save(m_profilePath, m_arrangement->arrangement(), &error))
        report(tr("The track arrangement could not be saved: %1").arg(error));
}

void ArrangementController::report(const QString &text)
{
    if (m_statusBar)
        m_statusBar->showMessage(text, kMessageMs);
}

} // namespace npuscope
