#include "model/db/dbcolumns.h"

#include "model/db/sqlitedb.h"
#include "model/db/sqlitequery.h"

#include <QCoreApplication>

#include <strings.h>

namespace npuscope {

namespace {

    std::string quoted(std::string_view name)
    {
        std::string out = "\"";
        for (char c : name)
            out += c == '"' ? std::string("\"\"") : std::string(1, c);
        return out + '"';
    }

} // namespace

DbColumns::DbColumns(const SqliteDb &db, std::string_view table)
    : m_table(table)
    , m_available(db.columns(table))
    , m_exists(db.hasTable(table))
{
}

int DbColumns::add(std::initializer_list<const char *> names)
{
    std::string expression = "NULL";
    bool present = false;
    for (const char *name : names) {
        for (const std::string &c : m_available) {
            if (strcasecmp(c.c_str(), name) == 0) {
                expression = quoted(c);
                present = true;
                break;
            }
        }
        if (present)
            break;
    }
    m_expressions.push_back(expression);
    m_present.push_back(present);
    return static_cast<int>(m_expressions.size()) - 1;
}

int DbColumns::require(std::initializer_list<const char *> names)
{
    const int index = add(names);
    if (!m_present.back() && m_exists)
        m_missingRequired.emplace_back(*names.begin());
    return index;
}

int DbColumns::addRowid()
{
    m_expressions.emplace_back("rowid");
    m_present.push_back(m_exists);
    return static_cast<int>(m_expressions.size()) - 1;
}

std::string DbColumns::sql(std::string_view tail) const
{
    std::string s = "SELECT ";
    for (std::size_t i = 0; i < m_expressions.size(); ++i)
        s += (i ? ", " : "") + m_expressions[i];
    s += " FROM " + quoted(m_table);
    if (!tail.empty())
        s += ' ' + std::string(tail);
    return s;
}

void DbColumns::report(const SqliteQuery &query, const QString &file, IssueList *issues) const
{
    const QString table = QString::fromStdString(m_table);
    const QString where = QCoreApplication::translate("npuscope::Database", "table %1").arg(table);
    for (const std::string &name : m_missingRequired)
        issues->append({ Severity::Error, file, where,
            QCoreApplication::translate(
                "npuscope::Database", "column %1 is missing: the table's rows are not shown")
                .arg(QString::fromStdString(name)) });
    if (!query.error().isEmpty())
        issues->append({ Severity::Error, file, where,
            QCoreApplication::translate("npuscope::Database",
                "reading stopped after %1 row(s): %2; the rest of the table is not shown")
                .arg(query.rows())
                .arg(query.error()) });
    const auto &bad = query.badCells();
    for (std::size_t c = 0; c < bad.size(); ++c) {
        if (bad[c].count == 0)
            continue;
        issues->append({ Severity::Error, file, where,
            QCoreApplication::translate("npuscope::Database",
                "column %1: %2 value(s) of the wrong type (first: '%3' in row %4); they are "
                "treated as not set")
                .arg(query.columnName(int(c)))
                .arg(bad[c].count)
                .arg(bad[c].firstText)
                .arg(bad[c].firstRow) });
    }
}

} // namespace npuscope
