#pragma once

#include "model/core/issue.h"

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace npuscope {

class SqliteDb;
class SqliteQuery;

// The SELECT of one profiler table built from column names, so that renamed columns (schema 1.0
// `blockDim`, 1.2 `blockNum`), added ones (another tool's `depth`) and reordered ones all read
// alike. A column none of whose names exists reads as NULL ("not set").
class DbColumns {
public:
    DbColumns(const SqliteDb &db, std::string_view table);

    bool tableExists() const { return m_exists; }
    // The result index of the first of `names` the table has (NULL when it has none of them).
    int add(std::initializer_list<const char *> names);
    // The same for a column without which the table's rows mean nothing: report() names it
    // when absent.
    int require(std::initializer_list<const char *> names);
    // The row's rowid (the key DbEventArgs reads the row's args by).
    int addRowid();
    bool has(int index) const { return m_present[std::size_t(index)]; }
    // "SELECT <columns> FROM <table> <tail>".
    std::string sql(std::string_view tail = {}) const;
    const std::string &table() const { return m_table; }

    // Reports a failed query (an error: the rest of the table is lost) and the cells of the
    // wrong type it skipped (warnings), naming the file and table.
    void report(const SqliteQuery &query, const QString &file, IssueList *issues) const;

private:
    std::string m_table;
    std::vector<std::string> m_available;
    std::vector<std::string> m_expressions;
    std::vector<bool> m_present;
    std::vector<std::string> m_missingRequired;
    bool m_exists = false;
};

} // namespace npuscope
