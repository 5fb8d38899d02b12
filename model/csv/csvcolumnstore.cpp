#include "model/csv/csvcolumnstore.h"
#include "model/core/stringinterner.h"

#include "model/csv/csvhugepages.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <thread>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace npuscope::csv {

namespace {

    // 32 K value records (512 KB) fit in L2 next to the column's pool.
    constexpr std::size_t kMaxCachedValues = 32 << 10;
    // Above this many cells a second thread re-points text ids at the end (thread start ~50 us,
    // re-pointing ~2 ns a cell).
    constexpr std::size_t kParallelRemapCells = 1 << 19;

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

    // How a column's local text ids become the table's; applyRemap() does it, on two threads
    // for a large table (re-pointing every cell is otherwise a serial tail of the load).
    struct Remap {
        std::vector<StringId> local; // local id -> table id, for rows [0, localRows)
        std::size_t localRows = 0;
        std::vector<StringId> raw; // (local id - rawBase) -> table id, for the rows after those
        std::size_t rawBase = 0;
    };

    void applyRemap(Table::Column &col, const Remap &m)
    {
        for (std::size_t row = 0; row < m.localRows; ++row)
            col.text[row] = m.local[col.text[row].value];
        for (std::size_t row = m.localRows; row < col.text.size() && !m.raw.empty(); ++row) {
            if (const std::uint32_t id = col.text[row].value; id != 0)
                col.text[row] = m.raw[id - m.rawBase];
        }
    }

    // Gives the column its type and works out the table's ids of its deduplicated texts,
    // interning the pool's strings a few ahead so that the cache misses of the table's pool
    // overlap. Raw rows keep their ids until internRawTexts(); a column whose texts went to the
    // table's pool (see adoptIndexedTexts) has the table's ids in all its rows already.
    void finishColumn(Table &table, std::size_t column, ColumnState &state, Remap &remap)
    {
        Table::Column &col = table.columns[column];
        const bool number = state.numeric && state.sawNumber;
        col.type = number ? Table::ColumnType::Number : Table::ColumnType::Text;
        if (!number)
            std::vector<double>().swap(col.number);
        if (state.rawInTable)
            return;
        constexpr std::size_t kAhead = 8;
        const std::size_t count = state.raw ? state.indexed : state.dict.size();
        std::vector<StringId> toTable(count);
        StringLookup ahead[kAhead];
        for (std::size_t id = 0; id < count + kAhead; ++id) {
            if (id >= kAhead)
                toTable[id - kAhead] = StringInterner::intern(table.strings, ahead[id % kAhead]);
            if (id < count) {
                ahead[id % kAhead]
                    = StringInterner::lookup(state.dict.view(StringId(std::uint32_t(id))));
                StringInterner::prefetch(table.strings, ahead[id % kAhead]);
            }
        }
        remap.local = std::move(toTable);
        remap.localRows = state.raw ? std::min(state.rawFrom, col.text.size()) : col.text.size();
        if (!state.raw)
            state = ColumnState(); // free the column's pool
    }

    // A raw column that turned out to hold text: its texts are interned after all. Text cells
    // are compared by id (aggregation by name or type, the kernel table's exact filter), so a
    // text column keeps one id per distinct text, however many there are; only number columns,
    // compared by value, skip the deduplication. A column that was numeric when it went raw has
    // all its texts in the table's pool already (adoptIndexedTexts): they are interned cell by
    // cell, and the appended copies stay unused there (numbers that turn to text late: rare).
    void internRawTexts(Table &table, Table::Column &col, ColumnState &state, Remap &remap)
    {
        if (state.rawInTable) {
            for (StringId &id : col.text) {
                if (id.value != 0)
                    id = StringInterner::intern(table.strings, table.strings.view(id));
            }
            state = ColumnState();
            return;
        }
        remap.raw.resize(state.dict.size() - state.indexed);
        for (std::size_t id = state.indexed; id < state.dict.size(); ++id)
            remap.raw[id - state.indexed] = StringInterner::intern(
                table.strings, state.dict.view(StringId(std::uint32_t(id))));
        remap.rawBase = state.indexed;
        state = ColumnState();
    }

    // Once a column of numbers has gone raw (its texts appended to the table's pool from then
    // on), the texts its pool deduplicated before are moved to the table's pool too, in order and
    // without copying them, and its rows from before re-pointed by a shift (local id 0 is the
    // empty text, which the table's pool has as id 0 too): all its ids are then the table's, and
    // nothing is left to copy or re-point at the end. Number cells are compared by value, so
    // these texts need not be interned.
    void adoptIndexedTexts(Table &table, Table::Column &col, ColumnState &state)
    {
        const std::uint32_t shift = table.strings.appendAdopted(state.dict, 1).value - 1;
        for (std::size_t row = 0; row < std::min(state.rawFrom, col.text.size()); ++row) {
            if (const std::uint32_t id = col.text[row].value; id != 0)
                col.text[row] = StringId(id + shift);
        }
        std::vector<CellInfo>().swap(state.info);
        state.adopted = true;
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

namespace {

    // Whether two cells hold the same text. Cells are followed by kPaddingBytes readable bytes
    // (see csvtokenizer.h), so a short one is compared with one vector load per side.
    bool sameCell(std::string_view a, std::string_view b)
    {
        if (a.size() != b.size())
            return false;
#if defined(__SSE2__)
        if (a.size() <= kPaddingBytes) {
            const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i *>(a.data()));
            const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i *>(b.data()));
            const auto equal = unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(x, y)));
            const unsigned wanted = (1u << a.size()) - 1;
            return (equal & wanted) == wanted;
        }
#endif
        return std::memcmp(a.data(), b.data(), a.size()) == 0;
    }

    constexpr std::size_t kRecentTexts = 64;

    std::uint64_t load64(const char *p)
    {
        std::uint64_t v;
        std::memcpy(&v, p, sizeof v);
        return v;
    }

    // The cache slot of a text of 12 to 48 bytes: its length and first and last 8 bytes mixed.
    std::size_t recentSlot(std::string_view text)
    {
        const std::uint64_t h
            = (load64(text.data()) ^ (load64(text.data() + text.size() - 8) >> 3) ^ text.size())
            * 0x9E3779B97F4A7C15ull;
        return std::size_t(h >> 58); // 64 slots
    }

    // Whether the cell (followed by kPaddingBytes readable bytes) equals the cached text.
    bool sameAsRecent(const RecentText &r, std::string_view text)
    {
        if (r.size != text.size())
            return false;
#if defined(__SSE2__)
        // Whole 16-byte groups of the cache entry; bytes past the text's end are masked off.
        unsigned mismatch = 0;
        for (std::size_t i = 0; i < text.size(); i += 16) {
            const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i *>(text.data() + i));
            const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i *>(r.bytes + i));
            const unsigned valid = text.size() - i >= 16 ? 0xFFFFu : (1u << (text.size() - i)) - 1;
            mismatch |= ~unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(x, y))) & valid;
        }
        return mismatch == 0;
#else
        return std::memcmp(r.bytes, text.data(), text.size()) == 0;
#endif
    }

    // The cell's id in the column's pool: long cells through the cache of recent texts.
    StringId internCell(ColumnState &state, std::string_view text)
    {
        if (text.size() <= 11 || text.size() > RecentText::kMaxBytes)
            return StringInterner::intern(state.dict, StringInterner::lookupPadded(text));
        if (state.recent.empty())
            state.recent.resize(kRecentTexts);
        RecentText &r = state.recent[recentSlot(text)];
        if (sameAsRecent(r, text))
            return r.id;
        r.id = StringInterner::intern(state.dict, StringInterner::lookup(text));
        r.size = std::uint32_t(text.size());
        std::memcpy(r.bytes, text.data(), text.size());
        return r.id;
    }

} // namespace

// Column by column: the column's pool, value records and output vectors stay in cache for the
// whole batch. A cell equal to the one above it (step, stream, model ids, op state: most cells of
// most columns) reuses that cell's id and value without hashing. The pools are small enough to
// stay in cache, so each cell is looked up and interned in one go: a first pass that stored the
// lookups for prefetching spent much of this function in store-forwarding stalls.
void ColumnWorker::storeColumn(const RowBatch &batch, std::size_t column, std::int64_t index)
{
    const std::size_t rows = batch.rows, stride = m_table.columns.size();
    ColumnState &state = m_states[column];
    const std::string_view *cells = batch.cells.data() + column;
    m_same.resize(rows);
    Table::Column &col = m_table.columns[column];
    StringId *ids = appendUninitialised(col.text, rows);
    for (std::size_t r = 0; r < rows; ++r) {
        const std::string_view text = cells[r * stride];
        const bool same = r > 0 && sameCell(text, cells[(r - 1) * stride]);
        m_same[r] = same;
        ids[r] = same ? ids[r - 1] : internCell(state, text);
    }
    if (state.numeric || state.timeScale) {
        CellInfo last;
        storeValues(
            col, state, rows, [&](std::size_t r) { return cells[r * stride]; },
            [&](std::size_t r) {
                if (!m_same[r])
                    last = cellInfo(state, ids[r], cells[r * stride]);
                return last;
            });
    }
    if (shouldGoRaw(state, col.text.size())) {
        state.raw = true;
        state.rawInTable = state.numeric;
        state.rawFrom = col.text.size();
        state.indexed = state.dict.size();
        m_rawFromBatch[column].store(index + 1, std::memory_order_relaxed);
    }
}

// A raw column's texts, appended to its pool without deduplication (only this worker writes the
// pools of raw columns): their cells are nearly all different, and interning them into the
// table's pool, an index of millions of slots, cost a cache miss per cell, a rehash of the whole
// index at each doubling and the kernel's zeroing of its fresh pages: half of the load in the
// profile, and most of its peak memory.
void ColumnWorker::storeRawText(const RowBatch &batch, std::size_t column)
{
    const std::size_t rows = batch.rows, stride = m_table.columns.size();
    ColumnState &state = m_states[column];
    const std::string_view *cells = batch.cells.data() + column;
    Table::Column &col = m_table.columns[column];
    StringPool &pool = state.rawInTable ? m_table.strings : state.dict;
    if (col.text.size() == state.rawFrom) {
        // The first raw batch of this column: make room for the rest of it (the reader reserved
        // its estimate of the row count), and of the other raw columns sharing the table's pool,
        // at once rather than doubling the views step by step.
        auto remaining = [this](std::size_t c) {
            const std::vector<StringId> &text = m_table.columns[c].text;
            return text.capacity() - std::min(text.capacity(), text.size());
        };
        std::size_t expected = remaining(column);
        if (state.rawInTable) {
            if (std::find(m_rawInTable.begin(), m_rawInTable.end(), column) == m_rawInTable.end())
                m_rawInTable.push_back(column);
            expected = state.dict.size();
            for (const std::size_t c : m_rawInTable)
                expected += remaining(c);
        }
        reserveViewsInHugePages(pool, pool.size() + expected);
        if (state.rawInTable && !state.adopted)
            adoptIndexedTexts(m_table, col, state);
    }
    StringId *ids = appendUninitialised(col.text, rows);
    for (std::size_t r = 0; r < rows; ++r) {
        const std::string_view text = cells[r * stride];
        ids[r] = text.empty() ? StringId(0) : pool.append(text);
    }
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
    // The table's pool holds the raw number columns' texts already; its index is sized by the
    // interned strings only, so these interns do not grow it for them.
    const std::size_t columns = states.size();
    std::vector<Remap> remaps(columns);
    std::vector<char> raw(columns); // states[c] is reset once done with
    for (std::size_t c = 0; c < columns; ++c) {
        raw[c] = states[c].raw;
        finishColumn(table, c, states[c], remaps[c]);
    }
    // The columns without raw rows are re-pointed from here on, by this thread and (for a large
    // table) a second one, while this one finishes the raw columns first.
    std::atomic<std::size_t> nextColumn { 0 };
    auto repointOthers = [&] {
        for (std::size_t c; (c = nextColumn.fetch_add(1)) < columns;) {
            if (!raw[c])
                applyRemap(table.columns[c], remaps[c]);
        }
    };
    std::thread helper;
    const std::size_t rows = table.columns.empty() ? 0 : table.columns[0].text.size();
    if (rows * columns >= kParallelRemapCells && std::thread::hardware_concurrency() >= 2)
        helper = std::thread(repointOthers);
    for (std::size_t c = 0; c < columns; ++c) {
        if (!raw[c])
            continue;
        // A column that went raw after the last batch has no raw rows, its texts not adopted.
        if (states[c].rawInTable && !states[c].adopted)
            adoptIndexedTexts(table, table.columns[c], states[c]);
        if (table.columns[c].type == Table::ColumnType::Text)
            internRawTexts(table, table.columns[c], states[c], remaps[c]);
        else
            states[c] = ColumnState();
    }
    for (std::size_t c = 0; c < columns; ++c) {
        if (raw[c])
            applyRemap(table.columns[c], remaps[c]);
    }
    repointOthers();
    if (helper.joinable())
        helper.join();
}

} // namespace npuscope::csv
