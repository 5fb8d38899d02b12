#include "model/db/dbtablebuilder.h"

#include "model/core/decimal.h"

#include <charconv>
#include <cmath>

namespace npuscope {

DbTableBuilder::DbTableBuilder(const QString &path)
    : m_table(std::make_shared<Table>())
{
    m_table->path = path;
    m_missing = m_table->strings.intern("N/A");
}

int DbTableBuilder::addColumn(const QString &header, Table::ColumnType type)
{
    Table::Column c;
    c.name = header;
    c.key = Table::normaliseKey(header, &c.unit);
    c.type = type;
    m_table->columns.push_back(std::move(c));
    return m_table->columnCount() - 1;
}

void DbTableBuilder::text(int column, std::string_view text)
{
    textId(column, m_table->strings.intern(text));
}

void DbTableBuilder::textId(int column, StringId id)
{
    Table::Column &c = m_table->columns[std::size_t(column)];
    c.text.push_back(id);
    if (c.type == Table::ColumnType::Number) {
        const auto v = parseDouble(m_table->strings.view(id));
        c.number.push_back(v ? *v : std::nan(""));
    }
}

void DbTableBuilder::time(int column, TimeNs ns)
{
    Table::Column &c = m_table->columns[std::size_t(column)];
    // Nearly unique values: stored without deduplication, as the CSV reader does.
    c.text.push_back(m_table->strings.append(formatNsAsMicros(ns)));
    c.ns.push_back(ns);
    if (c.type == Table::ColumnType::Number)
        c.number.push_back(double(ns) / 1000.0);
}

template <class T> void DbTableBuilder::formatted(int column, T value)
{
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, value);
    Table::Column &c = m_table->columns[std::size_t(column)];
    c.text.push_back(m_table->strings.intern(std::string_view(buf, std::size_t(r.ptr - buf))));
    if (c.type == Table::ColumnType::Number)
        c.number.push_back(double(value));
}

void DbTableBuilder::integer(int column, std::optional<std::int64_t> value)
{
    if (value)
        formatted(column, *value);
    else
        textId(column, m_missing);
}

void DbTableBuilder::number(int column, std::optional<double> value)
{
    if (value && std::isfinite(*value))
        formatted(column, *value);
    else
        textId(column, m_missing);
}

void DbTableBuilder::endRow()
{
    ++m_rows;
    m_table->lines.push_back(m_rows); // the row number stands in for the CSV's line
}

std::shared_ptr<Table> DbTableBuilder::finish()
{
    // Columns left short by a caller are padded, so that every column has a cell per row.
    for (Table::Column &c : m_table->columns) {
        while (qsizetype(c.text.size()) < m_rows)
            textId(int(&c - m_table->columns.data()), m_missing);
        if (!c.ns.empty())
            c.ns.resize(std::size_t(m_rows), Table::kMissingNs);
    }
    return std::move(m_table);
}

} // namespace npuscope
