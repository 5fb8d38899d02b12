#include "analysis/stats/aggregation.h"

#include <QTest>

#include <algorithm>
#include <map>
#include <random>

using namespace npuscope;

namespace {

KernelTable makeTable()
{
    KernelTable k;
    struct Row {
        const char *name, *type, *core;
        int stream;
        TimeNs duration, wait;
    };
    const Row rows[] = {
        { "trans_TransData_0", "TransData", "AI_VECTOR_CORE", 2, 50000, 0 },
        { "MatMul_1", "MatMul", "AI_CORE", 2, 100000, 1000 },
        { "MatMul_2", "MatMul", "AI_CORE", 3, 300000, 2000 },
        { "trans_TransData_0", "TransData", "AI_VECTOR_CORE", 2, 10000, 500 },
        { "NonZero", "NonZero", "AI_CPU", -1, 40000, 0 },
    };
    TimeNs start = 1000;
    for (const Row &r : rows) {
        k.name.push_back(k.strings.intern(r.name));
        k.type.push_back(k.strings.intern(r.type));
        k.core.push_back(k.strings.intern(r.core));
        k.step.push_back(k.strings.intern(""));
        k.stream.push_back(r.stream);
        k.blockDim.push_back(8);
        k.start.push_back(start);
        k.duration.push_back(r.duration);
        k.wait.push_back(r.wait);
        start += 1000000;
    }
    return k;
}

} // namespace

class TstAggregation : public QObject {
    Q_OBJECT
private slots:
    void byType();
    void byName();
    void byStreamAndSubset();
    void percentiles();
    void manyGroupsAgainstSorting();
};

void TstAggregation::byType()
{
    const KernelTable k = makeTable();
    const auto rows = aggregateKernels(k, AggregateBy::Type);
    QCOMPARE(rows.size(), std::size_t(3));
    QCOMPARE(rows[0].key, QStringLiteral("MatMul"));
    QCOMPARE(rows[0].count, 2);
    QCOMPARE(rows[0].total, TimeNs(400000));
    QCOMPARE(rows[0].mean, TimeNs(200000));
    QCOMPARE(rows[0].max, TimeNs(300000));
    QCOMPARE(rows[0].min, TimeNs(100000));
    QCOMPARE(rows[0].totalWait, TimeNs(3000));
    QCOMPARE(rows[1].key, QStringLiteral("TransData"));
    QCOMPARE(rows[1].total, TimeNs(60000));
    QCOMPARE(rows[2].key, QStringLiteral("NonZero"));
    double shares = 0;
    for (const auto &r : rows)
        shares += r.share;
    QCOMPARE(shares, 1.0);
    QCOMPARE(rows[0].share, 400000.0 / 500000.0);
}

void TstAggregation::byName()
{
    const KernelTable k = makeTable();
    const auto rows = aggregateKernels(k, AggregateBy::Name);
    QCOMPARE(rows.size(), std::size_t(4));
    QCOMPARE(rows[0].key, QStringLiteral("MatMul_2"));
    QCOMPARE(rows[2].key, QStringLiteral("trans_TransData_0"));
    QCOMPARE(rows[2].count, 2);
}

void TstAggregation::byStreamAndSubset()
{
    const KernelTable k = makeTable();
    const auto streams = aggregateKernels(k, AggregateBy::Stream);
    QCOMPARE(streams.size(), std::size_t(3));
    QCOMPARE(streams[0].key, QStringLiteral("3"));
    QCOMPARE(streams[2].key, QStringLiteral("N/A"));
    const std::vector<qint32> subset { 0, 3 };
    const auto sub = aggregateKernels(k, AggregateBy::AcceleratorCore, &subset);
    QCOMPARE(sub.size(), std::size_t(1));
    QCOMPARE(sub[0].key, QStringLiteral("AI_VECTOR_CORE"));
    QCOMPARE(sub[0].share, 1.0);
}

void TstAggregation::percentiles()
{
    KernelTable k;
    for (int i = 1; i <= 100; ++i) {
        k.name.push_back(k.strings.intern("k"));
        k.type.push_back(k.strings.intern("T"));
        k.core.push_back(k.strings.intern("AI_CORE"));
        k.step.push_back(k.strings.intern(""));
        k.stream.push_back(0);
        k.blockDim.push_back(1);
        k.start.push_back(i);
        k.duration.push_back(i * 10);
        k.wait.push_back(0);
    }
    const auto rows = aggregateKernels(k, AggregateBy::Name);
    QCOMPARE(rows[0].p50, TimeNs(500));
    QCOMPARE(rows[0].p90, TimeNs(900));
    QCOMPARE(rows[0].p99, TimeNs(990));
}

// Groups of 1 to 60 rows, interleaved, durations shuffled, streams numbered past the dense slot
// table (1 << 20) as well as below it: every group's count, sums, min, max and nearest-rank
// percentiles against sorting its durations.
void TstAggregation::manyGroupsAgainstSorting()
{
    KernelTable k;
    std::mt19937 random(7);
    std::map<int, std::vector<TimeNs>> byStream;
    for (int g = 0; g < 40; ++g) {
        const int stream = g % 2 == 0 ? g : 5'000'000 + g;
        for (int i = 0; i <= g + g % 7 * 3; ++i)
            byStream[stream].push_back(TimeNs(random() % 1000) * (g + 1));
    }
    std::vector<std::pair<int, TimeNs>> rows;
    for (const auto &[stream, durations] : byStream)
        for (const TimeNs d : durations)
            rows.emplace_back(stream, d);
    std::shuffle(rows.begin(), rows.end(), random);
    for (const auto &[stream, duration] : rows) {
        k.name.push_back(k.strings.intern("k"));
        k.type.push_back(k.strings.intern("T"));
        k.core.push_back(k.strings.intern("AI_CORE"));
        k.step.push_back(k.strings.intern(""));
        k.stream.push_back(stream);
        k.blockDim.push_back(1);
        k.start.push_back(0);
        k.duration.push_back(duration);
        k.wait.push_back(duration / 2);
    }
    const auto out = aggregateKernels(k, AggregateBy::Stream);
    QCOMPARE(out.size(), byStream.size());
    for (const AggregateRow &a : out) {
        std::vector<TimeNs> d = byStream.at(a.key.toInt());
        std::sort(d.begin(), d.end());
        const auto rank = [&](std::size_t pct) { // nearest rank, 1-based
            return d[std::max<std::size_t>(1, (pct * d.size() + 99) / 100) - 1];
        };
        TimeNs total = 0, wait = 0;
        for (const TimeNs x : d) {
            total += x;
            wait += x / 2;
        }
        QCOMPARE(a.count, qint64(d.size()));
        QCOMPARE(a.total, total);
        QCOMPARE(a.totalWait, wait);
        QCOMPARE(a.min, d.front());
        QCOMPARE(a.max, d.back());
        QCOMPARE(a.p50, rank(50));
        QCOMPARE(a.p90, rank(90));
        QCOMPARE(a.p99, rank(99));
    }
}

QTEST_APPLESS_MAIN(TstAggregation)
#include "tst_aggregation.moc"
