#include "model/core/decimal.h"
#include "model/core/kerneltable.h"
#include "model/csv/csvreader.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace npuscope;

namespace {

const QString kPath = QStringLiteral("kernel_details.csv");

std::shared_ptr<const Table> load(const QByteArray &csv)
{
    const CsvResult r
        = readCsvData(std::string_view(csv.constData(), std::size_t(csv.size())), kPath);
    return r.table;
}

QString number(std::int32_t v)
{
    return v == KernelTable::kNoValue ? QStringLiteral("-") : QString::number(v);
}

QString time(TimeNs ns)
{
    return ns == Table::kMissingNs ? QStringLiteral("-")
                                   : QString::fromStdString(formatNsAsMicros(ns));
}

// One line per kernel: name type core step stream blockDim start duration wait (times in µs).
QString dump(const KernelTable &k)
{
    QStringList out;
    for (qsizetype i = 0; i < k.rowCount(); ++i) {
        const auto r = std::size_t(i);
        out << QStringList { k.strings.string(k.name[r]), k.strings.string(k.type[r]),
            k.strings.string(k.core[r]), k.strings.string(k.step[r]), number(k.stream[r]),
            number(k.blockDim[r]), time(k.start[r]), time(k.duration[r]), time(k.wait[r]) }
                   .join(u' ');
    }
    return out.join(u'\n');
}

// "location|column|count" of a bad-cells warning.
QString badCellsKey(const Issue &issue)
{
    const QString &m = issue.message;
    const qsizetype open = m.indexOf(u'\''), close = m.indexOf(QStringLiteral("': "));
    return issue.location + u'|' + m.mid(open + 1, close - open - 1) + u'|'
        + m.mid(close + 3).section(u' ', 0, 0);
}

QString describe(const IssueList &issues)
{
    QStringList out;
    for (const Issue &i : issues)
        out << severityName(i.severity) + u' ' + i.location + u' ' + i.message;
    return out.join(u'\n');
}

} // namespace

class TestKernelTable : public QObject {
    Q_OBJECT

private slots:
    void aliases_data();
    void aliases();
    void missingRequired_data();
    void missingRequired();
    void badCells_data();
    void badCells();
    void nullTable();
    void nsOnlyTimeColumn();
    void samples_data();
    void samples();
};

void TestKernelTable::aliases_data()
{
    QTest::addColumn<QByteArray>("csv");
    QTest::addColumn<QString>("expected");

    QTest::newRow("torch_npu 2025")
        << QByteArray(
               "Step Id,Model ID,Task ID,Stream ID,Name,Type,OP State,Accelerator Core,"
               "Start Time(us),Duration(us),Wait Time(us),Block Dim,Mix Block Dim,Input Shapes\r\n"
               "50,4294967295,11051,2,trans_TransData_0,TransData,dynamic,AI_VECTOR_CORE,"
               "1736408883704643.212\t,53.741,0,32,0,\"\"\"32,3,224,224\"\"\"\r\n"
               ",4294967295,11052,N/A,hcom_allReduce_,N/A,N/A,HCCL,1736408883704801.156\t,"
               "6.54,104.202,N/A,0,\r\n")
        << QStringLiteral("trans_TransData_0 TransData AI_VECTOR_CORE 50 2 32 1736408883704643.212 "
                          "53.741 0.000\n"
                          "hcom_allReduce_ N/A HCCL  - - 1736408883704801.156 6.540 104.202");
    QTest::newRow("Device_id first (mid-2025)")
        << QByteArray(
               "Step Id,Device_id,Model ID,Task ID,Stream ID,Name,Type,OP State,Accelerator Core,"
               "Start Time(us),Duration(us),Wait Time(us),Block Dim,Mix Block Dim\n"
               "13,0,4294967295,34473,2,aclnnInplaceZero,ZerosLike,dynamic,AI_VECTOR_CORE,"
               "1764246877073569.640\t,1892.920,0,40,0\n")
        << QStringLiteral("aclnnInplaceZero ZerosLike AI_VECTOR_CORE 13 2 40 1764246877073569.640 "
                          "1892.920 0.000");
    QTest::newRow("Block Num rename (2026)")
        << QByteArray("Device_id,Stream Id,Name,Type,Accelerator Core,Start Time(us),Duration(us),"
                      "Wait Time(us),Block Num,Mix Block Num\n"
                      "0,7,MatMul,MatMulV3,AI_CORE,100.5\t,2.25,1,24,0\n")
        << QStringLiteral("MatMul MatMulV3 AI_CORE  7 24 100.500 2.250 1.000");
    QTest::newRow("raw CANN names")
        << QByteArray("Op Name,OP Type,Task Type,Task Start Time(us),Task Duration(us),"
                      "Task Wait Time(us),Block Dim,Stream Id\n"
                      "Add_1,Add,AI_CORE,10.001,0.002,3,8,1\n")
        << QStringLiteral("Add_1 Add AI_CORE  1 8 10.001 0.002 3.000");
    QTest::newRow("Task Start Time without unit")
        << QByteArray("Op Name,Task Start Time,Task Duration(us)\nk,1736408883704643.212,5\n")
        << QStringLiteral("k    - - 1736408883704643.212 5.000 0.000");
    // The article that started the project writes these spellings (values are µs).
    QTest::newRow("article spellings")
        << QByteArray("Name,Type,Duration,Wait_time,Block_dim,Stream_id,Start_time\n"
                      "matmul,MatMul,12.5,0.25,20,3,1000.000001\n")
        << QStringLiteral("matmul MatMul   3 20 1000.000 12.500 0.250");
    QTest::newRow("milliseconds") << QByteArray(
        "Name,Start Time(ms),Duration(ms)\nk,1.5,0.000001\n")
                                  << QStringLiteral("k    - - 1500.000 0.001 0.000");
    QTest::newRow("only required columns")
        << QByteArray("Name,Start Time(us),Duration(us)\r\nk,1,2\r\n")
        << QStringLiteral("k    - - 1.000 2.000 0.000");
    QTest::newRow("missing cells") << QByteArray(
        "Name,Start Time(us),Duration(us),Wait Time(us),Stream ID,Step Id\nk,N/A,N/A,N/A,N/A,N/A\n")
                                   << QStringLiteral("k    - - - 0.000 0.000");
    QTest::newRow("no rows") << QByteArray("Name,Start Time(us),Duration(us)\n") << QString();
}

void TestKernelTable::aliases()
{
    QFETCH(QByteArray, csv);
    QFETCH(QString, expected);
    const auto table = load(csv);
    QVERIFY(table);
    IssueList issues;
    const KernelTable k = KernelTable::fromTable(table, &issues);
    QVERIFY2(issues.isEmpty(), qPrintable(describe(issues)));
    QCOMPARE(k.table, table);
    QCOMPARE(k.rowCount(), table->rowCount());
    QCOMPARE(dump(k), expected);
    QVERIFY(k.nameColumn >= 0 && k.startColumn >= 0 && k.durationColumn >= 0);
    QCOMPARE(k.nameColumn, std::max(table->findColumn(u"Name"), table->findColumn(u"Op Name")));
}

void TestKernelTable::missingRequired_data()
{
    QTest::addColumn<QByteArray>("csv");
    QTest::addColumn<QStringList>("missing");
    QTest::newRow("no start") << QByteArray("Name,Duration(us)\nk,1\n")
                              << QStringList { QStringLiteral("start") };
    QTest::newRow("no name or duration")
        << QByteArray("Type,Start Time(us)\nk,1\n")
        << QStringList { QStringLiteral("name"), QStringLiteral("duration") };
    QTest::newRow("not a kernel file") << QByteArray("Step,Computing,Free\n1,2,3\n")
                                       << QStringList { QStringLiteral("name"),
                                              QStringLiteral("start"), QStringLiteral("duration") };
}

void TestKernelTable::missingRequired()
{
    QFETCH(QByteArray, csv);
    QFETCH(QStringList, missing);
    const auto table = load(csv);
    IssueList issues;
    const KernelTable k = KernelTable::fromTable(table, &issues);
    QCOMPARE(issues.size(), 1);
    const Issue &issue = issues[0];
    QCOMPARE(issue.severity, Severity::Error);
    QCOMPARE(issue.file, kPath);
    for (const QString &m : missing)
        QVERIFY2(issue.message.contains(m + QStringLiteral(" (")), qPrintable(issue.message));
    for (const Table::Column &c : table->columns) // names the columns that were found
        QVERIFY2(issue.message.contains(c.name), qPrintable(issue.message));
    QCOMPARE(k.rowCount(), 0);
    QCOMPARE(k.table, table);
    KernelTable::fromTable(table, nullptr); // no crash without an issue list
}

void TestKernelTable::badCells_data()
{
    QTest::addColumn<QByteArray>("csv");
    QTest::addColumn<QStringList>("issues"); // "location|column|count"
    QTest::addColumn<QString>("expected");
    QTest::newRow("bad durations")
        << QByteArray("Name,Start Time(us),Duration(us)\nk,1,2\nk,2,abc\nk,3,4\nk,4,x5\n")
        << QStringList { QStringLiteral("line 3|Duration(us)|2") }
        << QStringLiteral("k    - - 1.000 2.000 0.000\nk    - - 2.000 0.000 0.000\n"
                          "k    - - 3.000 4.000 0.000\nk    - - 4.000 0.000 0.000");
    QTest::newRow("bad start and stream")
        << QByteArray("Name,Start Time(us),Duration(us),Stream ID,Block "
                      "Dim\nk,soon,1,two,8.0\nk,5,1,3,1e9999\n")
        << QStringList { QStringLiteral("line 2|Stream ID|1"), QStringLiteral("line 3|Block Dim|1"),
               QStringLiteral("line 2|Start Time(us)|1") }
        << QStringLiteral("k    - 8 - 1.000 0.000\nk    3 - 5.000 1.000 0.000");
    QTest::newRow("stream out of int32 range")
        << QByteArray("Name,Start Time(us),Duration(us),Stream ID\nk,1,1,4294967295\n")
        << QStringList { QStringLiteral("line 2|Stream ID|1") }
        << QStringLiteral("k    - - 1.000 1.000 0.000");
}

void TestKernelTable::badCells()
{
    QFETCH(QByteArray, csv);
    QFETCH(QStringList, issues);
    QFETCH(QString, expected);
    const auto table = load(csv);
    IssueList found;
    const KernelTable k = KernelTable::fromTable(table, &found);
    QCOMPARE(dump(k), expected);
    QCOMPARE(found.size(), issues.size());
    for (qsizetype i = 0; i < found.size(); ++i) {
        const Issue &issue = found[i];
        QCOMPARE(issue.severity, Severity::Warning);
        QCOMPARE(issue.file, kPath);
        QCOMPARE(badCellsKey(issue), issues[i]);
    }
}

void TestKernelTable::nullTable()
{
    IssueList issues;
    const KernelTable k = KernelTable::fromTable(nullptr, &issues);
    QCOMPARE(k.rowCount(), 0);
    QVERIFY(!k.table);
}

// The database reader's kernel times: a "(us)" column of ns only (no texts, no formats). Its
// cells read as text and as missing like a CSV column's, and the kernel table takes the ns.
void TestKernelTable::nsOnlyTimeColumn()
{
    auto table = std::make_shared<Table>();
    const auto column = [&](const char *name, const char *unit, Table::ColumnType type) {
        Table::Column c;
        c.name = QString::fromLatin1(name);
        c.key = Table::normaliseKey(c.name);
        c.unit = QString::fromLatin1(unit);
        c.type = type;
        table->columns.push_back(std::move(c));
    };
    column("Name", "", Table::ColumnType::Text);
    column("Start Time(us)", "us", Table::ColumnType::Number);
    column("Duration(us)", "us", Table::ColumnType::Number);
    const std::vector<TimeNs> starts { 1'736'408'883'732'247'564, 5'000, Table::kMissingNs };
    for (std::size_t r = 0; r < starts.size(); ++r) {
        table->columns[0].text.push_back(table->strings.intern("MatMulV2"));
        table->columns[1].ns.push_back(starts[r]);
        table->columns[1].number.push_back(double(starts[r]) / 1000);
        table->columns[2].ns.push_back(TimeNs(1'500));
        table->columns[2].number.push_back(1.5);
        table->lines.push_back(qint64(r) + 2);
    }
    QCOMPARE(table->text(0, 1), QStringLiteral("1736408883732247.564"));
    QCOMPARE(table->text(1, 1), QStringLiteral("5.000"));
    QVERIFY(table->text(2, 1).isEmpty());
    QVERIFY(!table->isMissing(1, 1));
    QVERIFY(table->isMissing(2, 1));
    QCOMPARE(QByteArray(table->textView(1, 2).data(), qsizetype(table->textView(1, 2).size())),
        QByteArray("1.500"));

    IssueList issues;
    const KernelTable k = KernelTable::fromTable(table, &issues);
    QCOMPARE(k.rowCount(), 3);
    QCOMPARE(k.start[0], starts[0]);
    QCOMPARE(k.start[1], TimeNs(5'000));
    QCOMPARE(k.start[2], Table::kMissingNs);
    QCOMPARE(k.duration[1], TimeNs(1'500));
}

void TestKernelTable::samples_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("rows");
    QTest::addColumn<qint64>("durationSumNs");
    QTest::addColumn<qint64>("firstStartNs");
    // Sums computed with Python's csv module and decimal.Decimal (exact).
    const struct {
        const char *file;
        int rows;
        qint64 durationSum, firstStart;
    } kFiles[] = {
        { "ascend-2025-01/level0/rank0_ascend_pt", 191, 94344340, 1736405443881410320 },
        { "ascend-2025-01/level0/rank1_ascend_pt", 191, 77418862, 1736405443897037309 },
        { "ascend-2025-01/level1/rank0_ascend_pt", 191, 114865613, 1736408883704643212 },
        { "ascend-2025-01/level1/rank1_ascend_pt", 191, 109253559, 1736408883709301270 },
        { "ascend-2025-01/level2/rank0_ascend_pt", 191, 108841491, 1736412474730135222 },
        { "ascend-2025-01/level2/rank1_ascend_pt", 191, 106357602, 1736412474731158720 },
        { "ascend-2025-11/rank_0_ascend_pt", 2463, 651464360, 1764246877073569640 },
        { "ascend-2025-11/rank_2_ascend_pt", 2587, 678097920, 1764246877074017600 },
    };
    for (const auto &f : kFiles)
        QTest::newRow(f.file) << QString::fromUtf8(f.file) << f.rows << f.durationSum
                              << f.firstStart;
}

void TestKernelTable::samples()
{
    QFETCH(QString, file);
    QFETCH(int, rows);
    QFETCH(qint64, durationSumNs);
    QFETCH(qint64, firstStartNs);
    const QDir samples(QStringLiteral(NPUSCOPE_SAMPLES_DIR));
    if (!samples.exists())
        QSKIP("sample folder not present");
    const QString path
        = samples.filePath(file + QStringLiteral("/ASCEND_PROFILER_OUTPUT/kernel_details.csv"));
    QVERIFY2(QFile::exists(path), qPrintable(path));
    const CsvResult csv = readCsvFile(path);
    QVERIFY2(csv.ok && csv.issues.isEmpty(), qPrintable(describe(csv.issues)));
    IssueList issues;
    const KernelTable k = KernelTable::fromTable(csv.table, &issues);
    QVERIFY2(issues.isEmpty(), qPrintable(describe(issues)));
    QCOMPARE(k.rowCount(), rows);
    qint64 sum = 0;
    for (const TimeNs d : k.duration)
        sum += d;
    QCOMPARE(sum, durationSumNs); // exact: to the nanosecond, not only 0.001 µs
    QCOMPARE(qint64(k.start[0]), firstStartNs);
    for (std::size_t i = 0; i < k.name.size(); ++i) {
        QVERIFY(!k.strings.view(k.name[i]).empty());
        QVERIFY(k.start[i] != Table::kMissingNs);
    }
}

QTEST_GUILESS_MAIN(TestKernelTable)
#include "tst_kerneltable.moc"
