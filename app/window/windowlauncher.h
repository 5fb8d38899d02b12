#pragma once

#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>

namespace npuscope {

class MainWindow;

// Owns the main windows of the process: the first one, and one more per profile opened from
// outside while npuscope runs (a second launch, a file manager). Closed windows delete themselves.
class WindowLauncher : public QObject {
    Q_OBJECT

public:
    explicit WindowLauncher(QObject *parent = nullptr);
    ~WindowLauncher() override;

    // Opens each path (already resolved by ProfilePath) in a window: an idle window (start page,
    // nothing loading) is reused once, every other path gets a new window. With no paths, shows
    // an idle window or a new one. The window of the last path is raised.
    void open(const QStringList &paths);

    // A new window, shown, cascaded from the last one.
    MainWindow *newWindow();

    QList<MainWindow *> windows() const;

private:
    MainWindow *idleWindow() const;

    QList<QPointer<MainWindow>> m_windows;
};

} // namespace npuscope
