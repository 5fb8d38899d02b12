#include "model/stringpool.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <utility>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace npuscope {

namespace {
constexpr std::size_t kBlockSize = 1 << 20;
constexpr std::size_t kInitialSlots = 1024;
// Linear probing stays within one or two cache lines up to this load (3/4).
constexpr std::size_t kMaxLoadNum = 3;
constexpr std::size_t kMaxLoadDen = 4;

__extension__ using U128 = unsigned __int128;

// 64x64->128 multiply folded to 64 bits (the wyhash/mum mixing step): good avalanche for the
// short cells CSV files are made of, at one multiplication per 8 bytes.
inline std::uint64_t mix(std::uint64_t a, std::uint64_t b)
{
    const U128 r = static_cast<U128>(a) * b;
    return static_cast<std::uint64_t>(r) ^ static_cast<std::uint64_t>(r >> 64);
}

inline std::uint64_t load64(const char *p)
{
    std::uint64_t v;
    std::memcpy(&v, p, sizeof v);
    if constexpr (std::endian::native == std::endian::big) // keys assume little-endian words
        v = __builtin_bswap64(v);
    return v;
}

inline std::uint64_t load32(const char *p)
{
    std::uint32_t v;
    std::memcpy(&v, p, sizeof v);
    if constexpr (std::endian::native == std::endian::big)
        v = __builtin_bswap32(v);
    return v;
}
// Bytes 0..n-1 (n <= 8) of p as a little-endian word, zero above, loading only inside [p, p+n).
std::uint64_t loadPartial(const char *p, std::size_t n)
{
    if (n >= 8)
        return load64(p);
    if (n >= 4) // two overlapping loads; the shared bytes are equal, so OR is exact
        return load32(p) | (load32(p + n - 4) << (8 * (n - 4)));
    if (n == 0)
        return 0;
    return std::uint64_t(std::uint8_t(p[0])) | (std::uint64_t(std::uint8_t(p[n / 2])) << (8 * (n / 2)))
        | (std::uint64_t(std::uint8_t(p[n - 1])) << (8 * (n - 1)));
}
} // namespace

void adviseHugePages(const void *data, std::size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    // Only whole 2 MB pages inside the block can become huge pages.
    constexpr std::uintptr_t kHuge = 2 << 20;
    const auto begin = (reinterpret_cast<std::uintptr_t>(data) + kHuge - 1) & ~(kHuge - 1);
    const auto end = (reinterpret_cast<std::uintptr_t>(data) + bytes) & ~(kHuge - 1);
    if (end > begin)
        madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE);
#else
    (void)data;
    (void)bytes;
#endif
}

StringPool::StringPool()
{
    rehash(kInitialSlots);
    intern(std::string_view());
}

StringPool::Key StringPool::shortKey(std::string_view text)
{
    const std::size_t n = text.size();
    const std::uint64_t head = loadPartial(text.data(), std::min<std::size_t>(n, 8));
    const std::uint64_t tail = n > 8 ? loadPartial(text.data() + 8, n - 8) : 0;
    return { head, static_cast<std::uint32_t>(tail) | static_cast<std::uint32_t>(n << 24) };
}

std::uint64_t StringPool::hashShortKey(Key key)
{
    return mix(key.head ^ 0x9E3779B97F4A7C15ull,
               ((std::uint64_t(key.tail) << 32) | key.tail) ^ 0xBF58476D1CE4E5B9ull);
}

std::uint64_t StringPool::hash(std::string_view text)
{
    if (text.size() <= kMaxShort)
        return hashShortKey(shortKey(text));
    const char *p = text.data();
    std::size_t n = text.size();
    std::uint64_t h = 0x9E3779B97F4A7C15ull ^ (n * 0xFF51AFD7ED558CCDull);
    while (n > 8) {
        h = mix(h ^ load64(p), 0xBF58476D1CE4E5B9ull);
        p += 8;
        n -= 8;
    }
    return mix(h ^ loadPartial(p, n), 0x94D049BB133111EBull);
}

StringPool::Key StringPool::keyOf(std::string_view text, std::uint64_t textHash)
{
    if (text.size() <= kMaxShort)
        return shortKey(text);
    return { textHash, kLongMarker | static_cast<std::uint32_t>(text.size() & 0xFFFFFF) };
}

std::uint64_t StringPool::slotHash(const Slot &slot)
{
    if ((slot.tail & kLongMarker) == kLongMarker)
        return slot.head;
    return hashShortKey({ slot.head, slot.tail });
}

std::string_view StringPool::store(std::string_view text)
{
    if (text.empty())
        return {};
    if (m_blocks.empty() || m_blockUsed + text.size() > m_blockSize) {
        m_blockSize = std::max(kBlockSize, text.size());
        m_blocks.push_back(std::make_unique_for_overwrite<char[]>(m_blockSize));
        m_blockBytes += m_blockSize;
        m_blockUsed = 0;
    }
    char *dst = m_blocks.back().get() + m_blockUsed;
    std::memcpy(dst, text.data(), text.size());
    m_blockUsed += text.size();
    return { dst, text.size() };
}

void StringPool::rehash(std::size_t slotCount)
{
    std::vector<Slot, HugePageAllocator<Slot>> table(slotCount, Slot { 0, 0, kEmpty });
    const std::size_t mask = slotCount - 1;
    for (const Slot &s : m_slots) {
        if (s.id == kEmpty)
            continue;
        std::size_t i = slotHash(s) & mask;
        while (table[i].id != kEmpty)
            i = (i + 1) & mask;
        table[i] = s;
    }
    m_slots = std::move(table);
    m_mask = mask;
}

void StringPool::reserve(std::size_t count)
{
    const std::size_t needed = std::bit_ceil(count * kMaxLoadDen / kMaxLoadNum + 1);
    if (needed > m_slots.size())
        rehash(needed);
    m_views.reserve(count);
}

// Index of the slot holding `text`, or of the free slot where it belongs.
std::size_t StringPool::probe(std::string_view text, std::uint64_t textHash, bool *found) const
{
    const Key key = keyOf(text, textHash);
    const bool isShort = text.size() <= kMaxShort;
    for (std::size_t i = textHash & m_mask;; i = (i + 1) & m_mask) {
        const Slot &s = m_slots[i];
        if (s.id == kEmpty) {
            *found = false;
            return i;
        }
        if (s.head == key.head && s.tail == key.tail && (isShort || m_views[s.id] == text)) {
            *found = true;
            return i;
        }
    }
}

StringId StringPool::intern(std::string_view text)
{
    return intern(text, hash(text));
}

StringId StringPool::intern(std::string_view text, std::uint64_t textHash)
{
    if (m_slots.empty()) // moved-from pool
        rehash(kInitialSlots);
    bool found = false;
    const std::size_t i = probe(text, textHash, &found);
    if (found)
        return StringId(m_slots[i].id);
    const auto id = static_cast<std::uint32_t>(m_views.size());
    m_views.push_back(store(text));
    const Key key = keyOf(text, textHash);
    m_slots[i] = Slot { key.head, key.tail, id };
    if ((m_views.size() + 1) * kMaxLoadDen > m_slots.size() * kMaxLoadNum)
        rehash(m_slots.size() * 2);
    return StringId(id);
}

StringId StringPool::find(std::string_view text) const
{
    if (m_slots.empty())
        return StringId();
    bool found = false;
    const std::size_t i = probe(text, hash(text), &found);
    return found ? StringId(m_slots[i].id) : StringId();
}

std::string_view StringPool::view(StringId id) const
{
    if (!id.isValid() || id.value >= m_views.size())
        return {};
    return m_views[id.value];
}

QString StringPool::string(StringId id) const
{
    const std::string_view v = view(id);
    return QString::fromUtf8(v.data(), static_cast<qsizetype>(v.size()));
}

std::size_t StringPool::bytesUsed() const
{
    return m_blockBytes + m_views.capacity() * sizeof(std::string_view)
        + m_slots.capacity() * sizeof(Slot);
}

} // namespace npuscope
