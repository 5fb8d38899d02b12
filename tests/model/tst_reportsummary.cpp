// A rank's summary carried in npuscope's own report and read back (issue 37, scale): what the
// cluster needs of each rank survives the trip whatever export it was read from, and a damaged or
// old report says so.
#include "model/profile/discovery.h"
#include "model/profile/profileloader.h"
#include "model/profile/ranksummary.h"
#include "model/profile/reportsummary.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <tuple>

using namespace npuscope;

namespace {

const QString kSamples = QStringLiteral(NPUSCOPE_SAMPLES_DIR);

// `ranks` written as report --json writes them: the rank object's own keys and rank_summary.
QString writeReport(const QTemporaryDir &dir, const QString &name,
    const std::vector<std::shared_ptr<const RankProfile>> &ranks)
{
    QJsonArray array;
    for (const auto &rank : ranks)
        array.append(QJsonObject { { QStringLiteral("rank"), rank->rank() },
            { QStringLiteral("path"), rank->source.dir },
            { QStringLiteral("not_collected"), QJsonArray::fromStringList(rank->notCollected) },
            { QStringLiteral("issues"), QJsonArray() },
            { QStringLiteral("rank_summary"), rankSummaryJson(*rank) } });
    const QString path = dir.filePath(name);
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(QJsonDocument(
        QJsonObject { { QStringLiteral("checks"), QJsonArray() },
            { QStringLiteral("findings"), QJsonArray() }, { QStringLiteral("ranks"), array } })
                .toJson());
    return f.commit() ? path : QString();
}

// Operations (and their transports) in a canonical order: a database gives them in its rows'
// order, the files' readers by key.
std::vector<CommOperation> sortedOps(std::vector<CommOperation> ops)
{
    for (CommOperation &op : ops)
        std::stable_sort(op.transports.begin(), op.transports.end(),
            [](const CommTransport &a, const CommTransport &b) { return a.type < b.type; });
    std::stable_sort(ops.begin(), ops.end(), [](const CommOperation &a, const CommOperation &b) {
        return std::tie(a.step, a.kind, a.name, a.group)
            < std::tie(b.step, b.kind, b.name, b.group);
    });
    return ops;
}

void compareOps(const RankComm &ra, const RankComm &rb)
{
    const RankComm a { sortedOps(ra.ops), {}, {}, {} }, b { sortedOps(rb.ops), {}, {}, {} };
    QCOMPARE(b.ops.size(), a.ops.size());
    for (std::size_t i = 0; i < a.ops.size(); ++i) {
        const CommOperation &x = a.ops[i], &y = b.ops[i];
        QCOMPARE(y.step, x.step);
        QCOMPARE(y.kind, x.kind);
        QCOMPARE(y.name, x.name);
        QCOMPARE(y.group, x.group);
        QCOMPARE(y.total, x.total);
        QCOMPARE(y.start, x.start);
        for (const auto m : { &CommOperation::elapseMs, &CommOperation::transitMs,
                 &CommOperation::waitMs, &CommOperation::syncMs, &CommOperation::idleMs,
                 &CommOperation::waitRatio, &CommOperation::syncRatio })
            QCOMPARE(y.*m, x.*m);
        QCOMPARE(y.transports.size(), x.transports.size());
        for (std::size_t t = 0; t < x.transports.size(); ++t) {
            const CommTransport &p = x.transports[t], &q = y.transports[t];
            QCOMPARE(q.type, p.type);
            QCOMPARE(q.sizeMb, p.sizeMb);
            QCOMPARE(q.timeMs, p.timeMs);
            QCOMPARE(q.bandwidthGBs, p.bandwidthGBs);
            QCOMPARE(q.largePacketRatio, p.largePacketRatio);
            QCOMPARE(q.sizes.size(), p.sizes.size());
            for (std::size_t s = 0; s < p.sizes.size(); ++s) {
                QCOMPARE(q.sizes[s].sizeMb, p.sizes[s].sizeMb);
                QCOMPARE(q.sizes[s].count, p.sizes[s].count);
                QCOMPARE(q.sizes[s].timeMs, p.sizes[s].timeMs);
            }
        }
    }
}

// Links in a canonical order: a database gives them in its rows' order, the files by key.
std::vector<CommLink> sortedLinks(std::vector<CommLink> links)
{
    std::stable_sort(links.begin(), links.end(), [](const CommLink &a, const CommLink &b) {
        return std::tie(a.step, a.kind, a.op, a.group, a.src, a.dst)
            < std::tie(b.step, b.kind, b.op, b.group, b.src, b.dst);
    });
    return links;
}

void compareLinks(const RankComm &a, const RankComm &b)
{
    const std::vector<CommLink> x = sortedLinks(a.links), y = sortedLinks(b.links);
    QCOMPARE(y.size(), x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
        QCOMPARE(y[i].op, x[i].op);
        QCOMPARE(y[i].group, x[i].group);
        QCOMPARE(y[i].opName, x[i].opName);
        QCOMPARE(y[i].transport, x[i].transport);
        QCOMPARE(y[i].src, x[i].src);
        QCOMPARE(y[i].dst, x[i].dst);
        QCOMPARE(y[i].sizeMb, x[i].sizeMb);
        QCOMPARE(y[i].timeMs, x[i].timeMs);
        QCOMPARE(y[i].bandwidthGBs, x[i].bandwidthGBs);
    }
}

void compareMetadata(const ProfilerMetadata &a, const ProfilerMetadata &b)
{
    QCOMPARE(b.found, a.found);
    QCOMPARE(b.hasEnvVariables, a.hasEnvVariables);
    QCOMPARE(b.envVariables, a.envVariables);
    QCOMPARE(b.distributedArgs.has_value(), a.distributedArgs.has_value());
    if (a.distributedArgs) {
        QCOMPARE(b.distributedArgs->all, a.distributedArgs->all);
        QCOMPARE(b.distributedArgs->pipelineParallel, a.distributedArgs->pipelineParallel);
    }
    QCOMPARE(b.parallelGroups.size(), a.parallelGroups.size());
    for (std::size_t i = 0; i < a.parallelGroups.size(); ++i) {
        QCOMPARE(b.parallelGroups[i].id, a.parallelGroups[i].id);
        QCOMPARE(b.parallelGroups[i].name, a.parallelGroups[i].name);
        QCOMPARE(b.parallelGroups[i].groupRank, a.parallelGroups[i].groupRank);
        QCOMPARE(b.parallelGroups[i].globalRanks, a.parallelGroups[i].globalRanks);
    }
    QCOMPARE(b.other, a.other);
}

void compareTables(const Table *a, const Table *b)
{
    QCOMPARE(b != nullptr, a != nullptr);
    if (!a)
        return;
    QCOMPARE(b->columnCount(), a->columnCount());
    QCOMPARE(b->rowCount(), a->rowCount());
    for (int c = 0; c < a->columnCount(); ++c) {
        QCOMPARE(b->columns[std::size_t(c)].name, a->columns[std::size_t(c)].name);
        for (qsizetype r = 0; r < a->rowCount(); ++r)
            QCOMPARE(b->text(r, c), a->text(r, c));
    }
}

} // namespace

class TstReportSummary : public QObject {
    Q_OBJECT
private slots:
    void roundTrip_data()
    {
        QTest::addColumn<QString>("run");
        QTest::addColumn<bool>("layout"); // profiler_metadata.json with the parallel groups
        QTest::newRow("text export, TP1 PP2 DP2") << QStringLiteral("/ascend-2025-11") << true;
        QTest::newRow("database export") << QStringLiteral("/ascend-2025-01-db/level1") << false;
        QTest::newRow("text export, level1") << QStringLiteral("/ascend-2025-01/level1") << false;
    }

    // Every part the cluster reads comes back the same: communication operations to the
    // nanosecond and the packet, links, layout, the step table's texts, the rank and its
    // settings.
    void roundTrip()
    {
        QFETCH(QString, run);
        QFETCH(bool, layout);
        if (!QFileInfo::exists(kSamples))
            QSKIP("samples not present");
        const ProfileSource source = discoverProfile(kSamples + run);
        QVERIFY(source.ranks.size() >= 2);
        bool cancelled = false;
        const auto ranks = loadRankSummaries(source.ranks, 1, {}, &cancelled);
        QVERIFY(!cancelled);
        QTemporaryDir tmp;
        const QString report = writeReport(tmp, QStringLiteral("run.json"), ranks);
        QVERIFY(!report.isEmpty());
        IssueList issues;
        const std::vector<RankSource> back = reportSummarySources(report, &issues);
        QVERIFY(issues.isEmpty());
        QCOMPARE(back.size(), ranks.size());
        // The report carries every rank: parsed once for all of them.
        const auto again = loadRankSummaries(back, 2, {}, &cancelled);
        QCOMPARE(again.size(), ranks.size());
        for (std::size_t i = 0; i < ranks.size(); ++i) {
            const RankProfile &a = *ranks[i];
            QCOMPARE(back[i].reportSummary, report);
            const auto &b = again[i];
            QVERIFY2(b->issues.isEmpty(), qPrintable(b->issues.value(0).message));
            QVERIFY(b->summaryOnly);
            QCOMPARE(b->rank(), a.rank());
            QCOMPARE(b->source.dir, a.source.dir);
            QCOMPARE(b->notCollected, a.notCollected);
            QCOMPARE(b->config.level, a.config.level);
            QCOMPARE(b->config.rankId, a.config.rankId);
            QCOMPARE(b->aiCores, a.aiCores);
            QCOMPARE(b->npuName, a.npuName);
            QVERIFY(a.comm && b->comm);
            QVERIFY(!a.comm->ops.empty() && !a.comm->links.empty());
            compareOps(*a.comm, *b->comm);
            compareLinks(*a.comm, *b->comm);
            if (QTest::currentTestFailed())
                return;
            QCOMPARE(a.metadata.parallelGroups.empty(), !layout);
            compareMetadata(a.metadata, b->metadata);
            compareTables(a.stepTrace.get(), b->stepTrace.get());
            if (QTest::currentTestFailed())
                return;
        }
    }

    // The window and report open the folder of reports as the run; a rank whose folder is not
    // reachable stays its summary, and says why.
    void folderOfReports()
    {
        if (!QFileInfo::exists(kSamples))
            QSKIP("samples not present");
        const ProfileSource source = discoverProfile(kSamples + QStringLiteral("/ascend-2025-11"));
        bool cancelled = false;
        auto ranks = loadRankSummaries(source.ranks, 1, {}, &cancelled);
        QCOMPARE(ranks.size(), std::size_t(4));
        // Rank 3 as if reported on another node: its folder is not here.
        auto moved = std::make_shared<RankProfile>(*ranks[3]);
        moved->source.dir = QStringLiteral("/nonexistent/rank_3_ascend_pt");
        QTemporaryDir tmp;
        for (std::size_t i = 0; i < 3; ++i)
            QVERIFY(
                !writeReport(tmp, QStringLiteral("rank%1.json").arg(i), { ranks[i] }).isEmpty());
        QVERIFY(!writeReport(tmp, QStringLiteral("rank3.json"), { moved }).isEmpty());
        const LoadResult loaded = loadProfile(tmp.path(), LoadOptions {});
        QVERIFY(loaded.profile);
        QCOMPARE(loaded.profile->ranks.size(), std::size_t(4));
        for (const auto &rank : loaded.profile->ranks)
            QVERIFY(rank->summaryOnly && rank->comm);
        QCOMPARE(loaded.profile->ranks[3]->source.dir, moved->source.dir);

        // Opening a rank: its own folder when reachable, else the summary and a warning.
        const auto full
            = loadRank(loaded.profile->ranks[0]->source, LoadOptions {}, {}, &cancelled);
        QVERIFY(full && !full->summaryOnly && full->trace);
        const auto away
            = loadRank(loaded.profile->ranks[3]->source, LoadOptions {}, {}, &cancelled);
        QVERIFY(away && away->summaryOnly && away->comm);
        QVERIFY(!away->issues.isEmpty());
        QVERIFY(away->issues.last().message.contains(moved->source.dir));
    }

    void damagedReports()
    {
        QTemporaryDir tmp;
        const auto write = [&tmp](const QString &name, const QByteArray &bytes) {
            QFile f(tmp.filePath(name));
            return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size() ? f.fileName()
                                                                                  : QString();
        };
        IssueList issues;
        const QString cut = write(QStringLiteral("cut.json"),
            QByteArray(R"({"checks": [], "findings": [], "ranks": [{"rank": 0, "path": "/p"}]})")
                .left(50));
        QVERIFY(reportSummarySources(cut, &issues).empty());
        QCOMPARE(issues.size(), 1);
        QCOMPARE(issues[0].file, cut);
        QVERIFY(issues[0].location.startsWith(QStringLiteral("byte ")));

        issues.clear();
        const QString old = write(QStringLiteral("old.json"),
            R"({"checks": [], "findings": [], "ranks": [{"rank": 0, "path": "/p"}]})");
        QVERIFY(reportSummarySources(old, &issues).empty());
        QCOMPARE(issues.size(), 1);
        QVERIFY(issues[0].message.contains(QStringLiteral("without rank summaries")));

        // A summary whose communication is not the files' shape: the rest is kept, and the
        // damage named.
        const QString odd = write(QStringLiteral("odd.json"),
            R"json({"checks": [], "ranks": [{"rank": 2, "path": "/p", "rank_summary": {"format": 1,
                "step_trace_time": "Step,Computing\n1,5.0\n",
                "communication": {"step1": {"collective": {"x@g": {"Communication Time Info": {
                  "Elapse Time(ms)": "slow"}}}}}}}]})json");
        issues.clear();
        const std::vector<RankSource> sources = reportSummarySources(odd, &issues);
        QCOMPARE(sources.size(), std::size_t(1));
        const auto rank = loadRankSummary(sources[0]);
        QCOMPARE(rank->rank(), 2);
        QVERIFY(rank->stepTrace);
        QCOMPARE(rank->stepTrace->rowCount(), qsizetype(1));
        QVERIFY(rank->comm);
        QCOMPARE(rank->comm->ops.size(), std::size_t(1));
        QCOMPARE(rank->issues.size(), 1);
        QCOMPARE(rank->issues[0].file, odd);
        QVERIFY(rank->issues[0].damaged);
    }
};

QTEST_GUILESS_MAIN(TstReportSummary)
#include "tst_reportsummary.moc"
