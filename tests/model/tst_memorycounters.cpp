#include "model/core/trace.h"
#include "model/csv/csvreader.h"
#include "model/memory/memorycounters.h"
#include "model/profile/profileloader.h"

#include <QFileInfo>
#include <QTest>

using namespace npuscope;

class TestMemoryCounters : public QObject {
    Q_OBJECT

private slots:
    void seriesPerComponentAndQuantity();
    void missingColumnsAreReported();
    void sampleProfile_data();
    void sampleProfile();
};

void TestMemoryCounters::seriesPerComponentAndQuantity()
{
    // As torch_npu writes it: a TAB after the timestamp, empty cells for quantities not kept.
    const char csv[] = "Component,Timestamp(us),Total Allocated(MB),Total Reserved(MB),"
                       "Total Active(MB),Stream Ptr,Device Type\n"
                       "PTA,1000.000\t,10,20,5,1,NPU:0\n"
                       "PTA,1500.000\t,12,20,6,1,NPU:0\n"
                       "PTA,2500.000\t,30,40,7,1,NPU:0\n"
                       "PTA,3500.000\t,99,99,99,1,NPU:0\n"
                       "GE,1200.000\t,,64,,,NPU:0\n"
                       "APP,500.000\t,,2109.5,,,NPU:0\n";
    const CsvResult r = readCsvData(csv, QStringLiteral("/p/memory_record.csv"));
    QVERIFY(r.ok);
    Trace trace;
    trace.minTime = 1'200'000; // ns: the trace covers [1.2 ms, 3 ms]
    trace.maxTime = 3'000'000;
    Track host;
    host.processSort = 7;
    trace.tracks.push_back(host);
    IssueList issues;
    QCOMPARE(addMemoryCounters(trace, *r.table, QStringLiteral("memory_record.csv"), &issues),
        5); // PTA x3, GE reserved, APP reserved
    QVERIFY(issues.isEmpty());
    QCOMPARE(trace.counters.size(), std::size_t(5));
    const CounterSeries *allocated = nullptr;
    const CounterSeries *app = nullptr;
    for (const CounterSeries &c : trace.counters) {
        QCOMPARE(c.processSort, 8); // after every other group
        QVERIFY(c.processName.contains(QStringLiteral("memory_record.csv")));
        if (c.name == QStringLiteral("PTA allocated (MB)"))
            allocated = &c;
        if (c.name.startsWith(QStringLiteral("APP")))
            app = &c;
    }
    QVERIFY(allocated && app);
    // 1.0 ms is the last sample before the range: moved to its start. 3.5 ms is after it.
    QCOMPARE(allocated->times, (std::vector<TimeNs> { 1'200'000, 1'500'000, 2'500'000 }));
    QCOMPARE(allocated->values, (std::vector<double> { 10, 12, 30 }));
    QCOMPARE(allocated->minValue, 10.0);
    QCOMPARE(allocated->maxValue, 30.0);
    QCOMPARE(app->times, (std::vector<TimeNs> { 1'200'000 }));
    QCOMPARE(app->values.front(), 2109.5);
}

void TestMemoryCounters::missingColumnsAreReported()
{
    const CsvResult r = readCsvData("Name,Value\na,1\n", QStringLiteral("/p/memory_record.csv"));
    QVERIFY(r.ok);
    Trace trace;
    IssueList issues;
    QCOMPARE(addMemoryCounters(trace, *r.table, QStringLiteral("memory_record.csv"), &issues), 0);
    QCOMPARE(issues.size(), 1);
    QCOMPARE(issues.first().file, QStringLiteral("/p/memory_record.csv"));
    QVERIFY(trace.counters.empty());
}

// A sample and its database twin: the memory group names where its samples come from (the
// database export has no memory_record.csv), and no other group names a file.
void TestMemoryCounters::sampleProfile_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("process");
    QTest::addColumn<int>("series");
    // MEMORY_RECORD writes 0 where memory_record.csv leaves a cell empty (GE active): a series
    // of zeros there.
    QTest::addColumn<bool>("zerosToo");
    QTest::newRow("text") << QStringLiteral(
        NPUSCOPE_SAMPLES_DIR "/ascend-2025-01/level1/rank0_ascend_pt")
                          << QStringLiteral("Memory (memory_record.csv)")
                          << 4 // PTA, GE, PTA+GE, APP
                          << false;
    QTest::newRow("database") << QStringLiteral(
        NPUSCOPE_SAMPLES_DIR "/ascend-2025-01-db/level1/rank0_ascend_pt")
                              << QStringLiteral(
                                     "Memory (MEMORY_RECORD in ascend_pytorch_profiler_0.db)")
                              << 3 // no APP rows in MEMORY_RECORD
                              << true;
}

void TestMemoryCounters::sampleProfile()
{
    QFETCH(QString, path);
    QFETCH(QString, process);
    QFETCH(int, series);
    QFETCH(bool, zerosToo);
    if (!QFileInfo::exists(QStringLiteral(NPUSCOPE_SAMPLES_DIR)))
        QSKIP("sample profiles not present");
    QVERIFY2(QFileInfo::exists(path), qPrintable(path));
    const LoadResult result = loadProfile(path);
    QVERIFY(result.profile && result.profile->ranks.size() == 1);
    const auto &trace = result.profile->ranks.front()->trace;
    QVERIFY(trace);
    int memory = 0;
    for (const CounterSeries &c : trace->counters) {
        if (c.processName != process) {
            QVERIFY2(!c.processName.contains(QStringLiteral(".csv")), qPrintable(c.processName));
            continue;
        }
        ++memory;
        QVERIFY(!c.times.empty());
        QVERIFY(std::is_sorted(c.times.begin(), c.times.end()));
        QVERIFY(c.times.front() >= trace->minTime && c.times.back() <= trace->maxTime);
        QVERIFY2(zerosToo ? c.minValue >= 0 : c.maxValue > 0, qPrintable(c.name));
    }
    QVERIFY2(memory >= series, qPrintable(QString::number(memory)));
}

QTEST_GUILESS_MAIN(TestMemoryCounters)
#include "tst_memorycounters.moc"
