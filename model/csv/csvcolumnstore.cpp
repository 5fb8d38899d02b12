#include "model/csv/csvcolumnstore.h"
#include "model/core/stringinterner.h"

#include "model/csv/csvhugepages.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <limits>
#include <thread>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace npuscope::csv {

namespace {

    // 32 K value records (512 KB) fit in L2 next to the column's pool.
    constexpr std::size_t kMaxCachedValues = 32 << 10;
    // Above this many cells a second thread re-points text ids at the end (below it, starting
    // the thread costs too much against the re-pointing it takes over).
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
            return classifyCell(text, state.timeExp);
        if (id.value >= state.info.size())
            state.info.resize(state.dict.size(), CellInfo { 0, kUnknownCell });
        CellInfo &info = state.info[id.value];
        if (info.micros == kUnknownCell)
            info = classifyCell(text, state.timeExp);
        return info;
    }

    // A column of numbers so far goes raw after this many rows when nearly all of its cells were
    // different (task ids, timestamps): its texts are dropped at the end, and interning its first
    // 32 K cells (the rule below) cost a pool insertion, rehashes and fresh pages per cell.
    constexpr std::size_t kEarlyRawRows = 4096;

    // A column goes raw once its pool holds this many strings and more than half of its cells
    // so far were new: it will not fit in cache, and deduplicating it twice does not pay.
    bool shouldGoRaw(const ColumnState &state, std::size_t rowsSoFar)
    {
        if (state.numeric && rowsSoFar >= kEarlyRawRows && state.dict.size() * 8 > rowsSoFar * 7)
            return true;
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

    // Adds the text of row `row` of a column of numbers turning to text: interned into its pool
    // before it went raw (the text is there already, with the id finishColumn re-points), appended
    // after (see storeRawText).
    void addText(Table::Column &col, ColumnState &state, std::size_t row, std::string_view text)
    {
        if (state.raw && row >= state.rawFrom)
            col.text.push_back(text.empty() ? StringId(0) : state.dict.append(text));
        else
            col.text.push_back(StringInterner::intern(state.dict, StringInterner::lookup(text)));
    }

    // The texts of the first `rows` rows of a column of numbers, written back from their values.
    // A missing cell's text is its format's: a run of them (a column of "N/A") is interned once.
    void writeBackTexts(Table::Column &col, ColumnState &state, std::size_t rows)
    {
        Table::CellText buffer;
        auto kept = state.rawKept.begin();
        int lastMissing = -1; // the format of the last interned missing cell
        StringId lastId;
        // Room at once, in huge pages: grown by push_back, a column of "N/A" cells was most of
        // the serial end of the load (reallocations and fresh 4 KB pages).
        reserveInHugePages(col.text, col.text.size() + rows, col.text.size() + rows);
        for (std::size_t row = 0; row < rows; ++row) {
            const std::uint8_t format = col.format[row];
            const bool interned = !state.raw || row < state.rawFrom;
            if (format == Table::CellFormat::kKept) {
                col.text.push_back((kept++)->id);
            } else if (interned && format == lastMissing) {
                col.text.push_back(lastId);
            } else {
                addText(col, state, row, Table::numberCellText(col, row, buffer));
                if (interned && Table::missingText(format)) {
                    lastMissing = format;
                    lastId = col.text.back();
                }
            }
        }
        state.rawKept.clear();
    }

    // A Number column keeps no text: the texts its format cannot write back are interned into the
    // table's pool (Column::kept), the rest dropped with the column's pool.
    void keepOddTexts(Table &table, Table::Column &col, ColumnState &state)
    {
        for (const Table::KeptText &k : state.rawKept)
            col.kept.push_back(
                { k.row, StringInterner::intern(table.strings, state.dict.view(k.id)) });
        std::vector<StringId>().swap(col.text);
        state = ColumnState();
    }

    // Gives the column its type and works out the table's ids of its deduplicated texts,
    // interning the pool's strings a few ahead so that the cache misses of the table's pool
    // overlap. Raw rows keep their ids until internRawTexts().
    void finishColumn(Table &table, std::size_t column, ColumnState &state, Remap &remap)
    {
        Table::Column &col = table.columns[column];
        const bool number = state.numeric && state.sawNumber;
        col.type = number ? Table::ColumnType::Number : Table::ColumnType::Text;
        if (number) {
            keepOddTexts(table, col, state);
            return;
        }
        if (state.numeric) // nothing but missing cells: their texts
            writeBackTexts(col, state, state.stored);
        std::vector<double>().swap(col.number);
        std::vector<std::uint8_t>().swap(col.format);
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
    // compared by value, keep none.
    void internRawTexts(Table &table, ColumnState &state, Remap &remap)
    {
        remap.raw.resize(state.dict.size() - state.indexed);
        for (std::size_t id = state.indexed; id < state.dict.size(); ++id)
            remap.raw[id - state.indexed] = StringInterner::intern(
                table.strings, state.dict.view(StringId(std::uint32_t(id))));
        remap.rawBase = state.indexed;
        state = ColumnState();
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
    // A steady_clock read costs next to nothing against the work per column and batch.
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
    // A column of numbers so far keeps no text ids (its cells are interned for the cache of
    // their values only).
    m_ids.resize(rows);
    StringId *ids = state.numeric ? m_ids.data() : appendUninitialised(col.text, rows);
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
    state.stored += rows;
    if (shouldGoRaw(state, state.stored)) {
        state.raw = true;
        state.textless = state.numeric;
        state.rawFrom = state.stored;
        state.indexed = state.dict.size();
        m_rawFromBatch[column].store(index + 1, std::memory_order_relaxed);
    }
}

// A raw text column's texts, appended to its pool without deduplication (only this worker writes
// the pools of raw text columns): their cells are nearly all different, and interning them into
// the table's pool, an index of millions of slots, cost a cache miss per cell, a rehash of the
// whole index at each doubling and the kernel's zeroing of its fresh pages: a large share of
// the load in the profile, and most of its peak memory. A raw number column keeps no text
// (textless).
void ColumnWorker::storeRawText(const RowBatch &batch, std::size_t column)
{
    ColumnState &state = m_states[column];
    if (state.textless)
        return;
    const std::size_t rows = batch.rows, stride = m_table.columns.size();
    const std::string_view *cells = batch.cells.data() + column;
    Table::Column &col = m_table.columns[column];
    if (col.text.size() == state.rawFrom) // the first raw batch: room for the rest at once
        reserveViewsInHugePages(state.dict,
            state.dict.size() + col.text.capacity()
                - std::min(col.text.capacity(), col.text.size()));
    StringId *ids = appendUninitialised(col.text, rows);
    for (std::size_t r = 0; r < rows; ++r) {
        const std::string_view text = cells[r * stride];
        ids[r] = text.empty() ? StringId(0) : state.dict.append(text);
    }
}

// A raw column's values, parsed from each cell: they are nearly all different.
void ColumnWorker::storeRawValues(const RowBatch &batch, std::size_t column)
{
    ColumnState &state = m_states[column];
    const std::size_t stride = m_table.columns.size();
    const std::string_view *cells = batch.cells.data() + column;
    auto textAt = [&](std::size_t r) { return cells[r * stride]; };
    Table::Column &col = m_table.columns[column];
    if (state.textless && !state.numeric) // turned to text after it went raw
        for (std::size_t r = 0; r < batch.rows; ++r)
            col.text.push_back(textAt(r).empty() ? StringId(0) : state.dict.append(textAt(r)));
    if (state.numeric || state.timeScale)
        storeValues(col, state, batch.rows, textAt,
            [&](std::size_t r) { return classifyCell(textAt(r), state.timeExp); });
    state.stored += batch.rows;
}

// A column of numbers turning to text at row `from` of the batch (`rows` rows): the texts of its
// rows so far are written back from their values, those of the batch from here on taken as they
// are (addText).
template <class TextAt>
void ColumnWorker::turnToText(
    Table::Column &col, ColumnState &state, std::size_t from, std::size_t rows, TextAt textAt)
{
    col.text.reserve(state.stored + rows);
    writeBackTexts(col, state, state.stored + from);
    for (std::size_t r = from; r < rows; ++r)
        addText(col, state, state.stored + r, textAt(r));
}

template <class TextAt, class InfoAt>
void ColumnWorker::storeValues(
    Table::Column &col, ColumnState &state, std::size_t rows, TextAt textAt, InfoAt infoAt)
{
    // Until its first number a column's values are all NaN (missing): they are written only
    // then, and a column of nothing but "N/A" never fills 8 bytes of fresh memory a row.
    double *numbers
        = state.numeric && state.sawNumber ? appendUninitialised(col.number, rows) : nullptr;
    std::uint8_t *formats = state.numeric ? appendUninitialised(col.format, rows) : nullptr;
    std::int64_t *ns = state.timeScale ? appendUninitialised(col.ns, rows) : nullptr;
    for (std::size_t r = 0; r < rows; ++r) {
        const CellInfo info = infoAt(r);
        const bool isNumber = info.isNumber();
        if (formats) {
            if (info.micros == kTextCell) {
                turnToText(col, state, r, rows, textAt);
                state.numeric = false;
                numbers = nullptr;
                formats = nullptr;
                std::vector<double>().swap(col.number);
                std::vector<std::uint8_t>().swap(col.format);
                if (!ns)
                    return;
            } else {
                if (isNumber && !numbers) {
                    col.number.assign(state.stored + rows, info.value);
                    std::fill_n(col.number.begin(), state.stored + r,
                        std::numeric_limits<double>::quiet_NaN());
                    numbers = col.number.data() + state.stored;
                    state.sawNumber = true;
                }
                if (numbers)
                    numbers[r] = info.value;
                formats[r] = info.format;
                if (info.format == Table::CellFormat::kKept)
                    state.rawKept.push_back({ std::uint32_t(state.stored + r),
                        state.raw ? state.dict.append(textAt(r))
                                  : StringInterner::intern(
                                      state.dict, StringInterner::lookup(textAt(r))) });
            }
        }
        if (ns)
            ns[r] = isNumber ? info.micros : Table::kMissingNs;
    }
}

void finishColumns(Table &table, std::vector<ColumnState> &states)
{
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
        if (table.columns[c].type == Table::ColumnType::Text)
            internRawTexts(table, states[c], remaps[c]);
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
