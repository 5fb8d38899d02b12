#pragma once

#include <QString>

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace npuscope {

class SqliteDb;

// A prepared statement stepped row by row, cells read straight from SQLite's row buffer (no
// QVariant per cell). Typed reads accept what the profilers write and count every other cell
// per column, so that a damaged table reads as far as it can and says what it skipped.
class SqliteQuery {
public:
    SqliteQuery(const SqliteDb &db, std::string_view sql);
    ~SqliteQuery();
    SqliteQuery(const SqliteQuery &) = delete;
    SqliteQuery &operator=(const SqliteQuery &) = delete;

    // True on a row; false at the end or on an error (then error() is set).
    bool next();
    // Empty unless preparing or stepping failed (corrupt page, truncated file, unknown column).
    const QString &error() const { return m_error; }
    std::int64_t rows() const { return m_rows; }

    bool isNull(int column) const { return sqlite3_column_type(m_stmt, column) == SQLITE_NULL; }
    std::string_view text(int column) const;
    // An INTEGER cell, a REAL one with an integral value, or TEXT of decimal digits
    // (PYTORCH_API.startNs is declared TEXT). NULL and "not set" give nullopt; any other cell
    // also, and is counted as bad.
    std::optional<std::int64_t> integer(int column);
    std::optional<double> real(int column);
    // integer() within ±kMaxTimeNs (decimal.h), as the text parsers accept times: sums and ends
    // of such times cannot overflow. Others are counted as bad.
    std::optional<std::int64_t> time(int column);

    struct BadCells {
        std::int64_t count = 0;
        std::int64_t firstRow = 0; // 1-based row of the result
        QString firstText;
    };
    // Per result column; empty entries for columns without bad cells.
    const std::vector<BadCells> &badCells() const { return m_bad; }
    QString columnName(int column) const;
    int columnCount() const { return m_columns; }

private:
    void countBad(int column);

    sqlite3_stmt *m_stmt = nullptr;
    sqlite3 *m_db = nullptr;
    QString m_error;
    std::int64_t m_rows = 0;
    int m_columns = 0;
    std::vector<BadCells> m_bad;
};

} // namespace npuscope
