// The database reader on two threads gives what it gives on one: the parts either thread may
// take (DbJobs) are each done once, CANN_API's launch flows are bound whichever reader read the
// table and whichever reader makes them (DbLaunchFlows), and a whole read (the six sample
// databases, a generated one with tables of more rows than a batch) is the same, event for event,
// flow for flow and cell for cell, on 1 and 2 threads.

#include "model/db/databasereader.h"
#include "model/db/dbcommops.h"
#include "model/db/dbjobs.h"
#include "model/db/dbkernelreader.h"
#include "model/db/dblaunchflows.h"
#include "model/db/dbstrings.h"
#include "model/db/dbtasks.h"
#include "model/db/dbtracereader.h"
#include "model/db/sqlitedb.h"
#include "model/generator/generator.h"
#include "model/trace/tracebuilder.h"

#include "dbdigest.h"
#include "dbsamples.h"

#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>
#include <thread>

using namespace npuscope;

namespace {

struct ReadResult {
    std::string trace, kernels, memory, issues;
    qsizetype flows = 0, events = 0;
};

ReadResult readWith(const QString &path, int threads)
{
    IssueList issues;
    const DatabaseContents c = readProfilerDatabase(path, QString(), threads, &issues);
    ReadResult r;
    r.trace = c.trace ? test::traceDigest(*c.trace, true) : "none";
    r.flows = c.trace ? qsizetype(c.trace->flows.size()) : 0;
    r.events = c.trace ? qsizetype(c.trace->stats.events) : 0;
    r.kernels = test::tableDigest(c.kernels.get());
    r.memory = test::tableDigest(c.memoryRecord.get());
    test::Digest d;
    for (const Issue &i : issues)
        d.add(i.file + QLatin1Char('|') + i.location + QLatin1Char('|') + i.message);
    r.issues = d.hex();
    return r;
}

std::shared_ptr<Trace> readSplit(const QString &path, bool split, bool cannOnDevice);

// A generated one-rank database of about `events` events in `dir`; empty when generation failed.
QString generatedDb(const QString &dir, std::int64_t events)
{
    GeneratorOptions o;
    o.outDir = dir;
    o.events = events;
    o.seed = 5;
    o.format = GeneratorFormat::Db;
    const GeneratorResult g = generateProfile(o);
    return g.ok && g.ranks.size() == 1 ? g.ranks.front().dbPath : QString();
}

void compareReads(const QString &path)
{
    const ReadResult one = readWith(path, 1);
    QVERIFY(one.events > 0);
    // The reader hands its rows over in batches (DbTraceReader::kRowBatch): the same trace as
    // DbTraceReader's whole chunk handed over at once.
    const auto whole = readSplit(path, false, false);
    QVERIFY(whole);
    QCOMPARE(one.trace, test::traceDigest(*whole, true));
    // The parts go to whichever thread is free first: several reads, so that they fall apart
    // differently.
    for (int run = 0; run < 4; ++run) {
        const ReadResult two = readWith(path, 2);
        QCOMPARE(two.events, one.events);
        QCOMPARE(two.flows, one.flows);
        QCOMPARE(two.trace, one.trace);
        QCOMPARE(two.kernels, one.kernels);
        QCOMPARE(two.memory, one.memory);
        QCOMPARE(two.issues, one.issues);
    }
}

// The trace of a database read by DbTraceReader alone, or split over two readers as the reader
// on two threads splits it, with CANN_API read by the first (`cannOnDevice`) or the second.
std::shared_ptr<Trace> readSplit(const QString &path, bool split, bool cannOnDevice)
{
    QString error;
    const auto db = SqliteDb::open(path, &error);
    const auto db2 = SqliteDb::open(path, &error);
    if (!db || !db2)
        return nullptr;
    IssueList issues;
    RawChunk chunk, hostChunk;
    const DbStrings strings(*db, chunk.strings, &issues);
    for (std::size_t i = 1; i < chunk.strings.size(); ++i)
        hostChunk.strings.intern(chunk.strings.view(StringId(std::uint32_t(i))));
    const DbTasks tasks = DbTasks::read(*db, strings, &issues);
    const std::vector<DbCommOp> ops = readCommOps(*db, strings, tasks, &issues);
    DbKernelReader kernels(*db, chunk.strings, strings, tasks, ops);
    kernels.readCompute(&issues);
    DbTraceReader device(*db, chunk, strings, tasks, ops, kernels.taskNames());
    const DbTasks noTasks;
    const std::vector<DbCommOp> noOps;
    const std::vector<std::uint32_t> noNames;
    DbTraceReader host(*db2, hostChunk, strings, noTasks, noOps, noNames);
    TraceBuilder builder(path);
    if (split) {
        using T = DbTraceReader::HostTable;
        device.readDevice(&issues);
        host.readHost(&issues);
        (cannOnDevice ? device : host).readHostTable(T::Cann, &issues);
        (cannOnDevice ? host : device).readHostTable(T::Overlap, &issues);
        // The launch flows split as on two threads, at a third: into both readers' chunks.
        DbLaunchFlows here(device, device, host), there(host, device, host);
        there.make(tasks.size() / 3, tasks.size(), false);
        here.make(0, tasks.size() / 3, true);
        device.readCounters(&issues);
        builder.add(hostChunk);
    } else {
        device.read(&issues);
    }
    builder.add(chunk);
    return builder.finish(&issues, 1);
}

} // namespace

class TestDbThreads : public QObject {
    Q_OBJECT
private slots:
    void jobsTakenOnce();
    void jobsRacedTakenOnce();
    void cannOnEitherReader_data() { test::addDbSampleRows(); }
    void cannOnEitherReader();
    void samplesSameOnOneAndTwoThreads_data() { test::addDbSampleRows(); }
    void samplesSameOnOneAndTwoThreads();
    void generatedSameOnOneAndTwoThreads();
    void allCoresReadOnTwoConnections();
};

void TestDbThreads::jobsTakenOnce()
{
    DbJobs jobs;
    QVERIFY(!jobs.take(DbJobs::kCann)); // not open yet
    QVERIFY(!jobs.taken(DbJobs::kCann));
    jobs.open(DbJobs::kCann);
    QVERIFY(jobs.take(DbJobs::kCann));
    QVERIFY(jobs.taken(DbJobs::kCann));
    QVERIFY(!jobs.take(DbJobs::kCann));
    QVERIFY(!jobs.take(DbJobs::kOverlap)); // another job is apart
    jobs.open(DbJobs::kOverlap);
    std::vector<DbJobs::Job> ran;
    jobs.takeEach({ DbJobs::kCann, DbJobs::kOverlap }, [&](DbJobs::Job j) { ran.push_back(j); });
    QCOMPARE(ran, std::vector<DbJobs::Job>({ DbJobs::kOverlap }));
}

void TestDbThreads::jobsRacedTakenOnce()
{
    // Two threads taking the same jobs in opposite orders: every job runs exactly once.
    std::atomic<int> runs[DbJobs::kJobs];
    int byFirst = 0;
    for (int round = 0; round < 2000; ++round) {
        DbJobs jobs;
        jobs.open(DbJobs::kCann);
        jobs.open(DbJobs::kOverlap);
        for (auto &r : runs)
            r = 0;
        std::atomic<int> first { 0 };
        auto run = [&](DbJobs::Job j) { ++runs[j]; };
        std::thread other([&] {
            jobs.takeEach({ DbJobs::kOverlap, DbJobs::kCann }, [&](DbJobs::Job j) { run(j); });
        });
        jobs.takeEach({ DbJobs::kCann, DbJobs::kOverlap }, [&](DbJobs::Job j) {
            run(j);
            ++first;
        });
        other.join();
        QCOMPARE(runs[DbJobs::kCann].load(), 1);
        QCOMPARE(runs[DbJobs::kOverlap].load(), 1);
        byFirst += first;
    }
    QVERIFY(byFirst > 0);
}

void TestDbThreads::cannOnEitherReader()
{
    NPUSCOPE_FETCH_SAMPLE_DB(file);
    const auto one = readSplit(file, false, false);
    QVERIFY(one);
    const std::string expected = test::traceDigest(*one, true);
    QVERIFY(!one->flows.empty());
    for (const bool cannOnDevice : { false, true }) {
        const auto split = readSplit(file, true, cannOnDevice);
        QVERIFY(split);
        QCOMPARE(split->flows.size(), one->flows.size());
        QCOMPARE(test::traceDigest(*split, true), expected);
    }
}

void TestDbThreads::samplesSameOnOneAndTwoThreads()
{
    NPUSCOPE_FETCH_SAMPLE_DB(file);
    compareReads(file);
}

void TestDbThreads::generatedSameOnOneAndTwoThreads()
{
    // Tables of more rows than the reader hands over at a time (DbTraceReader::kRowBatch).
    QTemporaryDir tmp;
    const QString db = generatedDb(tmp.path(), 400000);
    QVERIFY(!db.isEmpty());
    compareReads(db);
}

void TestDbThreads::allCoresReadOnTwoConnections()
{
    // A profile is opened with LoadOptions::threads 0, "all cores": the reader read such a call
    // on one connection, so the GUI and the commands never used the second.
    QTemporaryDir tmp;
    const QString db = generatedDb(tmp.path(), 20000);
    QVERIFY(!db.isEmpty());
    IssueList issues;
    const DatabaseContents all = readProfilerDatabase(db, {}, 0, &issues);
    QVERIFY(all.trace);
    QCOMPARE(all.readers, QThread::idealThreadCount() > 1 ? 2 : 1);
    QCOMPARE(readProfilerDatabase(db, {}, 1, &issues).readers, 1);
    QCOMPARE(readProfilerDatabase(db, {}, 4, &issues).readers, 2);
}

QTEST_GUILESS_MAIN(TestDbThreads)
#include "tst_dbthreads.moc"
