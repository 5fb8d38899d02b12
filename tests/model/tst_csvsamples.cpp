// The CSV reader on the real sample profiles: row and column counts checked against Python's csv
// module, and one file's line numbers and exact time sum.
#include "model/csv/csvreader.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <cstdint>

using namespace npuscope;

class TestCsvSamples : public QObject {
    Q_OBJECT

private slots:
    void samples_data();
    void samples();
};

void TestCsvSamples::samples_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("columns");
    // Counted with Python's csv module (blank rows excluded).
    const struct {
        const char *file;
        int rows, columns;
    } kFiles[] = {
        { "ascend-2025-01/level0/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv", 191,
            8 },
        { "ascend-2025-01/level0/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/operator_details.csv", 859,
            9 },
        { "ascend-2025-01/level0/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/step_trace_time.csv", 1,
            10 },
        { "ascend-2025-01/level0/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv", 191,
            8 },
        { "ascend-2025-01/level0/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/operator_details.csv", 859,
            9 },
        { "ascend-2025-01/level0/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/step_trace_time.csv", 1,
            10 },
        { "ascend-2025-01/level1/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/api_statistic.csv", 57, 8 },
        { "ascend-2025-01/level1/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv", 191,
            46 },
        { "ascend-2025-01/level1/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/op_statistic.csv", 33, 8 },
        { "ascend-2025-01/level1/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/operator_details.csv", 859,
            9 },
        { "ascend-2025-01/level1/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/step_trace_time.csv", 1,
            10 },
        { "ascend-2025-01/level1/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/api_statistic.csv", 57, 8 },
        { "ascend-2025-01/level1/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv", 191,
            46 },
        { "ascend-2025-01/level1/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/op_statistic.csv", 33, 8 },
        { "ascend-2025-01/level1/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/operator_details.csv", 859,
            9 },
        { "ascend-2025-01/level1/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/step_trace_time.csv", 1,
            10 },
        { "ascend-2025-01/level2/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/api_statistic.csv", 75, 8 },
        { "ascend-2025-01/level2/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv", 191,
            46 },
        { "ascend-2025-01/level2/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/op_statistic.csv", 33, 8 },
        { "ascend-2025-01/level2/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/operator_details.csv", 859,
            9 },
        { "ascend-2025-01/level2/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/step_trace_time.csv", 1,
            10 },
        { "ascend-2025-01/level2/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/api_statistic.csv", 75, 8 },
        { "ascend-2025-01/level2/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv", 191,
            46 },
        { "ascend-2025-01/level2/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/op_statistic.csv", 33, 8 },
        { "ascend-2025-01/level2/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/operator_details.csv", 859,
            9 },
        { "ascend-2025-01/level2/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/step_trace_time.csv", 1,
            10 },
        { "ascend-2025-11/rank_0_ascend_pt/ASCEND_PROFILER_OUTPUT/api_statistic.csv", 91, 9 },
        { "ascend-2025-11/rank_0_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv", 2463, 47 },
        { "ascend-2025-11/rank_0_ascend_pt/ASCEND_PROFILER_OUTPUT/op_statistic.csv", 35, 9 },
        { "ascend-2025-11/rank_0_ascend_pt/ASCEND_PROFILER_OUTPUT/step_trace_time.csv", 1, 11 },
        { "ascend-2025-11/rank_1_ascend_pt/ASCEND_PROFILER_OUTPUT/step_trace_time.csv", 1, 11 },
        { "ascend-2025-11/rank_2_ascend_pt/ASCEND_PROFILER_OUTPUT/api_statistic.csv", 109, 9 },
        { "ascend-2025-11/rank_2_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv", 2587, 47 },
        { "ascend-2025-11/rank_2_ascend_pt/ASCEND_PROFILER_OUTPUT/op_statistic.csv", 46, 9 },
        { "ascend-2025-11/rank_2_ascend_pt/ASCEND_PROFILER_OUTPUT/step_trace_time.csv", 1, 11 },
        { "ascend-2025-11/rank_3_ascend_pt/ASCEND_PROFILER_OUTPUT/step_trace_time.csv", 1, 11 },
    };
    for (const auto &f : kFiles)
        QTest::newRow(f.file) << QString::fromUtf8(f.file) << f.rows << f.columns;
}

void TestCsvSamples::samples()
{
    QFETCH(QString, file);
    QFETCH(int, rows);
    QFETCH(int, columns);
    const QDir samples(QStringLiteral(NPUSCOPE_SAMPLES_DIR));
    if (!samples.exists())
        QSKIP("sample folder not present");
    const QString path = samples.filePath(file);
    QVERIFY2(QFile::exists(path), qPrintable(path));
    const CsvResult r = readCsvFile(path);
    QStringList messages;
    for (const Issue &i : r.issues)
        messages << i.location + u' ' + i.message;
    QVERIFY2(r.ok && r.issues.isEmpty(), qPrintable(messages.join(u'\n')));
    QCOMPARE(r.table->rowCount(), rows);
    QCOMPARE(r.table->columnCount(), columns);
    for (const Table::Column &c : r.table->columns) {
        // Every cell has its text, or (a Number column) its format.
        QCOMPARE(qsizetype(c.type == Table::ColumnType::Number ? c.format.size() : c.text.size()),
            r.table->rowCount());
        QVERIFY(
            c.type == Table::ColumnType::Text || qsizetype(c.number.size()) == r.table->rowCount());
    }
    if (file.endsWith(QStringLiteral("operator_details.csv"))
        && file.contains(QStringLiteral("level1/rank0"))) {
        // Row starts counted by Python's csv reader (rows span lines through Call Stack).
        QCOMPARE(r.table->lines[0], 2);
        QCOMPARE(r.table->lines[1], 13);
        QCOMPARE(r.table->lines.back(), 6213);
        QCOMPARE(r.table->text(1, 1), QStringLiteral(";\n;\n;\n;\n;\n"));
        const int total = r.table->findColumn(u"Host Total Duration(us)");
        std::int64_t sum = 0;
        for (const std::int64_t ns : r.table->columns[std::size_t(total)].ns)
            sum += ns;
        QCOMPARE(sum, std::int64_t(340579440)); // Python Decimal: 340579.44 us
    }
}

QTEST_GUILESS_MAIN(TestCsvSamples)
#include "tst_csvsamples.moc"
