// The CSV reader's fast paths (64-byte delimiter masks, windows, two threads, raw columns stored
// without deduplication, "same as the cell above" shortcuts) against a straightforward
// byte-by-byte reference, on randomised inputs: quotes, doubled quotes, embedded commas and line
// breaks, CRLF and lone CR, blanks, empty and missing cells, ragged rows, huge numbers.
#include "model/core/decimal.h"
#include "model/csv/csvreader.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

using namespace npuscope;

namespace {

const QString kPath = QStringLiteral("random.csv");

// xorshift64: a fixed sequence per seed, so a failure repeats.
class Random {
public:
    explicit Random(std::uint64_t seed)
        : m_x(seed * 0x9E3779B97F4A7C15ull + 1)
    {
    }
    std::uint64_t next()
    {
        m_x ^= m_x << 13;
        m_x ^= m_x >> 7;
        m_x ^= m_x << 17;
        return m_x;
    }
    int below(int n) { return int(next() % std::uint64_t(n)); }
    bool chance(int percent) { return below(100) < percent; }

private:
    std::uint64_t m_x;
};

struct Reference {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows; // padded or cut to the header's width
    std::vector<std::int64_t> lines;
};

std::string trimmed(const std::string &s)
{
    std::size_t b = 0, e = s.size();
    while (b < e && (s[b] == ' ' || s[b] == '\t'))
        ++b;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t'))
        --e;
    return s.substr(b, e - b);
}

// RFC 4180 plus the reader's documented quirks (FORMATS.md): cells are trimmed of spaces and TABs;
// a cell is quoted only when its first byte is a quote; text after a closing quote is kept; a
// quote never closed takes the rest of the input; CR, LF and CRLF end rows; blank lines are
// skipped; a row's line is where it starts.
Reference parseReference(const std::string &data)
{
    Reference ref;
    const std::size_t n = data.size();
    std::size_t i = data.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
    std::int64_t line = 1;
    bool haveHeader = false;
    while (i < n) {
        const std::int64_t rowLine = line;
        std::vector<std::string> cells;
        bool quoted = false;
        for (;;) {
            std::string cell;
            if (i < n && data[i] == '"') {
                quoted = true;
                std::size_t j = i + 1;
                bool closed = false;
                while (j < n) {
                    if (data[j] == '"') {
                        if (j + 1 < n && data[j + 1] == '"') {
                            cell += '"';
                            j += 2;
                            continue;
                        }
                        closed = true;
                        break;
                    }
                    line += data[j] == '\n';
                    cell += data[j++];
                }
                i = closed ? j + 1 : n;
            }
            while (i < n && data[i] != ',' && data[i] != '\n' && data[i] != '\r')
                cell += data[i++];
            cells.push_back(trimmed(cell));
            if (i >= n)
                break;
            const char d = data[i++];
            if (d == ',')
                continue;
            if (d == '\r' && i < n && data[i] == '\n')
                ++i;
            ++line;
            break;
        }
        if (cells.size() == 1 && cells[0].empty() && !quoted)
            continue; // blank line
        if (!haveHeader) {
            ref.header = cells;
            haveHeader = true;
            continue;
        }
        cells.resize(ref.header.size());
        ref.rows.push_back(std::move(cells));
        ref.lines.push_back(rowLine);
    }
    return ref;
}

// What a cell means as a number: the general parser, for cells that look numeric.
bool referenceNumber(const std::string &text, double &value)
{
    if (Table::isMissingText(text))
        return false;
    const char c = text.front();
    if (!((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.'))
        return false;
    const auto v = parseDouble(text);
    if (v)
        value = *v;
    return v.has_value();
}

std::string randomDigits(Random &rnd, int maxDigits)
{
    std::string s;
    const int count = 1 + rnd.below(maxDigits);
    for (int k = 0; k < count; ++k)
        s += char('0' + rnd.below(10));
    return s;
}

std::string randomNumber(Random &rnd)
{
    std::string s = rnd.chance(20) ? "-" : "";
    s += randomDigits(rnd, rnd.chance(10) ? 30 : 8); // up to 30 digits: past 2^64
    if (rnd.chance(60))
        s += '.' + randomDigits(rnd, rnd.chance(10) ? 25 : 6);
    if (rnd.chance(3))
        s += "e" + std::to_string(rnd.below(40) - 20);
    return s;
}

std::string randomText(Random &rnd, bool forQuotes)
{
    static const char *const kPieces[] = { "a", "Op", "MatMul", "x_y", " ", "\t", "\xC3\xA9", ";",
        "(", ")", "N", "1", "-", ".", "AI_CORE" };
    static const char *const kQuoted[] = { ",", "\"\"", "\n", "\r\n", "\r" };
    std::string s;
    const int count = rnd.below(6);
    for (int k = 0; k < count; ++k) {
        if (forQuotes && rnd.chance(30))
            s += kQuoted[rnd.below(5)];
        else
            s += kPieces[rnd.below(15)];
    }
    return s;
}

std::string randomCell(Random &rnd)
{
    switch (rnd.below(10)) {
    case 0:
        return "";
    case 1: {
        static const char *const kMissing[] = { "N/A", "-", "NA", "n/a" };
        return kMissing[rnd.below(4)];
    }
    case 2:
    case 3:
    case 4:
        return (rnd.chance(10) ? " " : "") + randomNumber(rnd) + (rnd.chance(20) ? "\t" : "");
    case 5:
        // A shape cell, """32,4096""", sometimes not quite that.
        return std::string(rnd.chance(80) ? "\"\"\"" : "\"\"") + randomText(rnd, true)
            + (rnd.chance(80) ? "\"\"\"" : "\"\"\"\"") + (rnd.chance(5) ? "x" : "");
    case 6: {
        std::string s = '"' + randomText(rnd, true) + '"';
        if (rnd.chance(5))
            s += "tail"; // text after the closing quote
        return s;
    }
    default:
        return randomText(rnd, false);
    }
}

std::string randomDocument(Random &rnd)
{
    static const char *const kHeaders[]
        = { "Name", "Start Time(us)", "Duration(ms)", "Value", "\"Shape, in\"", "Id", "Time(s)" };
    static const char *const kEnds[] = { "\n", "\r\n", "\r" };
    std::string doc = rnd.chance(10) ? "\xEF\xBB\xBF" : "";
    const int columns = 1 + rnd.below(6);
    for (int c = 0; c < columns; ++c)
        doc += std::string(c ? "," : "") + kHeaders[rnd.below(7)];
    const int rows = rnd.below(40);
    const char *end = kEnds[rnd.below(3)];
    std::vector<std::string> above;
    for (int r = 0; r < rows; ++r) {
        doc += rnd.chance(90) ? end : kEnds[rnd.below(3)];
        if (rnd.chance(5))
            doc += end; // blank line
        const int cells = rnd.chance(10) ? 1 + rnd.below(columns + 2) : columns;
        above.resize(std::size_t(std::max(cells, int(above.size()))));
        for (int c = 0; c < cells; ++c) {
            // Often the cell above again, or nearly (the reader shortcuts equal neighbours).
            std::string &cell = above[std::size_t(c)];
            if (cell.empty() || rnd.chance(40))
                cell = randomCell(rnd);
            else if (rnd.chance(30))
                cell.back() = cell.back() == '7' ? '8' : '7';
            doc += (c ? "," : "") + cell;
        }
    }
    if (rnd.chance(50))
        doc += end;
    if (rnd.chance(3))
        doc += ",\"never closed, to the end\n"; // an unterminated quote
    return doc;
}

} // namespace

class TestCsvRandom : public QObject {
    Q_OBJECT

private slots:
    void smallDocuments();
    void largeDocument();
    void wideLargeDocument();
    void nearlyUniqueTextKeepsOneIdPerText();
    void nearlyUniqueNumbersTurningToText();
    void nearlyUniqueFromTheLastBatch();
    void missingCellsBeforeTheFirstNumber();
    void quotesAtEveryBlockOffset();

private:
    // Empty when the reader's table matches the reference, else the first difference.
    static QString compare(const std::string &doc, std::size_t window);
};

// Loads `doc` and checks that its first column is a text column holding `cells`, with one id
// per distinct text, which find() returns too: empty when so, else the first difference.
// `repeats` counts the cells whose text came before.
static QString oneIdPerText(
    const std::string &doc, const std::vector<std::string> &cells, int &repeats)
{
    const CsvResult r = readCsvData(doc, kPath, {}, CsvReadOptions {});
    if (!r.ok || !r.table || r.table->rowCount() != qsizetype(cells.size()))
        return QStringLiteral("not loaded, or not %1 rows").arg(cells.size());
    const Table &t = *r.table;
    const Table::Column &column = t.columns[0];
    if (column.type != Table::ColumnType::Text)
        return QStringLiteral("not a text column");
    std::unordered_map<std::string, StringId> idOf;
    repeats = 0;
    for (std::size_t row = 0; row < cells.size(); ++row) {
        const StringId id = column.text[row];
        const QString cell = QString::fromStdString(cells[row]);
        if (t.strings.view(id) != cells[row])
            return QStringLiteral("row %1: \"%2\" reads \"%3\"")
                .arg(row)
                .arg(cell, t.strings.string(id));
        const auto [it, fresh] = idOf.emplace(cells[row], id);
        repeats += !fresh;
        if (it->second != id || t.strings.find(cells[row]) != id)
            return QStringLiteral("row %1: \"%2\" has two ids").arg(row).arg(cell);
    }
    return {};
}

// A text column of nearly unique values (a raw column while reading) still has one id per
// distinct text: aggregation by name and the exact filter compare ids. Number columns of nearly
// unique values need not.
void TestCsvRandom::nearlyUniqueTextKeepsOneIdPerText()
{
    Random rnd(3);
    std::string doc = "Name,Task ID\n";
    std::vector<std::string> cells;
    for (int row = 0; row < 200000; ++row) {
        cells.push_back("kernel_" + std::to_string(rnd.below(150000)) + "_x");
        doc += cells.back() + ',' + std::to_string(row) + '\n';
    }
    int repeats = 0;
    const QString diff = oneIdPerText(doc, cells, repeats);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
    QVERIFY(repeats > 10000);
}

// A nearly unique column of numbers goes raw with its texts appended straight to the table's
// pool; when text cells follow, it is a text column after all and must still have one id per
// distinct text (the cells from before and after it went raw, and the text cells, repeated).
void TestCsvRandom::nearlyUniqueNumbersTurningToText()
{
    Random rnd(4);
    std::string doc = "Task ID,Op\n";
    std::vector<std::string> cells;
    for (int row = 0; row < 240000; ++row) {
        // Numbers repeating now and then, all nearly unique, then text mixed in.
        const int k = int(rnd.below(180000));
        cells.push_back(
            row > 150000 && rnd.chance(30) ? "t" + std::to_string(k % 500) : std::to_string(k));
        doc += cells.back() + ",op_with_a_rather_long_name_here\n"; // 9 MB: two threads
    }
    int repeats = 0;
    const QString diff = oneIdPerText(doc, cells, repeats);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
    QVERIFY(repeats > 50000);
}

// A column going raw after its last batch has no raw rows: its texts must reach the table's
// pool all the same. The row counts end at and next to the batch edges (two columns: 8192 rows a
// batch) after which the column goes raw (more than 32 K distinct texts).
void TestCsvRandom::nearlyUniqueFromTheLastBatch()
{
    for (const int rows : { 32767, 32768, 32769, 40959, 40960, 40961, 49152, 50000 }) {
        std::string doc = "Task ID,Step\n";
        for (int row = 0; row < rows; ++row)
            doc += std::to_string(1000000 + row) + ",1\n";
        const CsvResult r = readCsvData(doc, kPath, {}, CsvReadOptions {});
        QVERIFY(r.ok && r.table);
        QCOMPARE(r.table->rowCount(), rows);
        QCOMPARE(r.table->columns[0].type, Table::ColumnType::Number);
        for (int row = 0; row < rows; ++row) {
            if (r.table->textView(row, 0) != std::to_string(1000000 + row))
                QFAIL(qPrintable(QStringLiteral("%1 rows: row %2 reads \"%3\"")
                                     .arg(rows)
                                     .arg(row)
                                     .arg(r.table->text(row, 0))));
        }
    }
}

// A column of missing cells stores no numbers until its first number comes, which may be many
// batches in (the rows before it then read as missing), or never (a text column of the missing
// texts, written back from their formats). 10 MB: two threads, early raw columns beside them.
void TestCsvRandom::missingCellsBeforeTheFirstNumber()
{
    static const char *const kMissing[] = { "N/A", "N/A", "N/A", "-", "", "NA", "n/a" };
    const int rows = 200000, firstNumber = 150001;
    std::string doc = "Task ID,Late,Never,Time(us)\n";
    for (int row = 0; row < rows; ++row) {
        const std::string missing = kMissing[row / 7000 % 7];
        doc += std::to_string(5000000 + 3 * row) + ','
            + (row >= firstNumber && row % 3 ? std::to_string(row) + ".5" : missing) + ',' + missing
            + ',' + (row % 5 ? std::to_string(row) + ".25" : missing)
            + ",padding_padding_padding\n";
    }
    const CsvResult r = readCsvData(doc, kPath, {}, CsvReadOptions {});
    QVERIFY(r.ok && r.table);
    const Table &t = *r.table;
    QCOMPARE(t.rowCount(), rows);
    QCOMPARE(t.columns[0].type, Table::ColumnType::Number);
    QCOMPARE(t.columns[1].type, Table::ColumnType::Number);
    QCOMPARE(t.columns[2].type, Table::ColumnType::Text);
    QCOMPARE(t.columns[3].type, Table::ColumnType::Number);
    QCOMPARE(t.columns[1].number.size(), std::size_t(rows));
    for (int row = 0; row < rows; ++row) {
        const std::string missing = kMissing[row / 7000 % 7];
        const bool late = row >= firstNumber && row % 3;
        const std::string lateText = late ? std::to_string(row) + ".5" : missing;
        const bool timed = row % 5;
        const std::string timeText = timed ? std::to_string(row) + ".25" : missing;
        const bool ok = t.number(row, 0) == 5000000.0 + 3 * row
            && t.textView(row, 0) == std::to_string(5000000 + 3 * row)
            && (late ? t.number(row, 1) == row + 0.5 : std::isnan(t.number(row, 1)))
            && t.textView(row, 1) == lateText && t.isMissing(row, 1) == !late
            && t.textView(row, 2) == missing && t.isMissing(row, 2)
            && t.textView(row, 3) == timeText
            && (timed ? t.columns[3].ns[std::size_t(row)] == row * 1000LL + 250
                      : t.columns[3].ns[std::size_t(row)] == Table::kMissingNs);
        if (!ok)
            QFAIL(qPrintable(
                QStringLiteral("row %1 reads %2 | %3 | \"%4\" | %5")
                    .arg(row)
                    .arg(t.text(row, 0), t.text(row, 1), t.text(row, 2), t.text(row, 3))));
    }
    // One id per missing text in the text column.
    std::unordered_map<std::uint32_t, std::string> textOf;
    for (int row = 0; row < rows; ++row) {
        const auto [it, fresh] = textOf.emplace(
            t.columns[2].text[std::size_t(row)].value, std::string(t.textView(row, 2)));
        QCOMPARE(it->second, std::string(t.textView(row, 2)));
    }
    QCOMPARE(textOf.size(), std::size_t(5));
}

// The reader finds delimiters outside quotes 64 bytes at a time, carrying the quote state, a
// closing quote and a delimiter from one block to the next, and reads rows byte by byte from the
// first quote out of place. Each construct here is shifted through every offset of two blocks,
// so that each of its quotes and delimiters lands on both sides of a block edge, with and
// without a BOM before the header.
void TestCsvRandom::quotesAtEveryBlockOffset()
{
    static const char *const kCells[] = {
        "\"a,b\"\"c\"", // escaped quote inside, comma inside
        "\"\"\"32,4096;8\"\"\"", // a shape
        "\"line\nbreak, and\r\nmore\"", // line ends inside quotes
        "\"\"", // empty quoted cell
        "\"\"\"\"", // just an escaped quote
        "\"closed\"tail", // text after the closing quote (kept, reported)
        "x\"y", // a quote inside an unquoted cell
        " \"blank before\"", // not quoted: the quote is not the first byte
        "\"x\" ", // a blank after the closing quote
        "plain",
    };
    static const char *const kEnds[] = { "\n", "\r\n", "\r" };
    for (const char *cell : kCells) {
        for (const char *end : kEnds) {
            for (int offset = 0; offset < 128; ++offset) {
                // With a BOM every other time: the blocks then start 3 bytes into the input.
                std::string doc = offset % 2 ? "\xEF\xBB\xBF"
                                               "A,B,C"
                                             : "A,B,C";
                doc += end;
                doc += std::string(std::size_t(offset), 'p') + ',' + cell + ',' + cell + end;
                doc += std::string(cell) + ",q," + cell + end + "1,2,3" + end;
                if (std::string_view(cell) == "\"closed\"tail") { // reported, at its first line
                    const CsvResult r = readCsvData(doc, kPath);
                    QCOMPARE(r.issues.size(), 1);
                    QCOMPARE(r.issues.front().location, QStringLiteral("line 2"));
                    QVERIFY2(r.issues.front().message.startsWith(QStringLiteral("4 quoted cell")),
                        qPrintable(r.issues.front().message));
                }
                for (const std::size_t window : { std::size_t(16) << 20, std::size_t(100) }) {
                    const QString diff = compare(doc, window);
                    if (!diff.isEmpty())
                        QFAIL(qPrintable(QStringLiteral("offset %1, window %2: %3\n%4")
                                             .arg(offset)
                                             .arg(window)
                                             .arg(diff, QString::fromStdString(doc))));
                }
                // A quote never closed, from here to the end of the data.
                const std::string open = doc + std::string(std::size_t(offset), 'r') + ",\"" + cell;
                const QString diff = compare(open, std::size_t(16) << 20);
                if (!diff.isEmpty())
                    QFAIL(qPrintable(QStringLiteral("unterminated, offset %1: %2\n%3")
                                         .arg(offset)
                                         .arg(diff, QString::fromStdString(open))));
            }
        }
    }
}

QString TestCsvRandom::compare(const std::string &doc, std::size_t window)
{
    const Reference ref = parseReference(doc);
    const CsvResult r = readCsvData(doc, kPath, {}, CsvReadOptions { window });
    if (ref.header.empty())
        return r.ok ? QStringLiteral("read a table from a document without a header") : QString();
    if (!r.ok || !r.table)
        return QStringLiteral("not read");
    const Table &t = *r.table;
    if (std::size_t(t.columnCount()) != ref.header.size())
        return QStringLiteral("%1 columns, expected %2")
            .arg(t.columnCount())
            .arg(ref.header.size());
    for (std::size_t c = 0; c < ref.header.size(); ++c) {
        if (t.columns[c].name != QString::fromStdString(ref.header[c]))
            return QStringLiteral("header %1: '%2'").arg(c).arg(t.columns[c].name);
    }
    if (std::size_t(t.rowCount()) != ref.rows.size())
        return QStringLiteral("%1 rows, expected %2").arg(t.rowCount()).arg(ref.rows.size());
    for (std::size_t c = 0; c < ref.header.size(); ++c) {
        const Table::Column &col = t.columns[c];
        bool numeric = true, sawNumber = false;
        std::vector<double> values(ref.rows.size(), std::nan(""));
        for (std::size_t row = 0; row < ref.rows.size(); ++row) {
            const std::string &expected = ref.rows[row][c];
            const std::string_view got = t.textView(qsizetype(row), int(c));
            if (got != expected)
                return QStringLiteral("row %1 (line %2) column %3: '%4', expected '%5'")
                    .arg(row)
                    .arg(ref.lines[row])
                    .arg(c)
                    .arg(QString::fromUtf8(got.data(), qsizetype(got.size())),
                        QString::fromStdString(expected));
            if (t.lines[row] != ref.lines[row])
                return QStringLiteral("row %1: line %2, expected %3")
                    .arg(row)
                    .arg(t.lines[row])
                    .arg(ref.lines[row]);
            const bool isNumber = referenceNumber(expected, values[row]);
            sawNumber = sawNumber || isNumber;
            numeric = numeric && (isNumber || Table::isMissingText(expected));
            if (!col.ns.empty()) {
                const std::int64_t ns = isNumber
                    ? parseScaledToNs(expected, *Table::timeUnitScale(col.unit))
                          .value_or(Table::kMissingNs)
                    : Table::kMissingNs;
                if (col.ns[row] != ns)
                    return QStringLiteral("row %1 column %2 '%3': %4 ns, expected %5")
                        .arg(row)
                        .arg(c)
                        .arg(QString::fromStdString(expected))
                        .arg(col.ns[row])
                        .arg(ns);
            }
        }
        const bool isNumberColumn = numeric && sawNumber;
        if ((col.type == Table::ColumnType::Number) != isNumberColumn)
            return QStringLiteral("column %1: wrong type").arg(c);
        if (!ref.rows.empty()
            && Table::timeUnitScale(col.unit).has_value() != (col.ns.size() == ref.rows.size()))
            return QStringLiteral("column %1: %2 ns values").arg(c).arg(col.ns.size());
        for (std::size_t row = 0; isNumberColumn && row < ref.rows.size(); ++row) {
            const double got = t.number(qsizetype(row), int(c));
            if (std::memcmp(&got, &values[row], sizeof got) != 0
                && !(std::isnan(got) && std::isnan(values[row])))
                return QStringLiteral("row %1 column %2 '%3': %4, expected %5")
                    .arg(row)
                    .arg(c)
                    .arg(QString::fromStdString(ref.rows[row][c]))
                    .arg(got, 0, 'g', 17)
                    .arg(values[row], 0, 'g', 17);
        }
    }
    return {};
}

void TestCsvRandom::smallDocuments()
{
    Random rnd(1);
    for (int i = 0; i < 3000; ++i) {
        const std::string doc = randomDocument(rnd);
        // The default window, and tiny ones that put rows, quotes and CR LF across refills.
        for (const std::size_t window :
            { std::size_t(16) << 20, std::size_t(1 + rnd.below(97)), std::size_t(256) }) {
            const QString diff = compare(doc, window);
            if (!diff.isEmpty())
                QFAIL(qPrintable(QStringLiteral("document %1, window %2: %3\n%4")
                                     .arg(i)
                                     .arg(window)
                                     .arg(diff, QString::fromStdString(doc).left(2000))));
        }
    }
}

// Large enough for two threads and for raw columns (tens of thousands of distinct values).
void TestCsvRandom::largeDocument()
{
    Random rnd(2);
    std::string doc = "Id,Start Time(us),Name,Shape,Stack,Value,Wait Time(us),Note\r\n";
    std::int64_t start = 1736408883000000;
    for (int row = 0; doc.size() < (10u << 20); ++row) {
        start += 1 + rnd.below(500);
        doc += std::to_string(row) + ',' + std::to_string(start) + '.'
            + std::to_string(100 + rnd.below(900)) + "\t,";
        doc += std::string("op") + std::to_string(rnd.below(50)) + ',';
        doc += "\"\"\"" + std::to_string(rnd.below(64)) + ",4096\"\"\",";
        doc += rnd.chance(30) ? "\"f.py(" + std::to_string(rnd.below(9)) + "): f;\r\ng.py\"," : ",";
        doc += (rnd.chance(5) ? std::string("N/A") : randomNumber(rnd)) + ',';
        doc += (rnd.chance(50) ? std::string("0.0") : randomNumber(rnd)) + ',';
        doc += (rnd.chance(2) ? randomCell(rnd) : std::string("x"))
            + (rnd.chance(50) ? "\n" : "\r\n");
    }
    for (const std::size_t window : { std::size_t(16) << 20, std::size_t(100003) }) {
        const QString diff = compare(doc, window);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }
}

// Two threads on a file so wide that its first batch (16 K cells) holds fewer rows than the
// reader's first guess of the columns' costs looks at (kGuessRows, 128): 150 columns, 109 rows a
// batch.
void TestCsvRandom::wideLargeDocument()
{
    Random rnd(3);
    constexpr int kColumns = 150;
    std::string doc;
    for (int c = 0; c < kColumns; ++c)
        doc += (c > 0 ? ",c" : "c") + std::to_string(c);
    doc += '\n';
    std::int64_t id = 0;
    while (doc.size() < (9u << 20)) {
        for (int c = 0; c < kColumns; ++c) {
            if (c > 0)
                doc += ',';
            // Every fifth column nearly unique (raw), the others a few values each; now and then
            // a random cell (quoted, with line breaks, missing, ...).
            doc += c % 5 == 0   ? std::to_string(++id)
                : rnd.chance(1) ? randomCell(rnd)
                                : std::to_string(rnd.below(4));
        }
        doc += rnd.chance(50) ? "\n" : "\r\n";
    }
    for (const std::size_t window : { std::size_t(16) << 20, std::size_t(65537) }) {
        const QString diff = compare(doc, window);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }
}

QTEST_GUILESS_MAIN(TestCsvRandom)
#include "tst_csvrandom.moc"
