// Lazy per-rank loading (LoadOptions::lazyRanks, model/ranksummary.h): the summaries never read
// a trace, and a rank opened later is the rank an eager load gives.
#include "model/generator/generator.h"
#include "model/profile/profileloader.h"
#include "model/profile/rankcomm.h"
#include "model/profile/ranksummary.h"
#include "model/trace/tracedump.h"
#include "tests/model/rankfiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;

class TstLazyRanks : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void summariesReadNoTrace();
    void openedRankEqualsEagerRank();
    void summaryMatchesEagerSummaryFields();
    void ensureFullRank();
    void singleRankStaysEager();
    void cancelSummaries();
    void summaryReadsCommunication_data();
    void summaryReadsCommunication();

private:
    static LoadOptions lazy()
    {
        LoadOptions o;
        o.lazyRanks = true;
        return o;
    }
    QString rankTrace(int rank) const { return test::rankTracePath(m_dir.path(), rank); }
    static bool mentions(const IssueList &issues, const QString &file)
    {
        return test::issuesMention(issues, file);
    }

    QTemporaryDir m_dir;
    static constexpr int kRanks = 4;
    static constexpr int kGarbageRank = 2;
};

void TstLazyRanks::initTestCase()
{
    QVERIFY(m_dir.isValid());
    GeneratorOptions o;
    o.outDir = m_dir.path();
    o.ranks = kRanks;
    o.events = 1500;
    o.seed = 7;
    QVERIFY(generateProfile(o).ok);
    QVERIFY(QFile::exists(rankTrace(kGarbageRank)));
    // One rank's trace is garbage: only opening that rank may notice.
    QFile f(rankTrace(kGarbageRank));
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write("{\"traceEvents\": [ {\"ph\": \"X\", \"ts\": garbage ");
}

void TstLazyRanks::summariesReadNoTrace()
{
    const LoadResult r = loadProfile(m_dir.path(), lazy());
    QVERIFY(r.profile);
    QVERIFY(!r.cancelled);
    QCOMPARE(r.profile->ranks.size(), std::size_t(kRanks));
    for (int i = 0; i < kRanks; ++i) {
        const RankProfile &rank = *r.profile->ranks[std::size_t(i)];
        QVERIFY(rank.summaryOnly);
        QCOMPARE(rank.rank(), i);
        QVERIFY(!rank.trace);
        QVERIFY(!rank.kernels);
        QVERIFY(!rank.operators);
        QVERIFY(rank.stepTrace); // what the cluster overview needs
        QVERIFY(rank.stepTrace->rowCount() > 0);
        QVERIFY(rank.config.rankId.has_value());
        QVERIFY(!rank.notCollected.contains(QStringLiteral("trace_view.json")));
    }
    // The garbage trace was never read: no issue about it until the rank opens.
    QVERIFY(!mentions(r.profile->allIssues(), rankTrace(kGarbageRank)));
    // An eager load does read it (so the check above can fail).
    const LoadResult eager = loadProfile(m_dir.path());
    QVERIFY(mentions(eager.profile->allIssues(), rankTrace(kGarbageRank)));
    // Opening that rank reports it.
    bool cancelled = false;
    const auto opened
        = loadRank(r.profile->ranks[kGarbageRank]->source, LoadOptions {}, {}, &cancelled);
    QVERIFY(opened);
    QVERIFY(!opened->summaryOnly);
    QVERIFY(mentions(opened->issues, rankTrace(kGarbageRank)));
}

void TstLazyRanks::openedRankEqualsEagerRank()
{
    const LoadResult lazyResult = loadProfile(m_dir.path(), lazy());
    const LoadResult eager = loadProfile(m_dir.path());
    QVERIFY(lazyResult.profile && eager.profile);
    for (int i = 0; i < kRanks; ++i) {
        if (i == kGarbageRank)
            continue;
        bool cancelled = false;
        const auto opened = loadRank(
            lazyResult.profile->ranks[std::size_t(i)]->source, LoadOptions {}, {}, &cancelled);
        const RankProfile &want = *eager.profile->ranks[std::size_t(i)];
        QVERIFY(!cancelled);
        QVERIFY(opened->trace && want.trace);
        QVERIFY(opened->trace->sliceCount() > 100);
        QCOMPARE(dumpTrace(*opened->trace, 100000), dumpTrace(*want.trace, 100000));
        QCOMPARE(opened->trace->minTime, want.trace->minTime);
        QVERIFY(opened->kernels && want.kernels);
        QCOMPARE(opened->kernels->rowCount(), want.kernels->rowCount());
        QCOMPARE(opened->kernels->start, want.kernels->start);
        QCOMPARE(opened->join.matched, want.join.matched);
        QCOMPARE(opened->notCollected, want.notCollected);
        QCOMPARE(opened->issues.size(), want.issues.size());
    }
}

void TstLazyRanks::summaryMatchesEagerSummaryFields()
{
    const LoadResult lazyResult = loadProfile(m_dir.path(), lazy());
    const LoadResult eager = loadProfile(m_dir.path());
    for (int i = 0; i < kRanks; ++i) {
        const RankProfile &s = *lazyResult.profile->ranks[std::size_t(i)];
        const RankProfile &e = *eager.profile->ranks[std::size_t(i)];
        QCOMPARE(s.label(), e.label());
        QCOMPARE(s.notCollected, e.notCollected);
        QCOMPARE(s.config.rankId, e.config.rankId);
        QCOMPARE(s.stepTrace->rowCount(), e.stepTrace->rowCount());
        QCOMPARE(s.stepTrace->columnCount(), e.stepTrace->columnCount());
    }
}

void TstLazyRanks::ensureFullRank()
{
    const LoadResult lazyResult = loadProfile(m_dir.path(), lazy());
    const auto summary = lazyResult.profile->ranks[0];
    const auto full = npuscope::ensureFullRank(summary);
    QVERIFY(full != summary);
    QVERIFY(!full->summaryOnly);
    QVERIFY(full->trace);
    QVERIFY(full->kernels);
    QCOMPARE(npuscope::ensureFullRank(full), full); // complete ranks are returned as they are
}

void TstLazyRanks::singleRankStaysEager()
{
    const LoadResult r = loadProfile(m_dir.filePath(QStringLiteral("rank1_ascend_pt")), lazy());
    QVERIFY(r.profile);
    QCOMPARE(r.profile->ranks.size(), std::size_t(1));
    QVERIFY(!r.profile->ranks[0]->summaryOnly);
    QVERIFY(r.profile->ranks[0]->trace);
}

void TstLazyRanks::cancelSummaries()
{
    int calls = 0;
    const LoadResult r = loadProfile(m_dir.path(), lazy(), [&calls](std::int64_t, std::int64_t) {
        ++calls;
        return false;
    });
    QVERIFY(r.cancelled);
    QVERIFY(!r.profile);
    QVERIFY(calls >= 1);
}

void TstLazyRanks::summaryReadsCommunication_data()
{
    QTest::addColumn<QString>("run");
    QTest::addColumn<int>("ranks");
    QTest::newRow("text, four ranks") << QStringLiteral("ascend-2025-11") << 4;
    QTest::newRow("database, two ranks") << QStringLiteral("ascend-2025-01-db/level1") << 2;
}

void TstLazyRanks::summaryReadsCommunication()
{
    // The cluster overview's links and layout and the cross-rank findings read each rank's
    // communication statistics: a summary holds the same as the eager load.
    QFETCH(QString, run);
    QFETCH(int, ranks);
    if (!QFileInfo::exists(QStringLiteral(NPUSCOPE_SAMPLES_DIR)))
        QSKIP("samples not present");
    const QString path = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/") + run;
    QVERIFY2(QFileInfo::exists(path), qPrintable(path));
    const LoadResult lazyResult = loadProfile(path, lazy());
    const LoadResult eager = loadProfile(path);
    QVERIFY(lazyResult.profile && eager.profile);
    QCOMPARE(lazyResult.profile->ranks.size(), std::size_t(ranks));
    QCOMPARE(eager.profile->ranks.size(), std::size_t(ranks));
    for (int i = 0; i < ranks; ++i) {
        const RankProfile &s = *lazyResult.profile->ranks[std::size_t(i)];
        const RankProfile &e = *eager.profile->ranks[std::size_t(i)];
        QVERIFY(s.summaryOnly);
        QVERIFY2(s.comm && e.comm, qPrintable(s.label()));
        QVERIFY(!s.comm->links.empty());
        QCOMPARE(s.comm->ops.size(), e.comm->ops.size());
        QCOMPARE(s.comm->links.size(), e.comm->links.size());
        QCOMPARE(s.comm->opsFile, e.comm->opsFile);
        QCOMPARE(s.comm->linksFile, e.comm->linksFile);
    }
}

QTEST_GUILESS_MAIN(TstLazyRanks)
#include "tst_lazyranks.moc"
