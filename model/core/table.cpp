#include "model/core/table.h"

#include "model/core/decimal.h"

#include <QStringView>

#include <algorithm>
#include <charconv>

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

std::string_view Table::textView(qsizetype row, int column, CellText &buffer) const
{
    if (column < 0 || column >= columnCount() || row < 0 || row >= rowCount())
        return {};
    const Column &c = columns[std::size_t(column)];
    const auto r = std::size_t(row);
    if (r < c.text.size())
        return strings.view(c.text[r]);
    if (c.format.empty()) { // a column of ns only (see the class comment), or no such row
        if (r >= c.ns.size() || c.ns[r] == kMissingNs)
            return {};
        const std::string text = formatNsAsMicros(c.ns[r]);
        const std::size_t n = std::min(text.size(), sizeof buffer.bytes);
        std::copy_n(text.data(), n, buffer.bytes);
        return std::string_view(buffer.bytes, n);
    }
    if (r >= c.format.size())
        return {};
    if (c.format[r] == CellFormat::kKept) {
        const auto it = std::lower_bound(c.kept.begin(), c.kept.end(), r,
            [](const KeptText &k, std::size_t wanted) { return k.row < wanted; });
        return it != c.kept.end() && it->row == r ? strings.view(it->id) : std::string_view();
    }
    return numberCellText(c, r, buffer);
}

std::string_view Table::numberCellText(const Column &c, std::size_t r, CellText &buffer)
{
    const std::uint8_t format = c.format[r];
    if (const auto missing = missingText(format))
        return *missing;
    if (format == CellFormat::kKept)
        return {};
    const int decimals = format & CellFormat::kFractionMask;
    char *const begin = buffer.bytes;
    char *const end = begin + sizeof buffer.bytes;
    if (format & CellFormat::kFromNumber) {
        const auto done
            = std::to_chars(begin, end, c.number[r], std::chars_format::fixed, decimals);
        return std::string_view(begin, std::size_t(done.ptr - begin));
    }
    // ns = digits * 10^(3 + timeExp - decimals), exactly (the reader checked).
    const int shift = 3 + c.timeExp - decimals;
    const std::int64_t ns = c.ns[r];
    std::uint64_t digits = ns < 0 ? 0 - std::uint64_t(ns) : std::uint64_t(ns);
    for (int i = 0; i < shift; ++i)
        digits /= 10;
    for (int i = shift; i < 0; ++i)
        digits *= 10;
    char reversed[24];
    int n = 0;
    do {
        reversed[n++] = char('0' + digits % 10);
        digits /= 10;
    } while (digits != 0 || n <= decimals);
    char *out = begin;
    if (ns < 0)
        *out++ = '-';
    for (int i = n - 1; i >= 0; --i) {
        *out++ = reversed[i];
        if (i == decimals && decimals > 0)
            *out++ = '.';
    }
    return std::string_view(begin, std::size_t(out - begin));
}

std::string_view Table::textView(qsizetype row, int column) const
{
    thread_local CellText buffers[16];
    thread_local unsigned next = 0;
    return textView(row, column, buffers[next++ % 16]);
}

// A cell of a column kept as ns only (see the class comment), or nullptr.
const std::int64_t *Table::nsOnlyCell(qsizetype row, int column) const
{
    if (column < 0 || column >= columnCount() || row < 0 || row >= rowCount())
        return nullptr;
    const Column &c = columns[std::size_t(column)];
    return c.text.empty() && c.format.empty() && std::size_t(row) < c.ns.size()
        ? &c.ns[std::size_t(row)]
        : nullptr;
}

QString Table::text(qsizetype row, int column) const
{
    CellText buffer;
    const std::string_view v = textView(row, column, buffer);
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
    if (column >= 0 && column < columnCount() && row >= 0) {
        const Column &c = columns[std::size_t(column)];
        if (std::size_t(row) >= c.text.size() && std::size_t(row) < c.format.size())
            return missingText(c.format[std::size_t(row)]).has_value();
    }
    CellText buffer;
    return isMissingText(textView(row, column, buffer));
}

std::optional<std::string_view> Table::missingText(std::uint8_t format)
{
    switch (format) {
    case CellFormat::kEmpty:
        return std::string_view();
    case CellFormat::kSlashNA:
        return std::string_view("N/A");
    case CellFormat::kNA:
        return std::string_view("NA");
    case CellFormat::kDash:
        return std::string_view("-");
    case CellFormat::kLowerNA:
        return std::string_view("n/a");
    default:
        return std::nullopt;
    }
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
