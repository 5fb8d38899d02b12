#include "app/desktop/singleinstance.h"

#include <QDataStream>
#include <QDir>
#include <QLocalServer>
#include <QLocalSocket>
#include <QStandardPaths>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace npuscope {

namespace {

    // 'npus' then a protocol version: a different build of npuscope that happens to listen on the
    // same socket rejects the message instead of misreading it, and the launcher opens the
    // profile itself.
    constexpr quint32 kMagic = 0x6e707573;
    constexpr quint16 kProtocol = 1;
    constexpr char kAck = 'k';
    constexpr auto kStreamVersion = QDataStream::Qt_6_4;

    // Connecting to a socket nobody listens on fails at once; this bounds a stuck listener.
    constexpr int kProbeTimeoutMs = 500;

} // namespace

SingleInstance::SingleInstance(const QString &name, QObject *parent)
    : QObject(parent)
    , m_name(name)
{
}

SingleInstance::~SingleInstance() = default;

QString SingleInstance::defaultName()
{
    const QString runtime = QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation);
    if (!runtime.isEmpty())
        return QDir(runtime).filePath(QStringLiteral("npuscope-instance"));
#ifdef Q_OS_UNIX
    return QStringLiteral("npuscope-instance-%1").arg(::getuid());
#else
    return QStringLiteral("npuscope-instance-%1").arg(qEnvironmentVariable("USERNAME"));
#endif
}

bool SingleInstance::forward(const QStringList &paths, int timeoutMs) const
{
    QLocalSocket socket;
    socket.connectToServer(m_name);
    if (!socket.waitForConnected(timeoutMs))
        return false;
    QByteArray message;
    QDataStream out(&message, QIODevice::WriteOnly);
    out.setVersion(kStreamVersion);
    out << kMagic << kProtocol << paths;
    socket.write(message);
    if (!socket.waitForBytesWritten(timeoutMs))
        return false;
    // The answer proves the running process took the paths; a silent peer means open them here.
    while (socket.bytesAvailable() < 1) {
        if (!socket.waitForReadyRead(timeoutMs))
            return false;
    }
    char ack = 0;
    return socket.getChar(&ack) && ack == kAck;
}

bool SingleInstance::listen()
{
    if (isListening())
        return true;
    if (!m_server) {
        m_server = new QLocalServer(this);
        m_server->setSocketOptions(QLocalServer::UserAccessOption);
        connect(m_server, &QLocalServer::newConnection, this, &SingleInstance::onNewConnection);
    }
    // Ask first: with socket options set, QLocalServer binds in a private folder and renames the
    // socket over an existing one, so listen() alone would silently take a live npuscope's place.
    QLocalSocket probe;
    probe.connectToServer(m_name);
    if (probe.waitForConnected(kProbeTimeoutMs))
        return false; // a live npuscope answers
    QLocalServer::removeServer(m_name); // a socket left by a process that crashed, if any
    return m_server->listen(m_name);
}

bool SingleInstance::isListening() const { return m_server && m_server->isListening(); }

void SingleInstance::onNewConnection()
{
    while (QLocalSocket *socket = m_server->nextPendingConnection()) {
        connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
        connect(socket, &QLocalSocket::readyRead, this, [this, socket]() { onReadyRead(socket); });
        if (socket->bytesAvailable() > 0)
            onReadyRead(socket);
    }
}

void SingleInstance::onReadyRead(QLocalSocket *socket)
{
    QDataStream in(socket);
    in.setVersion(kStreamVersion);
    in.startTransaction();
    quint32 magic = 0;
    quint16 protocol = 0;
    QStringList paths;
    in >> magic >> protocol;
    if (in.status() == QDataStream::Ok && (magic != kMagic || protocol != kProtocol)) {
        in.abortTransaction();
        socket->abort(); // not ours: the launcher times out and opens the profile itself
        return;
    }
    in >> paths;
    if (!in.commitTransaction())
        return; // the rest is still on its way
    socket->putChar(kAck);
    socket->flush();
    socket->disconnectFromServer();
    emit pathsReceived(paths);
}

} // namespace npuscope
