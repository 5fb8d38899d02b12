#pragma once

#include "model/core/types.h"

#include <QString>

#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace npuscope {

// Interns UTF-8 strings into 32-bit ids. Storage is an arena of large blocks so that views stay
// valid while the pool grows. Id 0 is always the empty string.
//
// The index is a flat open-addressing table of 16-byte slots with linear probing: loaders intern
// tens of millions of cells, and std::unordered_map's node per entry made that the bottleneck.
// Strings of up to 11 bytes (most CSV cells: numbers, "N/A", "FLOAT") live in the slot itself,
// so looking them up never touches the stored text. The lookup is inline for the same reason.
// Bulk callers can hash a batch of strings first and prefetch their slots (see prefetch()).
class StringPool {
public:
    StringPool();
    StringPool(const StringPool &) = delete;
    StringPool &operator=(const StringPool &) = delete;
    StringPool(StringPool &&) noexcept = default;
    StringPool &operator=(StringPool &&) noexcept = default;

    // What interning a string needs, computed once so that bulk callers can prefetch first.
    struct Lookup;
    static Lookup lookup(std::string_view text);
    // Same, for text followed by at least 15 readable bytes (the CSV reader pads its buffers):
    // a short string then takes one vector load instead of several byte loads.
    static Lookup lookupPadded(std::string_view text);

    StringId intern(std::string_view text) { return intern(lookup(text)); }
    StringId intern(const Lookup &l);
    // Stores the text under a new id without indexing it: view() returns it, but find() and
    // intern() never return that id, so equal texts may get several ids. For loaders of columns
    // of nearly unique values (CSV timestamps, task ids), where probing a table of millions of
    // slots costs a cache miss per cell and deduplicates next to nothing. The index is sized by
    // the interned strings only, so interning after many appends costs no more than before them.
    StringId append(std::string_view text);
    // Appends the texts of `source`'s ids [from, source.size()) under consecutive new ids, the
    // first of which is returned, as append() would, but takes over `source`'s storage instead of
    // copying the texts (a CSV column of a million timestamps: the copy, its fresh pages and the
    // release of the old ones were a serial tail of the load). `source` is left empty.
    StringId appendAdopted(StringPool &source, std::size_t from);
    // Prepares for `count` strings in total without growing the index (for append()).
    void reserveViews(std::size_t count) { m_views.reserve(count); }
    // Where the views are stored (room for viewCapacity()): the CSV reader advises the kernel to
    // back a large reservation with huge pages (see csvhugepages.h).
    const std::string_view *viewData() const { return m_views.data(); }
    std::size_t viewCapacity() const { return m_views.capacity(); }
    // Returns an invalid id when the text was never interned.
    StringId find(std::string_view text) const;
    std::string_view view(StringId id) const
    {
        return id.value < m_views.size() ? m_views[id.value] : std::string_view();
    }
    QString string(StringId id) const;
    std::size_t size() const { return m_views.size(); }
    std::size_t bytesUsed() const;

    static std::uint64_t hash(std::string_view text) { return lookup(text).hash; }
    // Hints the CPU to load the index slot of `l`: interning a batch of new strings then
    // overlaps the cache misses instead of paying them one after the other.
    void prefetch(const Lookup &l) const;
    // Prepares for `count` strings in total, avoiding repeated growth of the index.
    void reserve(std::size_t count);

    // A short string's key is its bytes (head: bytes 0-7, tail: bytes 8-10 and the length in
    // the top byte); a longer one's is its hash and length, confirmed against the stored text.
    struct Key {
        std::uint64_t head;
        std::uint32_t tail;
    };
    struct Lookup {
        std::string_view text;
        std::uint64_t hash;
        Key key;
    };

private:
    struct Slot {
        std::uint64_t head;
        std::uint32_t tail;
        std::uint32_t id; // kEmpty when free
    };
    static constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;
    static constexpr std::size_t kMaxShort = 11;
    static constexpr std::uint32_t kLongMarker = 0xFFu << 24;

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
    static Key shortKey(std::string_view text)
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
    static std::uint64_t hashShortKey(Key key)
    {
        return mix(key.head ^ 0x9E3779B97F4A7C15ull,
            ((std::uint64_t(key.tail) << 32) | key.tail) ^ 0xBF58476D1CE4E5B9ull);
    }
    static std::uint64_t hashLong(std::string_view text);
    static Key longKey(std::string_view text, std::uint64_t textHash)
    {
        return { textHash, kLongMarker | static_cast<std::uint32_t>(text.size() & 0xFFFFFF) };
    }
    static std::uint64_t slotHash(const Slot &slot);

    StringId insert(std::string_view text, Key key, std::size_t slot);
    void reset();
    std::string_view store(std::string_view text);
    void rehash(std::size_t slotCount);

    std::vector<std::unique_ptr<char[]>> m_blocks;
    std::size_t m_blockUsed = 0;
    std::size_t m_blockSize = 0;
    std::size_t m_blockBytes = 0; // sum of all block sizes
    std::vector<std::string_view> m_views;
    std::vector<Slot> m_slots;
    std::size_t m_mask = 0;
    // Strings in the index: the index grows with these only, not with appended ones (a CSV
    // table's pool holds millions of appended texts before its first interned one).
    std::size_t m_indexed = 0;
};

inline StringPool::Lookup StringPool::lookup(std::string_view text)
{
    if (text.size() <= kMaxShort) {
        const Key key = shortKey(text);
        return { text, hashShortKey(key), key };
    }
    const std::uint64_t h = hashLong(text);
    return { text, h, longKey(text, h) };
}

inline StringPool::Lookup StringPool::lookupPadded(std::string_view text)
{
#if defined(__SSE2__)
    if (text.size() <= kMaxShort) {
        const auto n = static_cast<char>(text.size());
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i *>(text.data()));
        const __m128i index = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        const __m128i v = _mm_and_si128(bytes, _mm_cmpgt_epi8(_mm_set1_epi8(n), index));
        const Key key { static_cast<std::uint64_t>(_mm_cvtsi128_si64(v)),
            static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_srli_si128(v, 8)))
                | (static_cast<std::uint32_t>(n) << 24) };
        return { text, hashShortKey(key), key };
    }
#endif
    return lookup(text);
}

inline StringId StringPool::intern(const Lookup &l)
{
    if (m_slots.empty()) [[unlikely]] // moved-from pool
        reset();
    for (std::size_t i = l.hash & m_mask;; i = (i + 1) & m_mask) {
        const Slot &s = m_slots[i];
        if (s.id == kEmpty)
            return insert(l.text, l.key, i);
        if (s.head == l.key.head && s.tail == l.key.tail
            && (l.text.size() <= kMaxShort || m_views[s.id] == l.text))
            return StringId(s.id);
    }
}

inline void StringPool::prefetch(const Lookup &l) const
{
    if (!m_slots.empty())
        __builtin_prefetch(m_slots.data() + (l.hash & m_mask));
}

} // namespace npuscope
