#pragma once

// Internal to csvreader.cpp: splits CSV text into rows of cell views. Kept apart so that the
// reader itself stays readable; not a public API.

#include "model/csv/csvscanner.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace npuscope::csv {

// Ragged rows are listed one by one up to this count, then summarised: enough to see the
// pattern without flooding the issue list.
inline constexpr std::size_t kMaxRowIssues = 20;
// Every cell handed to StringInterner::lookupPadded() is followed by at least this many readable
// bytes: the input window and the batch scratch are padded, and empty cells point at kPadding.
inline constexpr std::size_t kPaddingBytes = 16;
inline constexpr char kPadding[kPaddingBytes] = {};
inline constexpr std::string_view kEmptyCell(kPadding, 0);

// ---- Tokenising ----

// Yields the cell delimiters (',', '\n', '\r') in order from a bit mask per 64-byte block, so
// each cell costs a count-trailing-zeros rather than a loop over its bytes.
class DelimiterScanner {
public:
    explicit DelimiterScanner(std::string_view data)
        : m_data(data)
    {
    }
    // Positions the scanner at `pos` (after a quoted cell, or at the start of a chunk).
    void seek(std::size_t pos)
    {
        m_base = pos & ~std::size_t(63);
        m_mask = maskAt(m_base) & (~std::uint64_t(0) << (pos - m_base));
    }
    // Moves forward to `pos`, at or after the last delimiter returned: the bits of the current
    // block are reused when `pos` is in it (after a short quoted cell, nearly always).
    void advanceTo(std::size_t pos)
    {
        if (pos - m_base < 64) // pos >= m_base, as the last delimiter returned was in the block
            m_mask &= ~std::uint64_t(0) << (pos - m_base);
        else
            seek(pos);
    }
    // The next delimiter, consumed; the data size when there is none.
    std::size_t next()
    {
        while (m_mask == 0) {
            m_base += 64;
            if (m_base >= m_data.size())
                return m_data.size();
            m_mask = maskAt(m_base);
        }
        const std::size_t pos = m_base + std::size_t(std::countr_zero(m_mask));
        m_mask &= m_mask - 1;
        return pos;
    }

private:
    std::uint64_t maskAt(std::size_t offset) const
    {
        const char *p = m_data.data() + offset;
        const std::size_t available = m_data.size() - std::min(offset, m_data.size());
#if defined(__SSE2__)
        if (available >= 64) {
            const __m128i comma = _mm_set1_epi8(','), lf = _mm_set1_epi8('\n');
            const __m128i cr = _mm_set1_epi8('\r');
            std::uint64_t mask = 0;
            for (int k = 0; k < 4; ++k) {
                const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 16 * k));
                const __m128i hit
                    = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, comma), _mm_cmpeq_epi8(v, lf)),
                        _mm_cmpeq_epi8(v, cr));
                mask |= std::uint64_t(std::uint32_t(_mm_movemask_epi8(hit))) << (16 * k);
            }
            return mask;
        }
#endif
        std::uint64_t mask = 0;
        for (std::size_t i = 0; i < std::min<std::size_t>(64, available); ++i) {
            if (p[i] == ',' || p[i] == '\n' || p[i] == '\r')
                mask |= std::uint64_t(1) << i;
        }
        return mask;
    }

    std::string_view m_data;
    std::size_t m_base = 0;
    std::uint64_t m_mask = 0;
};

inline bool isBlank(char c)
{
    // The first test fails for nearly every byte, so a cell costs one compare per end.
    return static_cast<unsigned char>(c) <= ' ' && (c == ' ' || c == '\t');
}

inline std::string_view trimBlanksSlow(std::string_view s)
{
    while (!s.empty() && isBlank(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isBlank(s.back()))
        s.remove_suffix(1);
    return s;
}

// Cells lose surrounding spaces and TABs (torch_npu ends timestamps with a TAB).
[[gnu::always_inline]] inline std::string_view trimBlanks(std::string_view s)
{
    if (s.empty() || (!isBlank(s.front()) && !isBlank(s.back()))) [[likely]]
        return s;
    return trimBlanksSlow(s);
}

// Rows tokenised but not yet stored: one cell view per column, row-major. The tokenizer fills
// one batch while the helper thread stores the other.
struct RowBatch {
    std::vector<std::string_view> cells; // rows x columns
    std::vector<std::int64_t> lines; // 1-based line where each row starts
    std::string scratch; // unquoted text of cells with doubled quotes
    struct Fixup {
        std::size_t cell, offset, size;
    };
    std::vector<Fixup> fixups; // cells whose text is in scratch
    std::size_t rows = 0;
};

struct ParseProblems {
    std::vector<std::pair<std::int64_t, std::size_t>> ragged; // (line, cells), the first few
    std::int64_t raggedCount = 0;
    std::int64_t badQuotes = 0, firstBadQuoteLine = 0;
    std::int64_t unterminatedLine = 0; // 0: none
};

// Splits the data of the current window into rows. A row that may continue past the window
// is not returned (NeedMore) until the window has been refilled with it at the front.
class Tokenizer {
public:
    enum class Status { Row, NeedMore, End };

    Tokenizer() = default;
    Tokenizer(const Tokenizer &) = delete; // m_batch may point into the object
    Tokenizer &operator=(const Tokenizer &) = delete;

    // `data` starts at a row start; `final` when nothing follows it.
    void setData(std::string_view data, std::size_t begin, bool final)
    {
        m_data = data;
        m_final = final;
        m_pos = begin;
        m_scan = DelimiterScanner(data);
        m_scan.seek(begin);
        m_quoted = QuotedDelimiterScanner(data);
        m_quoted.seek(begin);
    }
    // The first non-blank row.
    Status readHeader(std::vector<std::string_view> &cells);
    // Appends up to `maxRows` rows of exactly `columns` cells to the cleared `batch`.
    Status fillBatch(RowBatch &batch, std::size_t columns, std::size_t maxRows);
    std::size_t position() const { return m_pos; } // a row start
    std::int64_t line() const { return m_line; } // line of position()
    const ParseProblems &problems() const { return m_problems; }

private:
    Status readRow(std::vector<std::string_view> &out);
    bool readRowFast(std::string_view *row, std::size_t columns, std::size_t &count);
    std::string_view quotedCell(std::size_t begin, std::size_t end, std::size_t cell);
    std::size_t findQuote(std::size_t from) const;
    bool readQuotedCell(std::vector<std::string_view> &out);

    std::string_view m_data;
    bool m_final = true;
    DelimiterScanner m_scan { {} }; // for readRow
    QuotedDelimiterScanner m_quoted { {} }; // for readRowFast, at m_pos
    std::vector<std::string_view> m_rowCells; // a row read by readRow in fillBatch
    std::size_t m_pos = 0;
    std::int64_t m_line = 1; // line of m_pos
    std::int64_t m_rowLine = 1; // line where the current row starts
    bool m_rowQuoted = false;
    RowBatch m_headerBatch; // scratch for the header row
    RowBatch *m_batch = &m_headerBatch; // where escaped cells go
    ParseProblems m_problems;
};

// Tokenises one row (which may span lines), appending its cells.
inline Tokenizer::Status Tokenizer::readRow(std::vector<std::string_view> &out)
{
    m_rowQuoted = false;
    if (m_pos >= m_data.size())
        return m_final ? Status::End : Status::NeedMore;
    const std::size_t rowStart = m_pos, cellsBefore = out.size();
    const std::size_t scratchBefore = m_batch->scratch.size();
    const std::size_t fixupsBefore = m_batch->fixups.size();
    const ParseProblems problemsBefore { {}, 0, m_problems.badQuotes, m_problems.firstBadQuoteLine,
        m_problems.unterminatedLine };
    auto needMore = [&] { // undo the partial row: it is read again after the refill
        m_pos = rowStart;
        m_line = m_rowLine;
        m_scan.seek(m_pos);
        out.resize(cellsBefore);
        m_batch->scratch.resize(scratchBefore);
        m_batch->fixups.resize(fixupsBefore);
        m_problems.badQuotes = problemsBefore.badQuotes;
        m_problems.firstBadQuoteLine = problemsBefore.firstBadQuoteLine;
        m_problems.unterminatedLine = problemsBefore.unterminatedLine;
        return Status::NeedMore;
    };
    m_rowLine = m_line;
    for (;;) {
        std::size_t end;
        if (m_pos < m_data.size() && m_data[m_pos] == '"') {
            m_rowQuoted = true;
            if (!readQuotedCell(out))
                return needMore();
            end = m_scan.next();
        } else {
            end = m_scan.next();
            out.push_back(trimBlanks(std::string_view(m_data.data() + m_pos, end - m_pos)));
        }
        if (end >= m_data.size()) {
            if (!m_final)
                return needMore();
            m_pos = m_data.size();
            return Status::Row;
        }
        m_pos = end + 1;
        if (m_data[end] == ',')
            continue;
        if (m_data[end] == '\r') {
            if (m_pos == m_data.size() && !m_final) // CR LF may be split by the window
                return needMore();
            if (m_pos < m_data.size() && m_data[m_pos] == '\n') {
                ++m_pos;
                m_scan.next();
            }
        }
        ++m_line;
        return Status::Row;
    }
}

// The first '"' at or after `from`, or npos. Quoted cells are short (shapes, names) and hold
// several quotes ("""32,4096"""): a 16-byte compare inline costs far less than a memchr call
// per quote, which took a large share of the tokenizer's instructions in the profile.
inline std::size_t Tokenizer::findQuote(std::size_t from) const
{
    const std::size_t n = m_data.size();
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"');
    for (; from + 16 <= n; from += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(m_data.data() + from));
        if (const int mask = _mm_movemask_epi8(_mm_cmpeq_epi8(v, quote)))
            return from + std::size_t(std::countr_zero(unsigned(mask)));
    }
#endif
    if (from >= n)
        return std::string_view::npos;
    const void *hit = std::memchr(m_data.data() + from, '"', n - from);
    return hit ? std::size_t(static_cast<const char *>(hit) - m_data.data())
               : std::string_view::npos;
}

// At an opening quote: reads up to the closing one; doubled quotes are unescaped into the
// batch's scratch. Text between the closing quote and the next delimiter is kept (as Python's
// csv does) and reported; a quote never closed swallows the rest of the data and is reported.
// False when the cell may continue past the window.
inline bool Tokenizer::readQuotedCell(std::vector<std::string_view> &out)
{
    // torch_npu's shape cells, """32,4096""": doubled quotes only at both ends, then a
    // delimiter. The unescaped text, "32,4096", is in the data as it is, from the second quote to
    // the first of the closing three: a view of it needs no copy into the scratch.
    if (const std::size_t n = m_data.size();
        m_pos + 3 < n && m_data[m_pos + 1] == '"' && m_data[m_pos + 2] == '"') {
        const std::size_t k = findQuote(m_pos + 3);
        if (k != std::string_view::npos && k + 2 < n && m_data[k + 1] == '"' && m_data[k + 2] == '"'
            && (k + 3 < n ? m_data[k + 3] == ',' || m_data[k + 3] == '\n' || m_data[k + 3] == '\r'
                          : m_final)) {
            const std::string_view text = m_data.substr(m_pos + 2, k - m_pos - 1);
            if (std::memchr(text.data(), '\n', text.size()))
                m_line += std::count(text.begin(), text.end(), '\n');
            out.push_back(trimBlanks(text));
            m_pos = k + 3;
            m_scan.advanceTo(m_pos);
            return true;
        }
    }
    std::string &scratch = m_batch->scratch;
    const std::size_t contentStart = m_pos + 1, scratchStart = scratch.size();
    std::size_t q = contentStart, contentEnd = m_data.size();
    bool copied = false;
    for (std::size_t close; (close = findQuote(q)) != std::string_view::npos;) {
        if (close + 1 == m_data.size() && !m_final)
            return false; // the next byte decides whether this quote is doubled
        if (close + 1 < m_data.size() && m_data[close + 1] == '"') {
            scratch.append(m_data.substr(q, close + 1 - q));
            copied = true;
            q = close + 2;
            continue;
        }
        contentEnd = close;
        break;
    }
    if (contentEnd == m_data.size()) {
        if (!m_final)
            return false;
        if (m_problems.unterminatedLine == 0)
            m_problems.unterminatedLine = m_line;
    }
    const std::string_view raw = m_data.substr(contentStart, contentEnd - contentStart);
    if (std::memchr(raw.data(), '\n', raw.size())) // rare: skip the count for most cells
        m_line += std::count(raw.begin(), raw.end(), '\n');
    if (copied)
        scratch.append(m_data.substr(q, contentEnd - std::min(q, contentEnd)));
    m_pos = std::min(contentEnd + 1, m_data.size());
    m_scan.advanceTo(m_pos);
    if (m_pos < m_data.size() && m_data[m_pos] != ',' && m_data[m_pos] != '\n'
        && m_data[m_pos] != '\r') {
        if (m_problems.badQuotes++ == 0)
            m_problems.firstBadQuoteLine = m_line;
        if (!copied)
            scratch.append(raw);
        copied = true;
        const std::size_t end = m_scan.next();
        scratch.append(m_data.substr(m_pos, end - m_pos));
        m_pos = end;
        m_scan.seek(m_pos);
    }
    if (copied)
        m_batch->fixups.push_back({ out.size(), scratchStart, scratch.size() - scratchStart });
    out.push_back(copied ? std::string_view() : trimBlanks(raw));
    return true;
}

inline void applyFixups(RowBatch &batch, std::vector<std::string_view> &cells)
{
    for (const RowBatch::Fixup &f : batch.fixups)
        cells[f.cell] = trimBlanks(std::string_view(batch.scratch).substr(f.offset, f.size));
}

inline Tokenizer::Status Tokenizer::readHeader(std::vector<std::string_view> &cells)
{
    for (;;) {
        cells.clear();
        m_headerBatch.scratch.clear();
        m_headerBatch.fixups.clear();
        m_batch = &m_headerBatch;
        const Status status = readRow(cells);
        if (status != Status::Row)
            return status;
        if (!(cells.size() == 1 && cells[0].empty() && !m_rowQuoted)) { // not a blank line
            applyFixups(m_headerBatch, cells);
            return status;
        }
    }
}

// Bit i set where text[i] is a quote, and whether a line feed occurs, for text of up to 64
// bytes followed by at least 15 readable bytes (the window is padded).
struct QuoteMask {
    std::uint64_t quotes = 0;
    bool newline = false;
};

inline QuoteMask quoteMask(std::string_view text)
{
    QuoteMask r;
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), lf = _mm_set1_epi8('\n');
    for (std::size_t i = 0; i < text.size(); i += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(text.data() + i));
        const unsigned valid = text.size() - i >= 16 ? 0xFFFFu : (1u << (text.size() - i)) - 1;
        r.quotes |= std::uint64_t(unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(v, quote))) & valid)
            << i;
        r.newline |= (unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(v, lf))) & valid) != 0;
    }
#else
    for (std::size_t i = 0; i < text.size(); ++i) {
        r.quotes |= std::uint64_t(text[i] == '"') << i;
        r.newline |= text[i] == '\n';
    }
#endif
    return r;
}

// A quoted cell [begin, end) whose quotes are where RFC 4180 puts them (readRowFast checked):
// its text without the outer quotes, doubled quotes unescaped into the batch's scratch (`cell`
// is the index the fixup refers to).
inline std::string_view Tokenizer::quotedCell(std::size_t begin, std::size_t end, std::size_t cell)
{
    const std::string_view content = m_data.substr(begin + 1, end - begin - 2);
    const std::size_t n = content.size();
    QuoteMask q;
    if (n <= 64) {
        q = quoteMask(content);
    } else {
        q.quotes = std::memchr(content.data(), '"', n) ? 1 : 0; // not a shape: see below
        q.newline = std::memchr(content.data(), '\n', n);
    }
    if (q.newline) [[unlikely]]
        m_line += std::count(content.begin(), content.end(), '\n');
    if (q.quotes == 0)
        return trimBlanks(content);
    // torch_npu's shapes, """32,4096""": the unescaped text is in the data as it is.
    if (n >= 4 && n <= 64 && q.quotes == (3 | (std::uint64_t(3) << (n - 2))))
        return trimBlanks(m_data.substr(begin + 2, n - 2));
    std::string &scratch = m_batch->scratch;
    const std::size_t start = scratch.size();
    for (std::size_t i = 0; i < n; ++i) {
        scratch.push_back(content[i]);
        i += content[i] == '"'; // the second of a doubled quote (the checks guarantee it)
    }
    m_batch->fixups.push_back({ cell, start, scratch.size() - start });
    return {};
}

// Reads the row at m_pos into row[0, columns) (cells past `columns` are counted, not kept) with
// the quote-aware scanner, when the row ends inside the data and its quotes are all in place.
// Otherwise returns false having changed nothing: readRow then reads it byte by byte (and the
// problems it reports, if any, come from there).
inline bool Tokenizer::readRowFast(std::string_view *row, std::size_t columns, std::size_t &count)
{
    const std::size_t rowStart = m_pos;
    if (rowStart >= m_data.size())
        return false;
    // A copy the compiler can keep in registers: nothing else can see it.
    QuotedDelimiterScanner scan = m_quoted;
    const char *data = m_data.data();
    const std::size_t scratchBefore = m_batch->scratch.size();
    const std::size_t fixupsBefore = m_batch->fixups.size();
    const std::size_t cellBase = std::size_t(row - m_batch->cells.data());
    const std::int64_t line = m_line;
    bool quoted = false;
    std::string_view extra;
    std::size_t k = 0;
    for (std::size_t begin = rowStart;;) {
        const std::size_t end = scan.next();
        if (end >= scan.limit()) [[unlikely]] {
            // The row may go on past the data, or a quote is out of place: read byte by byte.
            m_line = line;
            m_batch->scratch.resize(scratchBefore);
            m_batch->fixups.resize(fixupsBefore);
            m_quoted.seek(rowStart);
            return false;
        }
        std::string_view &cell = k < columns ? row[k] : extra;
        if (data[begin] == '"') {
            quoted = true;
            cell = quotedCell(begin, end, cellBase + k);
        } else {
            cell = trimBlanks(std::string_view(data + begin, end - begin));
        }
        ++k;
        begin = end + 1;
        const char delimiter = data[end];
        if (delimiter == ',')
            continue;
        if (delimiter == '\r' && data[end + 1] == '\n') {
            ++begin;
            scan.next();
        }
        m_quoted = scan;
        m_rowLine = line;
        m_rowQuoted = quoted;
        m_line += 1;
        m_pos = begin;
        count = k;
        return true;
    }
}

inline Tokenizer::Status Tokenizer::fillBatch(
    RowBatch &batch, std::size_t columns, std::size_t maxRows)
{
    batch.lines.clear();
    batch.scratch.clear();
    batch.fixups.clear();
    batch.rows = 0;
    m_batch = &batch;
    // Sized once and never shrunk: the stores read only rows x columns of it.
    if (batch.cells.size() < maxRows * columns)
        batch.cells.resize(maxRows * columns);
    m_quoted.seek(m_pos); // readHeader() may have moved on
    Status status = Status::Row;
    while (batch.rows < maxRows) {
        std::string_view *row = batch.cells.data() + batch.rows * columns;
        std::size_t count = 0;
        if (!readRowFast(row, columns, count)) {
            m_rowCells.clear();
            const std::size_t fixupsBefore = batch.fixups.size();
            m_scan.seek(m_pos);
            status = readRow(m_rowCells);
            m_quoted.seek(m_pos);
            if (status != Status::Row)
                break;
            count = m_rowCells.size();
            std::copy_n(m_rowCells.begin(), std::min(count, columns), row);
            for (std::size_t f = fixupsBefore; f < batch.fixups.size(); ++f)
                batch.fixups[f].cell += std::size_t(row - batch.cells.data());
        }
        if (count == 1 && row[0].empty() && !m_rowQuoted) // blank line
            continue;
        if (count != columns) {
            if (m_problems.raggedCount++ < std::int64_t(kMaxRowIssues))
                m_problems.ragged.emplace_back(m_rowLine, count);
            std::fill(row + std::min(count, columns), row + columns, kEmptyCell); // missing: empty
            const std::size_t rowEnd = std::size_t(row - batch.cells.data()) + columns;
            while (!batch.fixups.empty() && batch.fixups.back().cell >= rowEnd) // extra: dropped
                batch.fixups.pop_back();
        }
        batch.lines.push_back(m_rowLine);
        ++batch.rows;
    }
    batch.scratch.append(kPaddingBytes, '\0');
    applyFixups(batch, batch.cells);
    return status;
}

} // namespace npuscope::csv
