#include "model/core/durationtext.h"

#include <QTest>

using namespace npuscope;

// The one duration formatter: findings, tables, tooltips and the time axis all write a duration
// this way (issue 40: a finding said "1000 µs" where the axis said "1.00 ms").
class TestDurationText : public QObject {
    Q_OBJECT
private slots:
    void formatDuration_data();
    void formatDuration();
    void unitExponent();
};

void TestDurationText::formatDuration_data()
{
    QTest::addColumn<qint64>("d");
    QTest::addColumn<QString>("text");
    QTest::newRow("0") << qint64(0) << QStringLiteral("0 ns");
    QTest::newRow("ns") << qint64(812) << QStringLiteral("812 ns");
    QTest::newRow("us 2 decimals") << qint64(1'234) << QStringLiteral("1.23 µs");
    QTest::newRow("us 1 decimal") << qint64(12'500) << QStringLiteral("12.5 µs");
    QTest::newRow("us 0 decimals") << qint64(812'000) << QStringLiteral("812 µs");
    QTest::newRow("rounds up a unit") << qint64(999'700) << QStringLiteral("1.00 ms");
    QTest::newRow("999,960 ns") << qint64(999'960) << QStringLiteral("1.00 ms");
    QTest::newRow("999.4 us stays") << qint64(999'400) << QStringLiteral("999 µs");
    QTest::newRow("ms") << qint64(1'200'000) << QStringLiteral("1.20 ms");
    QTest::newRow("ms 1 decimal") << qint64(73'420'000) << QStringLiteral("73.4 ms");
    QTest::newRow("9.996 ms") << qint64(9'996'000) << QStringLiteral("10.0 ms");
    QTest::newRow("s") << qint64(3'400'000'000) << QStringLiteral("3.40 s");
    QTest::newRow("long s") << qint64(4'000'000'000'000) << QStringLiteral("4000 s");
    QTest::newRow("negative") << qint64(-1'500) << QStringLiteral("-1.50 µs");
    QTest::newRow("negative ns") << qint64(-7) << QStringLiteral("-7 ns");
}

void TestDurationText::formatDuration()
{
    QFETCH(qint64, d);
    QFETCH(QString, text);
    QCOMPARE(npuscope::formatDuration(d), text);
}

void TestDurationText::unitExponent()
{
    QCOMPARE(durationUnitExponent(999), 0);
    QCOMPARE(durationUnitExponent(1'000), 3);
    QCOMPARE(durationUnitExponent(999'999), 3);
    QCOMPARE(durationUnitExponent(1'000'000), 6);
    QCOMPARE(durationUnitExponent(1'000'000'000), 9);
    QCOMPARE(durationUnitSuffix(3), QStringLiteral(" µs"));
}

QTEST_APPLESS_MAIN(TestDurationText)
#include "tst_durationtext.moc"
