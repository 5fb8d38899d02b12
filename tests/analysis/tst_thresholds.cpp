// Every threshold of the findings, approached from both sides: a plant just under the bar is
// clear, one at the bar is found. The profiles are built row by row, so that each share sits
// exactly where the test says.

#include "analysis/rules/findings.h"
#include "analysis/rules/setupfindings.h"

#include <QTest>

#include <memory>

using namespace npuscope;

namespace {

constexpr TimeNs kUs = 1000;
constexpr TimeNs kEpoch = 1'736'408'883'000'000'000; // any absolute time

struct Row {
    const char *name, *type, *core;
    TimeNs start, duration; // ns from kEpoch
    TimeNs wait = 0;
    std::int32_t blockDim = 24;
};

const Row kAdd { "Add", "Add", "AI_VECTOR_CORE", 0, 0 };

Row at(Row r, TimeNs start, TimeNs duration, TimeNs wait = 0)
{
    r.start = start;
    r.duration = duration;
    r.wait = wait;
    return r;
}

Row cube(TimeNs start, TimeNs duration, std::int32_t blockDim)
{
    return { "MatMulV2", "MatMulV2", "AI_CORE", start, duration, 0, blockDim };
}

Row allReduce(TimeNs start, TimeNs duration)
{
    return { "hcom_allReduce__1_0_1", "hcom_allReduce_", "HCCL", start, duration, 0, 0 };
}

// A Level1-like rank with these kernel rows and no trace: its one step is the rows' span.
std::shared_ptr<RankProfile> rankOf(std::initializer_list<Row> rows, bool waitColumn = true)
{
    auto k = std::make_shared<KernelTable>();
    for (const Row &r : rows) {
        k->name.push_back(k->strings.intern(r.name));
        k->type.push_back(k->strings.intern(r.type));
        k->core.push_back(k->strings.intern(r.core));
        k->step.push_back(k->strings.intern("1"));
        k->stream.push_back(2);
        k->blockDim.push_back(r.blockDim);
        k->start.push_back(kEpoch + r.start);
        k->duration.push_back(r.duration);
        k->wait.push_back(waitColumn ? r.wait : 0);
    }
    k->nameColumn = 0, k->typeColumn = 1, k->coreColumn = 2, k->stepColumn = 3;
    k->startColumn = 4, k->durationColumn = 5, k->waitColumn = waitColumn ? 6 : -1;
    k->blockDimColumn = 7;
    auto rank = std::make_shared<RankProfile>();
    rank->kernels = std::move(k);
    return rank;
}

const FindingCheck *checkOf(const RankAnalysis &a, const char *id)
{
    for (const FindingCheck &c : a.checks) {
        if (c.id == QLatin1String(id))
            return &c;
    }
    return nullptr;
}

// "found" / "clear" / "not_checked" of one catalogue entry, and its finding agrees.
QString status(const RankProfile &rank, const char *id, const FindingOptions &options = {})
{
    const RankAnalysis a = analyseRank(rank, options);
    const FindingCheck *c = checkOf(a, id);
    if (!c)
        return QStringLiteral("missing");
    const bool found = std::any_of(a.findings.begin(), a.findings.end(),
        [&](const Finding &f) { return f.id == QLatin1String(id); });
    if (found != (c->status == CheckStatus::Found))
        return QStringLiteral("check and findings disagree");
    return checkStatusName(c->status);
}

const QString kFound = QStringLiteral("found");
const QString kClear = QStringLiteral("clear");

} // namespace

class TstThresholds : public QObject {
    Q_OBJECT
private slots:
    void transDataShare();
    void aiCpuTask();
    void hostBoundShare();
    void hostBoundCommCover();
    void lowBlockDimShare();
    void serialCommunication();
    void overlappedCommunication();
    void unaccountedShare();
    void rankSpread();
    void missingWaitColumn();
    void coreCount();
};

void TstThresholds::transDataShare()
{
    // transdata-overhead: 10% of compute time.
    const Row transData { "trans_TransData_0", "TransData", "AI_VECTOR_CORE", 0, 0 };
    auto profile = [&](TimeNs conversion, TimeNs rest) {
        return rankOf({ at(transData, 0, conversion), at(kAdd, conversion, rest) });
    };
    QCOMPARE(status(*profile(9'999, 90'001), "transdata-overhead"), kClear);
    QCOMPARE(status(*profile(10'000, 90'000), "transdata-overhead"), kFound);
}

void TstThresholds::aiCpuTask()
{
    // ai-cpu-fallback: an AI_CPU task longer than 20 µs (msprof-analyze's strict bar, so the
    // first duration found is 20 µs + 1 ns).
    const Row nonZero { "NonZero", "NonZero", "AI_CPU", 0, 0, 0, 1 };
    auto profile = [&](TimeNs d) { return rankOf({ at(kAdd, 0, 100 * kUs), at(nonZero, 0, d) }); };
    QCOMPARE(status(*profile(20 * kUs), "ai-cpu-fallback"), kClear);
    QCOMPARE(status(*profile(20 * kUs + 1), "ai-cpu-fallback"), kFound);
}

void TstThresholds::hostBoundShare()
{
    // host-bound: stalled waits are 10% of the step outside exposed communication. The stalled
    // kernel runs 1 µs after a 10 µs wait: the step is 0 .. its end.
    auto profile = [&](TimeNs gapStart) {
        return rankOf({ at(kAdd, 0, gapStart), at(kAdd, gapStart + 10 * kUs, kUs, 10 * kUs) });
    };
    QCOMPARE(status(*profile(89 * kUs + 1), "host-bound"), kClear); // 10 / 100.001 µs
    QCOMPARE(status(*profile(89 * kUs), "host-bound"), kFound); // 10 / 100 µs
}

void TstThresholds::hostBoundCommCover()
{
    // A wait half under a collective is a wait for the collective: the row flag and the finding
    // both drop it; a hair less under communication, both count it.
    auto profile = [&](TimeNs commEnd) {
        return rankOf({ at(kAdd, 0, 10 * kUs), allReduce(10 * kUs, commEnd - 10 * kUs),
            at(kAdd, 110 * kUs, kUs, 100 * kUs) });
    };
    for (const auto &[commEnd, flagged] :
        { std::pair { 60 * kUs, false }, std::pair { 60 * kUs - 1, true } }) {
        const auto rank = profile(commEnd);
        const RankAnalysis a = analyseRank(*rank);
        QCOMPARE(bool(a.flags[2] & kFlagHostBound), flagged);
        const auto it = std::find_if(a.findings.begin(), a.findings.end(),
            [](const Finding &f) { return f.id == QLatin1String("host-bound"); });
        QCOMPARE(it != a.findings.end(), flagged); // 100 of 111 µs waited: the share is met
        if (flagged)
            QCOMPARE(it->metric(u"stalled_kernels"), 1.0);
    }
}

void TstThresholds::lowBlockDimShare()
{
    // low-block-dim: tasks of at least 20 µs with a Block Dim not a multiple of the cores, 5% of
    // compute time.
    auto profile = [&](TimeNs full, TimeNs low) {
        return rankOf({ cube(0, full, 24), cube(full, low, 16) });
    };
    FindingOptions cores;
    cores.aiCores = 24;
    QCOMPARE(status(*profile(380 * kUs + 1, 20 * kUs), "low-block-dim", cores), kClear);
    QCOMPARE(status(*profile(380 * kUs, 20 * kUs), "low-block-dim", cores), kFound);
    // The task itself must reach 20 µs (19.999 µs of 399.98 µs would be 5.0%).
    QCOMPARE(status(*profile(380 * kUs - 20, 20 * kUs - 1), "low-block-dim", cores), kClear);
}

void TstThresholds::serialCommunication()
{
    // comm-not-overlapped, no communication overlapped at all: 5% of the step.
    auto profile = [&](TimeNs comm) {
        return rankOf({ at(kAdd, 0, 95 * kUs), allReduce(95 * kUs, comm) });
    };
    QCOMPARE(status(*profile(5 * kUs - 1), "comm-not-overlapped"), kClear); // 4.999 / 99.999
    QCOMPARE(status(*profile(5 * kUs), "comm-not-overlapped"), kFound); // 5 / 100
    // The case: a lone allreduce, 0% overlapped, 9.6% of the step.
    const auto lone = profile(TimeNs(95 * kUs * 0.096 / 0.904));
    const RankAnalysis a = analyseRank(*lone);
    const auto it = std::find_if(a.findings.begin(), a.findings.end(),
        [](const Finding &f) { return f.id == QLatin1String("comm-not-overlapped"); });
    QVERIFY(it != a.findings.end());
    QCOMPARE(it->metric(u"threshold"), 0.05);
    QVERIFY(it->title.contains(QStringLiteral("serially")));
    // Both numbers say where they come from.
    QVERIFY2(it->details.front().contains(QStringLiteral("kernel rows")),
        qPrintable(it->details.front()));
}

void TstThresholds::overlappedCommunication()
{
    // comm-not-overlapped, part of it hidden (0.1 µs): 10% of the step.
    auto profile = [&](TimeNs comm) {
        return rankOf({ at(kAdd, 0, 90 * kUs), allReduce(90 * kUs - 100, comm) });
    };
    QCOMPARE(status(*profile(10'099), "comm-not-overlapped"), kClear); // 9.999 / 99.999
    QCOMPARE(status(*profile(10'100), "comm-not-overlapped"), kFound); // 10 / 100
}

void TstThresholds::unaccountedShare()
{
    // unaccounted-time: step time no task covers, 10% of the step.
    auto profile = [&](TimeNs gap) {
        return rankOf({ at(kAdd, 0, 45 * kUs), at(kAdd, 45 * kUs + gap, 45 * kUs) });
    };
    QCOMPARE(status(*profile(10 * kUs - 1), "unaccounted-time"), kClear); // 9.999 / 99.999
    QCOMPARE(status(*profile(10 * kUs), "unaccounted-time"), kFound); // 10 / 100
}

void TstThresholds::rankSpread()
{
    // rank-imbalance: a spread of 5% of the mean step between the ranks.
    Profile profile;
    for (int r = 0; r < 2; ++r) {
        auto rank = std::make_shared<RankProfile>();
        rank->source.rank = r;
        profile.ranks.push_back(rank);
    }
    auto verdict = [&](TimeNs lag) {
        std::vector<RankAnalysis> ranks(2);
        for (std::size_t r = 0; r < 2; ++r) {
            StepBreakdown b;
            b.computeNs = 95 * kUs + (r == 1 ? lag : 0);
            b.freeNs = 100 * kUs - b.computeNs;
            b.wallNs = 100 * kUs;
            ranks[r].steps = { b };
        }
        std::vector<FindingCheck> checks;
        const auto found = findProfileFindings(profile, ranks, FindingOptions {}, &checks);
        // Then pp-stage-imbalance and slow-link: not checked (no layout, no matrix).
        if (checks.size() != 3 || checks[0].id != QLatin1String("rank-imbalance")
            || checks[1].status != CheckStatus::NotChecked
            || checks[2].status != CheckStatus::NotChecked
            || (checks[0].status == CheckStatus::Found) != !found.empty())
            return QStringLiteral("bad checks");
        return checkStatusName(checks[0].status);
    };
    QCOMPARE(verdict(5 * kUs - 1), kClear);
    QCOMPARE(verdict(5 * kUs), kFound);
    // One rank: not checked, and it says why.
    std::vector<FindingCheck> checks;
    std::vector<RankAnalysis> one(1);
    one[0].steps = { StepBreakdown {} };
    findProfileFindings(profile, one, FindingOptions {}, &checks);
    QCOMPARE(checks.size(), std::size_t(3));
    for (const FindingCheck &c : checks) {
        QCOMPARE(c.status, CheckStatus::NotChecked);
        QVERIFY(!c.reason.isEmpty() && !c.collect.isEmpty());
    }
}

void TstThresholds::missingWaitColumn()
{
    // Without a Wait Time column (and no trace) the host-bound check cannot run: it must not
    // read the zeros as "no wait".
    auto rank = rankOf({ at(kAdd, 0, 89 * kUs), at(kAdd, 99 * kUs, kUs, 10 * kUs) }, false);
    const RankAnalysis a = analyseRank(*rank);
    const FindingCheck *c = checkOf(a, "host-bound");
    QVERIFY(c);
    QCOMPARE(c->status, CheckStatus::NotChecked);
    QVERIFY2(c->reason.contains(QStringLiteral("Wait Time")), qPrintable(c->reason));
    QVERIFY(!c->collect.isEmpty());
    // The rest is checked: the unaccounted 10 µs of 100 are found.
    QCOMPARE(checkOf(a, "unaccounted-time")->status, CheckStatus::Found);
}

void TstThresholds::coreCount()
{
    // Never guessed from the largest Block Dim (16 here would make every task look full): without
    // the device the check is not made; the device's count, when a loader sets it, is used.
    auto rank = rankOf({ cube(0, 380 * kUs, 16), cube(380 * kUs, 20 * kUs, 16) });
    const RankAnalysis unknown = analyseRank(*rank);
    QCOMPARE(unknown.aiCores, 0);
    QCOMPARE(checkOf(unknown, "low-block-dim")->status, CheckStatus::NotChecked);
    rank->aiCores = 24;
    const RankAnalysis known = analyseRank(*rank);
    QCOMPARE(known.aiCores, 24);
    QCOMPARE(checkOf(known, "low-block-dim")->status, CheckStatus::Found);
    QVERIFY(checkOf(known, "low-block-dim")->reason.contains(QStringLiteral("24 AI Cores")));
    QCOMPARE(known.flags, std::vector<KernelFlags>({ kFlagLowBlockDim, kFlagLowBlockDim }));
}

QTEST_GUILESS_MAIN(TstThresholds)
#include "tst_thresholds.moc"
