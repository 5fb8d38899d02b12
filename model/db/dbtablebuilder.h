#pragma once

#include "model/core/table.h"

#include <memory>
#include <optional>
#include <string_view>

namespace npuscope {

// Builds a Table row by row with the columns and cell texts the text export's CSV has, so that
// every view of the CSV tables shows a database profile unchanged. Cells are appended column by
// column in the order the columns were added; times are kept as exact ns and shown as µs with
// three decimals, as the CSVs write them.
class DbTableBuilder {
public:
    explicit DbTableBuilder(const QString &path);

    // `header` as the CSV writes it ("Start Time(us)"): its unit makes a time column. nsOnly: a
    // "(us)" column filled by time() alone keeps no cell texts (see Table; the kernel table's
    // times: 41 MB of texts less for half a million kernels).
    int addColumn(const QString &header, Table::ColumnType type, bool nsOnly = false);
    StringPool &strings() { return m_table->strings; }
    // Room for this many rows in every column added so far.
    void reserve(std::size_t rows);

    void text(int column, std::string_view text);
    void textId(int column, StringId id); // an id of strings()
    void time(int column, TimeNs ns); // a time or duration in ns
    void integer(int column, std::optional<std::int64_t> value); // "N/A" when not set
    void number(int column, std::optional<double> value);
    void endRow();

    qsizetype rows() const { return m_rows; }
    std::shared_ptr<Table> finish();

private:
    template <class T> void formatted(int column, T value);

    std::shared_ptr<Table> m_table;
    qsizetype m_rows = 0;
    StringId m_missing;
    // Per column, the last integer or text stored and its id: a column repeats its value row
    // after row (device, stream, step, block dim), and a compare is cheaper than the pool's hash.
    struct Last {
        std::int64_t integer = 0;
        std::string_view text;
        StringId id; // invalid: nothing stored yet
        bool isText = false;
    };
    std::vector<Last> m_last;
    std::vector<bool> m_nsOnly; // per column
};

} // namespace npuscope
