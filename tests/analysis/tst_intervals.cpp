#include "analysis/stats/intervals.h"

#include <QTest>

#include <random>

using namespace npuscope;

using Intervals = std::vector<Interval>;
Q_DECLARE_METATYPE(Intervals)

namespace {

QString text(const std::vector<Interval> &v)
{
    QStringList parts;
    for (const Interval &i : v)
        parts << QStringLiteral("[%1,%2)").arg(i.start).arg(i.end);
    return parts.join(QLatin1Char(' '));
}

} // namespace

class TstIntervals : public QObject {
    Q_OBJECT
private slots:
    void unionOf_data();
    void unionOf();
    void coveredWithin_data();
    void coveredWithin();
    void holes_data();
    void holes();
    void intersected();
    void clipped();
    void clippedMatchesScan();
};

void TstIntervals::unionOf_data()
{
    QTest::addColumn<Intervals>("input");
    QTest::addColumn<QString>("merged");
    QTest::addColumn<qint64>("total");
    QTest::newRow("empty") << Intervals {} << QString() << qint64(0);
    QTest::newRow("unsorted, disjoint")
        << Intervals { { 30, 40 }, { 0, 10 } } << QStringLiteral("[0,10) [30,40)") << qint64(20);
    QTest::newRow("overlapping") << Intervals { { 0, 10 }, { 5, 20 }, { 15, 18 } }
                                 << QStringLiteral("[0,20)") << qint64(20);
    QTest::newRow("touching merge")
        << Intervals { { 0, 10 }, { 10, 20 } } << QStringLiteral("[0,20)") << qint64(20);
    QTest::newRow("nested") << Intervals { { 0, 100 }, { 10, 20 } } << QStringLiteral("[0,100)")
                            << qint64(100);
    QTest::newRow("empty and inverted dropped")
        << Intervals { { 5, 5 }, { 9, 3 }, { 1, 2 } } << QStringLiteral("[1,2)") << qint64(1);
}

void TstIntervals::unionOf()
{
    QFETCH(Intervals, input);
    QFETCH(QString, merged);
    QFETCH(qint64, total);
    const IntervalSet s = IntervalSet::fromUnsorted(input);
    QCOMPARE(text(s.intervals()), merged);
    QCOMPARE(s.total(), total);
}

void TstIntervals::coveredWithin_data()
{
    QTest::addColumn<qint64>("a");
    QTest::addColumn<qint64>("b");
    QTest::addColumn<qint64>("covered");
    // set: [10,20) [30,40) [50,60)
    QTest::newRow("all") << qint64(0) << qint64(100) << qint64(30);
    QTest::newRow("inside one") << qint64(12) << qint64(18) << qint64(6);
    QTest::newRow("in a hole") << qint64(21) << qint64(29) << qint64(0);
    QTest::newRow("partial both ends") << qint64(15) << qint64(55) << qint64(20);
    QTest::newRow("exact interval") << qint64(30) << qint64(40) << qint64(10);
    QTest::newRow("empty range") << qint64(35) << qint64(35) << qint64(0);
    QTest::newRow("before") << qint64(0) << qint64(10) << qint64(0);
    QTest::newRow("after") << qint64(60) << qint64(70) << qint64(0);
}

void TstIntervals::coveredWithin()
{
    QFETCH(qint64, a);
    QFETCH(qint64, b);
    QFETCH(qint64, covered);
    const IntervalSet s = IntervalSet::fromUnsorted({ { 50, 60 }, { 10, 20 }, { 30, 40 } });
    QCOMPARE(s.coveredWithin(a, b), covered);
}

void TstIntervals::holes_data()
{
    QTest::addColumn<qint64>("a");
    QTest::addColumn<qint64>("b");
    QTest::addColumn<QString>("holes");
    QTest::newRow("all") << qint64(0) << qint64(70)
                         << QStringLiteral("[0,10) [20,30) [40,50) [60,70)");
    QTest::newRow("between first and last")
        << qint64(10) << qint64(60) << QStringLiteral("[20,30) [40,50)");
    QTest::newRow("inside a busy interval") << qint64(12) << qint64(18) << QString();
    QTest::newRow("from inside") << qint64(15) << qint64(35) << QStringLiteral("[20,30)");
}

void TstIntervals::holes()
{
    QFETCH(qint64, a);
    QFETCH(qint64, b);
    QFETCH(QString, holes);
    const IntervalSet s = IntervalSet::fromUnsorted({ { 10, 20 }, { 30, 40 }, { 50, 60 } });
    QCOMPARE(text(s.holes(a, b)), holes);
}

void TstIntervals::intersected()
{
    const IntervalSet compute = IntervalSet::fromUnsorted({ { 0, 10 }, { 20, 30 }, { 40, 50 } });
    const IntervalSet comm = IntervalSet::fromUnsorted({ { 5, 25 }, { 45, 100 } });
    const IntervalSet both = compute.intersected(comm);
    QCOMPARE(text(both.intervals()), QStringLiteral("[5,10) [20,25) [45,50)"));
    QCOMPARE(both.total(), TimeNs(15));
    QCOMPARE(comm.intersected(compute).total(), TimeNs(15));
    QCOMPARE(compute.intersected(IntervalSet()).total(), TimeNs(0));
}

void TstIntervals::clipped()
{
    const IntervalSet s = IntervalSet::fromUnsorted({ { 0, 10 }, { 20, 30 } });
    QCOMPARE(text(s.clipped(5, 25).intervals()), QStringLiteral("[5,10) [20,25)"));
    QCOMPARE(s.clipped(5, 25).total(), TimeNs(10));
    QVERIFY(s.clipped(11, 19).isEmpty());
}

// clipped() searches for its first piece; a plain scan of every interval is the reference. Ranges
// start and end inside, between, on and beyond the intervals' bounds, and are empty or reversed.
void TstIntervals::clippedMatchesScan()
{
    std::mt19937 rng(7);
    for (int round = 0; round < 300; ++round) {
        Intervals raw;
        const int n = int(rng() % 12);
        for (int k = 0; k < n; ++k) {
            const TimeNs a = TimeNs(rng() % 100);
            raw.push_back({ a, a + TimeNs(rng() % 15) });
        }
        const IntervalSet set = IntervalSet::fromUnsorted(raw);
        for (TimeNs a = -2; a <= 102; a += 1 + TimeNs(rng() % 4)) {
            for (TimeNs b = a - 2; b <= 104; b += 1 + TimeNs(rng() % 6)) {
                Intervals expected;
                for (const Interval &i : set.intervals()) {
                    const TimeNs s0 = std::max(i.start, a), e0 = std::min(i.end, b);
                    if (e0 > s0)
                        expected.push_back({ s0, e0 });
                }
                const IntervalSet got = set.clipped(a, b);
                QCOMPARE(text(got.intervals()), text(expected));
                TimeNs total = 0;
                for (const Interval &i : expected)
                    total += i.length();
                QCOMPARE(got.total(), total);
            }
        }
    }
}

QTEST_GUILESS_MAIN(TstIntervals)
#include "tst_intervals.moc"
