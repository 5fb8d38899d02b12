#pragma once

#include <QObject>
#include <QStringList>

class QLocalServer;
class QLocalSocket;

namespace npuscope {

// One npuscope process per user session answers later launches: a second `npuscope PATH` (a
// double-click in the file manager) hands PATH to the running process, which opens it in a new
// window, and exits. When nothing answers (first launch, a hung or crashed process), the new
// process opens the path itself.
class SingleInstance : public QObject {
    Q_OBJECT

public:
    // How long a launch waits for the running process to acknowledge before opening the profile
    // itself: long enough for a busy GUI thread, short enough not to feel like a hang.
    static constexpr int kForwardTimeoutMs = 2000;

    // `name` is the local socket; tests pass their own to stay apart from a running npuscope.
    explicit SingleInstance(const QString &name = defaultName(), QObject *parent = nullptr);
    ~SingleInstance() override;

    // A socket in the user's runtime directory (private to the user), or a per-user name.
    static QString defaultName();

    // Hands `paths` (absolute) to the running process; true once it acknowledged them.
    bool forward(const QStringList &paths, int timeoutMs = kForwardTimeoutMs) const;

    // Starts answering later launches. A socket left by a crashed process is replaced; false when
    // a live process already answers or the socket cannot be created.
    bool listen();
    bool isListening() const;
    QString name() const { return m_name; }

signals:
    void pathsReceived(const QStringList &paths);

private:
    void onNewConnection();
    void onReadyRead(QLocalSocket *socket);

    QString m_name;
    QLocalServer *m_server = nullptr;
};

} // namespace npuscope
