// Profiles opened from outside a running npuscope get windows of their own.
#include "../analysis/generatedprofile.h"
#include "app/desktop/singleinstance.h"
#include "app/window/mainwindow.h"
#include "app/window/windowlauncher.h"
#include "widgets/session/profilesession.h"

#include <QCoreApplication>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent/QtConcurrentRun>

using namespace npuscope;

class TstWindowLauncher : public QObject {
    Q_OBJECT

private:
    static constexpr int kLoadTimeoutMs = 60000;

    static bool waitLoaded(MainWindow *window)
    {
        return QTest::qWaitFor(
            [window]() { return window->session()->profile() && !window->isLoading(); },
            kLoadTimeoutMs);
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("npuscope-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_windowlauncher"));
        QSettings().clear();
    }

    void noPathShowsOneIdleWindow()
    {
        WindowLauncher launcher;
        launcher.open({});
        QCOMPARE(launcher.windows().size(), 1);
        QVERIFY(launcher.windows().constFirst()->isVisible());
        launcher.open({}); // a second launch without a path: the idle window comes forward
        QCOMPARE(launcher.windows().size(), 1);
    }

    void eachProfileInItsOwnWindow()
    {
        const auto a = test::generate(QString(), 1);
        const auto b = test::generate(QString(), 2);
        QVERIFY(a->ok() && b->ok());
        WindowLauncher launcher;
        launcher.open({}); // started without a path: the start page
        MainWindow *first = launcher.windows().constFirst();
        launcher.open({ a->dir.path() }); // the idle start page is reused
        QCOMPARE(launcher.windows().size(), 1);
        QVERIFY(waitLoaded(first));
        launcher.open({ b->dir.path() }); // the first window is busy with a: a new window
        QCOMPARE(launcher.windows().size(), 2);
        MainWindow *second = launcher.windows().at(1);
        QVERIFY(waitLoaded(second));
        QCOMPARE(first->session()->profile()->ranks.size(), std::size_t(1));
        QVERIFY(first->session()->profile() != second->session()->profile());
        QVERIFY(second->isVisible());

        // A closed window deletes itself and leaves the list.
        QVERIFY(second->close());
        QTRY_COMPARE(launcher.windows().size(), 1);
    }

    void severalPathsAtOnce()
    {
        const auto a = test::generate(QString(), 3);
        const auto b = test::generate(QString(), 4);
        QVERIFY(a->ok() && b->ok());
        WindowLauncher launcher;
        launcher.open({ a->dir.path(), b->dir.path() }); // npuscope A B, or %F with two files
        QCOMPARE(launcher.windows().size(), 2);
        for (MainWindow *window : launcher.windows())
            QVERIFY(waitLoaded(window));
    }

    // The whole chain of a second launch: forward() in the new process, pathsReceived in the
    // running one, a new window there.
    void secondLaunchOpensNewWindow()
    {
        const auto a = test::generate(QString(), 5);
        const auto b = test::generate(QString(), 6);
        QVERIFY(a->ok() && b->ok());
        QTemporaryDir tmp;
        SingleInstance instance(tmp.filePath(QStringLiteral("socket")));
        QVERIFY(instance.listen());
        WindowLauncher launcher;
        connect(&instance, &SingleInstance::pathsReceived, &launcher, &WindowLauncher::open);
        launcher.open({ a->dir.path() });
        QVERIFY(waitLoaded(launcher.windows().constFirst()));

        const QString name = instance.name();
        const QString path = b->dir.path();
        const QFuture<bool> forwarded = QtConcurrent::run(
            [name, path]() { return SingleInstance(name).forward({ path }, 10000); });
        QTRY_VERIFY_WITH_TIMEOUT(forwarded.isFinished(), 15000);
        QVERIFY(forwarded.result());
        QCOMPARE(launcher.windows().size(), 2);
        QVERIFY(waitLoaded(launcher.windows().at(1)));
        QVERIFY(launcher.windows().at(1)->windowTitle().contains(QLatin1String("npuscope")));
    }
};

QTEST_MAIN(TstWindowLauncher)
#include "tst_windowlauncher.moc"
