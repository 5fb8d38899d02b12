#pragma once

#include "model/core/stringpool.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace npuscope {

// A string's key in StringPool's index: a short string's key is its bytes (head: bytes 0-7,
// tail: bytes 8-10 and the length in the top byte); a longer one's is its hash and length,
// confirmed against the stored text.
struct StringKey {
    std::uint64_t head;
    std::uint32_t tail;
};
// What interning a string needs, computed once so that bulk callers can prefetch first.
struct StringLookup {
    std::string_view text;
    std::uint64_t hash;
    StringKey key;
};

// The loaders' path into a StringPool, inline because they intern tens of millions of cells:
// hashing, interning a precomputed lookup, and prefetching its index slot so that a batch of new
// strings overlaps its cache misses instead of paying them one after the other. Internal to
// model/: views read a pool through StringPool alone.
class StringInterner {
public:
    static StringLookup lookup(std::string_view text);
    // Same, for text followed by at least 15 readable bytes (the CSV reader pads its buffers):
    // a short string then takes one vector load instead of several byte loads.
    static StringLookup lookupPadded(std::string_view text);
    static std::uint64_t hash(std::string_view text) { return lookup(text).hash; }
    static StringId intern(StringPool &pool, const StringLookup &l);
    static StringId intern(StringPool &pool, std::string_view text)
    {
        return intern(pool, lookup(text));
    }
    // Hints the CPU to load the index slot of `l`.
    static void prefetch(const StringPool &pool, const StringLookup &l);

    static constexpr std::size_t kMaxShort = 11;
    static constexpr std::uint32_t kLongMarker = 0xFFu << 24;
    // The hash a slot was placed by (for growing the index).
    static std::uint64_t slotHash(std::uint64_t head, std::uint32_t tail)
    {
        if ((tail & kLongMarker) == kLongMarker)
            return head;
        return hashShortKey({ head, tail });
    }

private:
    static std::uint64_t load64(const char *p)
    {
        std::uint64_t v;
        std::memcpy(&v, p, sizeof v);
        if constexpr (std::endian::native == std::endian::big) // keys assume little-endian words
            v = __builtin_bswap64(v);
        return v;
    }
    static std::uint64_t load32(const char *p)
    {
        std::uint32_t v;
        std::memcpy(&v, p, sizeof v);
        if constexpr (std::endian::native == std::endian::big)
            v = __builtin_bswap32(v);
        return v;
    }
    // Bytes 0..n-1 (n <= 8) of p as a little-endian word, zero above; loads only inside p[0, n).
    static std::uint64_t loadPartial(const char *p, std::size_t n)
    {
        if (n >= 8)
            return load64(p);
        if (n >= 4) // two overlapping loads; the shared bytes are equal, so OR is exact
            return load32(p) | (load32(p + n - 4) << (8 * (n - 4)));
        if (n == 0)
            return 0;
        return std::uint64_t(std::uint8_t(p[0]))
            | (std::uint64_t(std::uint8_t(p[n / 2])) << (8 * (n / 2)))
            | (std::uint64_t(std::uint8_t(p[n - 1])) << (8 * (n - 1)));
    }
    static StringKey shortKey(std::string_view text)
    {
        const std::size_t n = text.size();
        const std::uint64_t head = loadPartial(text.data(), n < 8 ? n : 8);
        const std::uint64_t tail = n > 8 ? loadPartial(text.data() + 8, n - 8) : 0;
        return { head, static_cast<std::uint32_t>(tail | (n << 24)) };
    }
    // 64x64->128 multiply folded to 64 bits (the wyhash/mum mixing step).
    static std::uint64_t mix(std::uint64_t a, std::uint64_t b)
    {
        __extension__ using U128 = unsigned __int128;
        const U128 r = static_cast<U128>(a) * b;
        return static_cast<std::uint64_t>(r) ^ static_cast<std::uint64_t>(r >> 64);
    }
    static std::uint64_t hashShortKey(StringKey key)
    {
        return mix(key.head ^ 0x9E3779B97F4A7C15ull,
            ((std::uint64_t(key.tail) << 32) | key.tail) ^ 0xBF58476D1CE4E5B9ull);
    }
    static std::uint64_t hashLong(std::string_view text);
    static StringKey longKey(std::string_view text, std::uint64_t textHash)
    {
        return { textHash, kLongMarker | static_cast<std::uint32_t>(text.size() & 0xFFFFFF) };
    }
};

inline StringLookup StringInterner::lookup(std::string_view text)
{
    if (text.size() <= kMaxShort) {
        const StringKey key = shortKey(text);
        return { text, hashShortKey(key), key };
    }
    const std::uint64_t h = hashLong(text);
    return { text, h, longKey(text, h) };
}

inline StringLookup StringInterner::lookupPadded(std::string_view text)
{
#if defined(__SSE2__)
    if (text.size() <= kMaxShort) {
        const auto n = static_cast<char>(text.size());
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i *>(text.data()));
        const __m128i index = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        const __m128i v = _mm_and_si128(bytes, _mm_cmpgt_epi8(_mm_set1_epi8(n), index));
        const StringKey key { static_cast<std::uint64_t>(_mm_cvtsi128_si64(v)),
            static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_srli_si128(v, 8)))
                | (static_cast<std::uint32_t>(n) << 24) };
        return { text, hashShortKey(key), key };
    }
#endif
    return lookup(text);
}

inline StringId StringInterner::intern(StringPool &pool, const StringLookup &l)
{
    if (pool.m_slots.empty()) [[unlikely]] // moved-from pool
        pool.reset();
    for (std::size_t i = l.hash & pool.m_mask;; i = (i + 1) & pool.m_mask) {
        const StringPool::Slot &s = pool.m_slots[i];
        if (s.id == StringPool::kEmpty)
            return pool.insert(l.text, l.key.head, l.key.tail, i);
        if (s.head == l.key.head && s.tail == l.key.tail
            && (l.text.size() <= kMaxShort || pool.m_views[s.id] == l.text))
            return StringId(s.id);
    }
}

inline void StringInterner::prefetch(const StringPool &pool, const StringLookup &l)
{
    if (!pool.m_slots.empty())
        __builtin_prefetch(pool.m_slots.data() + (l.hash & pool.m_mask));
}

} // namespace npuscope
