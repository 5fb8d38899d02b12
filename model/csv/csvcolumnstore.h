#pragma once

// Internal to the CSV reader: stores tokenised cells into a Table's typed columns. Not a public
// API; the tokenizer's types never leave the reader's own files.

#include "model/core/stringpool.h"
#include "model/core/table.h"
#include "model/csv/csvcellvalue.h"
#include "model/csv/csvtokenizer.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

namespace npuscope::csv {

// One column while parsing. Its distinct values live in its own small pool, which stays in
// cache for the many columns with few values; the text ids stored meanwhile are local to it and
// re-pointed at the table's pool at the end (finishColumns); a Number column's are dropped there
// (its cells keep a format byte instead, Table::Column::format). A column of nearly unique values
// (task ids, timestamps) switches to raw mode: from then on a text column's cells are appended to
// its own pool without deduplication (StringPool::append), interned into the table's at the end,
// and a number column's texts are not stored at all. Probing an index of a million strings cost a
// cache miss per cell, and its slots most of the peak memory. A recently interned text of 12 to 48
// bytes, copied, with its id: most long cells (kernel names, shapes, formats) repeat one of a few
// dozen texts, and finding them here costs two loads and three vector compares instead of hashing
// the text, probing the pool and comparing it there.
struct RecentText {
    static constexpr std::size_t kMaxBytes = 48;
    char bytes[kMaxBytes];
    std::uint32_t size = 0; // 0: empty entry
    StringId id;
};

struct ColumnState {
    StringPool dict;
    std::vector<RecentText> recent; // direct-mapped by a hash of the length and end bytes
    std::vector<CellInfo> info; // per local id, filled on first use
    std::optional<int> timeScale; // parseScaledToNs exponent when the header has a time unit
    int timeExp = kNoTime; // timeScale or kNoTime
    bool numeric = true; // every non-missing cell so far is a number
    bool sawNumber = false;
    bool raw = false;
    // Numeric when it went raw. A column of numbers stores no texts (a Number column keeps none,
    // see Table::Column::format); one that turns to text gets them written back (turnToText), and
    // once raw its worker, not the raw texts' one, appends them to `dict` from then on.
    bool textless = false;
    std::size_t rawFrom = 0; // in raw mode, the first row not interned
    std::size_t indexed = 0; // in raw mode, the local ids below this are deduplicated
    std::size_t stored = 0; // rows stored so far
    std::vector<Table::KeptText> rawKept; // rows of numbers with CellFormat::kKept (local ids)
};

// Stores the cells of each batch into the table's columns. Two workers on two threads split
// the columns; the texts of the raw columns all go to one of them (the only one that writes into
// the table's pool while parsing, and the raw columns' text ids), their values stay with the
// column's worker. A column going raw
// after batch k moves to that worker from batch k + 1; `rawFromBatch` holds that k + 1 per column
// (the owner of the column writes it, the other reads it, and the pipeline's hand-over of batch k +
// 1 orders the two).
class ColumnWorker {
public:
    static constexpr std::int64_t kNever = INT64_MAX;

    ColumnWorker(Table &table, std::vector<ColumnState> &states,
        std::vector<std::atomic<std::int64_t>> &rawFromBatch, std::size_t begin, std::size_t end,
        bool ownsRaw);
    void store(const RowBatch &batch, std::int64_t index);

    // The columns [begin, end) whose cells (or, once raw, values) this worker stores. Changed only
    // while the other worker is idle (see CsvLoader::runPipeline).
    void setRange(std::size_t begin, std::size_t end);
    // Seconds spent per column, and on raw texts, since the last resetCosts(): what the reader
    // balances the two threads' columns with.
    const std::vector<double> &costs() const { return m_costs; }
    double rawCost() const { return m_rawCost; }
    void resetCosts();

private:
    void storeColumn(const RowBatch &batch, std::size_t column, std::int64_t index);
    void storeRawText(const RowBatch &batch, std::size_t column);
    void storeRawValues(const RowBatch &batch, std::size_t column);
    template <class TextAt, class InfoAt>
    void storeValues(
        Table::Column &col, ColumnState &state, std::size_t rows, TextAt textAt, InfoAt infoAt);
    template <class TextAt>
    void turnToText(
        Table::Column &col, ColumnState &state, std::size_t from, std::size_t rows, TextAt textAt);

    Table &m_table;
    std::vector<ColumnState> &m_states;
    std::vector<std::atomic<std::int64_t>> &m_rawFromBatch;
    std::size_t m_begin, m_end;
    bool m_ownsRaw;
    std::vector<std::uint8_t> m_same; // per row of the batch: the cell equals the one above
    std::vector<StringId> m_ids; // per row of the batch, in a column of numbers
    std::vector<double> m_costs;
    double m_rawCost = 0;
};

// Gives every column its type and re-points its text ids from its own pool to the table's
// pool; frees the states.
void finishColumns(Table &table, std::vector<ColumnState> &states);

} // namespace npuscope::csv
