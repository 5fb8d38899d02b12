#include "analysis/rules/timefindings.h"
#include "analysis/stats/kernelkinds.h"
#include "analysis/timeline/gaps.h"
#include "analysis/timeline/stepbreakdown.h"

#include "generatedprofile.h"

#include <QDir>
#include <QTest>

using namespace npuscope;
using namespace npuscope::test;

namespace {

constexpr TimeNs kUs = 1000;
const QString kSamples = QStringLiteral(NPUSCOPE_SAMPLES_DIR);

// A rank with kernel rows only (no trace): two compute streams and one collective.
std::shared_ptr<RankProfile> syntheticRank()
{
    struct Row {
        int stream;
        TimeNs start, duration;
        bool comm;
    };
    const Row rows[] = {
        { 2, 0, 100 * kUs, false }, // A
        { 3, 150 * kUs, 100 * kUs, false }, // D, another stream
        { 2, 300 * kUs, 100 * kUs, false }, // B
        { 2, 405 * kUs, 95 * kUs, false }, // C: 5 us after B, launch jitter
        { -1, 600 * kUs, 300 * kUs, true }, // E: an allreduce
        { 2, 1000 * kUs, 100 * kUs, false }, // F
    };
    auto k = std::make_shared<KernelTable>();
    for (const Row &r : rows) {
        k->name.push_back(k->strings.intern(r.comm ? "hcom_allReduce__1_0_1" : "aclnnAdd_Add_Add"));
        k->type.push_back(k->strings.intern(r.comm ? "hcom_allReduce_" : "Add"));
        k->core.push_back(k->strings.intern(r.comm ? "HCCL" : "AI_VECTOR_CORE"));
        k->step.push_back(k->strings.intern("1"));
        k->stream.push_back(r.comm ? KernelTable::kNoValue : r.stream);
        k->blockDim.push_back(48);
        k->start.push_back(1'000'000'000 + r.start);
        k->duration.push_back(r.duration);
        k->wait.push_back(0);
    }
    auto rank = std::make_shared<RankProfile>();
    rank->kernels = k;
    return rank;
}

QString gapsText(const std::vector<Gap> &gaps)
{
    QStringList parts;
    for (const Gap &g : gaps)
        parts << QStringLiteral("s%1 [%2,%3) %4 row%5")
                     .arg(g.stream)
                     .arg((g.start - 1'000'000'000) / kUs)
                     .arg((g.end - 1'000'000'000) / kUs)
                     .arg(gapCauseId(g.cause))
                     .arg(g.nextRow);
    return parts.join(QStringLiteral("; "));
}

} // namespace

class TstGaps : public QObject {
    Q_OBJECT
private slots:
    void synthetic_data();
    void synthetic();
    void defaultThreshold();
    void plantedHostStalls_data();
    void plantedHostStalls();
    void cleanProfile_data();
    void cleanProfile();
    void plantedCommunication();
    void sampleLevel1();
};

void TstGaps::synthetic_data()
{
    QTest::addColumn<qint64>("threshold");
    QTest::addColumn<QString>("streamGaps");
    QTest::addColumn<QString>("deviceGaps");
    QTest::addColumn<qint64>("idle");
    QTest::newRow("10 us") << qint64(10 * kUs)
                           << "s2 [100,300) unknown row2; s2 [500,1000) communication row5"
                           << "s-1 [100,150) unknown row1; s-1 [250,300) unknown row2; "
                              "s-1 [500,600) unknown row4; s-1 [900,1000) unknown row5"
                           << qint64(300 * kUs);
    QTest::newRow("60 us") << qint64(60 * kUs)
                           << "s2 [100,300) unknown row2; s2 [500,1000) communication row5"
                           << "s-1 [500,600) unknown row4; s-1 [900,1000) unknown row5"
                           << qint64(200 * kUs);
    QTest::newRow("default: median kernel, 100 us")
        << qint64(0) << "s2 [100,300) unknown row2; s2 [500,1000) communication row5"
        << "s-1 [500,600) unknown row4; s-1 [900,1000) unknown row5" << qint64(200 * kUs);
}

void TstGaps::synthetic()
{
    QFETCH(qint64, threshold);
    QFETCH(QString, streamGaps);
    QFETCH(QString, deviceGaps);
    QFETCH(qint64, idle);
    const auto rank = syntheticRank();
    const KernelKinds kinds(*rank->kernels);
    const GapAnalysis a = findGaps(*rank, kinds, GapOptions { threshold });
    QCOMPARE(gapsText(a.streamGaps), streamGaps);
    QCOMPARE(gapsText(a.deviceGaps), deviceGaps);
    QCOMPARE(a.deviceIdleNs, idle);
    QCOMPARE(a.deviceIdleByCause[std::size_t(GapCause::Unknown)], idle);
    // The stream gap of [500, 1000) is covered by the allreduce for 300 us.
    QCOMPARE(a.streamGaps.back().commNs, 300 * kUs);
}

void TstGaps::defaultThreshold()
{
    const auto rank = syntheticRank();
    const KernelKinds kinds(*rank->kernels);
    QCOMPARE(defaultGapThreshold(rank->kernels.get(), &kinds), 100 * kUs);
    QCOMPARE(defaultGapThreshold(nullptr, nullptr), 10 * kUs); // the floor
}

void TstGaps::plantedHostStalls_data()
{
    QTest::addColumn<quint64>("seed");
    QTest::addColumn<qint64>("events");
    QTest::newRow("seed 1") << quint64(1) << qint64(4000);
    QTest::newRow("seed 2") << quint64(2) << qint64(4000);
    QTest::newRow("seed 3, larger") << quint64(3) << qint64(12000);
}

void TstGaps::plantedHostStalls()
{
    QFETCH(quint64, seed);
    QFETCH(qint64, events);
    const auto g = generate(QStringLiteral("hostbound"), seed, 1, events);
    QVERIFY(g->ok());
    const RankProfile &rank = g->rank();
    const KernelKinds kinds(*rank.kernels);
    const GapAnalysis a = findGaps(rank, kinds);
    const std::vector<qint32> stalled = stalledKernels(*rank.kernels, kinds);
    QCOMPARE(qint64(stalled.size()), g->truth().hostGaps);
    // Every planted stall (.item(), then python work) is a device-wide gap that ends at the
    // stalled kernel, right after a synchronising call, launched late by the host.
    for (qint32 row : stalled) {
        const TimeNs start = rank.kernels->start[std::size_t(row)];
        const auto it = std::find_if(a.deviceGaps.begin(), a.deviceGaps.end(),
            [&](const Gap &gap) { return gap.end == start; });
        QVERIFY2(it != a.deviceGaps.end(), qPrintable(QString::number(row)));
        QCOMPARE(it->cause, GapCause::HostSync);
        QCOMPARE(it->nextRow, row);
        QCOMPARE(it->duration(), rank.kernels->wait[std::size_t(row)]);
        QVERIFY(it->launch.isValid());
        QVERIFY(it->hostLateNs > it->duration() / 2);
        QVERIFY(it->sync.isValid());
        const QString sync = rank.trace->strings.string(rank.trace->event(it->sync).name);
        QVERIFY2(sync == QLatin1String("aten::item")
                || sync == QLatin1String("aten::_local_scalar_dense")
                || sync.startsWith(QLatin1String("AscendCL@aclrtSynchronize")),
            qPrintable(sync));
    }
    for (const Gap &gap : a.deviceGaps)
        QCOMPARE(gap.cause, GapCause::HostSync); // the stalls and the step-end loss.item()
    QCOMPARE(a.deviceGapsByCause[std::size_t(GapCause::Unknown)], qint64(0));
}

void TstGaps::cleanProfile_data()
{
    QTest::addColumn<quint64>("seed");
    QTest::newRow("seed 1") << quint64(1);
    QTest::newRow("seed 5") << quint64(5);
    QTest::newRow("seed 9") << quint64(9);
}

void TstGaps::cleanProfile()
{
    QFETCH(quint64, seed);
    const auto g = generate(QString(), seed);
    QVERIFY(g->ok());
    const RankProfile &rank = g->rank();
    const KernelKinds kinds(*rank.kernels);
    const GapAnalysis a = findGaps(rank, kinds);
    // A clean run idles only between steps, while the host syncs on the loss and loads data.
    QVERIFY(a.deviceGaps.size() < g->truth().steps.size());
    for (const Gap &gap : a.deviceGaps)
        QCOMPARE(gap.cause, GapCause::HostSync);
    const std::vector<StepSpan> spans = findStepSpans(*rank.trace);
    for (const Gap &gap : a.deviceGaps) {
        QVERIFY(gap.start >= spans.front().start);
        QVERIFY(gap.end <= spans.back().end);
    }
}

void TstGaps::plantedCommunication()
{
    const auto g = generate(QStringLiteral("commnotoverlapped"), 2);
    QVERIFY(g->ok());
    const RankProfile &rank = g->rank();
    const KernelKinds kinds(*rank.kernels);
    const GapAnalysis a = findGaps(rank, kinds);
    // The compute stream waits for each unhidden allreduce; the device is not idle then.
    qint64 comm = 0;
    for (const Gap &gap : a.streamGaps)
        comm += gap.cause == GapCause::Communication ? 1 : 0;
    QCOMPARE(comm, g->truth().commOps);
    QCOMPARE(a.deviceGapsByCause[std::size_t(GapCause::Communication)], qint64(0));
    QCOMPARE(a.deviceGapsByCause[std::size_t(GapCause::Host)], qint64(0));
    // Those kernels wait 10x their duration, yet none of them is stalled by the host.
    QVERIFY(g->truth().waitOver10xKernels > 0);
    QVERIFY(stalledKernels(*rank.kernels, kinds).empty());
}

void TstGaps::sampleLevel1()
{
    const QString path = kSamples + QStringLiteral("/ascend-2025-01/level1/rank0_ascend_pt");
    if (!QDir(path).exists())
        QSKIP("samples not present");
    const LoadResult loaded = loadProfile(path);
    const RankProfile &rank = *loaded.profile->ranks[0];
    const KernelKinds kinds(*rank.kernels);
    const GapAnalysis a = findGaps(rank, kinds);
    QCOMPARE(a.thresholdNs, TimeNs(17320)); // median of the 187 compute Durations, 17.320 us
    QVERIFY(!a.deviceGaps.empty());
    QCOMPARE(a.deviceGapsByCause[std::size_t(GapCause::Communication)], qint64(0));
    // The largest idle stretch: the step's first TransData waits for the host, which was
    // blocked in .item() (aten::item -> aclrtSynchronizeStreamWithTimeout) until the device
    // drained.
    const Gap &largest = *std::max_element(a.deviceGaps.begin(), a.deviceGaps.end(),
        [](const Gap &x, const Gap &y) { return x.duration() < y.duration(); });
    QCOMPARE(largest.cause, GapCause::HostSync);
    QCOMPARE(rank.kernels->strings.string(rank.kernels->name[std::size_t(largest.nextRow)]),
        QStringLiteral("trans_TransData_0"));
    QVERIFY(largest.duration() > 3'000'000);
    // Streams 2 and 3 carry compute; stream 2 waits for the allreduces.
    QVERIFY(std::any_of(a.streamGaps.begin(), a.streamGaps.end(),
        [](const Gap &g) { return g.stream == 2 && g.cause == GapCause::Communication; }));
    QVERIFY(std::all_of(a.streamGaps.begin(), a.streamGaps.end(),
        [](const Gap &g) { return g.stream == 2 || g.stream == 3; }));
}

QTEST_GUILESS_MAIN(TstGaps)
#include "tst_gaps.moc"
