#include "model/csv/csvreader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <mutex>
#include <string>

using namespace npuscope;

namespace {

QString visible(QString s)
{
    return s.replace(u'\r', QStringLiteral("\\r"))
        .replace(u'\n', QStringLiteral("\\n"))
        .replace(u'\t', QStringLiteral("\\t"));
}

// The whole table as text: a header line "name[key|unit|type]" per column, then one line per
// row, "<line>: cell | cell".
QString dump(const Table &t)
{
    QStringList out;
    QStringList columns;
    for (const Table::Column &c : t.columns)
        columns << QStringLiteral("%1[%2|%3|%4]")
                       .arg(c.name, c.key, c.unit,
                           c.type == Table::ColumnType::Number ? QStringLiteral("num")
                                                               : QStringLiteral("text"));
    out << columns.join(QStringLiteral(" ; "));
    for (qsizetype r = 0; r < t.rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < t.columnCount(); ++c)
            cells << visible(t.text(r, c));
        out << QStringLiteral("%1: %2")
                   .arg(t.lines[std::size_t(r)])
                   .arg(cells.join(QStringLiteral(" | ")));
    }
    return out.join(u'\n');
}

// "severity@location" for each issue, in order.
QStringList issueKeys(const IssueList &issues)
{
    QStringList out;
    for (const Issue &i : issues)
        out << severityName(i.severity) + u'@' + i.location;
    return out;
}

QString describe(const IssueList &issues)
{
    QStringList out;
    for (const Issue &i : issues)
        out << severityName(i.severity) + u' ' + i.location + u' ' + i.message;
    return out.join(u'\n');
}

const QString kPath = QStringLiteral("test.csv");

} // namespace

class TestCsvReader : public QObject {
    Q_OBJECT

private slots:
    void parse_data();
    void parse();
    void unreadable_data();
    void unreadable();
    void issueMessages();
    void manyRaggedRows();
    void typing_data();
    void typing();
    void exactTimes_data();
    void exactTimes();
    void normaliseKey_data();
    void normaliseKey();
    void accessors();
    void internedAcrossColumns();
    void largeInputMatchesConstruction_data();
    void largeInputMatchesConstruction();
    void progressAndCancel();
    void readFile();
};

void TestCsvReader::parse_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QStringList>("issues");

    const QString ab = QStringLiteral("a[a||num] ; b[b||num]");
    QTest::newRow("LF") << QByteArray("a,b\n1,2\n3,4\n")
                        << ab + QStringLiteral("\n2: 1 | 2\n3: 3 | 4") << QStringList();
    QTest::newRow("CRLF") << QByteArray("a,b\r\n1,2\r\n3,4\r\n")
                          << ab + QStringLiteral("\n2: 1 | 2\n3: 3 | 4") << QStringList();
    QTest::newRow("no final newline")
        << QByteArray("a,b\n1,2\n3,4") << ab + QStringLiteral("\n2: 1 | 2\n3: 3 | 4")
        << QStringList();
    QTest::newRow("lone CR (old Mac)")
        << QByteArray("a,b\r1,2\r3,4\r") << ab + QStringLiteral("\n2: 1 | 2\n3: 3 | 4")
        << QStringList();
    QTest::newRow("UTF-8 BOM") << QByteArray("\xEF\xBB\xBF"
                                             "a,b\n1,2\n")
                               << ab + QStringLiteral("\n2: 1 | 2") << QStringList();
    QTest::newRow("blank lines skipped")
        << QByteArray("\n\na,b\n\n1,2\r\n\r\n3,4\n\n")
        << ab + QStringLiteral("\n5: 1 | 2\n7: 3 | 4") << QStringList();
    // operator_details: Input Shapes and Call Stack hold ";\r\n" inside quoted cells.
    QTest::newRow("quoted cell spanning lines")
        << QByteArray("Name,Input Shapes,Call Stack\r\naten::empty,\";\r\n;\r\n\",\"a.py(1): f;\r\n"
                      "b.py(2): g\"\r\nnext,,\r\n")
        << QStringLiteral("Name[name||text] ; Input Shapes[inputshapes||text] ; "
                          "Call Stack[callstack||text]\n"
                          "2: aten::empty | ;\\r\\n;\\r\\n | a.py(1): f;\\r\\nb.py(2): g\n"
                          "6: next |  | ")
        << QStringList();
    // kernel_details shapes: the raw field """32,3,224,224""" means "32,3,224,224".
    QTest::newRow("doubled quotes")
        << QByteArray(
               "Name,Input Shapes,Output Shapes\nConv,\"\"\"32,3,224,224\"\"\",\"\"\"151936,1024;"
               "1,4096;1\"\"\"\nx,\"a\"\"b\",\"\"\"\"\n")
        << QStringLiteral("Name[name||text] ; Input Shapes[inputshapes||text] ; "
                          "Output Shapes[outputshapes||text]\n"
                          "2: Conv | \"32,3,224,224\" | \"151936,1024;1,4096;1\"\n"
                          "3: x | a\"b | \"")
        << QStringList();
    QTest::newRow("quoted commas and empty quoted cell")
        << QByteArray("a,b,c\n\"x,y\",\"\",z\n")
        << QStringLiteral("a[a||text] ; b[b||text] ; c[c||text]\n2: x,y |  | z") << QStringList();
    QTest::newRow("TAB after timestamp")
        << QByteArray("Start Time(us),Duration(us)\r\n1736408883704643.212\t,53.741\r\n")
        << QStringLiteral("Start Time(us)[starttime|us|num] ; Duration(us)[duration|us|num]\n"
                          "2: 1736408883704643.212 | 53.741")
        << QStringList();
    QTest::newRow("N/A and empty are missing")
        << QByteArray("Stream ID,Name\n2,a\nN/A,b\n,c\n")
        << QStringLiteral(
               "Stream ID[streamid||num] ; Name[name||text]\n2: 2 | a\n3: N/A | b\n4:  | c")
        << QStringList();
    QTest::newRow("too few cells")
        << QByteArray("a,b,c\n1,2,3\n4,5\n6,7,8\n")
        << QStringLiteral(
               "a[a||num] ; b[b||num] ; c[c||num]\n2: 1 | 2 | 3\n3: 4 | 5 | \n4: 6 | 7 | 8")
        << QStringList { QStringLiteral("warning@line 3") };
    QTest::newRow("too many cells")
        << QByteArray("a,b\n1,2,3,4\n5,6\n") << ab + QStringLiteral("\n2: 1 | 2\n3: 5 | 6")
        << QStringList { QStringLiteral("warning@line 2") };
    QTest::newRow("too many cells after an escaped cell")
        << QByteArray("a,b\n1,2,\"x\"\"y\"\n3,\"p\"\"q\"\n")
        << QStringLiteral("a[a||num] ; b[b||text]\n2: 1 | 2\n3: 3 | p\"q")
        << QStringList { QStringLiteral("warning@line 2") };
    QTest::newRow("unterminated quote at EOF")
        << QByteArray("a,b\n1,2\n3,\"open\nstill open\n")
        << QStringLiteral("a[a||num] ; b[b||text]\n2: 1 | 2\n3: 3 | open\\nstill open\\n")
        << QStringList { QStringLiteral("warning@line 3") };
    QTest::newRow("text after closing quote")
        << QByteArray("a,b\n\"x\"y,2\n") << QStringLiteral("a[a||text] ; b[b||num]\n2: xy | 2")
        << QStringList { QStringLiteral("warning@line 2") };
    QTest::newRow("quote inside an unquoted cell is literal")
        << QByteArray("a,b\nx\"y,2\n") << QStringLiteral("a[a||text] ; b[b||num]\n2: x\"y | 2")
        << QStringList();
    QTest::newRow("header only") << QByteArray("a,b\r\n")
                                 << QStringLiteral("a[a||text] ; b[b||text]")
                                 << QStringList { QStringLiteral("info@") };
    QTest::newRow("single column with quoted empty row")
        << QByteArray("a\nx\n\"\"\ny\n") << QStringLiteral("a[a||text]\n2: x\n3: \n4: y")
        << QStringList();
    QTest::newRow("spaces around cells")
        << QByteArray("a , b\n 1 ,\t2 \n") << ab + QStringLiteral("\n2: 1 | 2") << QStringList();
    QTest::newRow("invalid UTF-8")
        << QByteArray("a,b\nok,1\nbad\xff\xfe,2\n")
        << QString::fromUtf8(
               "a[a||text] ; b[b||num]\n2: ok | 1\n3: bad\xef\xbf\xbd\xef\xbf\xbd | 2")
        << QStringList { QStringLiteral("warning@line 3") };
    QTest::newRow("NUL byte") << QByteArray("a,b\nx\0y,1\n",
        10) << QStringLiteral("a[a||text] ; b[b||num]\n2: x") + QChar(0) + QStringLiteral("y | 1")
                              << QStringList { QStringLiteral("warning@line 2") };
    QTest::newRow("valid multi-byte UTF-8")
        << QByteArray("Name,Path\n\xe7\xae\x97\xe5\xad\x90,/home/\xe7\x94\xa8\xe6\x88\xb7/"
                      "\xf0\x9f\x98\x80.py\n")
        << QString::fromUtf8("Name[name||text] ; Path[path||text]\n2: \xe7\xae\x97\xe5\xad\x90 | "
                             "/home/\xe7\x94\xa8\xe6\x88\xb7/\xf0\x9f\x98\x80.py")
        << QStringList();
    QTest::newRow("trailing comma")
        << QByteArray("a,b\n1,") << QStringLiteral("a[a||num] ; b[b||text]\n2: 1 | ")
        << QStringList();
}

void TestCsvReader::parse()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, expected);
    QFETCH(QStringList, issues);
    // The default window holds the whole input; the tiny ones put every byte of every construct
    // (CR LF, doubled quotes, multi-line cells, UTF-8 sequences) across a window edge.
    for (const std::size_t window : { std::size_t(16) << 20, std::size_t(1), std::size_t(2),
             std::size_t(3), std::size_t(5), std::size_t(7), std::size_t(64) }) {
        const CsvResult r
            = readCsvData(std::string_view(input.constData(), std::size_t(input.size())), kPath, {},
                CsvReadOptions { window });
        const QByteArray where = "window " + QByteArray::number(qulonglong(window));
        QVERIFY2(r.ok, QByteArray(where + ": " + describe(r.issues).toUtf8()).constData());
        QVERIFY(r.table);
        QCOMPARE(r.table->path, kPath);
        QVERIFY2(dump(*r.table) == expected,
            QByteArray(where + ":\n" + dump(*r.table).toUtf8()).constData());
        QVERIFY2(issueKeys(r.issues) == issues,
            QByteArray(where + ": " + describe(r.issues).toUtf8()).constData());
        for (const Issue &i : r.issues)
            QCOMPARE(i.file, kPath);
    }
}

void TestCsvReader::unreadable_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("empty file") << QByteArray() << QStringLiteral("empty");
    QTest::newRow("only BOM") << QByteArray("\xEF\xBB\xBF") << QStringLiteral("empty");
    QTest::newRow("only blank lines") << QByteArray("\r\n\n\r\n") << QStringLiteral("empty");
    QByteArray garbage;
    for (int i = 0; i < 4096; ++i)
        garbage.append(char((i * 7919 + 13) % 256));
    QTest::newRow("binary garbage") << garbage << QStringLiteral("binary");
    QTest::newRow("gzip named .csv")
        << QByteArray("\x1f\x8b\x08\x00\x00\x00\x00\x00", 8) << QStringLiteral("gzip");
    QTest::newRow("zip named .csv") << QByteArray("PK\x03\x04rest") << QStringLiteral("zip");
    QTest::newRow("UTF-16") << QByteArray("\xff\xfe"
                                          "a\0,\0b\0",
        8) << QStringLiteral("UTF-16");
    QTest::newRow("SQLite") << QByteArray("SQLite format 3\0 more", 21) << QStringLiteral("SQLite");
}

void TestCsvReader::unreadable()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, messagePart);
    const CsvResult r = readCsvData(std::string_view(input.constData(), std::size_t(input.size())),
        kPath, {}, CsvReadOptions { 3 });
    QVERIFY(!r.ok);
    QVERIFY(!r.cancelled);
    QVERIFY(!r.table);
    QCOMPARE(r.issues.size(), 1);
    QCOMPARE(r.issues[0].severity, Severity::Error);
    QCOMPARE(r.issues[0].file, kPath);
    QVERIFY2(r.issues[0].message.contains(messagePart), qPrintable(r.issues[0].message));
}

void TestCsvReader::issueMessages()
{
    const QByteArray input("a,b\n1\n1,2,3\n");
    const CsvResult r
        = readCsvData(std::string_view(input.constData(), std::size_t(input.size())), kPath);
    QCOMPARE(r.issues.size(), 2);
    QCOMPARE(r.issues[0].message,
        QStringLiteral("row has 1 cell(s), the header has 2; the missing cells are empty"));
    QCOMPARE(r.issues[1].message,
        QStringLiteral("row has 3 cell(s), the header has 2; the extra cells are ignored"));
}

void TestCsvReader::manyRaggedRows()
{
    QByteArray input("a,b\n");
    for (int i = 0; i < 50; ++i)
        input.append("1\n");
    const CsvResult r
        = readCsvData(std::string_view(input.constData(), std::size_t(input.size())), kPath);
    QVERIFY(r.ok);
    QCOMPARE(r.table->rowCount(), 50);
    QCOMPARE(r.issues.size(), 21); // 20 listed + 1 summary
    QCOMPARE(r.issues[0].location, QStringLiteral("line 2"));
    QCOMPARE(r.issues[19].location, QStringLiteral("line 21"));
    QVERIFY2(
        r.issues[20].message.contains(QStringLiteral("50 rows")), qPrintable(r.issues[20].message));
}

void TestCsvReader::typing_data()
{
    QTest::addColumn<QByteArray>("cells"); // one column, cells separated by '\n'
    QTest::addColumn<bool>("isNumber");
    QTest::addColumn<QList<double>>("numbers");
    QTest::newRow("integers") << QByteArray("1\n-2\n+3") << true << QList<double> { 1, -2, 3 };
    QTest::newRow("decimals") << QByteArray("0.5\n.25\n7.") << true
                              << QList<double> { 0.5, 0.25, 7 };
    QTest::newRow("missing mixed in") << QByteArray("1\nN/A\n\"\"\n-\nNA\n2") << true
                                      << QList<double> { 1, NAN, NAN, NAN, NAN, 2 };
    QTest::newRow("exponent") << QByteArray("1e3\n2.5E-1") << true << QList<double> { 1000, 0.25 };
    QTest::newRow("sentinel 4294967295")
        << QByteArray("4294967295") << true << QList<double> { 4294967295.0 };
    QTest::newRow("19-digit decimal")
        << QByteArray("1736408883704643.212") << true << QList<double> { 1736408883704643.212 };
    QTest::newRow("one text cell") << QByteArray("1\n2\nabc") << false << QList<double>();
    QTest::newRow("host in Device_id") << QByteArray("0\nhost") << false << QList<double>();
    QTest::newRow("all missing") << QByteArray("N/A\nN/A") << false << QList<double>();
    QTest::newRow("inf and nan are text") << QByteArray("1\ninf\nnan") << false << QList<double>();
    QTest::newRow("hex is text") << QByteArray("0x10") << false << QList<double>();
    QTest::newRow("huge number") << QByteArray("1e308\n123456789012345678901234567890") << true
                                 << QList<double> { 1e308, 123456789012345678901234567890.0 };
    QTest::newRow("overflowing number is text") << QByteArray("1e999") << false << QList<double>();
}

void TestCsvReader::typing()
{
    QFETCH(QByteArray, cells);
    QFETCH(bool, isNumber);
    QFETCH(QList<double>, numbers);
    const QByteArray input = "v\n" + cells + "\n";
    const CsvResult r
        = readCsvData(std::string_view(input.constData(), std::size_t(input.size())), kPath);
    QVERIFY(r.ok);
    const Table::Column &c = r.table->columns.at(0);
    QCOMPARE(c.type == Table::ColumnType::Number, isNumber);
    QCOMPARE(qsizetype(isNumber ? c.format.size() : c.text.size()), r.table->rowCount());
    if (!isNumber) {
        QVERIFY(c.number.empty());
        QVERIFY(std::isnan(r.table->number(0, 0)));
        return;
    }
    QCOMPARE(qsizetype(c.number.size()), numbers.size());
    for (qsizetype i = 0; i < numbers.size(); ++i) {
        if (std::isnan(numbers[i])) {
            QVERIFY(std::isnan(c.number[std::size_t(i)]));
            QVERIFY(r.table->isMissing(i, 0));
        } else {
            QCOMPARE(c.number[std::size_t(i)], numbers[i]); // exact: same rounding as strtod
            QCOMPARE(r.table->number(i, 0), numbers[i]);
        }
    }
}

void TestCsvReader::exactTimes_data()
{
    QTest::addColumn<QByteArray>("header");
    QTest::addColumn<QByteArray>("cell");
    QTest::addColumn<qint64>("ns");
    const qint64 missing = Table::kMissingNs;
    QTest::newRow("epoch us with TAB")
        << QByteArray("Start Time(us)") << QByteArray("1736408883704643.212\t")
        << qint64(1736408883704643212);
    QTest::newRow("older float text")
        << QByteArray("Start Time(us)") << QByteArray("1695115378715400.2")
        << qint64(1695115378715400200);
    QTest::newRow("no decimals") << QByteArray("Task Start Time(us)")
                                 << QByteArray("1736408883704643") << qint64(1736408883704643000);
    QTest::newRow("trailing zeros")
        << QByteArray("Wait Time(us)") << QByteArray("1881.080000") << qint64(1881080);
    QTest::newRow("more than 3 decimals round")
        << QByteArray("Duration(us)") << QByteArray("0.0015") << qint64(2);
    QTest::newRow("negative") << QByteArray("Duration(us)") << QByteArray("-0.001") << qint64(-1);
    QTest::newRow("milliseconds") << QByteArray("Time(ms)") << QByteArray("1.5") << qint64(1500000);
    QTest::newRow("seconds") << QByteArray("Elapsed(s)") << QByteArray("2.000000001")
                             << qint64(2000000001);
    QTest::newRow("nanoseconds") << QByteArray("Gap(ns)") << QByteArray("1500") << qint64(1500);
    QTest::newRow("microsign unit")
        << QByteArray("Duration(\xc2\xb5s)") << QByteArray("3") << qint64(3000);
    QTest::newRow("N/A") << QByteArray("Duration(us)") << QByteArray("N/A") << missing;
    QTest::newRow("empty") << QByteArray("Duration(us)") << QByteArray("") << missing;
    QTest::newRow("garbage") << QByteArray("Duration(us)") << QByteArray("12ab") << missing;
    QTest::newRow("out of range") << QByteArray("Duration(us)")
                                  << QByteArray("99999999999999999999") << missing;
}

void TestCsvReader::exactTimes()
{
    QFETCH(QByteArray, header);
    QFETCH(QByteArray, cell);
    QFETCH(qint64, ns);
    const QByteArray input = "Name," + header + "\r\nk," + cell + "\r\n";
    const CsvResult r
        = readCsvData(std::string_view(input.constData(), std::size_t(input.size())), kPath);
    QVERIFY(r.ok);
    const Table::Column &c = r.table->columns.at(1);
    QCOMPARE(c.ns.size(), std::size_t(1));
    QCOMPARE(qint64(c.ns[0]), ns);
    QVERIFY(!r.table->textView(0, 1).ends_with('\t'));
}

void TestCsvReader::normaliseKey_data()
{
    QTest::addColumn<QString>("header");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("unit");
    auto row = [](const char *name, const char *header, const char *key, const char *unit) {
        QTest::newRow(name) << QString::fromUtf8(header) << QString::fromUtf8(key)
                            << QString::fromUtf8(unit);
    };
    row("time unit", "Task Start Time(us)", "taskstarttime", "us");
    row("underscore", "Wait_time", "waittime", "");
    row("case and spaces", "Stream ID", "streamid", "");
    row("article spelling", "Stream_id", "streamid", "");
    row("percent", "cube_utilization(%)", "cubeutilization", "%");
    row("megabytes", "Total Reserved(MB)", "totalreserved", "MB");
    row("bandwidth", "Bandwidth(GB/s)", "bandwidth", "GB/s");
    row("dash", "Block-Dim", "blockdim", "");
    row("not a unit", "Communication(Not Overlapped)", "communication(notoverlapped)", "");
    row("space before unit", "Duration (ms)", "duration", "ms");
    row("micro sign", "Duration(\xc2\xb5s)", "duration", "us");
    row("empty", "", "", "");
}

void TestCsvReader::normaliseKey()
{
    QFETCH(QString, header);
    QFETCH(QString, key);
    QFETCH(QString, unit);
    QString gotUnit = QStringLiteral("unset");
    QCOMPARE(Table::normaliseKey(header, &gotUnit), key);
    QCOMPARE(gotUnit, unit);
    QCOMPARE(Table::normaliseKey(header), key);
}

void TestCsvReader::accessors()
{
    const QByteArray input("Step Id,Stream ID,Start Time(us),Name\n50,2,1.5\t,a\n,N/A,2,b\n");
    const CsvResult r
        = readCsvData(std::string_view(input.constData(), std::size_t(input.size())), kPath);
    QVERIFY(r.ok);
    const Table &t = *r.table;
    QCOMPARE(t.rowCount(), 2);
    QCOMPARE(t.columnCount(), 4);
    QCOMPARE(t.findColumn(u"stream_id"), 1);
    QCOMPARE(t.findColumn(u"Stream Id"), 1);
    QCOMPARE(t.findColumn(u"START TIME(ms)"), 2); // the unit is not part of the key
    QCOMPARE(t.findColumn(u"nope"), -1);
    QCOMPARE(t.text(0, 3), QStringLiteral("a"));
    QCOMPARE(t.textView(1, 3), std::string_view("b"));
    QCOMPARE(t.textView(2, 0), std::string_view()); // out of range
    QCOMPARE(t.textView(0, 9), std::string_view());
    QCOMPARE(t.number(0, 0), 50.0);
    QVERIFY(std::isnan(t.number(1, 0)));
    QVERIFY(std::isnan(t.number(0, 3))); // text column
    QVERIFY(std::isnan(t.number(-1, 0)));
    QVERIFY(t.isMissing(1, 0));
    QVERIFY(t.isMissing(1, 1));
    QVERIFY(!t.isMissing(0, 1));
    QCOMPARE(t.columns[2].ns, (std::vector<std::int64_t> { 1500, 2000 }));
    QVERIFY(t.columns[0].ns.empty()); // no time unit
}

void TestCsvReader::internedAcrossColumns()
{
    // Same text in two columns must share one id, and different texts (even ones differing only
    // after byte 11, or by a NUL) must not.
    const QByteArray input("a,b,c\nsame,same,12345678901x\nx,12345678901y,x\0\n", 47);
    const CsvResult r
        = readCsvData(std::string_view(input.constData(), std::size_t(input.size())), kPath);
    QVERIFY(r.ok);
    const Table &t = *r.table;
    QCOMPARE(t.columns[0].text[0], t.columns[1].text[0]);
    QVERIFY(t.columns[2].text[0] != t.columns[1].text[1]);
    QVERIFY(t.columns[0].text[1] != t.columns[2].text[1]);
    QCOMPARE(t.textView(1, 2), std::string_view("x\0", 2));
}

// Large enough for the two-thread path (and two pools merged); every cell is known by
// construction.
void TestCsvReader::largeInputMatchesConstruction_data()
{
    QTest::addColumn<int>("window");
    QTest::newRow("one window") << (32 << 20);
    QTest::newRow("4 KB windows") << 4096; // refills while the helper thread holds batches
    QTest::newRow("odd windows") << 100003;
}

void TestCsvReader::largeInputMatchesConstruction()
{
    QFETCH(int, window);
    constexpr int kRows = 120000;
    QByteArray input("Name,Id,Start Time(us),Shape,Stack,Ratio,Core,Value\r\n");
    for (int i = 0; i < kRows; ++i) {
        input += "op" + QByteArray::number(i % 97) + ',' + QByteArray::number(i) + ','
            + QByteArray::number(1736408883704643LL + i) + '.' + QByteArray::number(100 + i % 900)
            + "\t,\"\"\"" + QByteArray::number(i % 13) + ",3\"\"\",\"f.py("
            + QByteArray::number(i % 5) + "): f;\r\ng.py(2): g\","
            + QByteArray::number((i % 1000) / 1000.0) + ',' + (i % 3 ? "AI_CORE" : "AI_VECTOR_CORE")
            + ',' + (i % 7 ? QByteArray::number(i % 7) : "N/A") + "\r\n";
    }
    QVERIFY(input.size() > (10 << 20)); // above the two-thread threshold (8 MB)
    const CsvResult r = readCsvData(std::string_view(input.constData(), std::size_t(input.size())),
        kPath, {}, CsvReadOptions { std::size_t(window) });
    QVERIFY2(r.ok && r.issues.isEmpty(), qPrintable(describe(r.issues)));
    const Table &t = *r.table;
    QCOMPARE(t.rowCount(), kRows);
    for (int i = 0; i < kRows; ++i) {
        const auto row = qsizetype(i);
        QCOMPARE(t.lines[std::size_t(i)], 2 + 2 * i);
        QCOMPARE(t.text(row, 0), QStringLiteral("op%1").arg(i % 97));
        QCOMPARE(t.number(row, 1), double(i));
        QCOMPARE(t.columns[2].ns[std::size_t(i)], (1736408883704643LL + i) * 1000 + 100 + i % 900);
        // The texts of the nearly unique columns too (they are stored apart from the others).
        QCOMPARE(t.textView(row, 1), std::to_string(i));
        QCOMPARE(t.textView(row, 2),
            std::to_string(1736408883704643LL + i) + '.' + std::to_string(100 + i % 900));
        QCOMPARE(t.text(row, 3), QStringLiteral("\"%1,3\"").arg(i % 13));
        QCOMPARE(t.text(row, 4), QStringLiteral("f.py(%1): f;\r\ng.py(2): g").arg(i % 5));
        QCOMPARE(t.number(row, 5), (i % 1000) / 1000.0);
        QCOMPARE(
            t.text(row, 6), i % 3 ? QStringLiteral("AI_CORE") : QStringLiteral("AI_VECTOR_CORE"));
        QCOMPARE(t.isMissing(row, 7), i % 7 == 0);
    }
    for (int c = 0; c < t.columnCount(); ++c)
        QCOMPARE(t.columns[std::size_t(c)].type,
            c == 0 || c == 3 || c == 4 || c == 6 ? Table::ColumnType::Text
                                                 : Table::ColumnType::Number);
    // One pool: the same text in different columns has one id.
    QCOMPARE(t.strings.find("op1"), t.columns[0].text[1]);
    // A Number column keeps no text; its cells' texts are written back from their values.
    QVERIFY(t.columns[7].text.empty());
    QCOMPARE(t.textView(1, 7), std::string_view("1"));
}

void TestCsvReader::progressAndCancel()
{
    QByteArray input("a,b\n");
    while (input.size() < (20 << 20))
        input += "1234567,abcdefgh\n";
    const std::string_view data(input.constData(), std::size_t(input.size()));
    std::mutex mutex;
    std::vector<std::int64_t> seen;
    const CsvResult full = readCsvData(data, kPath, [&](std::int64_t done, std::int64_t total) {
        const std::lock_guard lock(mutex);
        seen.push_back(done);
        return total == std::int64_t(data.size());
    });
    QVERIFY(full.ok);
    QVERIFY(seen.size() >= 4);
    QVERIFY(std::is_sorted(seen.begin(), seen.end()));
    QCOMPARE(seen.back(), std::int64_t(data.size()));

    int calls = 0;
    const CsvResult cancelled
        = readCsvData(data, kPath, [&](std::int64_t, std::int64_t) { return ++calls < 2; });
    QVERIFY(cancelled.cancelled);
    QVERIFY(!cancelled.ok);
    QVERIFY(!cancelled.table);
    QCOMPARE(calls, 2);
}

void TestCsvReader::readFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("kernel_details.csv"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("Name,Duration(us)\r\nk,1.5\r\n");
    f.close();
    std::int64_t lastDone = -1, lastTotal = -1;
    const CsvResult r = readCsvFile(path, [&](std::int64_t done, std::int64_t total) {
        lastDone = done;
        lastTotal = total;
        return true;
    });
    QVERIFY(r.ok);
    QCOMPARE(r.table->path, path);
    QCOMPARE(r.table->columns[1].ns, std::vector<std::int64_t> { 1500 });
    QCOMPARE(lastDone, f.size());
    QCOMPARE(lastTotal, f.size());

    const CsvResult missing = readCsvFile(dir.filePath(QStringLiteral("nope.csv")));
    QVERIFY(!missing.ok);
    QCOMPARE(missing.issues.size(), 1);
    QCOMPARE(missing.issues[0].severity, Severity::Error);
    QVERIFY(missing.issues[0].message.contains(QStringLiteral("not found")));

    const CsvResult folder = readCsvFile(dir.path());
    QVERIFY(!folder.ok);
    QCOMPARE(folder.issues[0].severity, Severity::Error);

    const QString emptyPath = dir.filePath(QStringLiteral("empty.csv"));
    QFile e(emptyPath);
    QVERIFY(e.open(QIODevice::WriteOnly));
    e.close();
    const CsvResult empty = readCsvFile(emptyPath);
    QVERIFY(!empty.ok);
    QCOMPARE(empty.issues[0].severity, Severity::Error);
    QCOMPARE(empty.issues[0].file, emptyPath);
}

QTEST_GUILESS_MAIN(TestCsvReader)
#include "tst_csvreader.moc"
