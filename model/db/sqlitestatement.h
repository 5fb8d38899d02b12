#pragma once

#include "model/db/sqlitedb.h"

#include <QString>

#include <sqlite3.h>

#include <cstdint>
#include <string>

namespace npuscope {

// A prepared statement for lookups by one id (?1): the details panel's row by key, a string by
// its id. A statement that does not prepare (a table without that column) finds no row.
// SqliteQuery is the one for whole-table reads, with its counts of bad cells.
class SqliteStatement {
public:
    SqliteStatement(const SqliteDb &db, const std::string &sql)
    {
        if (sqlite3_prepare_v2(db.handle(), sql.c_str(), -1, &m_stmt, nullptr) != SQLITE_OK) {
            sqlite3_finalize(m_stmt);
            m_stmt = nullptr;
        }
    }
    ~SqliteStatement() { sqlite3_finalize(m_stmt); }
    SqliteStatement(const SqliteStatement &) = delete;
    SqliteStatement &operator=(const SqliteStatement &) = delete;

    sqlite3_stmt *handle() const { return m_stmt; }
    // Binds ?1 and steps to the first row.
    bool step(std::int64_t id)
    {
        return m_stmt && sqlite3_bind_int64(m_stmt, 1, id) == SQLITE_OK
            && sqlite3_step(m_stmt) == SQLITE_ROW;
    }
    bool next() { return m_stmt && sqlite3_step(m_stmt) == SQLITE_ROW; }
    bool isInteger(int c) const { return sqlite3_column_type(m_stmt, c) == SQLITE_INTEGER; }
    bool isNull(int c) const { return sqlite3_column_type(m_stmt, c) == SQLITE_NULL; }
    std::int64_t integer(int c) const { return sqlite3_column_int64(m_stmt, c); }
    QString text(int c) const
    {
        return QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, c)),
            sqlite3_column_bytes(m_stmt, c));
    }

private:
    sqlite3_stmt *m_stmt = nullptr;
};

} // namespace npuscope
