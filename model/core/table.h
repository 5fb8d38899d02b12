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
// (see decimal.h).
// A Number column read from a CSV file keeps no text: each cell has a format byte (Column::format)
// from which textView() writes its text back exactly from `ns` or `number`; the few cells whose
// text cannot be rebuilt so ("+5", "007", "1e3", more digits than a double holds) keep it in
// Column::kept. Such a column has an empty `text`: read its cells through textView() or text().
// A "(us)" column of the database reader's kernel table keeps neither texts nor formats, only
// `ns` and `number` (exact integers): textView() writes its text from the ns.
class Table {
public:
    enum class ColumnType { Text, Number };

    // Values of Column::format.
    struct CellFormat {
        static constexpr std::uint8_t kFractionMask = 0x1F; // digits after the point
        // The text is `number` written with that many decimals (at most 15 digits in all); else
        // `ns` scaled back to the column's unit (Column::timeExp), exact.
        static constexpr std::uint8_t kFromNumber = 0x20;
        static constexpr std::uint8_t kKept = 0xF0; // the text is in Column::kept
        // The missing texts: "", "N/A", "NA", "-", "n/a".
        static constexpr std::uint8_t kEmpty = 0xF1, kSlashNA = 0xF2, kNA = 0xF3, kDash = 0xF4,
                                      kLowerNA = 0xF5;
    };
    struct KeptText {
        std::uint32_t row;
        StringId id;
    };
    // Room for the text of a number cell (see textView()).
    struct CellText {
        char bytes[48];
    };

    struct Column {
        QString name; // as written in the header
        QString key; // normalised: lower case, no spaces/underscores/unit suffix
        QString unit; // "us", "ms", "%", "KB", ... or empty
        ColumnType type = ColumnType::Text;
        // Every cell's text (trimmed of trailing TAB), except in a Number column read from a
        // CSV file (then empty, see `format`).
        std::vector<StringId> text;
        std::vector<double> number; // Number columns only; NaN for missing (N/A, empty)
        std::vector<std::int64_t> ns; // time-unit columns only; INT64_MIN for missing
        std::vector<std::uint8_t> format; // per cell when `text` is empty (CellFormat)
        std::vector<KeptText> kept; // by row, the cells whose format is CellFormat::kKept
        std::int8_t timeExp = 0; // timeUnitScale(unit) when `ns` is filled
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
    // The cell's text; a number cell's is written into `buffer` (see Column::format).
    std::string_view textView(qsizetype row, int column, CellText &buffer) const;
    // Same, a number cell's text in one of 16 buffers of the calling thread, used in turn: the
    // view is valid until the 16th next call on this thread.
    std::string_view textView(qsizetype row, int column) const;
    // The text of row `row` of a column with `format` cells, unless CellFormat::kKept (empty).
    static std::string_view numberCellText(const Column &c, std::size_t row, CellText &buffer);
    QString text(qsizetype row, int column) const;
    double number(qsizetype row, int column) const; // NaN when missing or not numeric
    bool isMissing(qsizetype row, int column) const; // empty, "N/A", "NA", "-"

    static QString normaliseKey(QStringView headerName, QString *unit = nullptr);

    // The cell texts that mean "no value" (isMissing() uses it).
    static bool isMissingText(std::string_view text);
    // The missing text a CellFormat stands for, or nullopt when it is not one.
    static std::optional<std::string_view> missingText(std::uint8_t format);
    // For a time unit ("us", "ms", "ns", "s", case-insensitive) the power of ten that scales it
    // to microseconds (ms: 3, s: 6, ns: -3, us: 0), as parseScaledToNs() takes it; else nullopt.
    static std::optional<int> timeUnitScale(QStringView unit);

private:
    const std::int64_t *nsOnlyCell(qsizetype row, int column) const;
};

} // namespace npuscope
