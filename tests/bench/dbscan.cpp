#include "dbscan.h"

#include <sqlite3.h>

#include <chrono>
#include <string_view>
#include <vector>

namespace npuscope::bench {

namespace {

    constexpr const char *kJoinedSql
        = "SELECT t.startNs, t.endNs, t.deviceId, t.streamId, t.taskId, t.connectionId, "
          "c.blockDim, c.mixBlockDim, n.value, op.value, core.value "
          "FROM TASK t JOIN COMPUTE_TASK_INFO c ON c.globalTaskId = t.globalTaskId "
          "JOIN STRING_IDS n ON n.id = c.name JOIN STRING_IDS op ON op.id = c.opType "
          "JOIN STRING_IDS core ON core.id = c.taskType";
    constexpr const char *kIdsSql
        = "SELECT t.startNs, t.endNs, t.deviceId, t.streamId, t.taskId, t.connectionId, "
          "c.blockDim, c.mixBlockDim, c.name, c.opType, c.taskType "
          "FROM TASK t JOIN COMPUTE_TASK_INFO c ON c.globalTaskId = t.globalTaskId";
    constexpr int kIntColumns = 8;

    struct Connection {
        sqlite3 *db = nullptr;
        ~Connection() { sqlite3_close(db); }
    };

    struct Statement {
        sqlite3_stmt *st = nullptr;
        ~Statement() { sqlite3_finalize(st); }
    };

    std::string_view textAt(sqlite3_stmt *st, int column)
    {
        const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(st, column));
        return p ? std::string_view(p, std::size_t(sqlite3_column_bytes(st, column)))
                 : std::string_view();
    }

    std::uint64_t hashText(std::string_view s)
    {
        std::uint64_t h = 1469598103934665603ULL; // FNV-1a over the first bytes: cheap, touches it
        for (std::size_t i = 0; i < s.size() && i < 8; ++i)
            h = (h ^ static_cast<unsigned char>(s[i])) * 1099511628211ULL;
        return h + s.size();
    }

    // STRING_IDS as a vector indexed by id; framework ids (>= 2^28) are not kernel names.
    bool loadStrings(sqlite3 *db, std::vector<std::string> &strings)
    {
        Statement s;
        if (sqlite3_prepare_v2(
                db, "SELECT id, value FROM STRING_IDS WHERE id < 268435456", -1, &s.st, nullptr)
            != SQLITE_OK)
            return false;
        while (sqlite3_step(s.st) == SQLITE_ROW) {
            const auto id = static_cast<std::size_t>(sqlite3_column_int64(s.st, 0));
            if (id >= strings.size())
                strings.resize(id + 1);
            strings[id] = textAt(s.st, 1);
        }
        return true;
    }

    void readRow(sqlite3_stmt *st, const std::vector<std::string> *strings, DbScanResult &r)
    {
        for (int c = 0; c < kIntColumns; ++c)
            r.checksum += static_cast<std::uint64_t>(sqlite3_column_int64(st, c));
        for (int c = kIntColumns; c < kIntColumns + 3; ++c) {
            std::string_view text;
            if (strings) {
                const auto id = static_cast<std::size_t>(sqlite3_column_int64(st, c));
                text = id < strings->size() ? std::string_view((*strings)[id]) : std::string_view();
            } else {
                text = textAt(st, c);
            }
            r.textBytes += static_cast<std::int64_t>(text.size());
            r.checksum += hashText(text);
        }
        ++r.rows;
    }

} // namespace

DbScanResult scanKernelRows(const std::string &path, DbScanStrings strings)
{
    DbScanResult r;
    const auto start = std::chrono::steady_clock::now();
    Connection c;
    const std::string uri = "file:" + path + "?mode=ro&immutable=1";
    if (sqlite3_open_v2(uri.c_str(), &c.db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr)
        != SQLITE_OK) {
        r.error = "cannot open " + path;
        return r;
    }
    std::vector<std::string> table;
    const bool byId = strings == DbScanStrings::Table;
    Statement s;
    if ((byId && !loadStrings(c.db, table))
        || sqlite3_prepare_v2(c.db, byId ? kIdsSql : kJoinedSql, -1, &s.st, nullptr) != SQLITE_OK) {
        r.error = path + ": " + sqlite3_errmsg(c.db);
        return r;
    }
    int rc = SQLITE_ROW;
    while ((rc = sqlite3_step(s.st)) == SQLITE_ROW)
        readRow(s.st, byId ? &table : nullptr, r);
    if (rc != SQLITE_DONE) {
        r.error = path + ": " + sqlite3_errmsg(c.db);
        return r;
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.ok = true;
    return r;
}

} // namespace npuscope::bench
