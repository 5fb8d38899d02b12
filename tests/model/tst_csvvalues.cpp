// Numeric cells of the CSV reader: the value of every cell must be what std::from_chars reads.
#include "model/csv/csvreader.h"

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
    void digitRunsAroundEightBytes();
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

// Digits are read 8 at a time where 8 remain in the cell: any non-digit among them (every byte
// value, at every place of the run) makes the cell text, and runs of every length around the
// 8-byte steps, in the integer part and the fraction, read as from_chars reads them, to the
// exact nanosecond in a time column.
void TestCsvValues::digitRunsAroundEightBytes()
{
    QByteArray input("Time(us)\n");
    QList<QByteArray> cells;
    for (int intDigits = 1; intDigits <= 18; ++intDigits) {
        for (int fracDigits = 0; fracDigits <= 17; ++fracDigits) {
            QByteArray cell;
            for (int k = 0; k < intDigits; ++k)
                cell += char('1' + (k * 7 + intDigits) % 9);
            if (fracDigits > 0)
                cell += '.';
            for (int k = 0; k < fracDigits; ++k)
                cell += char('0' + (k * 3 + fracDigits) % 10);
            cells << cell;
        }
    }
    for (const QByteArray &cell : cells)
        input += cell + '\n';
    const CsvResult r
        = readCsvData(std::string_view(input.constData(), std::size_t(input.size())), kPath);
    QVERIFY(r.ok);
    QCOMPARE(r.table->columns[0].type, Table::ColumnType::Number);
    for (qsizetype row = 0; row < cells.size(); ++row) {
        const QByteArray &cell = cells[row];
        double expected = 0;
        std::from_chars(cell.constData(), cell.constData() + cell.size(), expected);
        const double got = r.table->number(row, 0);
        QVERIFY2(std::memcmp(&got, &expected, sizeof got) == 0, cell.constData());
        // ns: the integer part times 1000 plus the decimals, when there are at most three.
        const qsizetype dot = cell.indexOf('.');
        const QByteArray whole = dot < 0 ? cell : cell.left(dot);
        const QByteArray frac = dot < 0 ? QByteArray() : cell.mid(dot + 1);
        if (whole.size() <= 15 && frac.size() <= 3) {
            const qint64 ns = whole.toLongLong() * 1000 + frac.leftJustified(3, '0').toLongLong();
            QCOMPARE(r.table->columns[0].ns[std::size_t(row)], std::int64_t(ns));
        }
    }
    // One byte that is not a digit, anywhere in a 16-digit run (both 8-byte steps): text.
    for (int place = 0; place < 16; ++place) {
        for (const char bad : { '/', ':', ' ', 'a', '\x80', '\xFF', '.', '\x40', '\x3F' }) {
            QByteArray cell = "1234567890123456.5";
            cell[place] = bad;
            const QByteArray file = "Value\n" + cell + "\n";
            const CsvResult t
                = readCsvData(std::string_view(file.constData(), std::size_t(file.size())), kPath);
            QVERIFY(t.ok);
            const QByteArray trimmed = cell.trimmed(); // cells lose surrounding blanks
            double expected = 0;
            const auto [end, ec] = std::from_chars(
                trimmed.constData(), trimmed.constData() + trimmed.size(), expected);
            const bool number = ec == std::errc() && end == trimmed.constData() + trimmed.size();
            if (!number)
                QVERIFY2(t.table->columns[0].type == Table::ColumnType::Text, cell.constData());
            else
                QCOMPARE(t.table->number(0, 0), expected);
        }
    }
}

QTEST_GUILESS_MAIN(TestCsvValues)
#include "tst_csvvalues.moc"
