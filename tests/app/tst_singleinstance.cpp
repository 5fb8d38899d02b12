// A second launch hands its paths to the running npuscope over a local socket.
#include "app/desktop/singleinstance.h"

#include <QDataStream>
#include <QFile>
#include <QFuture>
#include <QLocalServer>
#include <QLocalSocket>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>

using namespace npuscope;

class TstSingleInstance : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    int m_count = 0;

    // A socket of its own per test, so that neither a running npuscope nor another test answers.
    QString freshName() { return m_tmp.filePath(QStringLiteral("instance-%1").arg(++m_count)); }

    // forward() blocks until acknowledged, so it runs on another thread while this one serves.
    static QFuture<bool> forwardLater(
        const QString &name, const QStringList &paths, int timeoutMs = 5000)
    {
        return QtConcurrent::run(
            [name, paths, timeoutMs]() { return SingleInstance(name).forward(paths, timeoutMs); });
    }

    static bool waitFor(const QFuture<bool> &future)
    {
        return QTest::qWaitFor([&future]() { return future.isFinished(); }, 10000);
    }

private slots:
    void initTestCase() { QVERIFY(m_tmp.isValid()); }

    void nobodyListening()
    {
        QElapsedTimer clock;
        clock.start();
        QVERIFY(!SingleInstance(freshName()).forward({ QStringLiteral("/a") }));
        QVERIFY(clock.elapsed() < SingleInstance::kForwardTimeoutMs); // refused at once, no wait
    }

    void forwardsPaths_data()
    {
        QTest::addColumn<QStringList>("paths");
        QTest::newRow("one") << QStringList { QStringLiteral("/data/run/rank0_ascend_pt") };
        QTest::newRow("several") << QStringList { QStringLiteral("/a"),
            QStringLiteral("/b/trace_view.json"), QStringLiteral("/c") };
        QTest::newRow("non-ASCII")
            << QStringList { QStringLiteral("/数据/训练 1/rank0_ascend_pt") };
        QTest::newRow("none") << QStringList();
        QStringList many; // larger than a socket buffer: arrives in pieces
        for (int i = 0; i < 3000; ++i)
            many << QStringLiteral("/very/long/path/to/a/profile/number/%1_ascend_pt").arg(i);
        QTest::newRow("many") << many;
    }

    void forwardsPaths()
    {
        QFETCH(QStringList, paths);
        SingleInstance server(freshName());
        QVERIFY(server.listen());
        QVERIFY(server.isListening());
        QSignalSpy received(&server, &SingleInstance::pathsReceived);
        const QFuture<bool> ok = forwardLater(server.name(), paths);
        QVERIFY(waitFor(ok));
        QVERIFY(ok.result());
        QCOMPARE(received.size(), 1);
        QCOMPARE(received.at(0).at(0).toStringList(), paths);
    }

    void secondListenerRefused()
    {
        SingleInstance first(freshName());
        QVERIFY(first.listen());
        SingleInstance second(first.name());
        QVERIFY(!second.listen()); // the live one keeps answering
        QVERIFY(!second.isListening());
        QSignalSpy received(&first, &SingleInstance::pathsReceived);
        const QFuture<bool> ok = forwardLater(first.name(), { QStringLiteral("/x") });
        QVERIFY(waitFor(ok));
        QVERIFY(ok.result());
        QCOMPARE(received.size(), 1);
    }

    void staleSocketReplaced()
    {
        // What a crashed npuscope leaves: the socket file, with nobody behind it.
        const QString name = freshName();
        {
            QFile stale(name);
            QVERIFY(stale.open(QIODevice::WriteOnly));
        }
        SingleInstance server(name);
        QVERIFY(server.listen());
        QSignalSpy received(&server, &SingleInstance::pathsReceived);
        const QFuture<bool> ok = forwardLater(name, { QStringLiteral("/y") });
        QVERIFY(waitFor(ok));
        QVERIFY(ok.result());
        QCOMPARE(received.size(), 1);
    }

    void silentPeerTimesOut()
    {
        // A process that accepts but never answers (hung GUI thread): the launcher gives up and
        // opens the profile itself.
        const QString name = freshName();
        QLocalServer hung;
        QVERIFY(hung.listen(name));
        QElapsedTimer clock;
        clock.start();
        const QFuture<bool> ok = forwardLater(name, { QStringLiteral("/z") }, 300);
        QVERIFY(waitFor(ok)); // this thread runs no server code, only the event loop
        QVERIFY(!ok.result());
        QVERIFY(clock.elapsed() >= 250);
    }

    void foreignMessageRejected()
    {
        SingleInstance server(freshName());
        QVERIFY(server.listen());
        QSignalSpy received(&server, &SingleInstance::pathsReceived);
        const QString name = server.name();
        const QFuture<bool> answered = QtConcurrent::run([name]() {
            QLocalSocket socket;
            socket.connectToServer(name);
            if (!socket.waitForConnected(5000))
                return true; // fails the test below
            QByteArray message;
            QDataStream out(&message, QIODevice::WriteOnly);
            out << quint32(0x12345678) << quint16(1) << QStringList { QStringLiteral("/evil") };
            socket.write(message);
            socket.waitForBytesWritten(5000);
            socket.waitForReadyRead(1000);
            return socket.bytesAvailable() > 0;
        });
        QVERIFY(waitFor(answered));
        QVERIFY(!answered.result()); // no acknowledgement
        QCOMPARE(received.size(), 0);
    }
};

QTEST_GUILESS_MAIN(TstSingleInstance)
#include "tst_singleinstance.moc"
