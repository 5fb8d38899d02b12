#include "model/db/sqlitedb.h"

#include "model/db/sqlitequery.h"

#include <QCoreApplication>
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

std::vector<std::string> SqliteDb::columns(std::string_view table) const
{
    std::vector<std::string> out;
    if (!hasTable(table))
        return out;
    // The table name comes from sqlite_master (hasTable above), quoted for the pragma.
    std::string sql = "PRAGMA table_info(\"";
    for (char c : table)
        sql += c == '"' ? std::string("\"\"") : std::string(1, c);
    sql += "\")";
    SqliteQuery q(*this, sql);
    while (q.next())
        out.emplace_back(q.text(1));
    return out;
}

} // namespace npuscope
