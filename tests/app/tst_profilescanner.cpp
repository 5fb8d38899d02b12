// "Scan Folder…" on the start page: every profile below a folder, in the background.
#include "app/window/profilescanner.h"
#include "app/window/recentfiles.h"
#include "app/window/scanresultsview.h"
#include "app/window/startpage.h"
#include "model/generator/generator.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QtConcurrent/QtConcurrentRun>

using namespace npuscope;

namespace {

bool writeFile(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(content) == content.size();
}

QList<FoundProfile> scanNow(const QString &root)
{
    return QtConcurrent::run(&ProfileScanner::scan, root).results();
}

} // namespace

class TstProfileScanner : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    QString m_runA; // two generated ranks
    QString m_runB; // one generated rank, deeper
    QString m_kineto;
    QString m_named; // a torch_npu-style name with the date in it

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("npuscope-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_profilescanner"));
        QSettings().clear();
        QVERIFY(m_tmp.isValid());
        m_runA = m_tmp.filePath(QStringLiteral("runs/a"));
        m_runB = m_tmp.filePath(QStringLiteral("runs/deeper/still/b"));
        for (const auto &[dir, ranks] : { std::pair { m_runA, 2 }, std::pair { m_runB, 1 } }) {
            GeneratorOptions options;
            options.outDir = dir;
            options.events = 2000;
            options.ranks = ranks;
            QVERIFY(generateProfile(options).ok);
        }
        m_kineto = m_tmp.filePath(QStringLiteral("runs/gpu/worker0.1718000000000.pt.trace.json"));
        QVERIFY(writeFile(m_kineto, "{\"traceEvents\": []}"));
        m_named = m_tmp.filePath(QStringLiteral("runs/old/host_123_20250109143055123_ascend_pt"));
        QVERIFY(writeFile(m_named + QStringLiteral("/kernel_details.csv"), "Name,Type\n"));
        QVERIFY(writeFile(m_tmp.filePath(QStringLiteral("runs/notes/readme.txt")), "x"));
        QVERIFY(writeFile(m_tmp.filePath(QStringLiteral("runs/notes/config.json")), "{}"));
        // A link back up: the scan must not loop.
        QVERIFY(QFile::link(m_tmp.filePath(QStringLiteral("runs")),
            m_tmp.filePath(QStringLiteral("runs/notes/loop"))));
    }

    void findsEveryProfile()
    {
        const QList<FoundProfile> found = scanNow(m_tmp.filePath(QStringLiteral("runs")));
        QStringList paths;
        for (const FoundProfile &f : found)
            paths << QDir(m_tmp.path()).relativeFilePath(f.path);
        paths.sort();
        QCOMPARE(paths,
            QStringList({
                QStringLiteral("runs/a"), // the run: both ranks at once
                QStringLiteral("runs/a/rank0_ascend_pt"),
                QStringLiteral("runs/a/rank1_ascend_pt"),
                QStringLiteral("runs/deeper/still/b/rank0_ascend_pt"),
                QStringLiteral("runs/gpu/worker0.1718000000000.pt.trace.json"),
                QStringLiteral("runs/old/host_123_20250109143055123_ascend_pt"),
            }));
    }

    void describesRankFolders()
    {
        const FoundProfile rank1
            = ProfileScanner::describeRankFolder(m_runA + QStringLiteral("/rank1_ascend_pt"));
        QCOMPARE(rank1.rank, 1);
        QVERIFY(!rank1.kineto);
        QVERIFY2(rank1.level.startsWith(QLatin1String("Level")), qPrintable(rank1.level));
        QVERIFY(rank1.date.isValid());
        // The size is every file of the folder.
        qint64 bytes = 0;
        for (const QString &file : { QStringLiteral("ASCEND_PROFILER_OUTPUT/trace_view.json"),
                 QStringLiteral("ASCEND_PROFILER_OUTPUT/kernel_details.csv") })
            bytes += QFileInfo(m_runA + QStringLiteral("/rank1_ascend_pt/") + file).size();
        QVERIFY(bytes > 0);
        QVERIFY(rank1.bytes > bytes);

        const FoundProfile named = ProfileScanner::describeRankFolder(m_named);
        QCOMPARE(named.rank, -1);
        QCOMPARE(named.level, QString());
        QCOMPARE(named.date, QDateTime(QDate(2025, 1, 9), QTime(14, 30, 55, 123)));
        QCOMPARE(named.bytes, qint64(10));

        const FoundProfile kineto = ProfileScanner::describeKinetoTrace(m_kineto);
        QVERIFY(kineto.kineto);
        QCOMPARE(kineto.level, QStringLiteral("Kineto"));
        QCOMPARE(kineto.date, QDateTime::fromMSecsSinceEpoch(1718000000000));
        QCOMPARE(kineto.bytes, QFileInfo(m_kineto).size());
    }

    void dateFromName_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QDateTime>("expected");
        QTest::newRow("torch_npu") << "w_1_20250109143055123_ascend_pt"
                                   << QDateTime(QDate(2025, 1, 9), QTime(14, 30, 55, 123));
        QTest::newRow("no millis")
            << "w_1_20250109143055_ascend_pt" << QDateTime(QDate(2025, 1, 9), QTime(14, 30, 55));
        QTest::newRow("kineto gz")
            << "x.1623143089861.pt.trace.json.gz" << QDateTime::fromMSecsSinceEpoch(1623143089861);
        QTest::newRow("no date") << "rank0_ascend_pt" << QDateTime();
        QTest::newRow("impossible month") << "w_1_20251309143055123_ascend_pt" << QDateTime();
        QTest::newRow("kineto without time") << "worker0.pt.trace.json" << QDateTime();
    }

    void dateFromName()
    {
        QFETCH(QString, name);
        QFETCH(QDateTime, expected);
        QCOMPARE(ProfileScanner::dateFromName(name), expected);
    }

    void runRow()
    {
        QList<FoundProfile> found = scanNow(m_runA);
        QCOMPARE(found.size(), 3);
        const FoundProfile run = found.constLast(); // after its ranks
        QCOMPARE(run.path, QDir::cleanPath(m_runA));
        QCOMPARE(run.ranks, 2);
        QCOMPARE(run.rank, -1);
        QCOMPARE(run.bytes, found[0].bytes + found[1].bytes);
        QCOMPARE(run.date, std::max(found[0].date, found[1].date));
        QCOMPARE(run.level, found[0].level);
    }

    void rootIsAProfile()
    {
        const QList<FoundProfile> found = scanNow(m_runA + QStringLiteral("/rank0_ascend_pt"));
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.constFirst().rank, 0);
    }

    void missingRootFindsNothing()
    {
        QVERIFY(scanNow(m_tmp.filePath(QStringLiteral("nope"))).isEmpty());
    }

    void cancelStops()
    {
        QFuture<FoundProfile> future
            = QtConcurrent::run(&ProfileScanner::scan, m_tmp.filePath(QStringLiteral("runs")));
        future.cancel();
        future.waitForFinished();
        QVERIFY(future.isCanceled());
    }

    void resultsView()
    {
        ScanResultsView view;
        QSignalSpy finished(&view, &ScanResultsView::finished);
        QSignalSpy open(&view, &ScanResultsView::openRequested);
        view.scan(m_tmp.filePath(QStringLiteral("runs")));
        QVERIFY(finished.wait(30000));
        QTreeWidget *list = view.list();
        QCOMPARE(list->topLevelItemCount(), 6);
        QVERIFY2(view.statusLabel()->text().contains(QLatin1String("6 profile")),
            qPrintable(view.statusLabel()->text()));
        // Sorted by date, newest first, comparing dates rather than their text.
        int named = -1, kineto = -1;
        for (int i = 0; i < list->topLevelItemCount(); ++i) {
            const QTreeWidgetItem *item = list->topLevelItem(i);
            if (i > 0)
                QVERIFY(list->topLevelItem(i - 1)
                            ->data(ScanResultsView::DateColumn, Qt::UserRole + 1)
                            .toDateTime()
                    >= item->data(ScanResultsView::DateColumn, Qt::UserRole + 1).toDateTime());
            if (item->text(ScanResultsView::NameColumn).startsWith(QLatin1String("host_123")))
                named = i;
            if (item->text(ScanResultsView::LevelColumn) == QLatin1String("Kineto"))
                kineto = i;
        }
        QVERIFY(named >= 0 && kineto >= 0);
        QVERIFY(named < kineto); // January 2025 before June 2024
        // Sorting by size uses bytes, not the text ("10 bytes" < "2.1 KB" < "1.0 MB").
        list->sortByColumn(ScanResultsView::SizeColumn, Qt::AscendingOrder);
        QCOMPARE(list->topLevelItem(0)->text(ScanResultsView::NameColumn),
            QStringLiteral("host_123_20250109143055123_ascend_pt"));
        list->sortByColumn(ScanResultsView::RankColumn, Qt::DescendingOrder);
        QCOMPARE(list->topLevelItem(0)->text(ScanResultsView::RankColumn), QStringLiteral("1"));

        emit list->itemActivated(list->topLevelItem(0), 0);
        QCOMPARE(open.size(), 1);
        QCOMPARE(open.at(0).at(0).toString(),
            QDir::cleanPath(m_runA + QStringLiteral("/rank1_ascend_pt")));
    }

    void newScanDropsOldResults()
    {
        ScanResultsView view;
        QSignalSpy finished(&view, &ScanResultsView::finished);
        view.scan(m_tmp.filePath(QStringLiteral("runs")));
        view.scan(m_runB); // before the first one is done
        QVERIFY(finished.wait(30000));
        QTest::qWait(200); // a late result of the first scan would land now
        QCOMPARE(view.list()->topLevelItemCount(), 1);
        QCOMPARE(finished.size(), 1);
    }

    void startPageScans()
    {
        RecentFiles recent;
        StartPage page(&recent);
        page.show();
        QVERIFY(!page.scanResults()->isVisible());
        QSignalSpy open(&page, &StartPage::openRequested);
        QSignalSpy finished(page.scanResults(), &ScanResultsView::finished);
        page.scanFolder(m_runA);
        QVERIFY(page.scanResults()->isVisible());
        QVERIFY(finished.wait(30000));
        QCOMPARE(page.scanResults()->list()->topLevelItemCount(), 3); // two ranks and their run
        page.resize(1100, 700);
        QVERIFY(page.grab().save(QCoreApplication::applicationDirPath()
            + QStringLiteral("/tst_profilescanner_startpage.png")));
        emit page.scanResults()->list()->itemActivated(
            page.scanResults()->list()->topLevelItem(0), 0);
        QCOMPARE(open.size(), 1);
        QVERIFY(open.at(0).at(0).toString().endsWith(QLatin1String("_ascend_pt")));
    }
};

QTEST_MAIN(TstProfileScanner)
#include "tst_profilescanner.moc"
