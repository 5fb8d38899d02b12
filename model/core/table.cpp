#include "model/core/table.h"

#include "model/core/decimal.h"

#include <QStringView>

#include <cmath>
#include <limits>

namespace npuscope {

namespace {

    // Units seen in profiler headers (FORMATS.md §2-4). Only these are split off as a unit, so
    // "Communication(Not Overlapped)" keeps its parenthesis as part of the name.
    bool isKnownUnit(QStringView unit)
    {
        static const char *const kUnits[] = { "us", "ms", "ns", "s", "%", "b", "kb", "mb", "gb",
            "bytes", "gb/s", "mb/s", "kb/s", "b/s", "hz", "khz", "mhz", "ghz", "cycles", "cycle" };
        for (const char *u : kUnits) {
            if (unit.compare(QLatin1String(u), Qt::CaseInsensitive) == 0)
                return true;
        }
        return false;
    }

} // namespace

int Table::findColumn(QStringView name) const
{
    const QString key = normaliseKey(name);
    for (int i = 0; i < columnCount(); ++i) {
        if (columns[std::size_t(i)].key == key)
            return i;
    }
    return -1;
}

std::string_view Table::textView(qsizetype row, int column) const
{
    if (column < 0 || column >= columnCount() || row < 0 || row >= rowCount())
        return {};
    const Column &c = columns[std::size_t(column)];
    if (std::size_t(row) >= c.text.size())
        return {};
    return strings.view(c.text[std::size_t(row)]);
}

// A cell of a column kept as ns only (see the class comment), or nullptr.
const std::int64_t *Table::nsOnlyCell(qsizetype row, int column) const
{
    if (column < 0 || column >= columnCount() || row < 0 || row >= rowCount())
        return nullptr;
    const Column &c = columns[std::size_t(column)];
    return c.text.empty() && std::size_t(row) < c.ns.size() ? &c.ns[std::size_t(row)] : nullptr;
}

QString Table::text(qsizetype row, int column) const
{
    if (const std::int64_t *ns = nsOnlyCell(row, column))
        return *ns == kMissingNs ? QString() : QString::fromStdString(formatNsAsMicros(*ns));
    const std::string_view v = textView(row, column);
    return QString::fromUtf8(v.data(), static_cast<qsizetype>(v.size()));
}

double Table::number(qsizetype row, int column) const
{
    if (column < 0 || column >= columnCount() || row < 0)
        return std::numeric_limits<double>::quiet_NaN();
    const Column &c = columns[std::size_t(column)];
    if (c.type != ColumnType::Number || std::size_t(row) >= c.number.size())
        return std::numeric_limits<double>::quiet_NaN();
    return c.number[std::size_t(row)];
}

bool Table::isMissing(qsizetype row, int column) const
{
    if (const std::int64_t *ns = nsOnlyCell(row, column))
        return *ns == kMissingNs;
    return isMissingText(textView(row, column));
}

bool Table::isMissingText(std::string_view text)
{
    switch (text.size()) {
    case 0:
        return true;
    case 1:
        return text[0] == '-';
    case 2:
        return text == "NA";
    case 3:
        return text == "N/A" || text == "n/a";
    default:
        return false;
    }
}

std::optional<int> Table::timeUnitScale(QStringView unit)
{
    if (unit.compare(QLatin1String("us"), Qt::CaseInsensitive) == 0)
        return 0;
    if (unit.compare(QLatin1String("ms"), Qt::CaseInsensitive) == 0)
        return 3;
    if (unit.compare(QLatin1String("s"), Qt::CaseInsensitive) == 0)
        return 6;
    if (unit.compare(QLatin1String("ns"), Qt::CaseInsensitive) == 0)
        return -3;
    return std::nullopt;
}

QString Table::normaliseKey(QStringView headerName, QString *unit)
{
    QStringView name = headerName.trimmed();
    QString foundUnit;
    if (name.endsWith(u')')) {
        const qsizetype open = name.lastIndexOf(u'(');
        if (open >= 0) {
            QString candidate = name.mid(open + 1, name.size() - open - 2).trimmed().toString();
            candidate.replace(QChar(0x00B5), u'u').replace(QChar(0x03BC), u'u'); // µs, μs
            if (isKnownUnit(candidate)) {
                foundUnit = candidate;
                name = name.left(open);
            }
        }
    }
    QString key;
    key.reserve(name.size());
    for (const QChar c : name) {
        if (c.isSpace() || c == u'_' || c == u'-')
            continue;
        key.append(c.toLower());
    }
    if (unit)
        *unit = foundUnit;
    return key;
}

} // namespace npuscope
