// A multi-rank profile opens on the cluster overview.
#include "../analysis/generatedprofile.h"
#include "app/reports/reportjson.h"
#include "app/window/analysiscontroller.h"
#include "app/window/clustercontroller.h"
#include "app/window/mainwindow.h"
#include "model/profile/profileloader.h"
#include "widgets/cluster/clusterlinksview.h"
#include "widgets/cluster/clusteroverview.h"
#include "widgets/cluster/commmatrixview.h"
#include "widgets/session/profilesession.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QJsonDocument>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QStackedBarSeries>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;

class TstClusterController : public QObject {
    Q_OBJECT

private:
    static constexpr int kTimeoutMs = 120000;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("npuscope-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_clustercontroller"));
        QSettings().clear();
    }

    void multiRankOpensOnOverview()
    {
        const auto run = test::generate(QString(), 21, 3);
        QVERIFY(run->ok());
        MainWindow window;
        auto *cluster = window.findChild<ClusterController *>(); // the window's own dock
        QVERIFY(cluster);
        window.show();
        QVERIFY(!cluster->dock()->isVisible());
        window.openPath(run->dir.path());
        QTRY_VERIFY_WITH_TIMEOUT(window.session()->profile() && !window.isLoading(), kTimeoutMs);
        QVERIFY(cluster->dock()->isVisible());
        // Filled in once every rank is analysed.
        const ClusterSummary &summary = cluster->overview()->summary();
        QTRY_VERIFY_WITH_TIMEOUT(summary.ranks.size() == 3 && summary.slowest >= 0, kTimeoutMs);
        QCOMPARE(summary.ranks.size(), std::size_t(3));
        for (const ClusterRank &r : summary.ranks)
            QVERIFY2(r.steps > 0 && r.wallNs > 0,
                qPrintable(QStringLiteral("%1: %2 steps, wall %3, analysed %4")
                               .arg(r.label)
                               .arg(r.steps)
                               .arg(r.wallNs)
                               .arg(bool(window.analysisController()->analysis(r.rankIndex)))));
        QVERIFY(summary.slowest >= 0);

        // A click on rank 2's bar shows rank 2.
        emit cluster->overview()->series()->clicked(2, nullptr);
        QCOMPARE(window.rankCombo()->currentIndex(), 2);
        // Its trace loads on demand (RankLoader); then it is the rank shown.
        QTRY_VERIFY_WITH_TIMEOUT(window.session()->rank()
                && window.session()->rank()->source.dir
                    == window.session()->profile()->ranks[2]->source.dir,
            kTimeoutMs);
        QVERIFY(window.session()->rank()->trace);
    }

    void singleRankHidesOverview()
    {
        const auto run = test::generate(QString(), 22, 1);
        QVERIFY(run->ok());
        MainWindow window;
        auto *cluster = window.findChild<ClusterController *>(); // the window's own dock
        QVERIFY(cluster);
        window.show();
        window.openPath(run->dir.path());
        QTRY_VERIFY_WITH_TIMEOUT(window.session()->profile() && !window.isLoading(), kTimeoutMs);
        QVERIFY(!cluster->dock()->isVisible());
    }

    void sampleMatrix()
    {
        const QString sample = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-11");
        if (!QFileInfo::exists(sample))
            QSKIP("sample profile not present");
        MainWindow window;
        auto *cluster = window.findChild<ClusterController *>(); // the window's own dock
        QVERIFY(cluster);
        window.show();
        window.openPath(sample);
        QTRY_VERIFY_WITH_TIMEOUT(window.session()->profile() && !window.isLoading(), kTimeoutMs);
        QCOMPARE(window.session()->profile()->ranks.size(), std::size_t(4));
        CommMatrixView *matrix = cluster->overview()->commMatrixView();
        QTRY_VERIFY_WITH_TIMEOUT(!matrix->matrix().empty(), 30000);
        // Links is the first tab once the communication files are read; the matrix is beside it.
        cluster->overview()->communicationTabs()->setCurrentWidget(matrix);
        QVERIFY(matrix->isVisible());
        QVERIFY(matrix->groupCombo()->count() > 0);
        QTRY_VERIFY_WITH_TIMEOUT(cluster->overview()->summary().slowest >= 0, kTimeoutMs);
        QCOMPARE(cluster->overview()->summary().ranks.size(), std::size_t(4));
        QVERIFY(window.grab().save(
            QCoreApplication::applicationDirPath() + QStringLiteral("/tst_clustercontroller.png")));
        // The Links tab: the links the ranks' communication files name, none slow on this run.
        ClusterLinksView *links = cluster->overview()->linksView();
        QVERIFY(!links->links().links.empty()); // set with the layout, on load
        cluster->overview()->communicationTabs()->setCurrentWidget(links);
        QVERIFY(links->isVisible());
        QVERIFY(links->table()->rowCount() > 0);
        QCOMPARE(links->slowLinks(), 0);
        QVERIFY(window.grab().save(QCoreApplication::applicationDirPath()
            + QStringLiteral("/tst_clustercontroller_links.png")));
    }

    // A folder of per-rank reports (report --json of each rank, the rank folders gone since)
    // opens on the cluster overview; a rank whose folder is not reachable says so when opened.
    void folderOfRankReports()
    {
        const auto run = test::generate(QString(), 23, 3);
        QVERIFY(run->ok());
        QTemporaryDir reports;
        const QStringList folders = QDir(run->dir.path())
                                        .entryList({ QStringLiteral("rank*") },
                                            QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        QCOMPARE(folders.size(), 3);
        for (const QString &folder : folders) {
            const QString dir = run->dir.filePath(folder);
            const LoadResult loaded = loadProfile(dir, LoadOptions {});
            QVERIFY(loaded.profile);
            QFile out(reports.filePath(folder + QStringLiteral(".json")));
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(QJsonDocument(profileReportJson(*loaded.profile, 5)).toJson());
            out.close();
            QVERIFY(QDir(dir).removeRecursively());
        }
        MainWindow window;
        auto *cluster = window.findChild<ClusterController *>();
        QVERIFY(cluster);
        window.resize(1600, 1000);
        window.show();
        window.openPath(reports.path());
        QTRY_VERIFY_WITH_TIMEOUT(window.session()->profile() && !window.isLoading(), kTimeoutMs);
        QCOMPARE(window.session()->profile()->ranks.size(), std::size_t(3));
        QVERIFY(cluster->dock()->isVisible());
        const ClusterSummary &summary = cluster->overview()->summary();
        QTRY_VERIFY_WITH_TIMEOUT(summary.ranks.size() == 3 && summary.slowest >= 0, kTimeoutMs);
        for (const ClusterRank &r : summary.ranks)
            QVERIFY(r.steps > 0 && r.wallNs > 0);
        QVERIFY(window.grab().save(QCoreApplication::applicationDirPath()
            + QStringLiteral("/tst_clustercontroller_reports.png")));

        const auto *status = window.findChild<QLabel *>(QStringLiteral("StatusLabel"));
        QVERIFY(status);
        emit cluster->overview()->series()->clicked(2, nullptr);
        QTRY_VERIFY_WITH_TIMEOUT(
            status->text().contains(QStringLiteral("is not reachable from here")), kTimeoutMs);
        QVERIFY(status->text().contains(reports.filePath(folders[2] + QStringLiteral(".json"))));
        QVERIFY(!window.isLoading());
    }

    // export_type db: the level1 parent of two rank folders with databases only opens as two ranks,
    // the communication matrix read from each rank's analysis.db (no communication_matrix.json).
    void databaseSampleMatrix()
    {
        const QString sample = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-01-db/level1");
        if (!QFileInfo::exists(QStringLiteral(NPUSCOPE_SAMPLES_DIR)))
            QSKIP("samples not present");
        MainWindow window;
        auto *cluster = window.findChild<ClusterController *>(); // the window's own dock
        QVERIFY(cluster);
        window.resize(1600, 1000);
        window.show();
        window.openPath(sample);
        QTRY_VERIFY_WITH_TIMEOUT(window.session()->profile() && !window.isLoading(), kTimeoutMs);
        QCOMPARE(window.session()->profile()->ranks.size(), std::size_t(2));
        for (const auto &rank : window.session()->profile()->ranks)
            QVERIFY(rank->source.communicationMatrix.endsWith(QLatin1String("analysis.db")));
        CommMatrixView *matrix = cluster->overview()->commMatrixView();
        QTRY_VERIFY_WITH_TIMEOUT(!matrix->matrix().empty(), 30000);
        // Links is the first tab once the communication files are read; the matrix is beside it.
        cluster->overview()->communicationTabs()->setCurrentWidget(matrix);
        QVERIFY(matrix->isVisible());
        QCOMPARE(matrix->matrix().groups.front().size, 8); // the job's 8-rank allreduce group
        QVERIFY(window.grab().save(QCoreApplication::applicationDirPath()
            + QStringLiteral("/tst_clustercontroller_db.png")));
    }
};

QTEST_MAIN(TstClusterController)
#include "tst_clustercontroller.moc"
