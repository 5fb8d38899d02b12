#pragma once

// Internal to the CSV tokenizer: finds the delimiters that lie outside quoted cells, 64 bytes at
// a time, and notices quotes that RFC 4180 does not allow. Not a public API.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace npuscope::csv {

// Bit i set when byte i of the block is a delimiter (',', '\n', '\r'), or a '"'.
struct BlockMasks {
    std::uint64_t delimiters = 0, quotes = 0;
};

[[gnu::always_inline]] inline BlockMasks blockMasks(const char *p)
{
    BlockMasks m;
#if defined(__SSE2__)
    const __m128i comma = _mm_set1_epi8(','), lf = _mm_set1_epi8('\n');
    const __m128i cr = _mm_set1_epi8('\r'), quote = _mm_set1_epi8('"');
    for (int k = 0; k < 4; ++k) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 16 * k));
        const __m128i d = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(v, comma), _mm_cmpeq_epi8(v, lf)), _mm_cmpeq_epi8(v, cr));
        m.delimiters |= std::uint64_t(std::uint32_t(_mm_movemask_epi8(d))) << (16 * k);
        m.quotes |= std::uint64_t(std::uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(v, quote))))
            << (16 * k);
    }
#else
    for (int i = 0; i < 64; ++i) {
        if (p[i] == ',' || p[i] == '\n' || p[i] == '\r')
            m.delimiters |= std::uint64_t(1) << i;
        if (p[i] == '"')
            m.quotes |= std::uint64_t(1) << i;
    }
#endif
    return m;
}

// Bit i of the result is the XOR of bits 0..i of x: set where an odd number of quotes has been
// seen, i.e. inside a quoted cell (its opening quote included, its closing quote not).
[[gnu::always_inline]] inline std::uint64_t prefixXor(std::uint64_t x)
{
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    return x;
}

// Yields, from a row start on, the delimiters outside quotes (simdjson's quote mask: the quotes'
// prefix XOR marks the bytes inside quoted cells, and a doubled quote toggles it twice). That
// equals the byte-by-byte tokenizer's reading only where every quote is where RFC 4180 puts it:
// an opening quote right after a delimiter (or the row start) or right after a closing quote
// (a doubled quote), and a closing quote right before a delimiter or an opening quote. The first
// quote that is not (a quote inside an unquoted cell, text after a closing quote) is reported by
// violation(); the caller reads the row from before it byte by byte and seeks again after it.
class QuotedDelimiterScanner {
public:
    static constexpr std::size_t kNone = ~std::size_t(0);

    explicit QuotedDelimiterScanner(std::string_view data)
        : m_data(data)
    {
    }
    // Starts at `pos`, a row start (outside quotes).
    void seek(std::size_t pos)
    {
        m_violation = kNone;
        m_limit = m_data.empty() ? 0 : m_data.size() - 1;
        m_inside = 0;
        m_closeCarry = 0;
        m_base = pos & ~std::size_t(63);
        const std::size_t offset = pos - m_base;
        m_delimiterCarry = 0;
        load(~std::uint64_t(0) << offset, std::uint64_t(1) << offset);
    }
    // The next delimiter outside quotes, consumed; the data size when there is none or when a
    // violation lies before it (a block past the first violation is not even looked at).
    [[gnu::always_inline]] std::size_t next()
    {
        while (m_mask == 0) {
            m_base += 64;
            if (m_base >= m_data.size() || m_violation != kNone)
                return m_data.size();
            load(~std::uint64_t(0), 0);
        }
        const std::size_t pos = m_base + std::size_t(std::countr_zero(m_mask));
        m_mask &= m_mask - 1;
        return pos;
    }
    // Offset of the first quote out of place since seek(), or kNone.
    std::size_t violation() const { return m_violation; }
    // The first delimiter that cannot end a row read with this scanner: the last byte of the
    // data (what follows a CR is unknown) or one at or after a violation.
    std::size_t limit() const { return m_limit; }

private:
    // The masks of the block at m_base: `keep` clears the bytes before a seek position, `start`
    // marks it as following a delimiter.
    [[gnu::always_inline]] void load(std::uint64_t keep, std::uint64_t start)
    {
        BlockMasks b;
        const std::size_t available = m_data.size() - m_base;
        if (available >= 64) {
            b = blockMasks(m_data.data() + m_base);
        } else {
            char tail[64] = {};
            std::memcpy(tail, m_data.data() + m_base, available);
            b = blockMasks(tail);
        }
        b.delimiters &= keep;
        b.quotes &= keep;
        std::uint64_t inside = m_inside;
        if (b.quotes) {
            inside ^= prefixXor(b.quotes);
            const std::uint64_t open = b.quotes & inside, close = b.quotes & ~inside;
            const std::uint64_t afterDelimiter = (b.delimiters << 1) | m_delimiterCarry | start;
            const std::uint64_t afterClose = (close << 1) | m_closeCarry;
            const std::uint64_t bad
                = (open & ~(afterDelimiter | afterClose)) | (afterClose & ~(b.delimiters | open));
            if (bad && m_violation == kNone)
                setViolation(m_base + std::size_t(std::countr_zero(bad)));
            m_closeCarry = close >> 63;
        } else if (m_closeCarry && !(b.delimiters & 1)) {
            if (m_violation == kNone)
                setViolation(m_base); // text right after a closing quote
            m_closeCarry = 0;
        } else {
            m_closeCarry = 0;
        }
        m_delimiterCarry = b.delimiters >> 63;
        m_inside = std::uint64_t(0) - (inside >> 63); // all ones when the block ends inside
        m_mask = b.delimiters & ~inside;
    }

    void setViolation(std::size_t pos)
    {
        m_violation = pos;
        m_limit = std::min(m_limit, pos);
    }

    std::string_view m_data;
    std::size_t m_base = 0;
    std::size_t m_limit = 0;
    std::uint64_t m_mask = 0;
    std::uint64_t m_inside = 0; // all ones while inside a quoted cell at the block's start
    std::uint64_t m_delimiterCarry = 0; // the previous block ended with a delimiter (bit 0)
    std::uint64_t m_closeCarry = 0; // the previous block ended with a closing quote (bit 0)
    std::size_t m_violation = kNone;
};

} // namespace npuscope::csv
