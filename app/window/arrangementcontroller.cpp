#include "app/window/arrangementcontroller.h"

#include "app/window/mainwindow.h"
#include "widgets/session/profilesession.h"
#include "widgets/timeline/timelineview.h"

#include <QMenu>
#include <QStatusBar>

namespace npuscope {

namespace {

    constexpr int kMessageMs = 10000;

} // namespace

ArrangementController::ArrangementController(MainWindow *window, const QString &configDir)
    : QObject(window)
    , m_window(window)
    , m_store(configDir)
{
    connect(
        window->session(), &ProfileSession::profileChanged, this, &ArrangementController::restore);
    connect(window->timelineView(), &TimelineView::arrangementChanged, this,
        &ArrangementController::save);
    // View > Tracks: the header menu's Show Hidden, Undo and Reset, for whoever looks there.
    if (QMenu *view = window->viewMenu()) {
        m_menu = view->addMenu(tr("&Tracks"));
        connect(m_menu, &QMenu::aboutToShow, this, [this]() {
            m_menu->clear();
            m_window->timelineView()->addArrangementActions(*m_menu);
        });
    }
}

void ArrangementController::restore()
{
    const auto &profile = m_window->session()->profile();
    m_profilePath = profile ? profile->path : QString();
    if (m_profilePath.isEmpty())
        return;
    QString error;
    m_window->timelineView()->setArrangement(m_store.load(m_profilePath, &error));
    if (!error.isEmpty()) {
        // Keep the damaged file for a look: the default arrangement is shown and not saved over
        // it until the user changes something.
        m_window->statusBar()->showMessage(
            tr("The saved track arrangement could not be read: %1").arg(error), kMessageMs);
    }
}

void ArrangementController::save()
{
    const auto &profile = m_window->session()->profile();
    if (m_profilePath.isEmpty() || !profile || profile->path != m_profilePath)
        return;
    QString error;
    if (!m_store.save(m_profilePath, m_window->timelineView()->arrangement(), &error))
        m_window->statusBar()->showMessage(
            tr("The track arrangement could not be saved: %1").arg(error), kMessageMs);
}

} // namespace npuscope
