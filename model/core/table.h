#pragma once

#include "model/core/issue.h"
#include "model/core/stringpool.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace npuscope {

// A CSV file as typed columns. The original header is kept; unknown columns are kept too.
// Text cells are interned (names, types, shapes repeat a lot); numeric columns also keep a
// parsed value. In a large file, a number column of nearly unique values (task ids, timestamps)
// has its texts stored without deduplication (StringPool::append): there equal texts may have
// different ids, so compare such cells by value or text, and StringPool::find() does not see
// them. Text columns always have one id per distinct text. Columns whose header carries a time
// unit ("(us)", "(ms)") additionally keep an exact int64 nanosecond value parsed from the text
// (see decimal.h). A "(us)" column may instead keep no texts at all (`text` empty, `ns` and
// `number` filled): the database reader's kernel table, whose times are exact integers;
// text() and isMissing() then format and test the ns (textView() gives empty views there), and
// code that reads `text` directly checks its size first.
class Table {
public:
    enum class ColumnType { Text, Number };

    struct Column {
        QString name; // as written in the header
        QString key; // normalised: lower case, no spaces/underscores/unit suffix
        QString unit; // "us", "ms", "%", "KB", ... or empty
        ColumnType type = ColumnType::Text;
        std::vector<StringId> text; // every cell's text (trimmed of trailing TAB), always filled
        std::vector<double> number; // Number columns only; NaN for missing (N/A, empty)
        std::vector<std::int64_t> ns; // time-unit columns only; INT64_MIN for missing
    };

    static constexpr std::int64_t kMissingNs = INT64_MIN;

    QString path; // file it came from
    StringPool strings;
    std::vector<Column> columns;
    std::vector<std::int64_t> lines; // 1-based line number where each row starts

    qsizetype rowCount() const { return static_cast<qsizetype>(lines.size()); }
    int columnCount() const { return static_cast<int>(columns.size()); }
    // Looks a column up by any spelling: case, spaces, underscores and unit suffix ignored.
    int findColumn(QStringView name) const;
    std::string_view textView(qsizetype row, int column) const;
    QString text(qsizetype row, int column) const;
    double number(qsizetype row, int column) const; // NaN when missing or not numeric
    bool isMissing(qsizetype row, int column) const; // empty, "N/A", "NA", "-"

    static QString normaliseKey(QStringView headerName, QString *unit = nullptr);

    // The cell texts that mean "no value" (isMissing() uses it).
    static bool isMissingText(std::string_view text);
    // For a time unit ("us", "ms", "ns", "s", case-insensitive) the power of ten that scales it
    // to microseconds (ms: 3, s: 6, ns: -3, us: 0), as parseScaledToNs() takes it; else nullopt.
    static std::optional<int> timeUnitScale(QStringView unit);

private:
    const std::int64_t *nsOnlyCell(qsizetype row, int column) const;
};

} // namespace npuscope
