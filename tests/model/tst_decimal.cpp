#include "model/core/decimal.h"

#include <QRandomGenerator>
#include <QTest>

#include <string>

using namespace npuscope;

class TstDecimal : public QObject {
    Q_OBJECT
private slots:
    void micros_data();
    void micros();
    void format();
    void fastPathMatchesGeneralPath();
    void traceTimesMatchGeneralPath();
};

void TstDecimal::micros_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<qint64>("ns");
    QTest::newRow("torch_npu string ts")
        << "1736412474714258.990" << true << Q_INT64_C(1736412474714258990);
    QTest::newRow("csv ts with TAB")
        << "1736408883704643.212\t" << true << Q_INT64_C(1736408883704643212);
    QTest::newRow("quoted") << "\"1736408883688177.930\"" << true << Q_INT64_C(1736408883688177930);
    QTest::newRow("no decimals") << "1623142623531625" << true << Q_INT64_C(1623142623531625000);
    QTest::newRow("old float") << "1695115378715400.2" << true << Q_INT64_C(1695115378715400200);
    QTest::newRow("dur two decimals") << "145.57" << true << Q_INT64_C(145570);
    QTest::newRow("many decimals round half up") << "0.0005" << true << Q_INT64_C(1);
    QTest::newRow("many decimals round down") << "53.7414999" << true << Q_INT64_C(53741);
    QTest::newRow("negative") << "-2.5" << true << Q_INT64_C(-2500);
    QTest::newRow("exponent") << "1.5e3" << true << Q_INT64_C(1500000);
    QTest::newRow("negative exponent") << "2e-3" << true << Q_INT64_C(2);
    QTest::newRow("zero") << "0" << true << Q_INT64_C(0);
    QTest::newRow("out of range 1e400") << "1e400" << false << Q_INT64_C(0);
    QTest::newRow("out of range digits") << "99999999999999999999999" << false << Q_INT64_C(0);
    // Found by fuzz_profile: a start near INT64_MAX plus a duration overflowed in the analysis.
    QTest::newRow("largest accepted")
        << "2305843009213693.952" << true << Q_INT64_C(2305843009213693952);
    QTest::newRow("above 2^61 ns") << "2305843009213693.953" << false << Q_INT64_C(0);
    QTest::newRow("negative above 2^61 ns") << "-2305843009213693.953" << false << Q_INT64_C(0);
    QTest::newRow("near INT64_MAX") << "8821234385384450.869" << false << Q_INT64_C(0);
    QTest::newRow("NaN") << "NaN" << false << Q_INT64_C(0);
    QTest::newRow("empty") << "" << false << Q_INT64_C(0);
    QTest::newRow("N/A") << "N/A" << false << Q_INT64_C(0);
    QTest::newRow("garbage suffix") << "12.5abc" << false << Q_INT64_C(0);
    QTest::newRow("lone dot") << "." << false << Q_INT64_C(0);
}

void TstDecimal::micros()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(qint64, ns);
    const QByteArray utf8 = text.toUtf8();
    const auto v = parseMicrosToNs(
        std::string_view(utf8.constData(), static_cast<std::size_t>(utf8.size())));
    QCOMPARE(v.has_value(), valid);
    if (valid)
        QCOMPARE(qint64(*v), ns);
}

void TstDecimal::format()
{
    QCOMPARE(QString::fromStdString(formatNsAsMicros(1736412474714258990)),
        QStringLiteral("1736412474714258.990"));
    QCOMPARE(QString::fromStdString(formatNsAsMicros(-1)), QStringLiteral("-0.001"));
    QCOMPARE(QString::fromStdString(formatNsAsMicros(145570)), QStringLiteral("145.570"));
    QCOMPARE(parseScaledToNs("1.5", 3).value_or(-1), TimeNs(1500000)); // 1.5 ms
}

// Plain decimals take a 64-bit fast path; an "e0" exponent sends the same value down the general
// 128-bit path. Both must agree on every value, rounding, sign and range limit.
void TstDecimal::fastPathMatchesGeneralPath()
{
    QRandomGenerator rng(7);
    int fast = 0;
    for (int n = 0; n < 200000; ++n) {
        std::string text;
        const int r = rng.bounded(10);
        if (r == 0)
            text += '-';
        else if (r == 1)
            text += '+';
        const int digits = 1 + rng.bounded(21);
        const int dotAt = rng.bounded(digits + 2) - 1; // -1: no dot; digits: trailing dot
        for (int d = 0; d < digits; ++d) {
            if (d == dotAt)
                text += '.';
            text += char('0' + (d == 0 && rng.bounded(3) == 0 ? 0 : rng.bounded(10)));
        }
        if (dotAt == digits)
            text += '.';
        const int scale = rng.bounded(10) - 3;
        const auto a = parseScaledToNs(text, scale);
        const auto b = parseScaledToNs(text + "e0", scale);
        if (a != b)
            QFAIL(qPrintable(QStringLiteral("\"%1\" scale %2: %3 vs %4")
                                 .arg(QString::fromStdString(text))
                                 .arg(scale)
                                 .arg(a ? QString::number(*a) : QStringLiteral("none"))
                                 .arg(b ? QString::number(*b) : QStringLiteral("none"))));
        fast += digits <= 19 ? 1 : 0;
    }
    QVERIFY(fast > 150000); // most cases exercised the fast path
}

// Trace times ("1736408883000084.340" in quotes, 83.09) take the inline path in µs; everything
// it declines goes the general way. Both must agree on every text: value, range limit, quotes.
void TstDecimal::traceTimesMatchGeneralPath()
{
    QRandomGenerator rng(11);
    const std::string limit = std::to_string(kMaxTimeNs / 1000); // 2305843009213693 (µs)
    int plain = 0;
    for (int n = 0; n < 300000; ++n) {
        std::string text;
        const int shape = rng.bounded(20);
        if (shape == 0) {
            // At the range limit: kMaxTimeNs is ...693.952 µs.
            text = limit + "." + std::to_string(940 + rng.bounded(20));
        } else {
            if (shape == 1)
                text += rng.bounded(2) ? '-' : ' ';
            const int digits = rng.bounded(19);
            for (int d = 0; d < digits; ++d)
                text += char('0' + rng.bounded(10));
            if (rng.bounded(3)) {
                text += '.';
                const int decimals = rng.bounded(6);
                for (int d = 0; d < decimals; ++d)
                    text += char('0' + rng.bounded(10));
            }
            if (shape == 2)
                text += rng.bounded(2) ? 'x' : '\t';
        }
        if (rng.bounded(2))
            text = '"' + text + '"';
        if (shape == 3 && !text.empty())
            text.pop_back(); // an unbalanced quote or a cut number
        TimeNs viaInline = -1, viaGeneral = -1;
        const bool a = parseScaledToNs(text, 0, &viaInline);
        const bool b = detail::parseScaledToNsAny(text, 0, &viaGeneral);
        if (a != b || (a && viaInline != viaGeneral))
            QFAIL(qPrintable(QStringLiteral("\"%1\": %2 vs %3")
                                 .arg(QString::fromStdString(text))
                                 .arg(a ? QString::number(viaInline) : QStringLiteral("none"))
                                 .arg(b ? QString::number(viaGeneral) : QStringLiteral("none"))));
        TimeNs ignored = 0;
        plain += detail::parseMicrosPlain(text, &ignored) ? 1 : 0;
    }
    QVERIFY(plain > 100000); // the inline path was exercised
    TimeNs v = 0;
    QVERIFY(detail::parseMicrosPlain("\"1736408883000084.340\"", &v));
    QCOMPARE(v, TimeNs(1736408883000084340));
    QVERIFY(detail::parseMicrosPlain("83.09", &v));
    QCOMPARE(v, TimeNs(83090));
    QVERIFY(!detail::parseMicrosPlain(limit + ".953", &v)); // one ns beyond the range
    QVERIFY(detail::parseMicrosPlain(limit + ".952", &v));
    QCOMPARE(v, kMaxTimeNs);
}

QTEST_APPLESS_MAIN(TstDecimal)
#include "tst_decimal.moc"
