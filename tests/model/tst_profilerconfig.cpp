#include "model/profile/profilerconfig.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace npuscope;

class TstProfilerConfig : public QObject {
    Q_OBJECT
private slots:
    void current();
    void old2023Keys();
    void newer2025Variant();
    void garbage_data();
    void garbage();
    void samples();
};

void TstProfilerConfig::current()
{
    const QByteArray json
        = R"({"config": {"common_config": {"activities": ["ProfilerActivity.CPU", "ProfilerActivity.NPU"],
        "schedule": {"wait": 0, "active": 1, "warmup": 10, "repeat": 1, "skip_first": 40},
        "record_shapes": true, "profile_memory": true, "with_stack": true, "with_flops": false, "with_modules": true},
        "experimental_config": {"_profiler_level": "Level1", "_aic_metrics": "ACL_AICORE_PIPE_UTILIZATION", "_l2_cache": true, "_export_type": "text"}},
        "end_info": {"collectionTimeEnd": 1736408884023552840}, "rank_id": 0, "torch_npu_version": "2.1.0", "cann_version": "8.0.RC3"})";
    IssueList issues;
    const ProfilerConfig c = parseProfilerConfig(json, QStringLiteral("p.json"), &issues);
    QVERIFY(issues.isEmpty());
    QVERIFY(c.found);
    QCOMPARE(c.level, QStringLiteral("Level1"));
    QCOMPARE(c.aicMetrics, QStringLiteral("ACL_AICORE_PIPE_UTILIZATION"));
    QCOMPARE(c.withStack, std::optional<bool>(true));
    QCOMPARE(c.recordShapes, std::optional<bool>(true));
    QCOMPARE(c.profileMemory, std::optional<bool>(true));
    QCOMPARE(c.withFlops, std::optional<bool>(false));
    QVERIFY(c.schedule);
    QCOMPARE(c.schedule->warmup, std::optional<int>(10));
    QCOMPARE(c.schedule->skipFirst, std::optional<int>(40));
    QCOMPARE(c.rankId, std::optional<int>(0));
    QCOMPARE(c.torchNpuVersion, QStringLiteral("2.1.0"));
    QCOMPARE(c.activities.size(), 2);
}

void TstProfilerConfig::old2023Keys()
{
    const QByteArray json
        = R"({"config": {"common_config": {"schedule": {"_wait": 1, "_warmup": 1, "_active": 3, "_repeat": 1},
        "with_stack": false}, "experimental_config": {"_profiler_level": "Level0"}}})";
    IssueList issues;
    const ProfilerConfig c = parseProfilerConfig(json, QStringLiteral("p.json"), &issues);
    QVERIFY(c.schedule);
    QCOMPARE(c.schedule->active, std::optional<int>(3));
    QCOMPARE(c.schedule->wait, std::optional<int>(1));
    QCOMPARE(c.withStack, std::optional<bool>(false));
    QVERIFY(!c.profileMemory.has_value());
    QVERIFY(!c.rankId.has_value());
    QVERIFY(c.torchNpuVersion.isEmpty());
}

void TstProfilerConfig::newer2025Variant()
{
    const QByteArray json = R"({"config": {"common_config": {"schedule": null},
        "experimental_config": {"_profiler_level": "Level2", "_export_type": ["text", "db"]}}, "rank_id": "3"})";
    IssueList issues;
    const ProfilerConfig c = parseProfilerConfig(json, QStringLiteral("p.json"), &issues);
    QCOMPARE(c.rankId, std::optional<int>(3));
    QCOMPARE(c.exportType, QStringLiteral("text,db"));
    QVERIFY(!c.schedule.has_value());
}

void TstProfilerConfig::garbage_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("truncated") << QByteArray(R"({"config": {"common_)");
    QTest::newRow("array") << QByteArray("[1,2]");
    QTest::newRow("binary") << QByteArray("\x00\x01\x02\xff", 4);
}

void TstProfilerConfig::garbage()
{
    QFETCH(QByteArray, json);
    IssueList issues;
    const ProfilerConfig c = parseProfilerConfig(json, QStringLiteral("bad.json"), &issues);
    QVERIFY(!c.found);
    QCOMPARE(issues.size(), 1);
    QCOMPARE(issues.first().file, QStringLiteral("bad.json"));
    QCOMPARE(issues.first().severity, Severity::Warning);
}

void TstProfilerConfig::samples()
{
    const QString base = QStringLiteral(NPUSCOPE_SAMPLES_DIR);
    if (!QDir(base).exists())
        QSKIP("samples not present");
    IssueList issues;
    const ProfilerConfig l1 = readProfilerConfig(
        base + QStringLiteral("/ascend-2025-01/level1/rank0_ascend_pt/profiler_info_0.json"),
        &issues);
    QCOMPARE(l1.level, QStringLiteral("Level1"));
    QCOMPARE(l1.withStack, std::optional<bool>(true));
    QCOMPARE(l1.rankId, std::optional<int>(0));
    const ProfilerConfig n = readProfilerConfig(
        base + QStringLiteral("/ascend-2025-11/rank_2_ascend_pt/profiler_info_2.json"), &issues);
    QCOMPARE(n.rankId, std::optional<int>(2));
    QCOMPARE(n.level, QStringLiteral("Level2"));
    QVERIFY(!n.torchNpuVersion.isEmpty());
    QVERIFY(issues.isEmpty());
}

QTEST_APPLESS_MAIN(TstProfilerConfig)
#include "tst_profilerconfig.moc"
