#include "model/csvreader.h"

#include "model/decimal.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <thread>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace npuscope {

namespace {

// Progress is reported about every 4 MB: ~5 ms of parsing, so cancelling feels immediate while
// the callback costs nothing measurable.
constexpr std::size_t kProgressStep = 4 << 20;
// Ragged rows are listed one by one up to this count, then summarised: enough to see the
// pattern without flooding the issue list.
constexpr std::size_t kMaxRowIssues = 20;
// The binary sniff looks at the first 64 KB and calls the file binary when more than 1 byte in
// 10 is a control character or invalid UTF-8. Real CSVs have none; gzip, zip, SQLite and UTF-16
// files have 30-50%.
constexpr std::size_t kSniffBytes = 64 << 10;
constexpr std::size_t kBinaryRatio = 10;
// Files are read in 16 MB chunks so that the progress bar moves on slow disks.
constexpr qint64 kReadChunk = 16 << 20;
// Below this size a second thread costs more than it saves (thread start ~50 us, parse 8 MB
// ~20 ms); above it the two halves of the file are parsed in parallel.
constexpr std::size_t kParallelMinBytes = 8 << 20;

QString lineText(std::int64_t line)
{
    return QStringLiteral("line %1").arg(line);
}

Issue makeIssue(Severity severity, const QString &path, QString location, QString message)
{
    return Issue { severity, path, std::move(location), std::move(message) };
}

// ---- Text checks -----------------------------------------------------------------------------

// Length of the valid UTF-8 sequence at p (1-4), or 0 when the bytes there are not valid UTF-8.
int utf8SequenceLength(const unsigned char *p, std::size_t available)
{
    const unsigned c = p[0];
    if (c < 0x80)
        return 1;
    int length = 0;
    unsigned low = 0x80, high = 0xBF; // allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF) {
        length = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        length = 3;
        low = c == 0xE0 ? 0xA0 : 0x80; // no overlong forms
        high = c == 0xED ? 0x9F : 0xBF; // no surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
        length = 4;
        low = c == 0xF0 ? 0x90 : 0x80;
        high = c == 0xF4 ? 0x8F : 0xBF; // nothing above U+10FFFF
    } else {
        return 0;
    }
    if (available < std::size_t(length) || p[1] < low || p[1] > high)
        return 0;
    for (int k = 2; k < length; ++k) {
        if ((p[k] & 0xC0) != 0x80)
            return 0;
    }
    return length;
}

struct TextProblems {
    std::size_t firstNul = 0, nulCount = 0;
    std::size_t firstInvalid = 0, invalidCount = 0; // bytes outside valid UTF-8 sequences
    std::size_t controlCount = 0; // other control characters (binary sniff only)
};

bool isPlainAscii16(const char *p)
{
#if defined(__SSE2__)
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
    return (_mm_movemask_epi8(v) | _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128()))) == 0;
#else
    return std::none_of(p, p + 16, [](char c) { return c == 0 || (c & 0x80); });
#endif
}

// Finds NUL bytes and invalid UTF-8. Runs of 16 plain ASCII bytes are skipped with one compare.
TextProblems scanText(std::string_view text)
{
    TextProblems r;
    const auto *p = reinterpret_cast<const unsigned char *>(text.data());
    const std::size_t n = text.size();
    for (std::size_t i = 0; i < n;) {
        if (n - i >= 16 && isPlainAscii16(text.data() + i)) {
            i += 16;
            continue;
        }
        const unsigned c = p[i];
        if (c == 0 && r.nulCount++ == 0)
            r.firstNul = i;
        if (c != 0 && c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v')
            ++r.controlCount;
        const int length = utf8SequenceLength(p + i, n - i);
        if (length == 0 && r.invalidCount++ == 0)
            r.firstInvalid = i;
        i += std::size_t(std::max(length, 1));
    }
    return r;
}

// Why the data is not CSV text, or an empty string when it looks like text.
QString binaryReason(std::string_view data)
{
    auto startsWith = [&](std::string_view magic) { return data.substr(0, magic.size()) == magic; };
    if (startsWith("\x1f\x8b"))
        return QStringLiteral("the file is gzip-compressed, not CSV text");
    if (startsWith("PK\x03\x04"))
        return QStringLiteral("the file is a zip archive, not CSV text");
    if (startsWith(std::string_view("SQLite format 3\0", 16)))
        return QStringLiteral("the file is an SQLite database, not CSV text");
    if (startsWith("\xff\xfe") || startsWith("\xfe\xff"))
        return QStringLiteral("the file is UTF-16 text; only UTF-8 CSV is supported");
    const std::string_view head = data.substr(0, kSniffBytes);
    const TextProblems p = scanText(head);
    const std::size_t bad = p.nulCount + p.controlCount + p.invalidCount;
    if (bad * kBinaryRatio > head.size())
        return QStringLiteral("the file holds binary data, not CSV text (%1 of its first %2 bytes "
                              "are control characters or invalid UTF-8)")
            .arg(bad)
            .arg(head.size());
    return {};
}

std::int64_t lineAtOffset(std::string_view data, std::size_t offset)
{
    return 1 + std::count(data.begin(), data.begin() + std::ptrdiff_t(offset), '\n');
}

// ---- Numbers -------------------------------------------------------------------------------

// "[+-]digits[.digits]" with at most 18 digits on each side: the shape of nearly every number
// in profiler CSVs, parsed without the general (slower) routines.
struct SimpleDecimal {
    std::uint64_t intPart = 0;
    std::uint64_t frac = 0;
    int fracLen = 0;
    bool negative = false;
};

constexpr std::uint64_t kPow10[19] = { 1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull,
    1000000ull, 10000000ull, 100000000ull, 1000000000ull, 10000000000ull, 100000000000ull,
    1000000000000ull, 10000000000000ull, 100000000000000ull, 1000000000000000ull,
    10000000000000000ull, 100000000000000000ull, 1000000000000000000ull };

bool parseSimpleDecimal(std::string_view s, SimpleDecimal &d)
{
    std::size_t i = 0;
    const std::size_t n = s.size();
    if (i < n && (s[i] == '-' || s[i] == '+')) {
        d.negative = s[i] == '-';
        ++i;
    }
    const std::size_t intStart = i;
    for (; i < n && s[i] >= '0' && s[i] <= '9'; ++i)
        d.intPart = d.intPart * 10 + std::uint64_t(s[i] - '0');
    const std::size_t intDigits = i - intStart;
    if (i < n && s[i] == '.') {
        const std::size_t fracStart = ++i;
        for (; i < n && s[i] >= '0' && s[i] <= '9'; ++i)
            d.frac = d.frac * 10 + std::uint64_t(s[i] - '0');
        d.fracLen = int(i - fracStart);
    }
    return i == n && intDigits <= 18 && d.fracLen <= 18 && intDigits + std::size_t(d.fracLen) > 0;
}

std::int64_t microsToNs(SimpleDecimal d, std::string_view s)
{
    while (d.fracLen > 3 && d.frac % 10 == 0) { // "1881.080000"
        d.frac /= 10;
        --d.fracLen;
    }
    constexpr std::uint64_t kMaxMicros = std::numeric_limits<std::int64_t>::max() / 1000 - 1;
    if (d.fracLen <= 3 && d.intPart <= kMaxMicros) {
        const auto ns = std::int64_t(d.intPart * 1000 + d.frac * kPow10[3 - d.fracLen]);
        return d.negative ? -ns : ns;
    }
    return parseScaledToNs(s, 0).value_or(Table::kMissingNs); // rounding, exponents
}

// What one distinct cell text means, worked out once per distinct value of a column.
constexpr std::int64_t kMissingCell = std::numeric_limits<std::int64_t>::min() + 1;
constexpr std::int64_t kTextCell = kMissingCell + 1;
struct CellInfo {
    double value = 0; // numbers only
    // A number's exact ns, or Table::kMissingNs when out of range; else one of the markers.
    std::int64_t ns = kTextCell;
    bool isNumber() const { return ns != kMissingCell && ns != kTextCell; }
};

CellInfo classifyCell(std::string_view s, int timeScale)
{
    if (Table::isMissingText(s))
        return { std::numeric_limits<double>::quiet_NaN(), kMissingCell };
    const char c = s.front();
    if (!((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.'))
        return { 0, kTextCell };
    CellInfo info;
    SimpleDecimal d;
    const bool simple = parseSimpleDecimal(s, d);
    info.ns = simple && timeScale == 0 ? microsToNs(d, s)
                                       : parseScaledToNs(s, timeScale).value_or(Table::kMissingNs);
    if (info.ns <= kTextCell) // keep the markers unambiguous
        info.ns = Table::kMissingNs;
    // Clinger's fast path: an integer up to 2^53 divided by an exact power of ten is correctly
    // rounded, so it equals what from_chars returns.
    constexpr std::uint64_t kExactLimit = std::uint64_t(1) << 53;
    if (simple && d.frac <= kExactLimit
        && d.intPart <= (kExactLimit - d.frac) / kPow10[d.fracLen]) {
        const double v = double(d.intPart * kPow10[d.fracLen] + d.frac) / double(kPow10[d.fracLen]);
        info.value = d.negative ? -v : v;
        return info;
    }
    const auto v = parseDouble(s);
    if (!v)
        return { 0, kTextCell };
    info.value = *v;
    return info;
}

// ---- Tokenising ------------------------------------------------------------------------------

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
                const __m128i hit = _mm_or_si128(
                    _mm_or_si128(_mm_cmpeq_epi8(v, comma), _mm_cmpeq_epi8(v, lf)),
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

std::string_view trimBlanks(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

// Problems found while parsing, with lines relative to the chunk's first line (0-based).
struct ChunkProblems {
    std::vector<std::pair<std::int64_t, std::size_t>> ragged; // (line, cells), the first few
    std::int64_t raggedCount = 0;
    std::int64_t badQuotes = 0, firstBadQuoteLine = 0;
    std::vector<std::int64_t> unterminated; // at most one: it swallows the rest
};

// Parses the rows of one stretch of the file. Each column collects its distinct values in its
// own small pool (cache-resident for the many low-cardinality columns) and one local id per
// row; the merge maps local ids to the table's pool once per distinct value.
class ChunkParser {
public:
    ChunkParser(std::string_view data, std::size_t begin, std::size_t columns)
        : m_data(data)
        , m_scan(data)
        , m_pos(begin)
        , m_columns(columns)
        , m_dicts(columns)
        , m_ids(columns)
        , m_hashes(columns)
    {
        m_scan.seek(begin);
    }

    bool readRow();
    bool rowIsBlank() const { return m_cells.size() == 1 && m_cells[0].empty() && !m_rowQuoted; }
    // Parses rows until the position reaches `stopAt`; false when cancelled.
    bool parse(std::size_t stopAt, const std::function<bool(std::size_t)> &tick);
    void classify(const std::vector<int> &timeScales);

    std::string_view m_data;
    DelimiterScanner m_scan;
    std::size_t m_pos;
    std::int64_t m_line = 0; // lines consumed so far
    std::size_t m_columns;
    std::vector<std::string_view> m_cells; // current row
    std::vector<StringPool> m_dicts; // per column
    std::vector<std::vector<std::uint32_t>> m_ids; // per column, per row
    std::vector<std::vector<CellInfo>> m_infos; // per column, per local id (after classify)
    std::vector<std::int64_t> m_lines; // row start lines
    ChunkProblems m_problems;

private:
    void readQuotedCell();
    void addRow();

    std::int64_t m_rowLine = 0;
    bool m_rowQuoted = false;
    std::string m_scratch; // unquoted text of cells with doubled quotes
    std::vector<std::pair<std::size_t, std::size_t>> m_scratchCells; // (cell, scratch offset)
    std::vector<std::uint64_t> m_hashes;
};

// Tokenises one row (which may span lines) into m_cells. False at the end of the data.
bool ChunkParser::readRow()
{
    m_cells.clear();
    m_scratch.clear();
    m_scratchCells.clear();
    m_rowQuoted = false;
    if (m_pos >= m_data.size())
        return false;
    m_rowLine = m_line;
    for (;;) {
        std::size_t end;
        if (m_pos < m_data.size() && m_data[m_pos] == '"') {
            m_rowQuoted = true;
            readQuotedCell();
            end = m_scan.next();
        } else {
            end = m_scan.next();
            m_cells.push_back(trimBlanks(m_data.substr(m_pos, end - m_pos)));
        }
        m_pos = end + 1;
        if (end >= m_data.size())
            return true;
        const char c = m_data[end];
        if (c == ',')
            continue;
        if (c == '\r' && m_pos < m_data.size() && m_data[m_pos] == '\n') {
            ++m_pos;
            m_scan.next();
        }
        ++m_line;
        return true;
    }
}

// At an opening quote: reads up to the closing one; doubled quotes are unescaped into m_scratch.
// Text between the closing quote and the next delimiter is kept (as Python's csv does) and
// reported; a quote never closed swallows the rest of the data and is reported.
void ChunkParser::readQuotedCell()
{
    const std::int64_t startLine = m_line;
    const std::size_t contentStart = m_pos + 1;
    const std::size_t scratchStart = m_scratch.size();
    std::size_t q = contentStart, contentEnd = m_data.size();
    bool copied = false;
    while (const void *hit = std::memchr(m_data.data() + q, '"', m_data.size() - q)) {
        const std::size_t close = std::size_t(static_cast<const char *>(hit) - m_data.data());
        if (close + 1 < m_data.size() && m_data[close + 1] == '"') {
            m_scratch.append(m_data.substr(q, close + 1 - q));
            copied = true;
            q = close + 2;
            continue;
        }
        contentEnd = close;
        break;
    }
    m_pos = std::min(contentEnd + 1, m_data.size());
    if (contentEnd == m_data.size())
        m_problems.unterminated.push_back(startLine);
    const std::string_view raw = m_data.substr(contentStart, contentEnd - contentStart);
    m_line += std::count(raw.begin(), raw.end(), '\n');
    if (copied)
        m_scratch.append(m_data.substr(q, contentEnd - std::min(q, contentEnd)));
    m_scan.seek(m_pos);
    if (m_pos < m_data.size() && m_data[m_pos] != ',' && m_data[m_pos] != '\n'
        && m_data[m_pos] != '\r') {
        if (m_problems.badQuotes++ == 0)
            m_problems.firstBadQuoteLine = m_line;
        if (!copied)
            m_scratch.append(raw);
        copied = true;
        m_scan.seek(m_pos);
        const std::size_t end = m_scan.next();
        m_scratch.append(m_data.substr(m_pos, end - m_pos));
        m_pos = end;
        m_scan.seek(m_pos);
    }
    if (copied)
        m_scratchCells.emplace_back(m_cells.size(), scratchStart);
    m_cells.push_back(copied ? std::string_view() : trimBlanks(raw));
}

void ChunkParser::addRow()
{
    for (std::size_t k = 0; k < m_scratchCells.size(); ++k) {
        const auto [cell, offset] = m_scratchCells[k];
        const std::size_t end = k + 1 < m_scratchCells.size() ? m_scratchCells[k + 1].second
                                                              : m_scratch.size();
        m_cells[cell] = trimBlanks(std::string_view(m_scratch).substr(offset, end - offset));
    }
    if (m_cells.size() != m_columns && m_problems.raggedCount++ < std::int64_t(kMaxRowIssues))
        m_problems.ragged.emplace_back(m_rowLine, m_cells.size());
    m_cells.resize(m_columns); // missing cells are empty, extra ones dropped
    // Hash and prefetch the whole row first so that the cache misses of the columns with many
    // distinct values overlap instead of queueing.
    for (std::size_t i = 0; i < m_columns; ++i) {
        m_hashes[i] = StringPool::hash(m_cells[i]);
        m_dicts[i].prefetch(m_hashes[i]);
    }
    for (std::size_t i = 0; i < m_columns; ++i)
        m_ids[i].push_back(m_dicts[i].intern(m_cells[i], m_hashes[i]).value);
    m_lines.push_back(m_rowLine);
}

bool ChunkParser::parse(std::size_t stopAt, const std::function<bool(std::size_t)> &tick)
{
    std::size_t lastTick = m_pos;
    while (m_pos < stopAt && readRow()) {
        if (rowIsBlank())
            continue;
        addRow();
        if (m_pos - lastTick >= kProgressStep) {
            if (!tick(m_pos - lastTick))
                return false;
            lastTick = m_pos;
        }
    }
    tick(m_pos - lastTick);
    return true;
}

void ChunkParser::classify(const std::vector<int> &timeScales)
{
    m_infos.resize(m_columns);
    for (std::size_t c = 0; c < m_columns; ++c) {
        const StringPool &dict = m_dicts[c];
        m_infos[c].resize(dict.size());
        for (std::uint32_t id = 0; id < dict.size(); ++id)
            m_infos[c][id] = classifyCell(dict.view(StringId(id)), timeScales[c]);
    }
}
