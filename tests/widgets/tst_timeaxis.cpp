#include "widgets/timeline/timeaxis.h"

#include <QTest>

using namespace npuscope;

class TestTimeAxis : public QObject {
    Q_OBJECT

private slots:
    void toPixel_data();
    void toPixel();
    void toTime_data();
    void toTime();
    void zoom_data();
    void zoom();
    void pan_data();
    void pan();
    void setRange_data();
    void setRange();
    void niceStep_data();
    void niceStep();
    void tickStep_data();
    void tickStep();
    void firstTick_data();
    void firstTick();
    void formatOffset_data();
    void formatOffset();
    void tickLabel_data();
    void tickLabel();
};

// An epoch-like start (2024 in ns) checks that large absolute times keep ns precision.
static constexpr qint64 kEpoch = 1'717'000'000'000'000'000;

void TestTimeAxis::toPixel_data()
{
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    QTest::addColumn<int>("width");
    QTest::addColumn<qint64>("t");
    QTest::addColumn<double>("x");
    QTest::newRow("left edge") << qint64(0) << qint64(1000) << 100 << qint64(0) << 0.0;
    QTest::newRow("right edge") << qint64(0) << qint64(1000) << 100 << qint64(1000) << 100.0;
    QTest::newRow("middle") << qint64(0) << qint64(1000) << 100 << qint64(500) << 50.0;
    QTest::newRow("before start") << qint64(1000) << qint64(2000) << 100 << qint64(500) << -50.0;
    QTest::newRow("fraction") << qint64(0) << qint64(1000) << 3 << qint64(500) << 1.5;
    QTest::newRow("epoch ns precision") << kEpoch << kEpoch + 1000 << 1000 << kEpoch + 1 << 1.0;
}

void TestTimeAxis::toPixel()
{
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    QFETCH(int, width);
    QFETCH(qint64, t);
    QFETCH(double, x);
    const TimeAxis axis(start, end, width);
    QCOMPARE(axis.toPixel(t), x);
}

void TestTimeAxis::toTime_data()
{
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    QTest::addColumn<int>("width");
    QTest::addColumn<double>("x");
    QTest::addColumn<qint64>("t");
    QTest::newRow("left") << qint64(0) << qint64(1000) << 100 << 0.0 << qint64(0);
    QTest::newRow("right") << qint64(0) << qint64(1000) << 100 << 100.0 << qint64(1000);
    QTest::newRow("rounds to nearest ns") << qint64(0) << qint64(1000) << 300 << 1.0 << qint64(3);
    QTest::newRow("epoch") << kEpoch << kEpoch + 2000 << 1000 << 500.0 << kEpoch + 1000;
    QTest::newRow("negative x") << qint64(0) << qint64(1000) << 100 << -10.0 << qint64(-100);
}

void TestTimeAxis::toTime()
{
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    QFETCH(int, width);
    QFETCH(double, x);
    QFETCH(qint64, t);
    QCOMPARE(TimeAxis(start, end, width).toTime(x), t);
}

void TestTimeAxis::zoom_data()
{
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    QTest::addColumn<qint64>("limitStart");
    QTest::addColumn<qint64>("limitEnd");
    QTest::addColumn<double>("factor");
    QTest::addColumn<double>("anchor");
    QTest::addColumn<qint64>("expectedStart");
    QTest::addColumn<qint64>("expectedEnd");
    // width is 1000 px in every row
    QTest::newRow("in at left edge") << qint64(0) << qint64(10000) << qint64(0) << qint64(10000)
                                     << 0.5 << 0.0 << qint64(0) << qint64(5000);
    QTest::newRow("in at centre") << qint64(0) << qint64(10000) << qint64(0) << qint64(10000) << 0.5
                                  << 500.0 << qint64(2500) << qint64(7500);
    QTest::newRow("in at 3/4 keeps anchor time")
        << qint64(0) << qint64(8000) << qint64(0) << qint64(10000) << 0.5 << 750.0 << qint64(3000)
        << qint64(7000);
    QTest::newRow("out clamps to limits")
        << qint64(2000) << qint64(4000) << qint64(0) << qint64(10000) << 100.0 << 500.0 << qint64(0)
        << qint64(10000);
    QTest::newRow("out near edge shifts inside")
        << qint64(0) << qint64(2000) << qint64(0) << qint64(10000) << 2.0 << 500.0 << qint64(0)
        << qint64(4000);
    QTest::newRow("in clamps to min span")
        << qint64(0) << qint64(1000) << qint64(0) << qint64(10000) << 0.001 << 500.0 << qint64(450)
        << qint64(550);
    QTest::newRow("no limits") << qint64(0) << qint64(1000) << qint64(0) << qint64(0) << 4.0 << 0.0
                               << qint64(0) << qint64(4000);
}

void TestTimeAxis::zoom()
{
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    QFETCH(qint64, limitStart);
    QFETCH(qint64, limitEnd);
    QFETCH(double, factor);
    QFETCH(double, anchor);
    QFETCH(qint64, expectedStart);
    QFETCH(qint64, expectedEnd);
    TimeAxis axis(start, end, 1000);
    if (limitEnd > limitStart)
        axis.setLimits(limitStart, limitEnd);
    axis.zoom(factor, anchor);
    QCOMPARE(axis.start(), expectedStart);
    QCOMPARE(axis.end(), expectedEnd);
}

void TestTimeAxis::pan_data()
{
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    QTest::addColumn<double>("dx");
    QTest::addColumn<qint64>("expectedStart");
    QTest::addColumn<qint64>("expectedEnd");
    // 1000 px over 1000 ns, limits [0, 10000]
    QTest::newRow("right") << qint64(1000) << qint64(2000) << 100.0 << qint64(1100) << qint64(2100);
    QTest::newRow("left") << qint64(1000) << qint64(2000) << -100.0 << qint64(900) << qint64(1900);
    QTest::newRow("stops at start")
        << qint64(100) << qint64(1100) << -500.0 << qint64(0) << qint64(1000);
    QTest::newRow("stops at end") << qint64(8900) << qint64(9900) << 500.0 << qint64(9000)
                                  << qint64(10000);
}

void TestTimeAxis::pan()
{
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    QFETCH(double, dx);
    QFETCH(qint64, expectedStart);
    QFETCH(qint64, expectedEnd);
    TimeAxis axis(start, end, 1000);
    axis.setLimits(0, 10000);
    axis.pan(dx);
    QCOMPARE(axis.start(), expectedStart);
    QCOMPARE(axis.end(), expectedEnd);
}

void TestTimeAxis::setRange_data()
{
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    QTest::addColumn<qint64>("expectedStart");
    QTest::addColumn<qint64>("expectedEnd");
    // limits [0, 10000]
    QTest::newRow("inside") << qint64(100) << qint64(900) << qint64(100) << qint64(900);
    QTest::newRow("swapped") << qint64(900) << qint64(100) << qint64(100) << qint64(900);
    QTest::newRow("empty grows to min span")
        << qint64(500) << qint64(500) << qint64(450) << qint64(550);
    QTest::newRow("wider than limits")
        << qint64(-5000) << qint64(20000) << qint64(0) << qint64(10000);
    QTest::newRow("min span at limit start") << qint64(0) << qint64(0) << qint64(0) << qint64(100);
}

void TestTimeAxis::setRange()
{
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    QFETCH(qint64, expectedStart);
    QFETCH(qint64, expectedEnd);
    TimeAxis axis(0, 10000, 1000);
    axis.setLimits(0, 10000);
    axis.setRange(start, end);
    QCOMPARE(axis.start(), expectedStart);
    QCOMPARE(axis.end(), expectedEnd);
}

void TestTimeAxis::niceStep_data()
{
    QTest::addColumn<double>("minNs");
    QTest::addColumn<qint64>("step");
    QTest::newRow("zero") << 0.0 << qint64(1);
    QTest::newRow("one") << 1.0 << qint64(1);
    QTest::newRow("1.5") << 1.5 << qint64(2);
    QTest::newRow("3") << 3.0 << qint64(5);
    QTest::newRow("7") << 7.0 << qint64(10);
    QTest::newRow("exact 20") << 20.0 << qint64(20);
    QTest::newRow("120 us") << 120'000.0 << qint64(200'000);
    QTest::newRow("3 ms") << 3e6 << qint64(5'000'000);
    QTest::newRow("6 s") << 6e9 << qint64(10'000'000'000);
}

void TestTimeAxis::niceStep()
{
    QFETCH(double, minNs);
    QFETCH(qint64, step);
    QCOMPARE(TimeAxis::niceStep(minNs), step);
}

void TestTimeAxis::tickStep_data()
{
    QTest::addColumn<qint64>("span");
    QTest::addColumn<int>("width");
    QTest::addColumn<double>("minPixels");
    QTest::addColumn<qint64>("step");
    QTest::newRow("1 ms over 1000 px, 100 px")
        << qint64(1'000'000) << 1000 << 100.0 << qint64(100'000);
    QTest::newRow("1 ms over 1000 px, 90 px")
        << qint64(1'000'000) << 1000 << 90.0 << qint64(100'000);
    QTest::newRow("1 ms over 1000 px, 120 px")
        << qint64(1'000'000) << 1000 << 120.0 << qint64(200'000);
    QTest::newRow("100 ns over 1920 px") << qint64(100) << 1920 << 90.0 << qint64(5);
    QTest::newRow("10 s over 1920 px")
        << qint64(10'000'000'000) << 1920 << 90.0 << qint64(500'000'000);
}

void TestTimeAxis::tickStep()
{
    QFETCH(qint64, span);
    QFETCH(int, width);
    QFETCH(double, minPixels);
    QFETCH(qint64, step);
    QCOMPARE(TimeAxis(0, span, width).tickStep(minPixels), step);
}

void TestTimeAxis::firstTick_data()
{
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("origin");
    QTest::addColumn<qint64>("step");
    QTest::addColumn<qint64>("first");
    QTest::newRow("on a tick") << qint64(1000) << qint64(0) << qint64(500) << qint64(1000);
    QTest::newRow("between ticks") << qint64(1001) << qint64(0) << qint64(500) << qint64(1500);
    QTest::newRow("origin offset") << qint64(1000) << qint64(30) << qint64(500) << qint64(1030);
    QTest::newRow("before origin") << qint64(-1200) << qint64(0) << qint64(500) << qint64(-1000);
    QTest::newRow("epoch origin") << kEpoch + 7 << kEpoch << qint64(5) << kEpoch + 10;
}

void TestTimeAxis::firstTick()
{
    QFETCH(qint64, start);
    QFETCH(qint64, origin);
    QFETCH(qint64, step);
    QFETCH(qint64, first);
    TimeAxis axis(start, start + 100'000, 1000);
    axis.setOrigin(origin);
    QCOMPARE(axis.firstTick(step), first);
}

void TestTimeAxis::formatOffset_data()
{
    QTest::addColumn<qint64>("offset");
    QTest::addColumn<qint64>("step");
    QTest::addColumn<qint64>("magnitude");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero ns") << qint64(0) << qint64(10) << qint64(100) << QStringLiteral("0 ns");
    QTest::newRow("ns") << qint64(250) << qint64(50) << qint64(900) << QStringLiteral("250 ns");
    QTest::newRow("us whole") << qint64(20'000) << qint64(10'000) << qint64(90'000)
                              << QStringLiteral("20 µs");
    QTest::newRow("us decimals") << qint64(1'500) << qint64(500) << qint64(9'000)
                                 << QStringLiteral("1.5 µs");
    QTest::newRow("ms by magnitude")
        << qint64(2'000'000) << qint64(200'000) << qint64(5'000'000) << QStringLiteral("2.0 ms");
    QTest::newRow("s with us step") << qint64(1'500'002'000) << qint64(2'000)
                                    << qint64(1'600'000'000) << QStringLiteral("1.500002 s");
    QTest::newRow("s whole") << qint64(3'000'000'000) << qint64(1'000'000'000)
                             << qint64(9'000'000'000) << QStringLiteral("3 s");
    QTest::newRow("negative") << qint64(-500'000) << qint64(100'000) << qint64(2'000'000)
                              << QStringLiteral("-0.5 ms");
    QTest::newRow("ns step at s magnitude")
        << qint64(1'000'000'001) << qint64(1) << qint64(2'000'000'000)
        << QStringLiteral("1.000000001 s");
}

void TestTimeAxis::formatOffset()
{
    QFETCH(qint64, offset);
    QFETCH(qint64, step);
    QFETCH(qint64, magnitude);
    QFETCH(QString, text);
    QCOMPARE(TimeAxis::formatOffset(offset, step, magnitude), text);
}

void TestTimeAxis::tickLabel_data()
{
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    QTest::addColumn<qint64>("origin");
    QTest::addColumn<qint64>("t");
    QTest::addColumn<qint64>("step");
    QTest::addColumn<QString>("text");
    QTest::newRow("profile start") << kEpoch << kEpoch + 10'000'000 << kEpoch << kEpoch + 2'000'000
                                   << qint64(1'000'000) << QStringLiteral("2 ms");
    QTest::newRow("step start origin")
        << kEpoch + 5'000'000 << kEpoch + 5'100'000 << kEpoch + 5'000'000 << kEpoch + 5'020'000
        << qint64(10'000) << QStringLiteral("20 µs");
    QTest::newRow("one unit for the ruler")
        << qint64(0) << qint64(2'000'000) << qint64(0) << qint64(500'000) << qint64(500'000)
        << QStringLiteral("0.5 ms");
    QTest::newRow("before origin") << qint64(-1'000) << qint64(1'000) << qint64(0) << qint64(-500)
                                   << qint64(500) << QStringLiteral("-0.5 µs");
}

void TestTimeAxis::tickLabel()
{
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    QFETCH(qint64, origin);
    QFETCH(qint64, t);
    QFETCH(qint64, step);
    QFETCH(QString, text);
    TimeAxis axis(start, end, 1000);
    axis.setOrigin(origin);
    QCOMPARE(axis.tickLabel(t, step), text);
}

QTEST_APPLESS_MAIN(TestTimeAxis)
#include "tst_timeaxis.moc"
