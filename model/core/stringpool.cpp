#include "model/core/stringpool.h"

#include "model/core/stringinterner.h"

#include <algorithm>
#include <iterator>
#include <utility>

namespace npuscope {

namespace {
    // Strings are copied into blocks of up to 1 MB (or one block per longer string).
    constexpr std::size_t kFirstBlockSize = 256;
    constexpr std::size_t kBlockSize = 1 << 20;
    constexpr std::size_t kInitialSlots = 16;
    // Linear probing stays within one or two cache lines up to this load (3/4).
    constexpr std::size_t kMaxLoadNum = 3;
    constexpr std::size_t kMaxLoadDen = 4;
} // namespace

StringPool::StringPool() { reset(); }

void StringPool::reset()
{
    m_blocks.clear();
    m_blockUsed = m_blockSize = m_blockBytes = 0;
    m_views.clear();
    m_slots.clear();
    m_indexed = 0;
    rehash(kInitialSlots);
    const StringLookup empty = StringInterner::lookup(std::string_view());
    insert(empty.text, empty.key.head, empty.key.tail, empty.hash & m_mask);
}

std::uint64_t StringInterner::hashLong(std::string_view text)
{
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

std::string_view StringPool::store(std::string_view text)
{
    if (text.empty())
        return {};
    if (m_blocks.empty() || m_blockUsed + text.size() > m_blockSize) {
        // Blocks double from 256 B to 1 MB: a loader keeps one small pool per CSV column.
        m_blockSize
            = std::max(std::clamp(m_blockSize * 2, kFirstBlockSize, kBlockSize), text.size());
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
    std::vector<Slot> table(slotCount, Slot { 0, 0, kEmpty });
    const std::size_t mask = slotCount - 1;
    for (const Slot &s : m_slots) {
        if (s.id == kEmpty)
            continue;
        std::size_t i = StringInterner::slotHash(s.head, s.tail) & mask;
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

StringId StringPool::insert(
    std::string_view text, std::uint64_t head, std::uint32_t tail, std::size_t slot)
{
    const auto id = static_cast<std::uint32_t>(m_views.size());
    m_views.push_back(store(text));
    m_slots[slot] = Slot { head, tail, id };
    if ((++m_indexed + 1) * kMaxLoadDen > m_slots.size() * kMaxLoadNum)
        rehash(m_slots.size() * 2);
    return StringId(id);
}

StringId StringPool::intern(std::string_view text) { return StringInterner::intern(*this, text); }

StringId StringPool::append(std::string_view text)
{
    if (m_slots.empty()) [[unlikely]] // moved-from pool
        reset();
    const auto id = static_cast<std::uint32_t>(m_views.size());
    m_views.push_back(store(text));
    return StringId(id);
}

StringId StringPool::appendAdopted(StringPool &source, std::size_t from)
{
    if (m_slots.empty()) [[unlikely]] // moved-from pool
        reset();
    const auto first = static_cast<std::uint32_t>(m_views.size());
    from = std::min(from, source.m_views.size());
    m_views.insert(
        m_views.end(), source.m_views.begin() + std::ptrdiff_t(from), source.m_views.end());
    // In front of this pool's blocks: store() keeps filling the last one.
    m_blocks.insert(m_blocks.begin(), std::make_move_iterator(source.m_blocks.begin()),
        std::make_move_iterator(source.m_blocks.end()));
    m_blockBytes += source.m_blockBytes;
    source.m_blocks.clear();
    source.reset();
    return StringId(first);
}

StringId StringPool::find(std::string_view text) const
{
    if (m_slots.empty())
        return StringId();
    const StringLookup l = StringInterner::lookup(text);
    for (std::size_t i = l.hash & m_mask;; i = (i + 1) & m_mask) {
        const Slot &s = m_slots[i];
        if (s.id == kEmpty)
            return StringId();
        if (s.head == l.key.head && s.tail == l.key.tail
            && (text.size() <= StringInterner::kMaxShort || m_views[s.id] == text))
            return StringId(s.id);
    }
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
