#include "analysis/stats/histogram.h"

#include <QTest>

using namespace npuscope;

class TestHistogram : public QObject {
    Q_OBJECT

private slots:
    void linearBins();
    void logarithmicBins();
    void degenerateInputs();
};

void TestHistogram::linearBins()
{
    // 10..19 µs: max/min < 20, so 10 equal bins of 1 µs.
    std::vector<TimeNs> d;
    for (int i = 0; i < 10; ++i)
        d.push_back(TimeNs(10'000 + i * 1'000));
    d.push_back(19'000); // the maximum twice: it belongs to the last bin
    const Histogram h = durationHistogram(d, 10);
    QVERIFY(!h.logarithmic);
    QCOMPARE(h.counts.size(), std::size_t(10));
    QCOMPARE(h.edges.front(), TimeNs(10'000));
    QCOMPARE(h.edges.back(), TimeNs(19'001));
    QCOMPARE(h.total(), qint64(d.size()));
    QCOMPARE(h.counts.back(), qint64(2));
    for (std::size_t i = 0; i + 1 < h.counts.size(); ++i)
        QCOMPARE(h.counts[i], qint64(1));
}

void TestHistogram::logarithmicBins()
{
    // Durations from 1 µs to 10 ms: decades get equal room.
    std::vector<TimeNs> d = { 1'000, 1'000, 10'000, 100'000, 1'000'000, 10'000'000 };
    const Histogram h = durationHistogram(d, 4);
    QVERIFY(h.logarithmic);
    QCOMPARE(h.edges.size(), std::size_t(5));
    QCOMPARE(h.edges[1], TimeNs(10'000));
    QCOMPARE(h.edges[2], TimeNs(100'000));
    QCOMPARE(h.edges[3], TimeNs(1'000'000));
    QCOMPARE(h.counts, (std::vector<qint64> { 2, 1, 1, 2 }));
    QCOMPARE(h.total(), qint64(6));
}

void TestHistogram::degenerateInputs()
{
    QVERIFY(durationHistogram({}).counts.empty());
    const Histogram same = durationHistogram({ 5, 5, 5 });
    QCOMPARE(same.counts, (std::vector<qint64> { 3 }));
    // Fewer distinct values than bins: no empty zero-width bins.
    const Histogram few = durationHistogram({ 0, 1, 2 }, 20);
    QCOMPARE(few.total(), qint64(3));
    QVERIFY(few.counts.size() <= 3);
    for (std::size_t i = 0; i + 1 < few.edges.size(); ++i)
        QVERIFY(few.edges[i] < few.edges[i + 1]);
}

QTEST_GUILESS_MAIN(TestHistogram)
#include "tst_histogram.moc"
