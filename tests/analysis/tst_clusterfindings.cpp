#include "analysis/rules/clusterfindings.h"

#include <QTest>

using namespace npuscope;

namespace {

struct RankSteps {
    double computeMs = 0, commMs = 0, freeMs = 0;
};

TimeNs ns(double ms) { return TimeNs(ms * 1e6 + 0.5); }

// A run of ranks 0..n-1 whose every step has the given times, two steps each.
struct Run {
    Profile profile;
    std::vector<RankAnalysis> ranks;
};

Run makeRun(const std::vector<RankSteps> &times)
{
    Run run;
    for (std::size_t r = 0; r < times.size(); ++r) {
        auto rank = std::make_shared<RankProfile>();
        rank->source.rank = int(r);
        run.profile.ranks.push_back(rank);
        StepBreakdown b;
        b.computeNs = ns(times[r].computeMs);
        b.commNotOverlappedNs = ns(times[r].commMs);
        b.freeNs = ns(times[r].freeMs);
        b.wallNs = b.computeNs + b.commNotOverlappedNs + b.freeNs;
        b.start = TimeNs(r) * 1'000'000'000;
        b.end = b.start + b.wallNs;
        RankAnalysis a;
        a.steps = { b, b };
        run.ranks.push_back(std::move(a));
    }
    return run;
}

ParallelLayout twoStages()
{
    QString error;
    return *megatronLayout({ 4, 1, 2, 2, 1, 1 }, &error);
}

QStringList idsOf(const std::vector<Finding> &findings)
{
    QStringList ids;
    for (const Finding &f : findings)
        ids << f.id;
    return ids;
}

CheckStatus statusOf(const std::vector<FindingCheck> &checks, const char *id)
{
    for (const FindingCheck &c : checks) {
        if (c.id == QLatin1String(id))
            return c.status;
    }
    qFatal("no check %s", id);
}

// ascend-2025-11's step_trace_time.csv, step 13: stage 0 (ranks 0, 1) computes ~231 ms, stage 1
// (ranks 2, 3) ~401 ms; within each stage the ranks agree.
const std::vector<RankSteps> kSample
    = { { 231.29009, 420.17426, 158.558 }, { 230.90372, 441.70838, 136.81956 },
          { 400.44826, 277.64966, 131.70528 }, { 401.1317, 261.49844, 147.5202 } };

} // namespace

class TestClusterFindings : public QObject {
    Q_OBJECT
private slots:
    void stagesNotRanks();
    void unknownLayoutComparesAllRanks();
    void stageThreshold_data();
    void stageThreshold();
    void slowRankWithinItsStage();
    void oneStageNotChecked();
};

void TestClusterFindings::stagesNotRanks()
{
    const Run run = makeRun(kSample);
    std::vector<FindingCheck> checks;
    const auto findings = findProfileFindings(run.profile, run.ranks, twoStages(), &checks);
    QCOMPARE(idsOf(findings), QStringList { QStringLiteral("pp-stage-imbalance") });
    QCOMPARE(statusOf(checks, FindingId::kRankImbalance), CheckStatus::Clear);
    QCOMPARE(statusOf(checks, FindingId::kPpStageImbalance), CheckStatus::Found);
    const Finding &f = findings.front();
    // Each stage's compute is the maximum over its ranks: 401.1317 - 231.29009 ms.
    const TimeNs lag = ns(401.1317) - ns(231.29009);
    QCOMPARE(f.metric(u"compute_lag"), double(lag));
    QVERIFY2(f.title.contains(QLatin1String("stage 1 (ranks 2, 3)")), qPrintable(f.title));
    QVERIFY2(f.title.contains(QLatin1String("stage 0 (ranks 0, 1)")), qPrintable(f.title));
    QVERIFY2(f.title.contains(formatDuration(lag)), qPrintable(f.title));
    double mean = 0;
    for (const RankSteps &s : kSample)
        mean += (ns(s.computeMs) + ns(s.commMs) + ns(s.freeMs)) / 4.0;
    QCOMPARE(f.metric(u"compute_spread"), double(lag) / mean);
    QCOMPARE(f.severity, FindingSeverity::Critical); // 21% of the step
    QCOMPARE(f.metric(u"slowest_stage"), 1.0);
    QCOMPARE(f.evidence.size(), std::size_t(2));
    QCOMPARE(f.evidence[1].rankIndex, 3); // stage 1's rank with the most compute
}

// Without the layout the ranks are compared as one group, as before: rank 3 against rank 1.
void TestClusterFindings::unknownLayoutComparesAllRanks()
{
    const Run run = makeRun(kSample);
    std::vector<FindingCheck> checks;
    const auto findings = findProfileFindings(run.profile, run.ranks, ParallelLayout {}, &checks);
    QCOMPARE(idsOf(findings), QStringList { QStringLiteral("rank-imbalance") });
    QCOMPARE(findings.front().metric(u"slowest_rank"), 3.0);
    QCOMPARE(statusOf(checks, FindingId::kPpStageImbalance), CheckStatus::NotChecked);
}

void TestClusterFindings::stageThreshold_data()
{
    QTest::addColumn<double>("lagMs");
    QTest::addColumn<bool>("fires");
    // Every rank's step is 1000 ms: the lag's share of it is lag / 1000 ms; the threshold 5%.
    QTest::newRow("just below") << 49.999 << false;
    QTest::newRow("at the threshold") << 50.0 << true;
}

void TestClusterFindings::stageThreshold()
{
    QFETCH(double, lagMs);
    QFETCH(bool, fires);
    const Run run = makeRun({ { 500, 0, 500 }, { 500, 0, 500 }, { 500 + lagMs, 0, 500 - lagMs },
        { 500 + lagMs, 0, 500 - lagMs } });
    const auto findings = findProfileFindings(run.profile, run.ranks, twoStages(), nullptr);
    QCOMPARE(idsOf(findings).contains(QLatin1String("pp-stage-imbalance")), fires);
    QVERIFY(!idsOf(findings).contains(QLatin1String("rank-imbalance")));
}

void TestClusterFindings::slowRankWithinItsStage()
{
    const Run run = makeRun({ { 300, 100, 100 }, { 300, 100, 100 }, { 400, 50, 50 },
        { 500, 0, 0 } }); // rank 3 computes 100 ms more than rank 2, its stage peer
    const auto findings = findProfileFindings(run.profile, run.ranks, twoStages(), nullptr);
    QVERIFY(idsOf(findings).contains(QLatin1String("rank-imbalance")));
    for (const Finding &f : findings) {
        if (f.id != QLatin1String(FindingId::kRankImbalance))
            continue;
        QCOMPARE(f.metric(u"slowest_rank"), 3.0);
        QCOMPARE(f.metric(u"fastest_rank"), 2.0);
        QCOMPARE(f.metric(u"compute_lag"), double(ns(100)));
        QCOMPARE(f.metric(u"ranks"), 2.0);
        QVERIFY(f.details.front().contains(QLatin1String("ranks 2, 3")));
    }
}

void TestClusterFindings::oneStageNotChecked()
{
    const Run run = makeRun(kSample);
    QString error;
    std::vector<FindingCheck> checks;
    findProfileFindings(
        run.profile, run.ranks, *megatronLayout({ 4, 1, 1, 4, 1, 1 }, &error), &checks);
    QCOMPARE(statusOf(checks, FindingId::kPpStageImbalance), CheckStatus::NotChecked);
}

QTEST_APPLESS_MAIN(TestClusterFindings)
#include "tst_clusterfindings.moc"
