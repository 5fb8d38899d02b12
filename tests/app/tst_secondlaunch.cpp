// The real executable: a second launch with a path hands it to the running npuscope and exits;
// --new-instance opens it in its own process instead.
#include "../analysis/generatedprofile.h"

#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

class TstSecondLaunch : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_home;

    // A private runtime folder (the socket), configuration and cache: nothing of the user's.
    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_home.filePath(QStringLiteral("run")));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_CACHE_HOME"), m_home.filePath(QStringLiteral("cache")));
        return env;
    }

    void start(QProcess &process, const QStringList &arguments) const
    {
        process.setProcessEnvironment(environment());
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.start(QStringLiteral(NPUSCOPE_BINARY), arguments);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        QVERIFY(QDir().mkpath(m_home.filePath(QStringLiteral("run"))));
        QVERIFY(QFile::setPermissions(m_home.filePath(QStringLiteral("run")),
            QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    }

    void secondLaunchIsForwarded()
    {
        const auto profile = npuscope::test::generate(QString(), 31);
        QVERIFY(profile->ok());
        const QString socket = m_home.filePath(QStringLiteral("run/npuscope-instance"));

        QProcess first;
        start(first, {});
        QVERIFY(first.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(socket), 20000);

        // A file from inside the profile, as a file manager passes it.
        QProcess second;
        start(second,
            { profile->truth(0).dir
                + QStringLiteral("/ASCEND_PROFILER_OUTPUT/kernel_details.csv") });
        QVERIFY(second.waitForStarted());
        QVERIFY2(second.waitForFinished(15000), "the second launch did not hand over and exit");
        QCOMPARE(second.exitStatus(), QProcess::NormalExit);
        QCOMPARE(second.exitCode(), 0);
        QCOMPARE(first.state(), QProcess::Running);

        // Opting out: the third process keeps running with its own window.
        QProcess third;
        start(third, { QStringLiteral("--new-instance"), profile->dir.path() });
        QVERIFY(third.waitForStarted());
        QVERIFY(!third.waitForFinished(2000));
        third.kill();
        third.waitForFinished();

        first.kill();
        first.waitForFinished();
    }
};

QTEST_GUILESS_MAIN(TstSecondLaunch)
#include "tst_secondlaunch.moc"
