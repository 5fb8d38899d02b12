// Numeric cells of the CSV reader: the value of every cell must be what std::from_chars reads.
#include "model/csvreader.h"

#include <QTest>

#include <charconv>
#include <cstdint>
#include <cstring>

using namespace npuscope;

namespace {
const QString kPath = QStringLiteral("values.csv");
} // namespace

class TestCsvValues : public QObject {
    Q_OBJECT

private slots:
    void matchFromChars();
};

// Numbers past 2^53 (epoch microseconds with decimals) take a fast exact path; whatever the
// path, the value must be bit for bit what from_chars reads, halfway cases included.
void TestCsvValues::matchFromChars()
{
    QList<QByteArray> cells = { "9007199254740993", "9007199254740993.0", "9007199254740993.01",
        "9007199254740993.001", "4503599627370497.5", "-4503599627370497.5", "18014398509481990.5",
        "1736408883000130.203", "1736408883704643.212", "0.1", "-0.000", "12345678901234567.89" };
    std::uint64_t x = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < 100000; ++i) {
        x ^= x << 13; // xorshift: a fixed sequence, so a failure repeats
        x ^= x >> 7;
        x ^= x << 17;
        const int fracLen = int(x % 7);
        const std::uint64_t digits = x >> (8 + x % 12); // 44 to 56 significant bits
        QByteArray text = QByteArray::number(qulonglong(digits));
        if (fracLen > 0 && text.size() > fracLen)
            text.insert(text.size() - fracLen, '.');
        cells << text;
    }
    QByteArray input("Value\n");
    for (const QByteArray &cell : cells)
        input += cell + '\n';
    const CsvResult r
        = readCsvData(std::string_view(input.constData(), std::size_t(input.size())), kPath);
    QVERIFY(r.ok);
    QCOMPARE(r.table->rowCount(), cells.size());
    for (qsizetype row = 0; row < cells.size(); ++row) {
        const QByteArray &cell = cells[row];
        double expected = 0;
        std::from_chars(cell.constData(), cell.constData() + cell.size(), expected);
        const double got = r.table->number(row, 0);
        if (std::memcmp(&got, &expected, sizeof got) != 0)
            QFAIL(qPrintable(QStringLiteral("%1: %2, from_chars %3")
                                 .arg(QString::fromLatin1(cell))
                                 .arg(got, 0, 'g', 17)
                                 .arg(expected, 0, 'g', 17)));
    }
}

QTEST_GUILESS_MAIN(TestCsvValues)
#include "tst_csvvalues.moc"
