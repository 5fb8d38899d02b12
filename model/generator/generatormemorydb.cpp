// GeneratorMemory::writeDb: the memory tables of the profiler database, added to the file the
// database writer has committed.
#include "model/generator/generatormemory.h"

#include <QCoreApplication>

#include <sqlite3.h>

#include <map>
#include <string>

namespace npuscope::gen {

namespace {

    constexpr std::int64_t kMemoryStrings = std::int64_t(1) << 29; // STRING_IDS of memory names

    // One prepared statement; binds in order, run() steps and resets.
    class Insert {
    public:
        Insert(sqlite3 *db, const char *sql) { sqlite3_prepare_v2(db, sql, -1, &m_stmt, nullptr); }
        ~Insert() { sqlite3_finalize(m_stmt); }
        Insert(const Insert &) = delete;
        Insert &operator=(const Insert &) = delete;
        bool ok() const { return m_stmt != nullptr; }
        Insert &i(std::int64_t v)
        {
            sqlite3_bind_int64(m_stmt, ++m_index, v);
            return *this;
        }
        Insert &t(const char *s)
        {
            sqlite3_bind_text(m_stmt, ++m_index, s, -1, SQLITE_TRANSIENT);
            return *this;
        }
        Insert &null()
        {
            sqlite3_bind_null(m_stmt, ++m_index);
            return *this;
        }
        bool run()
        {
            const bool done = sqlite3_step(m_stmt) == SQLITE_DONE;
            sqlite3_reset(m_stmt);
            m_index = 0;
            return done;
        }

    private:
        sqlite3_stmt *m_stmt = nullptr;
        int m_index = 0;
    };

    constexpr char kTables[] = R"(
BEGIN;
CREATE TABLE MEMORY_RECORD (component INTEGER, timestamp INTEGER, totalAllocated INTEGER, totalReserved INTEGER, totalActive INTEGER, streamPtr INTEGER, deviceId INTEGER);
CREATE TABLE OP_MEMORY (name INTEGER, size INTEGER, allocationTime INTEGER, releaseTime INTEGER, activeReleaseTime INTEGER, duration INTEGER, activeDuration INTEGER, allocationTotalAllocated INTEGER, allocationTotalReserved INTEGER, allocationTotalActive INTEGER, releaseTotalAllocated INTEGER, releaseTotalReserved INTEGER, releaseTotalActive INTEGER, streamPtr INTEGER, deviceId INTEGER);
CREATE TABLE NPU_MODULE_MEM (moduleId INTEGER,timestampNs INTEGER,totalReserved NUMERIC,deviceId INTEGER);
)";

} // namespace

bool GeneratorMemory::writeDb(const QString &path, int device, QString *error) const
{
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READWRITE, nullptr)
        != SQLITE_OK) {
        *error = QCoreApplication::translate("npuscope::Generator", "cannot write %1: %2")
                     .arg(path, QString::fromUtf8(sqlite3_errmsg(db)));
        sqlite3_close(db);
        return false;
    }
    bool ok = sqlite3_exec(db, kTables, nullptr, nullptr, nullptr) == SQLITE_OK;
    ok = ok && insertDbRows(db, device);
    ok = sqlite3_exec(db, ok ? "COMMIT" : "ROLLBACK", nullptr, nullptr, nullptr) == SQLITE_OK && ok;
    if (!ok)
        *error = QCoreApplication::translate("npuscope::Generator", "cannot write %1: %2")
                     .arg(path, QString::fromUtf8(sqlite3_errmsg(db)));
    sqlite3_close(db);
    return ok;
}

bool GeneratorMemory::insertDbRows(sqlite3 *db, int device) const
{
    bool ok = true;
    Insert names(db, "INSERT INTO STRING_IDS VALUES (?,?)");
    Insert record(db, "INSERT INTO MEMORY_RECORD VALUES (?,?,?,?,?,?,?)");
    Insert ops(db, "INSERT INTO OP_MEMORY VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    Insert modules(db,
        "INSERT INTO NPU_MODULE_MEM SELECT id, ?, ?, ? FROM ENUM_MODULE "
        "WHERE name = ?");
    if (!names.ok() || !record.ok() || !ops.ok() || !modules.ok())
        return false;
    std::map<std::string, std::int64_t> ids;
    auto id = [&](const char *name) {
        auto [it, added] = ids.emplace(name, kMemoryStrings + std::int64_t(ids.size()));
        if (added)
            ok = names.i(it->second).t(name).run() && ok;
        return it->second;
    };
    constexpr std::int64_t kStream = 187651234;
    for (const Sample &s : m_samples) {
        ok = record.i(id("PTA"))
                 .i(s.time)
                 .i(s.allocated)
                 .i(s.reserved)
                 .i(s.allocated)
                 .i(kStream)
                 .i(device)
                 .run()
            && ok;
        ok = record.i(id("PTA+GE"))
                 .i(s.time)
                 .i(s.allocated + kGeBytes)
                 .i(s.reserved + kGeBytes)
                 .i(s.allocated + kGeBytes)
                 .i(kStream)
                 .i(device)
                 .run()
            && ok;
    }
    for (const StepTruth &step : m_steps) {
        for (const TimeNs t : { step.startNs, step.startNs + step.wallNs }) {
            const std::int64_t app = reservedAt(t) + kGeBytes;
            ok = record.i(id("GE"))
                     .i(t)
                     .i(kGeBytes)
                     .i(kGeBytes)
                     .i(kGeBytes)
                     .i(kStream)
                     .i(device)
                     .run()
                && ok;
            const std::pair<const char *, std::int64_t> rows[]
                = { { "APP", app }, { "HCCL", kHcclBytes }, { "RUNTIME", kRuntimeBytes } };
            for (const auto &[module, bytes] : rows)
                ok = modules.i(t).i(bytes).i(device).t(module).run() && ok;
        }
    }
    for (const Allocation &a : m_allocations) {
        ops.i(id(a.name)).i(a.bytes).i(a.allocated);
        if (a.released >= 0)
            ops.i(a.released).i(a.released).i(a.released - a.allocated).i(a.released - a.allocated);
        else
            ops.null().null().null().null();
        ops.i(a.allocatedAfter).i(a.reservedAfter).i(a.allocatedAfter);
        if (a.released >= 0)
            ops.i(a.allocatedRelease).i(a.reservedRelease).i(a.allocatedRelease);
        else
            ops.null().null().null();
        ok = ops.i(kStream).i(device).run() && ok;
    }
    return ok;
}

} // namespace npuscope::gen
