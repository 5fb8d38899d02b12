#include "model/db/sqlitequery.h"

#include "model/core/decimal.h"
#include "model/db/sqlitedb.h"

#include <cmath>

namespace npuscope {

SqliteQuery::SqliteQuery(const SqliteDb &db, std::string_view sql)
    : m_db(db.handle())
{
    const int rc
        = sqlite3_prepare_v2(m_db, sql.data(), static_cast<int>(sql.size()), &m_stmt, nullptr);
    if (rc != SQLITE_OK || !m_stmt) {
        m_error = db.lastError();
        if (m_error.isEmpty())
            m_error = QString::fromUtf8(sqlite3_errstr(rc));
        return;
    }
    m_columns = sqlite3_column_count(m_stmt);
    m_bad.resize(static_cast<std::size_t>(m_columns));
}

SqliteQuery::~SqliteQuery() { sqlite3_finalize(m_stmt); }

bool SqliteQuery::next()
{
    if (!m_stmt || !m_error.isEmpty())
        return false;
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW) {
        ++m_rows;
        return true;
    }
    if (rc != SQLITE_DONE)
        m_error = QString::fromUtf8(sqlite3_errmsg(m_db));
    return false;
}

std::string_view SqliteQuery::text(int column) const
{
    const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, column));
    if (!p)
        return {};
    return { p, static_cast<std::size_t>(sqlite3_column_bytes(m_stmt, column)) };
}

std::optional<std::int64_t> SqliteQuery::integer(int column)
{
    // The cell once (each sqlite3_column_*() call looks it up and checks the statement again):
    // the reader's most frequent call, a cell of every row.
    sqlite3_value *cell = sqlite3_column_value(m_stmt, column);
    switch (sqlite3_value_type(cell)) {
    case SQLITE_INTEGER:
        return sqlite3_value_int64(cell);
    case SQLITE_NULL:
        return std::nullopt;
    case SQLITE_FLOAT: {
        const double d = sqlite3_value_double(cell);
        // 2^62: far beyond any time in ns; keeps the conversion defined.
        if (std::trunc(d) == d && std::fabs(d) < 4.6e18)
            return static_cast<std::int64_t>(d);
        break;
    }
    default:
        if (const auto v = parseInteger(text(column)))
            return v;
        break;
    }
    countBad(column);
    return std::nullopt;
}

std::optional<std::int64_t> SqliteQuery::time(int column)
{
    const auto v = integer(column);
    if (!v || (*v <= kMaxTimeNs && *v >= -kMaxTimeNs))
        return v;
    countBad(column);
    return std::nullopt;
}

std::optional<double> SqliteQuery::real(int column)
{
    sqlite3_value *cell = sqlite3_column_value(m_stmt, column);
    switch (sqlite3_value_type(cell)) {
    case SQLITE_INTEGER:
    case SQLITE_FLOAT:
        return sqlite3_value_double(cell);
    case SQLITE_NULL:
        return std::nullopt;
    default:
        if (const auto v = parseDouble(text(column)); v && std::isfinite(*v))
            return v;
        break;
    }
    countBad(column);
    return std::nullopt;
}

void SqliteQuery::countBad(int column)
{
    BadCells &b = m_bad[static_cast<std::size_t>(column)];
    if (b.count++ == 0) {
        b.firstRow = m_rows;
        const std::string_view t = text(column);
        b.firstText = QString::fromUtf8(t.data(), qsizetype(std::min<std::size_t>(t.size(), 40)));
    }
}

QString SqliteQuery::columnName(int column) const
{
    return m_stmt ? QString::fromUtf8(sqlite3_column_name(m_stmt, column)) : QString();
}

} // namespace npuscope
