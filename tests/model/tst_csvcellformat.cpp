// Number columns of the CSV reader keep no text (Table::Column::format): every cell's text must
// read back exactly as written, whatever path stores it (few values or nearly unique ones, one
// thread or two), and a column that turns to text late must lose nothing.
#include "model/core/kerneltable.h"
#include "model/csv/csvreader.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using namespace npuscope;

namespace {
const QString kPath = QStringLiteral("format.csv");

CsvResult load(const std::string &doc, std::size_t window = std::size_t(2) << 20)
{
    return readCsvData(doc, kPath, {}, CsvReadOptions { window });
}

// The first difference between the column's texts and `cells`, or empty.
QString differs(const Table &t, int column, const std::vector<std::string> &cells)
{
    if (t.rowCount() != qsizetype(cells.size()))
        return QStringLiteral("%1 rows, expected %2").arg(t.rowCount()).arg(cells.size());
    Table::CellText buffer;
    for (std::size_t row = 0; row < cells.size(); ++row) {
        const std::string_view got = t.textView(qsizetype(row), column, buffer);
        if (got != cells[row])
            return QStringLiteral("row %1: '%2', expected '%3'")
                .arg(row)
                .arg(QString::fromUtf8(got.data(), qsizetype(got.size())),
                    QString::fromStdString(cells[row]));
        if (t.text(qsizetype(row), column) != QString::fromStdString(cells[row]))
            return QStringLiteral("row %1: text() differs").arg(row);
    }
    return {};
}

} // namespace

class TestCsvCellFormat : public QObject {
    Q_OBJECT

private slots:
    void roundTrip_data();
    void roundTrip();
    void nearlyUniqueColumns();
    void turnsToTextAfterGoingRaw();
    void malformedCellsNamed();
};

void TestCsvCellFormat::roundTrip_data()
{
    QTest::addColumn<QByteArray>("header");
    QTest::addColumn<QByteArrayList>("cells");
    const QByteArrayList odd = { "12", "0", "-7", "0.0", "117.637", "1736408883000130.203", "+5",
        "007", "-0", "-0.0", "5.", ".5", "1e3", "1.5E-2", "0.000", "-0.001", "123456789012345",
        "1234567890123456", "12345678901234567890", "0.123456789012345678", "1881.080000", "N/A",
        "", "NA", "-", "n/a", "4294967295", "9007199254740993.5" };
    QTest::newRow("number") << QByteArray("Value") << odd;
    QTest::newRow("time us") << QByteArray("Start Time(us)") << odd;
    QTest::newRow("time ms") << QByteArray("Duration(ms)") << odd;
    QTest::newRow("time s") << QByteArray("Time(s)") << odd;
    QTest::newRow("time ns") << QByteArray("Time(ns)") << odd;
}

// Every shape of number and missing cell reads back as written, its value and ns unchanged;
// the cells whose text cannot be written back from the value are kept as text.
void TestCsvCellFormat::roundTrip()
{
    QFETCH(QByteArray, header);
    QFETCH(QByteArrayList, cells);
    std::string doc = "Name," + header.toStdString() + "\n";
    std::vector<std::string> expected;
    for (const QByteArray &c : cells) {
        doc += "x," + c.toStdString() + (c.startsWith('1') ? "\t\n" : "\n"); // torch_npu's TAB
        expected.push_back(c.toStdString());
    }
    const CsvResult r = load(doc);
    QVERIFY(r.ok && r.table);
    const Table &t = *r.table;
    const Table::Column &c = t.columns[1];
    QCOMPARE(c.type, Table::ColumnType::Number);
    QVERIFY(c.text.empty());
    QCOMPARE(qsizetype(c.format.size()), t.rowCount());
    const QString diff = differs(t, 1, expected);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
    // Kept as text: what no format writes back ("+5", "007", "-0", "5.", ".5", exponents, more
    // digits than a double holds without a time unit).
    for (std::size_t row = 0; row < expected.size(); ++row) {
        const std::string &s = expected[row];
        const bool kept = c.format[row] == Table::CellFormat::kKept;
        if (s == "+5" || s == "007" || s == "-0" || s == "-0.0" || s == "5." || s == ".5"
            || s == "1e3" || s == "1.5E-2")
            QVERIFY2(kept, s.c_str());
        if (s == "12" || s == "0.0" || s == "117.637" || s == "N/A" || s.empty())
            QVERIFY2(!kept, s.c_str());
        QCOMPARE(t.isMissing(qsizetype(row), 1), Table::isMissingText(s));
    }
    QCOMPARE(c.kept.size(),
        std::size_t(std::count(c.format.begin(), c.format.end(), Table::CellFormat::kKept)));
}

// Columns of nearly unique values are stored without their texts from early on, by two threads
// for a large input: every text still reads back, in windows that split rows anywhere.
void TestCsvCellFormat::nearlyUniqueColumns()
{
    std::string doc = "Task ID,Start Time(us),Duration(us),Ratio,Name\n";
    std::vector<std::vector<std::string>> cells(4);
    for (int i = 0; doc.size() < (10u << 20); ++i) {
        const std::string row[4] = { (i % 997 == 0 ? "+" : "") + std::to_string(100000 + i),
            std::to_string(1736408883000000LL + 37 * i) + '.' + std::to_string(100 + i % 900),
            i % 101 == 0 ? "N/A" : std::to_string(i % 5000) + "." + std::to_string(i % 10),
            i % 997 == 0 ? "+1" : std::to_string(i % 7) + ".0" + std::to_string(i % 10) };
        for (int c = 0; c < 4; ++c) {
            cells[std::size_t(c)].push_back(row[c]);
            doc += row[c] + ',';
        }
        doc += "op" + std::to_string(i % 13) + '\n';
    }
    for (const std::size_t window : { std::size_t(16) << 20, std::size_t(100003) }) {
        const CsvResult r = load(doc, window);
        QVERIFY(r.ok && r.issues.isEmpty());
        for (int c = 0; c < 4; ++c) {
            QCOMPARE(r.table->columns[std::size_t(c)].type, Table::ColumnType::Number);
            const QString diff = differs(*r.table, c, cells[std::size_t(c)]);
            QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("column %1: ").arg(c) + diff));
        }
        // The kernel table reads the same times and steps from them as from texts.
        IssueList issues;
        const KernelTable k = KernelTable::fromTable(r.table, &issues);
        QCOMPARE(k.start[5], (1736408883000000LL + 37 * 5) * 1000 + 105);
        QCOMPARE(k.duration[101], TimeNs(0)); // N/A
        QCOMPARE(k.duration[7], TimeNs(7700));
    }
}

// A column of nearly unique numbers (stored without texts) that meets a text cell late turns to
// a text column: the texts of all its earlier cells are written back, none lost.
void TestCsvCellFormat::turnsToTextAfterGoingRaw()
{
    for (const int late : { 60000, 150000 }) {
        std::string doc = "Id,Step,Note\n";
        std::vector<std::string> cells;
        for (int i = 0; i < 200000; ++i) {
            std::string cell = i == late ? std::string("late text")
                : i % 1000 == 3          ? std::string("007")
                : i % 1000 == 5          ? std::string("N/A")
                                         : std::to_string(i) + (i % 2 ? ".5" : "");
            doc += cell + ",1,padding that makes the file large enough for two threads\n";
            cells.push_back(std::move(cell));
        }
        const CsvResult r = load(doc, 65537);
        QVERIFY(r.ok);
        const Table &t = *r.table;
        QCOMPARE(t.columns[0].type, Table::ColumnType::Text);
        QCOMPARE(qsizetype(t.columns[0].text.size()), t.rowCount());
        QVERIFY(t.columns[0].format.empty());
        const QString diff = differs(t, 0, cells);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        // A text column keeps one id per distinct text.
        QCOMPARE(t.columns[0].text[3], t.columns[0].text[1003]);
        QCOMPARE(t.columns[0].text[3], t.columns[0].text[190003]);
        QCOMPARE(t.strings.find("199999.5"), t.columns[0].text[199999]);
    }
}

// A number that is no time (out of range) in a time column is kept as written, and reported by
// line and column with its text; the other cells are read.
void TestCsvCellFormat::malformedCellsNamed()
{
    const std::string doc = "Name,Start Time(us),Duration(us)\n"
                            "a,100.5,1\n"
                            "b,1e300,2\n"
                            "c,102,3\n";
    const CsvResult r = load(doc);
    QVERIFY(r.ok);
    QCOMPARE(r.table->columns[1].type, Table::ColumnType::Number);
    QCOMPARE(r.table->text(1, 1), QStringLiteral("1e300"));
    IssueList issues;
    const KernelTable k = KernelTable::fromTable(r.table, &issues);
    QCOMPARE(k.rowCount(), 3);
    QCOMPARE(k.start[0], TimeNs(100500));
    QCOMPARE(k.start[2], TimeNs(102000));
    QCOMPARE(k.duration[1], TimeNs(2000));
    QCOMPARE(issues.size(), 1);
    QCOMPARE(issues[0].location, QStringLiteral("line 3"));
    QVERIFY2(issues[0].message.contains(QStringLiteral("Start Time(us)"))
            && issues[0].message.contains(QStringLiteral("1e300")),
        qPrintable(issues[0].message));
}

QTEST_GUILESS_MAIN(TestCsvCellFormat)
#include "tst_csvcellformat.moc"
