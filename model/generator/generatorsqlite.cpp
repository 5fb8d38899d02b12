#include "model/generator/generatorsqlite.h"

#include <QCoreApplication>
#include <QFile>

#include <sqlite3.h>

#include <cstdio>

namespace npuscope::gen {

// ---- Statement ----

SqliteOut::Statement::Statement(SqliteOut &owner, sqlite3_stmt *stmt)
    : m_owner(owner)
    , m_stmt(stmt)
{
}

SqliteOut::Statement::~Statement() { sqlite3_finalize(m_stmt); }

SqliteOut::Statement &SqliteOut::Statement::i(std::int64_t v)
{
    sqlite3_bind_int64(m_stmt, ++m_index, v);
    return *this;
}

SqliteOut::Statement &SqliteOut::Statement::t(std::string_view s)
{
    sqlite3_bind_text(m_stmt, ++m_index, s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
    return *this;
}

SqliteOut::Statement &SqliteOut::Statement::d(double v)
{
    sqlite3_bind_double(m_stmt, ++m_index, v);
    return *this;
}

SqliteOut::Statement &SqliteOut::Statement::null()
{
    sqlite3_bind_null(m_stmt, ++m_index);
    return *this;
}

void SqliteOut::Statement::run()
{
    m_index = 0;
    if (!m_owner.ok()) // the first error is the one worth reporting
        return;
    if (sqlite3_step(m_stmt) == SQLITE_DONE)
        ++m_owner.m_rows;
    else
        m_owner.fail(sqlite3_sql(m_stmt));
    sqlite3_reset(m_stmt);
}

// ---- SqliteOut ----

SqliteOut::~SqliteOut()
{
    close();
    if (!m_tempPath.isEmpty())
        QFile::remove(m_tempPath);
}

void SqliteOut::fail(const char *what)
{
    if (!m_error.isEmpty())
        return;
    const QString detail = m_db ? QString::fromUtf8(sqlite3_errmsg(m_db)) : QString();
    m_error = QCoreApplication::translate("npuscope::Generator", "cannot write %1: %2 (%3)")
                  .arg(m_path, detail, QString::fromUtf8(what).left(60));
}

void SqliteOut::close()
{
    m_statements.clear(); // finalized before the connection closes
    if (m_db)
        sqlite3_close(m_db);
    m_db = nullptr;
}

bool SqliteOut::open(const QString &path)
{
    m_path = path;
    m_tempPath = path + QStringLiteral(".part");
    QFile::remove(m_tempPath); // left by a run that was killed
    const QByteArray name = QFile::encodeName(m_tempPath);
    if (sqlite3_open_v2(
            name.constData(), &m_db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr)
        != SQLITE_OK) {
        fail("open");
        return false;
    }
    // A file under a temporary name that is deleted on any failure needs no journal and no
    // syncs; the 64 MB page cache keeps index builds of millions of rows in memory.
    return exec("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA locking_mode=EXCLUSIVE;"
                "PRAGMA temp_store=MEMORY; PRAGMA cache_size=-65536; BEGIN");
}

bool SqliteOut::exec(const char *sql)
{
    if (!ok())
        return false;
    if (sqlite3_exec(m_db, sql, nullptr, nullptr, nullptr) != SQLITE_OK)
        fail(sql);
    return ok();
}

SqliteOut::Statement *SqliteOut::prepare(const char *sql)
{
    sqlite3_stmt *stmt = nullptr;
    if (!ok())
        return nullptr;
    if (sqlite3_prepare_v3(m_db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, nullptr) != SQLITE_OK) {
        fail(sql);
        return nullptr;
    }
    m_statements.push_back(std::make_unique<Statement>(*this, stmt));
    return m_statements.back().get();
}

bool SqliteOut::commit()
{
    if (!exec("COMMIT"))
        return false;
    m_statements.clear();
    if (sqlite3_close(m_db) != SQLITE_OK) {
        fail("close");
        return false;
    }
    m_db = nullptr;
    // rename() replaces an older file of the same name in one step.
    if (std::rename(
            QFile::encodeName(m_tempPath).constData(), QFile::encodeName(m_path).constData())
        != 0) {
        m_error = QCoreApplication::translate("npuscope::Generator", "cannot rename %1 to %2")
                      .arg(m_tempPath, m_path);
        return false;
    }
    m_tempPath.clear();
    return true;
}

} // namespace npuscope::gen
