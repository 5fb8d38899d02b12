#include "model/csvcolumnstore.h"

#include <algorithm>
#include <chrono>
#include <cstring>

namespace npuscope::csv {

namespace {

    // 32 K value records (512 KB) fit in L2 next to the column's pool.
    constexpr std::size_t kMaxCachedValues = 32 << 10;

    template <class T> T *appendUninitialised(std::vector<T> &v, std::size_t n)
    {
        v.resize(v.size() + n);
        return v.data() + v.size() - n;
    }

    // Values are classified once per distinct text while the column's records fit in L2; in
    // columns of nearly unique values (timestamps, cycle counts) a lookup would miss the cache,
    // and parsing the text at hand again is cheaper.
    CellInfo cellInfo(ColumnState &state, StringId id, std::string_view text)
    {
        if (state.dict.size() > kMaxCachedValues)
            return classifyCell(text);
        if (id.value >= state.info.size())
            state.info.resize(state.dict.size(), CellInfo { 0, kUnknownCell });
        CellInfo &info = state.info[id.value];
        if (info.micros == kUnknownCell)
            info = classifyCell(text);
        return info;
    }

    // A column goes raw once its pool holds this many strings and more than half of its cells
    // so far were new: it will not fit in cache, and deduplicating it twice does not pay.
    bool shouldGoRaw(const ColumnState &state, std::size_t rowsSoFar)
    {
        return state.dict.size() > kMaxCachedValues && state.dict.size() * 2 > rowsSoFar;
    }

    // Gives the column its type and re-points its text ids from its own pool to the table's,
    // interning the pool's strings a few ahead so that the cache misses of the table's pool
    // overlap. Raw rows already hold the table's ids.
    void finishColumn(Table &table, std::size_t column, ColumnState &state)
    {
        Table::Column &col = table.columns[column];
        const bool number = state.numeric && state.sawNumber;
        col.type = number ? Table::ColumnType::Number : Table::ColumnType::Text;
        if (!number)
            std::vector<double>().swap(col.number);
        constexpr std::size_t kAhead = 8;
        const std::size_t count = state.dict.size();
        std::vector<StringId> toTable(count);
        StringPool::Lookup ahead[kAhead];
        for (std::size_t id = 0; id < count + kAhead; ++id) {
            if (id >= kAhead)
                toTable[id - kAhead] = table.strings.intern(ahead[id % kAhead]);
            if (id < count) {
                ahead[id % kAhead]
                    = StringPool::lookup(state.dict.view(StringId(std::uint32_t(id))));
                table.strings.prefetch(ahead[id % kAhead]);
            }
        }
        const std::size_t local
            = state.raw ? std::min(state.rawFrom, col.text.size()) : col.text.size();
        for (std::size_t row = 0; row < local; ++row)
            col.text[row] = toTable[col.text[row].value];
        state = ColumnState(); // free the column's pool
    }

} // namespace

ColumnWorker::ColumnWorker(Table &table, std::vector<ColumnState> &states,
    std::vector<std::atomic<std::int64_t>> &rawFromBatch, std::size_t begin, std::size_t end,
    bool ownsRaw)
    : m_table(table)
    , m_states(states)
    , m_rawFromBatch(rawFromBatch)
    , m_begin(begin)
    , m_end(end)
    , m_ownsRaw(ownsRaw)
    , m_costs(states.size(), 0)
{
}

void ColumnWorker::setRange(std::size_t begin, std::size_t end)
{
    m_begin = begin;
    m_end = end;
}

void ColumnWorker::resetCosts()
{
    std::fill(m_costs.begin(), m_costs.end(), 0);
    m_rawCost = 0;
}

void ColumnWorker::store(const RowBatch &batch, std::int64_t index)
{
    // steady_clock reads cost ~20 ns, against ~10-100 us of work per column and batch.
    using Clock = std::chrono::steady_clock;
    auto elapsed = [](Clock::time_point since) {
        return std::chrono::duration<double>(Clock::now() - since).count();
    };
    for (std::size_t c = 0; c < m_states.size(); ++c) {
        const bool mine = c >= m_begin && c < m_end;
        if (index >= m_rawFromBatch[c].load(std::memory_order_relaxed)) {
            // The text goes to the raw owner; the values stay with the column's worker, which
            // has stored its earlier batches and so keeps them in order.
            if (m_ownsRaw) {
                const auto start = Clock::now();
                storeRawText(batch, c);
                m_rawCost += elapsed(start);
            }
            if (mine) {
                const auto start = Clock::now();
                storeRawValues(batch, c);
                m_costs[c] += elapsed(start);
            }
        } else if (mine) {
            const auto start = Clock::now();
            storeColumn(batch, c, index);
            m_costs[c] += elapsed(start);
        }
    }
}

// Column by column: the column's pool, value records and output vectors stay in cache for the
// whole batch, and looking up all rows first lets the pool's cache misses overlap.
void ColumnWorker::storeColumn(const RowBatch &batch, std::size_t column, std::int64_t index)
{
    const std::size_t rows = batch.rows, stride = m_table.columns.size();
    ColumnState &state = m_states[column];
    const std::string_view *cells = batch.cells.data() + column;
    m_lookups.resize(rows);
    for (std::size_t r = 0; r < rows; ++r) {
        m_lookups[r] = StringPool::lookupPadded(cells[r * stride]);
        state.dict.prefetch(m_lookups[r]);
    }
    Table::Column &col = m_table.columns[column];
    StringId *ids = appendUninitialised(col.text, rows);
    for (std::size_t r = 0; r < rows; ++r)
        ids[r] = state.dict.intern(m_lookups[r]);
    if (state.numeric || state.timeScale)
        storeValues(
            col, state, rows, [&](std::size_t r) { return m_lookups[r].text; },
            [&](std::size_t r) { return cellInfo(state, ids[r], m_lookups[r].text); });
    if (shouldGoRaw(state, col.text.size())) {
        state.raw = true;
        state.rawFrom = col.text.size();
        m_rawFromBatch[column].store(index + 1, std::memory_order_relaxed);
    }
}

// A raw column's texts, interned straight into the table's pool (only this worker writes it).
void ColumnWorker::storeRawText(const RowBatch &batch, std::size_t column)
{
    const std::size_t rows = batch.rows, stride = m_table.columns.size();
    ColumnState &state = m_states[column];
    const std::string_view *cells = batch.cells.data() + column;
    StringPool &pool = m_table.strings;
    Table::Column &col = m_table.columns[column];
    if (col.text.size() == state.rawFrom) {
        // The first raw batch of this column: make room for the rest of it (the reader reserved
        // its estimate of the row count) at once. Growing a pool of a million strings step by
        // step rehashes it several times, and the kernel's zeroing of the fresh pages was the
        // largest single cost of this thread in the profile.
        const std::size_t expected
            = col.text.capacity() - std::min(col.text.capacity(), col.text.size());
        pool.reserve(pool.size() + expected);
    }
    m_lookups.resize(rows);
    for (std::size_t r = 0; r < rows; ++r) {
        m_lookups[r] = StringPool::lookupPadded(cells[r * stride]);
        pool.prefetch(m_lookups[r]);
    }
    StringId *ids = appendUninitialised(col.text, rows);
    for (std::size_t r = 0; r < rows; ++r)
        ids[r] = pool.intern(m_lookups[r]);
}

// A raw column's values, parsed from each cell: they are nearly all different.
void ColumnWorker::storeRawValues(const RowBatch &batch, std::size_t column)
{
    ColumnState &state = m_states[column];
    if (!state.numeric && !state.timeScale)
        return;
    const std::size_t stride = m_table.columns.size();
    const std::string_view *cells = batch.cells.data() + column;
    storeValues(
        m_table.columns[column], state, batch.rows,
        [&](std::size_t r) { return cells[r * stride]; },
        [&](std::size_t r) { return classifyCell(cells[r * stride]); });
}

template <class TextAt, class InfoAt>
void ColumnWorker::storeValues(
    Table::Column &col, ColumnState &state, std::size_t rows, TextAt textAt, InfoAt infoAt)
{
    double *numbers = state.numeric ? appendUninitialised(col.number, rows) : nullptr;
    std::int64_t *ns = state.timeScale ? appendUninitialised(col.ns, rows) : nullptr;
    for (std::size_t r = 0; r < rows; ++r) {
        const CellInfo info = infoAt(r);
        const bool isNumber = info.isNumber();
        if (numbers) {
            if (info.micros == kTextCell) {
                state.numeric = false;
                numbers = nullptr;
                std::vector<double>().swap(col.number);
                if (!ns)
                    return;
            } else {
                state.sawNumber = state.sawNumber || isNumber;
                numbers[r] = info.value;
            }
        }
        if (ns) {
            if (!isNumber)
                ns[r] = Table::kMissingNs;
            else
                ns[r] = state.timeScale == 0 ? info.micros : parseNs(textAt(r), *state.timeScale);
        }
    }
}

void finishColumns(Table &table, std::vector<ColumnState> &states)
{
    for (std::size_t c = 0; c < states.size(); ++c)
        finishColumn(table, c, states[c]);
}

} // namespace npuscope::csv
