// The window opens a profile archive like the folder it holds: a .zip of the two-rank level1
// sample, unpacked into the cache (test mode), both ranks listed; a screenshot is written beside
// the test binary (tst_archiveopen.png) to look at.
#include "app/window/mainwindow.h"
#include "tests/model/archivewriter.h"
#include "widgets/session/profilesession.h"
#include "widgets/timeline/timelineview.h"

#include <QCoreApplication>
#include <QDir>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;

class TstArchiveOpen : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("npuscope-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_archiveopen"));
        QSettings().clear();
    }

    void opensZip()
    {
        const QString level1 = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-01/level1");
        if (!QDir(QStringLiteral(NPUSCOPE_SAMPLES_DIR)).exists())
            QSKIP("sample profiles not available");
        QVERIFY(QFileInfo(level1).isDir());
        QTemporaryDir home;
        const QString zip = home.filePath(QStringLiteral("level1.zip"));
        QVERIFY(test::writeArchive(
            zip, QStringLiteral("zip"), test::folderMembers(level1, QStringLiteral("level1"))));
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy loaded(&window, &MainWindow::profileLoaded);
        window.openPath(zip);
        QVERIFY(loaded.wait(60000));
        QVERIFY(window.session()->profile());
        QCOMPARE(window.session()->profile()->path, zip);
        QCOMPARE(int(window.session()->profile()->ranks.size()), 2);
        QTest::qWait(300);
        QVERIFY(window.grab().save(QDir(QCoreApplication::applicationDirPath())
                                       .filePath(QStringLiteral("tst_archiveopen.png"))));
        // Nothing was written beside the archive.
        QCOMPARE(QDir(home.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
            QStringList { QStringLiteral("level1.zip") });
    }
};

QTEST_MAIN(TstArchiveOpen)
#include "tst_archiveopen.moc"
