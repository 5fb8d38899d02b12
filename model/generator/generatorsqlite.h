#pragma once

// Internal to the profile generator: an SQLite database file written in one transaction with
// prepared statements, under a temporary name until commit() renames it into place.

#include <QString>

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace npuscope::gen {

class SqliteOut {
public:
    // A prepared INSERT. Values bind in column order; run() inserts the row and resets.
    class Statement {
    public:
        Statement(SqliteOut &owner, sqlite3_stmt *stmt);
        ~Statement();
        Statement(const Statement &) = delete;
        Statement &operator=(const Statement &) = delete;

        Statement &i(std::int64_t v);
        Statement &t(std::string_view s); // copied by SQLite
        Statement &d(double v);
        Statement &null();
        void run();

    private:
        SqliteOut &m_owner;
        sqlite3_stmt *m_stmt;
        int m_index = 0;
    };

    SqliteOut() = default;
    ~SqliteOut(); // without commit(): the temporary file is removed
    SqliteOut(const SqliteOut &) = delete;
    SqliteOut &operator=(const SqliteOut &) = delete;

    bool open(const QString &path); // creates path + ".part" and begins the transaction
    bool exec(const char *sql);
    Statement *prepare(const char *sql); // nullptr on error; owned by this object
    bool commit(); // commits, closes, renames to the final name
    bool ok() const { return m_error.isEmpty(); }
    QString errorString() const { return m_error; }
    std::int64_t rows() const { return m_rows; }
    QString path() const { return m_path; }

private:
    void fail(const char *what);
    void close();

    sqlite3 *m_db = nullptr;
    std::vector<std::unique_ptr<Statement>> m_statements;
    QString m_path;
    QString m_tempPath;
    QString m_error;
    std::int64_t m_rows = 0;
};

} // namespace npuscope::gen
