#include "model/profile/discovery.h"
#include "model/profile/profilermetadata.h"
#include "model/profile/ranksummary.h"

#include <QDir>
#include <QTest>

using namespace npuscope;

// profiler_metadata.json and META_DATA: what the advisor's environment check and the cluster
// work (distributed_args, parallel_group_info) read.
class TstProfilerMetadata : public QObject {
    Q_OBJECT
private slots:
    void megatronFile();
    void envOnly();
    void damaged_data();
    void damaged();
    void databaseRows();
    void samples();
    void databaseSample();
};

namespace {

// ascend-2025-11's rank 0, shortened: every part the file can have.
const QByteArray kMegatron = R"({"distributed_args": {"tensor_model_parallel_size": 1,
    "pipeline_model_parallel_size": 2, "data_parallel_size": 2, "context_parallel_size": 1,
    "expert_model_parallel_size": 1, "sequence_parallel": false, "rank": 0, "world_size": 4},
    "ENV_VARIABLES": {"ASCEND_GLOBAL_LOG_LEVEL": "3", "ACLNN_CACHE_LIMIT": "",
    "PYTORCH_NPU_ALLOC_CONF": "expandable_segments:True"},
    "parallel_group_info": {"group_name_0": {"group_name": "default_group", "group_rank": 0,
    "global_ranks": [0, 1, 2, 3]}, "group_name_5": {"group_name": "dp_cp", "group_rank": 1,
    "global_ranks": [2, 3]}}, "extra": [1, 2]})";

QString groupsText(const ProfilerMetadata &m)
{
    QStringList out;
    for (const ParallelGroup &g : m.parallelGroups) {
        QStringList ranks;
        for (int r : g.globalRanks)
            ranks << QString::number(r);
        out << QStringLiteral("%1=%2@%3[%4]")
                   .arg(g.id, g.name, g.groupRank ? QString::number(*g.groupRank) : QString(),
                       ranks.join(QLatin1Char(',')));
    }
    return out.join(QLatin1Char(' '));
}

QString samplesDir() { return QStringLiteral(NPUSCOPE_SAMPLES_DIR); }

} // namespace

void TstProfilerMetadata::megatronFile()
{
    IssueList issues;
    const ProfilerMetadata m = parseProfilerMetadata(kMegatron, QStringLiteral("m.json"), &issues);
    QVERIFY(issues.isEmpty());
    QVERIFY(m.found);
    QVERIFY(m.hasEnvVariables);
    QCOMPARE(m.env(u"ASCEND_GLOBAL_LOG_LEVEL"), std::optional<QString>(QStringLiteral("3")));
    QCOMPARE(m.env(u"ACLNN_CACHE_LIMIT"), std::optional<QString>(QString()));
    QCOMPARE(m.env(u"PYTORCH_NPU_ALLOC_CONF"),
        std::optional<QString>(QStringLiteral("expandable_segments:True")));
    QVERIFY(!m.env(u"HCCL_ALGO"));
    QVERIFY(m.distributedArgs);
    const DistributedArgs &d = *m.distributedArgs;
    QCOMPARE(d.tensorParallel, std::optional<int>(1));
    QCOMPARE(d.pipelineParallel, std::optional<int>(2));
    QCOMPARE(d.dataParallel, std::optional<int>(2));
    QCOMPARE(d.contextParallel, std::optional<int>(1));
    QCOMPARE(d.expertParallel, std::optional<int>(1));
    QCOMPARE(d.sequenceParallel, std::optional<bool>(false));
    QCOMPARE(d.rank, std::optional<int>(0));
    QCOMPARE(d.worldSize, std::optional<int>(4));
    QCOMPARE(d.all.size(), std::size_t(8));
    QCOMPARE(groupsText(m),
        QStringLiteral("group_name_0=default_group@0[0,1,2,3] group_name_5=dp_cp@1[2,3]"));
    QVERIFY(m.group(u"group_name_5"));
    QVERIFY(!m.group(u"group_name_6"));
    QCOMPARE(m.other.size(), std::size_t(1));
    QCOMPARE(m.other.front().second, QStringLiteral("[1,2]"));
}

void TstProfilerMetadata::envOnly()
{
    // ascend-2025-01: only ENV_VARIABLES, every value empty (recorded, not set).
    IssueList issues;
    const ProfilerMetadata m = parseProfilerMetadata(
        R"({"ENV_VARIABLES": {"HOST_CACHE_CAPACITY": "", "ASCEND_LAUNCH_BLOCKING": 1}})",
        QStringLiteral("m.json"), &issues);
    QVERIFY(issues.isEmpty());
    QVERIFY(m.hasEnvVariables);
    QCOMPARE(m.env(u"HOST_CACHE_CAPACITY"), std::optional<QString>(QString()));
    QCOMPARE(m.env(u"ASCEND_LAUNCH_BLOCKING"), std::optional<QString>(QStringLiteral("1")));
    QVERIFY(!m.distributedArgs);
    QVERIFY(m.parallelGroups.empty());
}

void TstProfilerMetadata::damaged_data()
{
    QTest::addColumn<QByteArray>("json");
    // The byte is QJsonParseError::offset: where the parser stopped.
    QTest::addColumn<QString>("location"); // of the one issue
    QTest::addColumn<bool>("found");
    QTest::addColumn<int>("groups"); // groups still read
    QTest::newRow("empty file") << QByteArray() << "byte 0" << false << 0;
    QTest::newRow("cut short") << QByteArray(R"({"ENV_VARIABLES": {"A": ")") << "byte 26" << false
                               << 0;
    QTest::newRow("trailing comma")
        << QByteArray(R"({"ENV_VARIABLES": {},})") << "byte 22" << false << 0;
    QTest::newRow("an array") << QByteArray("[1, 2]") << "byte 0" << false << 0;
    QTest::newRow("invalid UTF-8")
        << QByteArray("{\"ENV_VARIABLES\": {\"A\": \"\xff\xfe\"}") << "byte 25" << false << 0;
    QTest::newRow("ranks not a list")
        << QByteArray(R"({"parallel_group_info": {"g1": {"group_name": "tp", "global_ranks": 3},
            "g2": {"global_ranks": [1]}}})")
        << "key parallel_group_info.g1.global_ranks" << true << 2;
    QTest::newRow("a rank as text")
        << QByteArray(R"({"parallel_group_info": {"g1": {"global_ranks": [0, "x"]}}})")
        << "key parallel_group_info.g1.global_ranks" << true << 1;
    QTest::newRow("group not an object")
        << QByteArray(R"({"parallel_group_info": {"g1": 7, "g2": {"global_ranks": [1]}}})")
        << "key parallel_group_info.g1" << true << 1;
    QTest::newRow("size as text") << QByteArray(R"({"distributed_args": {"world_size": "four"}})")
                                  << "key distributed_args.world_size" << true << 0;
    QTest::newRow("env not an object")
        << QByteArray(R"({"ENV_VARIABLES": ["A"]})") << "key ENV_VARIABLES" << true << 0;
}

void TstProfilerMetadata::damaged()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, location);
    QFETCH(bool, found);
    QFETCH(int, groups);
    IssueList issues;
    const ProfilerMetadata m = parseProfilerMetadata(json, QStringLiteral("m.json"), &issues);
    QCOMPARE(issues.size(), 1);
    QCOMPARE(issues.front().file, QStringLiteral("m.json"));
    QCOMPARE(issues.front().location, location);
    QCOMPARE(m.found, found);
    QCOMPARE(int(m.parallelGroups.size()), groups);
}

void TstProfilerMetadata::databaseRows()
{
    const std::vector<std::pair<QString, QString>> rows = {
        { QStringLiteral("SCHEMA_VERSION"), QStringLiteral("1.0.0") },
        { QStringLiteral("ENV_VARIABLES"), QStringLiteral(R"({"ACLNN_CACHE_LIMIT": "100000"})") },
        { QStringLiteral("parallel_group_info"),
            QStringLiteral(R"({"group_name_3": {"group_name": "pp", "global_ranks": [0, 2]}})") },
        { QStringLiteral("distributed_args"), QStringLiteral(R"({"world_size": 4)") },
    };
    IssueList issues;
    const ProfilerMetadata m = profilerMetadataFromRows(rows, QStringLiteral("p.db"), &issues);
    QVERIFY(m.found);
    QCOMPARE(m.env(u"ACLNN_CACHE_LIMIT"), std::optional<QString>(QStringLiteral("100000")));
    QCOMPARE(groupsText(m), QStringLiteral("group_name_3=pp@[0,2]"));
    QVERIFY(!m.distributedArgs); // cut short: reported, not guessed
    QCOMPARE(issues.size(), 1);
    QCOMPARE(issues.front().file, QStringLiteral("p.db"));
    QVERIFY2(issues.front().location.startsWith(QStringLiteral("META_DATA row distributed_args")),
        qPrintable(issues.front().location));
    QVERIFY(issues.front().damaged);
    // Only the schema version: nothing recorded.
    IssueList none;
    QVERIFY(!profilerMetadataFromRows({ rows.front() }, QStringLiteral("p.db"), &none).found);
}

void TstProfilerMetadata::samples()
{
    const QDir dir(samplesDir());
    if (!dir.exists())
        QSKIP("../shared/samples is absent");
    const ProfileSource s01 = discoverProfile(
        dir.filePath(QStringLiteral("ascend-2025-01/level1/rank0_ascend_pt")), SourceFormat::Text);
    QCOMPARE(int(s01.ranks.size()), 1);
    const auto r01 = loadRankSummary(s01.ranks.front());
    QVERIFY(r01->metadata.found);
    QCOMPARE(r01->metadata.envVariables.size(), std::size_t(8));
    QCOMPARE(r01->metadata.env(u"PYTORCH_NPU_ALLOC_CONF"), std::optional<QString>(QString()));
    QVERIFY(!r01->metadata.distributedArgs);
    for (int rank : { 0, 1, 2, 3 }) {
        const ProfileSource s = discoverProfile(
            dir.filePath(QStringLiteral("ascend-2025-11/rank_%1_ascend_pt").arg(rank)));
        const auto r = loadRankSummary(s.ranks.front());
        QVERIFY(r->issues.isEmpty());
        QVERIFY(r->metadata.distributedArgs);
        QCOMPARE(r->metadata.distributedArgs->rank, std::optional<int>(rank));
        QCOMPARE(r->metadata.distributedArgs->worldSize, std::optional<int>(4));
        QCOMPARE(r->metadata.distributedArgs->pipelineParallel, std::optional<int>(2));
        const ParallelGroup *all = r->metadata.group(u"group_name_0");
        QVERIFY(all);
        QCOMPARE(all->name, QStringLiteral("default_group"));
        QCOMPARE(all->globalRanks, std::vector<int>({ 0, 1, 2, 3 }));
        QCOMPARE(all->groupRank, std::optional<int>(rank));
        // Every group this rank is in holds it.
        for (const ParallelGroup &g : r->metadata.parallelGroups)
            QVERIFY2(
                std::find(g.globalRanks.begin(), g.globalRanks.end(), rank) != g.globalRanks.end(),
                qPrintable(g.id));
    }
}

void TstProfilerMetadata::databaseSample()
{
    const QString path
        = QDir(samplesDir()).filePath(QStringLiteral("ascend-2025-01-db/level1/rank0_ascend_pt"));
    if (!QDir(path).exists())
        QSKIP("../shared/samples is absent");
    const ProfileSource s = discoverProfile(path);
    const auto r = loadRankSummary(s.ranks.front());
    QVERIFY(r->metadata.found);
    QVERIFY(r->metadata.path.endsWith(QStringLiteral(".db")));
    QCOMPARE(r->metadata.envVariables.size(), std::size_t(8));
    QCOMPARE(r->metadata.env(u"ACLNN_CACHE_LIMIT"), std::optional<QString>(QString()));
}

QTEST_GUILESS_MAIN(TstProfilerMetadata)
#include "tst_profilermetadata.moc"
