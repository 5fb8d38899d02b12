#pragma once

#include <QString>

#include <sqlite3.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace npuscope {

// One read-only connection to a profiler database (internal to model/db). Opened through the URI
// `file:...?mode=ro&immutable=1`: SQLite then takes no lock, writes no journal, -wal or -shm file
// and never alters the file, so a profile folder stays byte for byte as it was, even when another
// tool has it open.
class SqliteDb {
public:
    // Null with `error` set when the file cannot be opened or is not an SQLite database.
    static std::unique_ptr<SqliteDb> open(const QString &path, QString *error);
    ~SqliteDb();
    SqliteDb(const SqliteDb &) = delete;
    SqliteDb &operator=(const SqliteDb &) = delete;

    const QString &path() const { return m_path; }
    sqlite3 *handle() const { return m_db; }
    QString lastError() const;

    // Tables present (names as written, compared case-insensitively as SQLite does).
    bool hasTable(std::string_view name) const;
    const std::vector<std::string> &tables() const { return m_tables; }
    // The columns of a table in declaration order (PRAGMA table_info); empty when absent.
    std::vector<std::string> columns(std::string_view table) const;
    // About how many rows a table has, to reserve room before reading it: its largest rowid
    // (a b-tree descent, not a count), no more than the file has room for; 0 when absent.
    std::size_t rowEstimate(std::string_view table) const;

private:
    SqliteDb() = default;
    sqlite3 *m_db = nullptr;
    QString m_path;
    std::int64_t m_fileBytes = 0;
    std::vector<std::string> m_tables;
};

} // namespace npuscope
