#include "model/db/databasereader.h"
#include "model/core/residentmemory.h"

#include "model/db/dbcolumns.h"
#include "model/db/dbcommops.h"
#include "model/db/dbeventargs.h"
#include "model/db/dbjobs.h"
#include "model/db/dbkernelreader.h"
#include "model/db/dblaunchflows.h"
#include "model/db/dbmemorytables.h"
#include "model/db/dbstrings.h"
#include "model/db/dbtablebuilder.h"
#include "model/db/dbtasks.h"
#include "model/db/dbtracereader.h"
#include "model/db/sqlitedb.h"
#include "model/db/sqlitequery.h"
#include "model/trace/tracebuilder.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QThread>

#include <functional>
#include <mutex>
#include <optional>
#include <thread>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace npuscope {

namespace {

    Q_LOGGING_CATEGORY(lcDbLoad, "npuscope.load.db", QtWarningMsg)

    QString tr(const char *text) { return QCoreApplication::translate("npuscope::Database", text); }

    void readMeta(const SqliteDb &db, DatabaseContents &out, IssueList *issues)
    {
        DbColumns meta(db, "META_DATA");
        const int name = meta.add({ "name" }), value = meta.add({ "value" });
        if (meta.tableExists()) {
            auto text = [](std::string_view s) {
                return QString::fromUtf8(s.data(), qsizetype(s.size()));
            };
            SqliteQuery q(db, meta.sql());
            while (q.next()) {
                out.metaData.emplace_back(text(q.text(name)), text(q.text(value)));
                if (out.metaData.back().first == QLatin1String("SCHEMA_VERSION"))
                    out.schemaVersion = out.metaData.back().second;
            }
            meta.report(q, db.path(), issues);
        }
        DbColumns npu(db, "NPU_INFO");
        const int npuName = npu.add({ "name" });
        // Schema 1.0 has no core count; later ones are read by these names.
        const int cores = npu.add({ "aiCoreNum", "aicNum", "aiCoreCount", "aicoreNum" });
        if (!npu.tableExists())
            return;
        SqliteQuery q(db, npu.sql());
        if (q.next()) {
            const std::string_view n = q.text(npuName);
            out.npuName = QString::fromUtf8(n.data(), qsizetype(n.size()));
            if (const auto c = q.integer(cores); c && *c > 0 && *c < 4096)
                out.aiCoreCount = int(*c);
        }
        npu.report(q, db.path(), issues);
    }

    std::shared_ptr<const Table> readMemoryRecord(
        const SqliteDb &db, const DbStrings &strings, const StringPool &pool, IssueList *issues)
    {
        DbColumns cols(db, "MEMORY_RECORD");
        if (!cols.tableExists())
            return nullptr;
        const int cComponent = cols.add({ "component" }),
                  cTime = cols.require({ "timestamp", "timestampNs" });
        const int cAllocated = cols.add({ "totalAllocated" }),
                  cReserved = cols.add({ "totalReserved" });
        const int cActive = cols.add({ "totalActive" }), cDevice = cols.add({ "deviceId" });
        using T = Table::ColumnType;
        DbTableBuilder t(db.path());
        const int oComponent = t.addColumn(QStringLiteral("Component"), T::Text);
        const int oTime = t.addColumn(QStringLiteral("Timestamp(us)"), T::Number);
        const int oAllocated = t.addColumn(QStringLiteral("Total Allocated(MB)"), T::Number);
        const int oReserved = t.addColumn(QStringLiteral("Total Reserved(MB)"), T::Number);
        const int oActive = t.addColumn(QStringLiteral("Total Active(MB)"), T::Number);
        const int oDevice = t.addColumn(QStringLiteral("Device Type"), T::Text);
        constexpr double kMiB = 1024.0 * 1024.0;
        auto mb = [](std::optional<double> v) { return v ? std::optional(*v / kMiB) : v; };
        SqliteQuery q(db, cols.sql());
        while (q.next()) {
            const auto time = q.time(cTime);
            if (!time)
                continue;
            t.text(oComponent, pool.view(strings.map(q.integer(cComponent))));
            t.time(oTime, *time);
            t.number(oAllocated, mb(q.real(cAllocated)));
            t.number(oReserved, mb(q.real(cReserved)));
            t.number(oActive, mb(q.real(cActive)));
            t.text(oDevice, "NPU:" + std::to_string(q.integer(cDevice).value_or(0)));
            t.endRow();
        }
        cols.report(q, db.path(), issues);
        return t.finish();
    }

    // analysis.db StepTraceTime: step_trace_time.csv's columns, already in µs.
    std::shared_ptr<const Table> readStepTrace(const QString &path, IssueList *issues)
    {
        if (path.isEmpty())
            return nullptr;
        QString error;
        const auto db = SqliteDb::open(path, &error);
        if (!db) {
            issues->append({ Severity::Error, path, QString(), error });
            return nullptr;
        }
        static const char *const kColumns[][2] = { { "step", "Step" }, { "computing", "Computing" },
            { "communication_not_overlapped", "Communication(Not Overlapped)" },
            { "overlapped", "Overlapped" }, { "communication", "Communication" },
            { "free", "Free" }, { "stage", "Stage" }, { "bubble", "Bubble" },
            { "communication_not_overlapped_and_exclude_receive",
                "Communication(Not Overlapped and Exclude Receive)" },
            { "preparing", "Preparing" } };
        DbColumns cols(*db, "StepTraceTime");
        if (!cols.tableExists())
            return nullptr;
        DbTableBuilder t(path);
        int in[10], out[10];
        for (int i = 0; i < 10; ++i) {
            in[i] = cols.add({ kColumns[i][0] });
            out[i] = t.addColumn(QString::fromLatin1(kColumns[i][1]),
                i == 0 ? Table::ColumnType::Text : Table::ColumnType::Number);
        }
        SqliteQuery q(*db, cols.sql());
        while (q.next()) {
            t.text(out[0], q.text(in[0]));
            for (int i = 1; i < 10; ++i)
                t.number(out[i], q.real(in[i]));
            t.endRow();
        }
        cols.report(q, path, issues);
        return t.finish();
    }

    QStringList absentTables(const SqliteDb &db)
    {
        QStringList out;
        for (const char *t : { "TASK", "COMPUTE_TASK_INFO", "COMMUNICATION_OP", "CANN_API",
                 "PYTORCH_API", "STEP_TIME", "OVERLAP_ANALYSIS", "MEMORY_RECORD", "NPU_MEM", "HBM",
                 "LLC", "AICORE_FREQ" })
            if (!db.hasTable(t))
                out << QString::fromLatin1(t);
        return out;
    }

    std::unique_ptr<SqliteDb> openProfilerDatabase(const QString &path, IssueList *issues)
    {
        QString error;
        auto db = SqliteDb::open(path, &error);
        if (!db) {
            issues->append({ Severity::Error, path, QString(), error });
            return nullptr;
        }
        if (!db->hasTable("STRING_IDS")
            || (!db->hasTable("TASK") && !db->hasTable("PYTORCH_API"))) {
            issues->append({ Severity::Error, path, QString(),
                tr("not a profiler database: it has no STRING_IDS, TASK or PYTORCH_API table") });
            return nullptr;
        }
        return db;
    }

    // The database with what both readers tell about it (META_DATA, NPU_INFO, absent tables).
    std::unique_ptr<SqliteDb> openWithContext(
        const QString &path, DatabaseContents &out, IssueList *issues)
    {
        auto db = openProfilerDatabase(path, issues);
        if (!db)
            return nullptr;
        out.opened = true;
        readMeta(*db, out, issues);
        out.notCollected = absentTables(*db);
        return db;
    }

    // Hands a chunk's rows to the builder and empties it; its strings and tracks stay (later rows
    // refer to them). Returns the rows handed over.
    std::size_t flushChunk(TraceBuilder &builder, RawChunk &chunk, std::int64_t tableRows)
    {
        const std::size_t rows = chunk.slices.size() + chunk.counters.size();
        // TraceBuilder sizes a track's events from the part of the input left after a chunk
        // (chunk.begin to chunk.end of "file bytes"): here the rows of the table that are left,
        // so that each track gets room for its share of the whole table at once (a track's rows
        // come from one table), copied once and never regrown.
        builder.setFileBytes(std::max(tableRows, chunk.end) + 1);
        builder.add(chunk);
        chunk.counters.clear();
        chunk.metas.clear();
        chunk.stats = {};
        for (RawChunk::Problem &p : chunk.problems)
            p = {};
        chunk.issues.clear();
        return rows;
    }

    // What the two threads of a read share: the parts either may do (DbJobs), each part's
    // problems apart (they are told in the order of a read on one thread), and the phase log:
    // QT_LOGGING_RULES="npuscope.load*.debug=true".
    struct SharedParts {
        DbJobs jobs;
        IssueList issues[DbJobs::kJobs];
        QElapsedTimer clock;

        void log(const char *thread, const char *phase) const
        {
            qCDebug(lcDbLoad, "%s thread: %s done at %.1f ms, resident %.0f MB", thread, phase,
                double(clock.nsecsElapsed()) / 1e6, residentMegabytes());
        }
        // `db` and `reader`: the connection and the trace reader of the thread that runs it.
        void run(DbJobs::Job job, DbTraceReader &reader, const char *thread)
        {
            const bool cann = job == DbJobs::kCann;
            using Table = DbTraceReader::HostTable;
            reader.readHostTable(cann ? Table::Cann : Table::Overlap, &issues[job]);
            log(thread, cann ? "CANN_API" : "OVERLAP_ANALYSIS");
        }
    };

    // The framework tables on a connection and a thread of their own (SQLite connections are not
    // shared between threads), from the start: they need only the strings; then whatever parts
    // are left. Its rows go to the builder from its thread (`flush` serialises the builder's
    // use): the builder's copying is shared.
    struct HostReader {
        using Flush = std::function<void(RawChunk &, std::int64_t)>;
        HostReader(const SqliteDb &db, const RawChunk &main, const DbStrings &strings,
            const Flush &flush, SharedParts &parts)
            : reader(db, chunk, strings, noTasks, noOps, noNames)
        {
            // The same ids as the main chunk's pool: DbStrings maps into both.
            for (std::size_t i = 1; i < main.strings.size(); ++i)
                chunk.strings.intern(main.strings.view(StringId(std::uint32_t(i))));
            reader.setFlush([this, flush](std::int64_t tableRows) { flush(chunk, tableRows); });
            worker = std::thread([this, &parts] {
                reader.readHost(&issues);
                parts.log("host", "CONNECTION_IDS, PYTORCH_API");
                parts.jobs.takeEach({ DbJobs::kCann, DbJobs::kOverlap },
                    [&](DbJobs::Job job) { parts.run(job, reader, "host"); });
            });
        }
        ~HostReader()
        {
            if (worker.joinable())
                worker.join();
        }
        const DbTasks noTasks;
        const std::vector<DbCommOp> noOps;
        const std::vector<std::uint32_t> noNames;
        RawChunk chunk;
        DbTraceReader reader;
        IssueList issues;
        std::thread worker;
    };

    // The trace on two threads: the device tracks and then `kernelTable` here, the framework
    // tables on the host reader's thread, CANN_API and OVERLAP_ANALYSIS on whichever is free
    // first; then the launch flows on both and the counters here. The kernel table is made here,
    // not on the host thread, where its large columns would stay in that thread's malloc arena.
    void readTraceParts(DbTraceReader &reader, HostReader &host, SharedParts &parts,
        const std::function<void()> &kernelTable, std::size_t tasks, IssueList *issues)
    {
        reader.readDevice(issues);
        parts.log("main", "device tracks");
        kernelTable();
        // The larger part first, as the host thread takes them: whichever thread is free first
        // takes CANN_API, the other OVERLAP_ANALYSIS, so that neither waits long for the other.
        parts.jobs.takeEach({ DbJobs::kCann, DbJobs::kOverlap },
            [&](DbJobs::Job job) { parts.run(job, reader, "main"); });
        host.worker.join();
        issues->append(host.issues);
        issues->append(parts.issues[DbJobs::kCann]);
        issues->append(parts.issues[DbJobs::kOverlap]);
        // The launch flows on both threads, half of the tasks each, into each reader's chunk.
        DbLaunchFlows here(reader, reader, host.reader), there(host.reader, reader, host.reader);
        std::thread other([&] { there.make(tasks / 2, tasks, false); });
        here.make(0, tasks / 2, true);
        other.join();
        parts.log("main", "launch flows");
        reader.readCounters(issues);
    }

    // The kernel and memory tables and the trace; what is only needed to make them is freed on
    // return. Problems come in the order of a read on one thread.
    void readContents(const SqliteDb &db, int threads, DatabaseContents &out, IssueList *issues)
    {
        const QString &path = db.path();
        SharedParts parts;
        parts.clock.start();
        RawChunk chunk;
        const DbStrings strings(db, chunk.strings, issues);
        QString error;
        const auto second = threads > 1 ? SqliteDb::open(path, &error) : nullptr;
        TraceBuilder builder(path);
        std::mutex builderMutex; // the host reader hands its rows over from its thread
        std::size_t rows = 0;
        const HostReader::Flush flushTo = [&](RawChunk &c, std::int64_t tableRows) {
            const std::lock_guard lock(builderMutex);
            rows += flushChunk(builder, c, tableRows);
        };
        DbTasks tasks;
        std::vector<DbCommOp> ops;
        parts.jobs.open(DbJobs::kCann);
        parts.jobs.open(DbJobs::kOverlap);
        std::optional<HostReader> host;
        if (second)
            host.emplace(*second, chunk, strings, flushTo, parts);
        tasks = DbTasks::read(db, strings, issues);
        ops = readCommOps(db, strings, tasks, issues);
        DbKernelReader kernels(db, chunk.strings, strings, tasks, ops);
        kernels.readCompute(issues);
        parts.log("main", "TASK, COMPUTE_TASK_INFO");
        out.memoryRecord = readMemoryRecord(db, strings, chunk.strings, issues);
        out.operatorMemory = readOperatorMemoryTable(db, strings, chunk.strings, issues);
        out.moduleMemory = readModuleMemoryTable(db, issues);
        IssueList kernelIssues, traceIssues;
        const auto kernelTable = [&] {
            out.kernels = kernels.table(db, &kernelIssues);
            parts.log("main", "kernel table");
        };
        DbTraceReader reader(db, chunk, strings, tasks, ops, kernels.taskNames());
        reader.setFlush([&](std::int64_t tableRows) { flushTo(chunk, tableRows); });
        out.readers = host ? 2 : 1;
        if (host) {
            readTraceParts(reader, *host, parts, kernelTable, tasks.size(), &traceIssues);
            flushTo(host->chunk, 0); // empty: it flushed after its last table
        } else {
            kernelTable();
            reader.read(&traceIssues);
        }
        issues->append(kernelIssues);
        issues->append(traceIssues);
        if (rows == 0) {
            issues->append({ Severity::Error, path, QString(),
                tr("the database holds no device task, host call or counter: nothing to show") });
            return;
        }
        out.trace = builder.finish(issues, threads);
        out.trace->fileBytes = QFileInfo(path).size();
        out.trace->argsSource = std::make_shared<DbEventArgs>(path);
        parts.log("main", "trace built");
    }

} // namespace

DatabaseContents readProfilerDatabaseSummary(
    const QString &path, const QString &analysisPath, IssueList *issues)
{
    DatabaseContents out;
    // The database's own problems are told once, by the full load of the rank (RankLoader keeps
    // the summary's issues and the full load's apart by file).
    IssueList later;
    if (openWithContext(path, out, &later))
        out.stepTrace = readStepTrace(analysisPath, issues);
    return out;
}

DatabaseContents readProfilerDatabase(
    const QString &path, const QString &analysisPath, int threads, IssueList *issues)
{
    DatabaseContents out;
    const auto db = openWithContext(path, out, issues);
    if (!db)
        return out;
    // The profile loader's default, 0, is all cores (as for the trace loader).
    readContents(
        *db, threads > 0 ? threads : std::max(1, QThread::idealThreadCount()), out, issues);
#if defined(__GLIBC__)
    // The rows read, the joins and the raw chunk are freed by now; glibc keeps such pages in its
    // heap: hand them back to the system, as the text loader does.
    malloc_trim(0);
#endif
    out.stepTrace = readStepTrace(analysisPath, issues);
    return out;
}

} // namespace npuscope
