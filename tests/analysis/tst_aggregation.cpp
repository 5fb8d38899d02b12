#include "analysis/aggregation.h"

#include <QTest>

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

QTEST_APPLESS_MAIN(TstAggregation)
#include "tst_aggregation.moc"
