// The profiler database reader against a bare SQLite scan of the same rows, in one run:
//   bench_dbload PROFILE.db [RUNS]
// The scan steps every row of the tables the reader uses and touches each cell once through the
// C API (integers and text), with no Qt and nothing kept: the floor any reader pays.
//   bench_dbload --digest PROFILE.db [THREADS]
// prints a digest of everything the reader gives (tracks, slices, counters, flows, tables, issues)
// by text and value, independent of string ids and of the order flows are made in, so that a
// change to the reader can be checked for identical results.
//   bench_dbload --once PROFILE.db [THREADS]
// one reader run (seconds, events, B/event), to run under a profiler.
//   bench_dbload --args PROFILE.db [LOOKUPS]
// the details panel's "Arguments" of framework ops spread over the trace (each a new op, so no
// answer is reused): the first lookup and the median of the others, with the call stack
// (PYTORCH_CALLCHAINS, `npuscope generate --with-stack`) and the number of frames.
#include "model/csv/csvreader.h"
#include "model/db/databasereader.h"
#include "model/trace/traceloader.h"
#include "tests/bench/benchutil.h"
#include "tests/model/dbdigest.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonObject>

#include <malloc.h>
#include <sys/resource.h>

#include <sqlite3.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <tuple>

using namespace npuscope;

namespace {

const char *const kTables[] = { "STRING_IDS", "TASK", "COMPUTE_TASK_INFO", "COMMUNICATION_OP",
    "COMMUNICATION_TASK_INFO", "PYTORCH_API", "CANN_API", "CONNECTION_IDS", "STEP_TIME",
    "OVERLAP_ANALYSIS", "MEMORY_RECORD", "NPU_MEM", "HBM", "LLC", "AICORE_FREQ" };

// Rows scanned; the checksum keeps the compiler from dropping the reads.
std::int64_t bareScan(const QString &path, std::uint64_t *checksum)
{
    sqlite3 *db = nullptr;
    const QByteArray uri
        = (QStringLiteral("file:") + path + QStringLiteral("?mode=ro&immutable=1")).toUtf8();
    if (sqlite3_open_v2(uri.constData(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr))
        return -1;
    std::int64_t rows = 0;
    for (const char *table : kTables) {
        sqlite3_stmt *st = nullptr;
        const std::string sql = std::string("SELECT * FROM ") + table;
        if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) != SQLITE_OK) {
            sqlite3_finalize(st);
            continue;
        }
        const int columns = sqlite3_column_count(st);
        while (sqlite3_step(st) == SQLITE_ROW) {
            ++rows;
            for (int c = 0; c < columns; ++c)
                *checksum += sqlite3_column_type(st, c) == SQLITE_TEXT
                    ? std::uint64_t(sqlite3_column_bytes(st, c))
                    : std::uint64_t(sqlite3_column_int64(st, c));
        }
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return rows;
}

std::string traceSummary(const Trace &trace)
{
    return test::traceDigest(trace) + " (" + std::to_string(trace.tracks.size()) + " tracks, "
        + std::to_string(trace.flows.size()) + " flows)";
}

std::string tableSummary(const Table *table)
{
    return table ? test::tableDigest(table) + " (" + std::to_string(table->rowCount()) + " rows)"
                 : "none";
}

int printDigest(const QString &path, int threads)
{
    IssueList issues;
    const DatabaseContents c = readProfilerDatabase(path, QString(), threads, &issues);
    std::printf("trace   %s\n", c.trace ? traceSummary(*c.trace).c_str() : "none");
    std::printf("kernels %s\n", tableSummary(c.kernels.get()).c_str());
    std::printf("memory  %s\n", tableSummary(c.memoryRecord.get()).c_str());
    test::Digest d;
    for (const Issue &i : issues)
        d.add(i.location + QLatin1Char(' ') + i.message);
    std::printf("issues  %s (%lld)\n", d.hex().c_str(), static_cast<long long>(issues.size()));
    return 0;
}

// Resident memory of this process in bytes (Linux), or 0.
double residentBytes()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmRSS:", 0) == 0)
            return std::atof(line.c_str() + 6) * 1024.0;
    return 0;
}

// CPU seconds (user + system) of this process so far: on a loaded machine the wall time says how
// much of a core the run got, the CPU time what it cost.
double cpuSeconds()
{
    rusage u {};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec)
        + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// One reader run: seconds, events (TraceStats) and the resident bytes it keeps.
struct ReaderRun {
    double seconds = 0;
    std::int64_t events = 0;
    double resident = 0;
};

ReaderRun runReader(const QString &path, int threads)
{
    const double before = residentBytes();
    QElapsedTimer t;
    t.start();
    IssueList issues;
    const DatabaseContents c = readProfilerDatabase(path, QString(), threads, &issues);
    ReaderRun r;
    r.seconds = double(t.nsecsElapsed()) / 1e9;
    r.events = c.trace ? c.trace->stats.events : 0;
    r.resident = residentBytes() - before;
    return r;
}

// The resident bytes of the trace alone (the tables dropped), as bench_traceload counts them.
double traceResident(const QString &path)
{
    const double before = residentBytes();
    IssueList issues;
    DatabaseContents c = readProfilerDatabase(path, QString(), 1, &issues);
    c.kernels.reset();
    c.memoryRecord.reset();
    return residentBytes() - before;
}

// The text twin (trace_view.json and kernel_details.csv beside the database), as the profile
// loader reads them; 0 when there is none.
double runText(const QString &dir, int threads)
{
    const QString trace = dir + QStringLiteral("/trace_view.json");
    if (!QFileInfo::exists(trace))
        return 0;
    QElapsedTimer t;
    t.start();
    TraceLoadOptions o;
    o.threads = threads;
    const TraceLoadResult r = loadTrace(trace, o);
    const CsvResult csv = readCsvFile(dir + QStringLiteral("/kernel_details.csv"));
    Q_UNUSED(csv);
    return r.trace ? double(t.nsecsElapsed()) / 1e9 : 0;
}

int runArgs(const QString &path, int lookups)
{
    IssueList issues;
    const DatabaseContents c = readProfilerDatabase(path, QString(), 2, &issues);
    if (!c.trace)
        return 1;
    std::vector<EventRef> ops;
    for (const Track &t : c.trace->tracks)
        if (t.kind == TrackKind::HostThread)
            for (std::uint32_t i = 0; i < t.events.size(); ++i)
                if (c.trace->strings.view(t.events[i].category) == "cpu_op")
                    ops.push_back({ t.id, i });
    if (ops.empty())
        return 1;
    std::vector<double> ms;
    const double resident = residentBytes();
    double first = -1; // the first lookup with a call stack: it reads PYTORCH_CALLCHAINS
    qsizetype frames = 0;
    for (int i = 0; i <= lookups; ++i) {
        const EventRef ref = ops[std::size_t(i) * (ops.size() - 1) / std::size_t(lookups)];
        QElapsedTimer t;
        t.start();
        const QString stack = c.trace->args(ref).value(QStringLiteral("Call stack")).toString();
        const double elapsed = double(t.nsecsElapsed()) / 1e6;
        frames += stack.isEmpty() ? 0 : stack.count(QLatin1Char('\n')) + 1;
        (first < 0 && !stack.isEmpty() ? first : ms.emplace_back()) = elapsed;
    }
    std::printf("%zu framework ops; args of %d of them, %lld call stack frames: the first with a "
                "call stack %.3f ms, the others median %.3f ms (min %.3f, max %.3f)\n",
        ops.size(), lookups + 1, static_cast<long long>(frames), first, bench::median(ms),
        *std::min_element(ms.begin(), ms.end()), *std::max_element(ms.begin(), ms.end()));
    std::printf("resident +%.1f MB after the lookups\n", (residentBytes() - resident) / 1e6);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr,
            "usage: bench_dbload PROFILE.db [RUNS] [THREADS]\n"
            "       bench_dbload --digest PROFILE.db [THREADS]\n"
            "       bench_dbload --once PROFILE.db [THREADS]\n"
            "       bench_dbload --args PROFILE.db [LOOKUPS]\n");
        return 2;
    }
    if (std::string_view(argv[1]) == "--digest" && argc > 2)
        return printDigest(QString::fromLocal8Bit(argv[2]), argc > 3 ? std::atoi(argv[3]) : 1);
    if (std::string_view(argv[1]) == "--args" && argc > 2)
        return runArgs(
            QString::fromLocal8Bit(argv[2]), argc > 3 ? std::max(1, std::atoi(argv[3])) : 50);
    if (std::string_view(argv[1]) == "--once" && argc > 2) { // one reader run, for a profiler
        const ReaderRun r = runReader(
            QString::fromLocal8Bit(argv[2]), argc > 3 ? std::max(1, std::atoi(argv[3])) : 1);
        std::printf("%.3f s, %lld events, %.1f B/event\n", r.seconds,
            static_cast<long long>(r.events), r.events ? r.resident / double(r.events) : 0.0);
        if (std::getenv("DBLOAD_MALLOC")) {
            IssueList issues;
            const double before = residentBytes();
            const DatabaseContents c = readProfilerDatabase(QString::fromLocal8Bit(argv[2]),
                QString(), argc > 3 ? std::max(1, std::atoi(argv[3])) : 1, &issues);
            const auto m = mallinfo2();
            std::printf("in use %.1f MB (heap %.1f + mmap %.1f), heap %.1f MB, rss +%.1f MB\n",
                double(m.uordblks + m.hblkhd) / 1e6, double(m.uordblks) / 1e6,
                double(m.hblkhd) / 1e6, double(m.arena) / 1e6, (residentBytes() - before) / 1e6);
            double ev = 0, evCap = 0;
            for (const Track &t : c.trace->tracks) {
                ev += double(t.events.size()) * 32;
                evCap += double(t.events.capacity()) * 32;
            }
            std::printf("events %.1f MB (capacity %.1f), flows %zu x %zu B, strings %.1f MB\n",
                ev / 1e6, evCap / 1e6, c.trace->flows.size(), sizeof(Flow),
                double(c.trace->strings.bytesUsed()) / 1e6);
            double tb = 0;
            for (const Table::Column &col : c.kernels->columns)
                tb += double(
                    col.text.capacity() * 4 + col.number.capacity() * 8 + col.ns.capacity() * 8);
            std::printf("kernel columns %.1f MB, strings %.1f MB\n", tb / 1e6,
                double(c.kernels->strings.bytesUsed()) / 1e6);
        }
        return 0;
    }
    const QString path = QString::fromLocal8Bit(argv[1]);
    const int runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
    const int threads = argc > 3 ? std::max(1, std::atoi(argv[3])) : 2;
    const double mb = double(QFileInfo(path).size()) / 1e6;
    const QString dir = QFileInfo(path).absolutePath();
    std::vector<double> scan, read1, readN, text, scanCpu, read1Cpu;
    std::int64_t rows = 0;
    ReaderRun first;
    for (int i = 0; i < runs; ++i) { // alternating, so all see the same cache and load
        QElapsedTimer t;
        t.start();
        std::uint64_t checksum = 0;
        double cpu = cpuSeconds();
        rows = bareScan(path, &checksum);
        scan.push_back(double(t.nsecsElapsed()) / 1e9);
        scanCpu.push_back(cpuSeconds() - cpu);
        cpu = cpuSeconds();
        const ReaderRun r = runReader(path, 1);
        read1Cpu.push_back(cpuSeconds() - cpu);
        if (i == 0)
            first = r;
        read1.push_back(r.seconds);
        if (threads > 1)
            readN.push_back(runReader(path, threads).seconds);
        if (const double s = runText(dir, threads); s > 0)
            text.push_back(s);
        if (checksum == 42)
            std::puts("");
    }
    const double traceOnly = traceResident(path);
    const double s = bench::median(scan), r = bench::median(read1);
    std::printf("%s: %.0f MB, %lld rows, %lld events (median of %d)\n", argv[1], mb,
        static_cast<long long>(rows), static_cast<long long>(first.events), runs);
    std::printf("bare scan %.3f s (%.0f MB/s)\n", s, mb / s);
    std::printf("reader, 1 thread:   %.3f s (%.0f MB/s): %.0f%% of the scan; resident %.0f MB = "
                "%.1f B/event\n",
        r, mb / r, 100.0 * s / r, first.resident / 1e6,
        first.events ? first.resident / double(first.events) : 0.0);
    const double sc = bench::median(scanCpu), rc = bench::median(read1Cpu);
    std::printf("    CPU time: bare scan %.3f s, reader 1 thread %.3f s: %.0f%% of the scan\n", sc,
        rc, 100.0 * sc / rc);
    std::printf("    the trace alone (kernel and memory tables dropped): %.0f MB = %.1f B/event\n",
        traceOnly / 1e6, first.events ? traceOnly / double(first.events) : 0.0);
    if (!readN.empty()) {
        const double n = bench::median(readN);
        std::printf("reader, %d threads:  %.3f s (%.0f MB/s): %.0f%% of the scan\n", threads, n,
            mb / n, 100.0 * s / n);
    }
    if (!text.empty())
        std::printf("text twin (trace_view.json + kernel_details.csv, %d threads): %.3f s\n",
            threads, bench::median(text));
    return 0;
}
