#include "model/db/dbtablebuilder.h"

#include "model/core/decimal.h"
#include "model/core/hugepages.h"

#include <charconv>
#include <cmath>
#include <type_traits>

namespace npuscope {

namespace {

    // formatNsAsMicros() into a buffer: no allocation per cell ("-0.001", "12.345").
    std::string_view microsText(TimeNs ns, char (&buf)[32])
    {
        const bool negative = ns < 0;
        const unsigned long long a = negative ? 0ULL - static_cast<unsigned long long>(ns)
                                              : static_cast<unsigned long long>(ns);
        char *p = buf;
        if (negative)
            *p++ = '-';
        p = std::to_chars(p, buf + 26, a / 1000).ptr;
        const auto frac = static_cast<unsigned>(a % 1000);
        *p++ = '.';
        *p++ = char('0' + frac / 100);
        *p++ = char('0' + frac / 10 % 10);
        *p++ = char('0' + frac % 10);
        return { buf, std::size_t(p - buf) };
    }

} // namespace

DbTableBuilder::DbTableBuilder(const QString &path)
    : m_table(std::make_shared<Table>())
{
    m_table->path = path;
    m_missing = m_table->strings.intern("N/A");
}

int DbTableBuilder::addColumn(const QString &header, Table::ColumnType type, bool nsOnly)
{
    Table::Column c;
    c.name = header;
    c.key = Table::normaliseKey(header, &c.unit);
    c.type = type;
    m_nsOnly.push_back(nsOnly && type == Table::ColumnType::Number
        && c.unit.compare(QLatin1String("us"), Qt::CaseInsensitive) == 0);
    m_table->columns.push_back(std::move(c));
    m_last.emplace_back();
    return m_table->columnCount() - 1;
}

void DbTableBuilder::reserve(std::size_t rows)
{
    std::size_t texts = 0;
    for (Table::Column &c : m_table->columns) {
        const bool nsOnly = m_nsOnly[std::size_t(&c - m_table->columns.data())];
        if (!nsOnly)
            reserveHuge(c.text, rows);
        if (c.type == Table::ColumnType::Number)
            reserveHuge(c.number, rows);
        if (Table::timeUnitScale(c.unit)) {
            reserveHuge(c.ns, rows);
            texts += nsOnly ? 0 : rows; // time cells are appended, one text each
        }
    }
    m_table->strings.reserveViews(m_table->strings.size() + texts);
    reserveHuge(m_table->lines, std::size_t(rows));
}

void DbTableBuilder::text(int column, std::string_view text)
{
    Last &last = m_last[std::size_t(column)];
    if (!last.id.isValid() || !last.isText || last.text != text) {
        last.id = m_table->strings.intern(text);
        last.text = m_table->strings.view(last.id);
        last.isText = true;
    }
    textId(column, last.id);
}

void DbTableBuilder::textId(int column, StringId id)
{
    Table::Column &c = m_table->columns[std::size_t(column)];
    if (m_nsOnly[std::size_t(column)]) { // only "not set" comes here
        c.ns.push_back(Table::kMissingNs);
        c.number.push_back(std::nan(""));
        return;
    }
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
    if (!m_nsOnly[std::size_t(column)]) {
        char buf[32];
        c.text.push_back(m_table->strings.append(microsText(ns, buf)));
    }
    c.ns.push_back(ns);
    if (c.type == Table::ColumnType::Number)
        c.number.push_back(double(ns) / 1000.0);
}

template <class T> void DbTableBuilder::formatted(int column, T value)
{
    Table::Column &c = m_table->columns[std::size_t(column)];
    Last &last = m_last[std::size_t(column)];
    if constexpr (std::is_integral_v<T>) {
        if (last.id.isValid() && !last.isText && last.integer == value) {
            c.text.push_back(last.id);
            if (c.type == Table::ColumnType::Number)
                c.number.push_back(double(value));
            return;
        }
    }
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, value);
    const StringId id = m_table->strings.intern(std::string_view(buf, std::size_t(r.ptr - buf)));
    if constexpr (std::is_integral_v<T>)
        last = { value, {}, id, false };
    c.text.push_back(id);
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
        const auto column = std::size_t(&c - m_table->columns.data());
        if (m_nsOnly[column]) {
            c.ns.resize(std::size_t(m_rows), Table::kMissingNs);
            c.number.resize(std::size_t(m_rows), std::nan(""));
            continue;
        }
        while (qsizetype(c.text.size()) < m_rows)
            textId(int(column), m_missing);
        if (!c.ns.empty())
            c.ns.resize(std::size_t(m_rows), Table::kMissingNs);
    }
    return std::move(m_table);
}

} // namespace npuscope
