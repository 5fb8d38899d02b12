#include "model/profile/profileloader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <numeric>

using namespace npuscope;

class TstProfileLoader : public QObject {
    Q_OBJECT
private slots:
    void rankFolder_data();
    void rankFolder();
    void multiRankPartial();
    void kinetoKernelsFromTrace();
    void loneAscendTrace();
    void progressAndCancel();
    void nothingThere();
};

void TstProfileLoader::rankFolder_data()
{
    QTest::addColumn<QString>("dir");
    QTest::addColumn<qint64>("rows");
    QTest::addColumn<qint64>("durationNs");
    QTest::addColumn<qint64>("waitNs");
    const QString b = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-01/");
    QTest::newRow("level0 rank0") << b + QStringLiteral("level0/rank0_ascend_pt") << qint64(191)
                                  << qint64(94344340) << qint64(95191222);
    QTest::newRow("level1 rank0") << b + QStringLiteral("level1/rank0_ascend_pt") << qint64(191)
                                  << qint64(114865613) << qint64(101120641);
    QTest::newRow("level2 rank1") << b + QStringLiteral("level2/rank1_ascend_pt") << qint64(191)
                                  << qint64(106357602) << qint64(106639088);
}

void TstProfileLoader::rankFolder()
{
    QFETCH(QString, dir);
    QFETCH(qint64, rows);
    QFETCH(qint64, durationNs);
    QFETCH(qint64, waitNs);
    if (!QDir(dir).exists())
        QSKIP("samples not present");
    const LoadResult r = loadProfile(dir);
    QVERIFY(r.profile);
    QVERIFY(!r.profile->hasErrors());
    QCOMPARE(r.profile->ranks.size(), std::size_t(1));
    const RankProfile &rank = *r.profile->ranks[0];
    QVERIFY(rank.trace);
    QVERIFY(rank.kernels);
    QVERIFY(rank.stepTrace);
    QVERIFY(rank.operators);
    QCOMPARE(rank.kernels->rowCount(), rows);
    QCOMPARE(
        std::accumulate(rank.kernels->duration.begin(), rank.kernels->duration.end(), qint64(0)),
        durationNs);
    QCOMPARE(
        std::accumulate(rank.kernels->wait.begin(), rank.kernels->wait.end(), qint64(0)), waitNs);
    // Every kernel row of these profiles is a device task in the trace.
    QCOMPARE(qint64(rank.join.matched), rows);
    for (qsizetype row = 0; row < rank.kernels->rowCount(); ++row) {
        const EventRef ref = rank.join.rowToEvent[std::size_t(row)];
        QVERIFY(ref.isValid());
        QVERIFY(qAbs(rank.trace->event(ref).start - rank.kernels->start[std::size_t(row)])
            <= 1); // HCCL rows: 1 ns rounding
        QCOMPARE(rank.join.rowOf(ref), qint32(row));
    }
    QVERIFY(rank.config.found);
}

void TstProfileLoader::multiRankPartial()
{
    const QString dir = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-11");
    if (!QDir(dir).exists())
        QSKIP("samples not present");
    const LoadResult r = loadProfile(dir);
    QVERIFY(r.profile);
    QCOMPARE(r.profile->ranks.size(), std::size_t(4));
    QVERIFY(!r.profile->hasErrors());
    const RankProfile &r0 = *r.profile->ranks[0];
    const RankProfile &r1 = *r.profile->ranks[1];
    QCOMPARE(r0.kernels->rowCount(), 2463);
    QCOMPARE(std::accumulate(r0.kernels->duration.begin(), r0.kernels->duration.end(), qint64(0)),
        qint64(651464360));
    QVERIFY(!r1.kernels);
    QVERIFY(r1.stepTrace);
    QVERIFY(r1.notCollected.contains(QStringLiteral("kernel_details.csv")));
    QVERIFY(r0.notCollected.contains(QStringLiteral("trace_view.json")));
    QCOMPARE(r0.config.rankId, std::optional<int>(0));
}

void TstProfileLoader::kinetoKernelsFromTrace()
{
    const QString file
        = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/kineto/worker0.1623143089861.pt.trace.json.gz");
    if (!QFile::exists(file))
        QSKIP("samples not present");
    const LoadResult r = loadProfile(file);
    QVERIFY(r.profile);
    const RankProfile &rank = *r.profile->ranks[0];
    QVERIFY(rank.kernelsFromTrace);
    // 8772 "Kernel", 312 "Memset" and 12 "Memcpy" events in the 2021 Kineto sample.
    QCOMPARE(rank.kernels->rowCount(), 8772 + 312 + 12);
    QCOMPARE(qint64(rank.join.matched), rank.kernels->rowCount());
}

void TstProfileLoader::loneAscendTrace()
{
    const QString file = QStringLiteral(NPUSCOPE_SAMPLES_DIR
        "/ascend-2025-01/level1/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json");
    if (!QFile::exists(file))
        QSKIP("samples not present");
    const LoadResult r = loadProfile(file);
    QVERIFY(r.profile);
    const RankProfile &rank = *r.profile->ranks[0];
    QVERIFY(rank.kernelsFromTrace);
    // Every device task on the Ascend Hardware lanes; kernel_details.csv lists 191 of them.
    QVERIFY(rank.kernels->rowCount() >= 191);
    QCOMPARE(rank.kernels->strings.string(rank.kernels->core[0]), QStringLiteral("NPU"));
}

void TstProfileLoader::progressAndCancel()
{
    const QString dir
        = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-01/level1/rank0_ascend_pt");
    if (!QDir(dir).exists())
        QSKIP("samples not present");
    std::atomic<std::int64_t> last { -1 };
    std::atomic<std::int64_t> total { 0 };
    const LoadResult full = loadProfile(dir, {}, [&](std::int64_t d, std::int64_t t) {
        last = d;
        total = t;
        return true;
    });
    QVERIFY(full.profile);
    QVERIFY(total > 0);
    QCOMPARE(last.load(), total.load());
    int calls = 0;
    const LoadResult cancelled
        = loadProfile(dir, {}, [&](std::int64_t, std::int64_t) { return ++calls < 2; });
    QVERIFY(cancelled.cancelled);
    QVERIFY(!cancelled.profile);
}

void TstProfileLoader::nothingThere()
{
    QTemporaryDir tmp;
    const LoadResult r = loadProfile(tmp.filePath(QStringLiteral("missing")));
    QVERIFY(r.profile);
    QVERIFY(r.profile->ranks.empty());
    QVERIFY(!r.error.isEmpty());
    QVERIFY(r.profile->hasErrors());
}

QTEST_GUILESS_MAIN(TstProfileLoader)
#include "tst_profileloader.moc"
