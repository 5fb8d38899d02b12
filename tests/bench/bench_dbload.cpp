// The profiler database reader against a bare SQLite scan of the same rows, in one run:
//   bench_dbload PROFILE.db [RUNS]
// The scan steps every row of the tables the reader uses and touches each cell once through the
// C API (integers and text), with no Qt and nothing kept: the floor any reader pays.
#include "model/db/databasereader.h"
#include "tests/bench/benchutil.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>

#include <sqlite3.h>

#include <cstdio>
#include <cstdlib>

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

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_dbload PROFILE.db [RUNS]\n");
        return 2;
    }
    const QString path = QString::fromLocal8Bit(argv[1]);
    const int runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
    const double mb = double(QFileInfo(path).size()) / 1e6;
    std::vector<double> scan, read;
    std::int64_t rows = 0;
    std::size_t events = 0;
    for (int i = 0; i < runs; ++i) { // alternating, so both see the same cache and load
        QElapsedTimer t;
        t.start();
        std::uint64_t checksum = 0;
        rows = bareScan(path, &checksum);
        scan.push_back(double(t.nsecsElapsed()) / 1e9);
        t.restart();
        IssueList issues;
        const DatabaseContents c = readProfilerDatabase(path, QString(), 1, &issues);
        read.push_back(double(t.nsecsElapsed()) / 1e9);
        events = 0;
        if (c.trace)
            for (const Track &track : c.trace->tracks)
                events += track.events.size();
        if (checksum == 42)
            std::puts("");
    }
    const double s = bench::median(scan), r = bench::median(read);
    std::printf(
        "%s: %.0f MB, %lld rows, %zu slices\n", argv[1], mb, static_cast<long long>(rows), events);
    std::printf("bare scan %.3f s (%.0f MB/s), reader %.3f s (%.0f MB/s): %.0f%% of the scan\n", s,
        mb / s, r, mb / r, 100.0 * s / r);
    return 0;
}
