#include "model/db/sqlitedb.h"

#include "model/db/sqlitequery.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QUrl>

#include <strings.h>

namespace npuscope {

namespace {

    bool sameName(std::string_view a, std::string_view b)
    {
        return a.size() == b.size() && strncasecmp(a.data(), b.data(), a.size()) == 0;
    }

    QString uriFor(const QString &path)
    {
        // QUrl escapes '?', '#' and '%' of the path, which SQLite's URI parser would read as
        // the start of the query, a fragment or an escape.
        QUrl url = QUrl::fromLocalFile(path);
        return url.toString(QUrl::FullyEncoded) + QStringLiteral("?mode=ro&immutable=1");
    }

} // namespace

std::unique_ptr<SqliteDb> SqliteDb::open(const QString &path, QString *error)
{
    std::unique_ptr<SqliteDb> db(new SqliteDb);
    db->m_path = path;
    db->m_fileBytes = QFileInfo(path).size();
    const QByteArray uri = uriFor(path).toUtf8();
    const int rc = sqlite3_open_v2(uri.constData(), &db->m_db,
        SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        *error = QCoreApplication::translate("npuscope::Database", "cannot open the database: %1")
                     .arg(db->m_db ? db->lastError() : QString::fromUtf8(sqlite3_errstr(rc)));
        return nullptr;
    }
    // The schema is read on first use: a file that is not a database fails here.
    SqliteQuery q(*db, "SELECT name FROM sqlite_master WHERE type = 'table'");
    while (q.next())
        db->m_tables.emplace_back(q.text(0));
    if (!q.error().isEmpty()) {
        *error = QCoreApplication::translate("npuscope::Database", "not a readable database: %1")
                     .arg(q.error());
        return nullptr;
    }
    return db;
}

SqliteDb::~SqliteDb()
{
    if (m_db)
        sqlite3_close_v2(m_db);
}

QString SqliteDb::lastError() const { return QString::fromUtf8(sqlite3_errmsg(m_db)); }

bool SqliteDb::hasTable(std::string_view name) const
{
    for (const std::string &t : m_tables)
        if (sameName(t, name))
            return true;
    return false;
}

namespace {

    // The table name comes from sqlite_master (hasTable), quoted for SQL.
    std::string quoted(std::string_view table)
    {
        std::string out = "\"";
        for (char c : table)
            out += c == '"' ? std::string("\"\"") : std::string(1, c);
        return out + '"';
    }

} // namespace

std::size_t SqliteDb::rowEstimate(std::string_view table) const
{
    if (!hasTable(table))
        return 0;
    SqliteQuery q(*this, "SELECT max(rowid) FROM " + quoted(table));
    // Any row takes some bytes of the file: a damaged rowid cannot ask for more.
    const std::int64_t most = m_fileBytes / 4;
    const auto rows = q.next() ? q.integer(0) : std::nullopt;
    return rows && *rows > 0 ? std::size_t(std::min(*rows, most)) : 0;
}

std::vector<std::string> SqliteDb::columns(std::string_view table) const
{
    std::vector<std::string> out;
    if (!hasTable(table))
        return out;
    SqliteQuery q(*this, "PRAGMA table_info(" + quoted(table) + ")");
    while (q.next())
        out.emplace_back(q.text(1));
    return out;
}

} // namespace npuscope
