#include "app/window/windowlauncher.h"

#include "app/window/mainwindow.h"
#include "widgets/session/profilesession.h"

namespace npuscope {

namespace {

    // Offset of a new window from the previous one, so that both title bars stay visible.
    constexpr int kCascadeStep = 32;

} // namespace

WindowLauncher::WindowLauncher(QObject *parent)
    : QObject(parent)
{
}

WindowLauncher::~WindowLauncher()
{
    for (const QPointer<MainWindow> &window : std::as_const(m_windows))
        delete window.data();
}

QList<MainWindow *> WindowLauncher::windows() const
{
    QList<MainWindow *> result;
    for (const QPointer<MainWindow> &window : m_windows)
        if (window)
            result << window.data();
    return result;
}

MainWindow *WindowLauncher::idleWindow() const
{
    for (MainWindow *window : windows())
        if (!window->session()->profile() && !window->isLoading())
            return window;
    return nullptr;
}

MainWindow *WindowLauncher::newWindow()
{
    const QList<MainWindow *> existing = windows();
    auto *window = new MainWindow;
    window->setAttribute(Qt::WA_DeleteOnClose);
    m_windows.removeAll(nullptr);
    m_windows << window;
    if (!existing.isEmpty() && !existing.constLast()->isMaximized()) {
        const QPoint from = existing.constLast()->pos();
        window->move(from + QPoint(kCascadeStep, kCascadeStep));
    }
    window->show();
    return window;
}

void WindowLauncher::open(const QStringList &paths)
{
    MainWindow *window = nullptr;
    if (paths.isEmpty()) {
        window = idleWindow();
        if (!window)
            window = newWindow();
    }
    for (const QString &path : paths) {
        window = idleWindow();
        if (!window)
            window = newWindow();
        window->openPath(path); // the window is no longer idle from here on
    }
    window->showNormal();
    window->raise();
    window->activateWindow();
}

} // namespace npuscope
