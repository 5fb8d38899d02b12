#pragma once

#include "model/types.h"

#include <QString>

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

namespace npuscope {

// Asks the OS to back [data, data+bytes) with huge pages (Linux transparent huge pages; a no-op
// elsewhere). Large arrays read at random (hash tables, per-id caches) otherwise pay a TLB miss
// per access, and large arrays filled once pay a page fault per 4 KB; both cost more than the
// parsing itself in a VM. Call it before the memory is first touched.
void adviseHugePages(const void *data, std::size_t bytes);

// std::allocator with that advice for large blocks, for std::vector of big random-access arrays.
template <class T>
struct HugePageAllocator {
    using value_type = T;
    HugePageAllocator() = default;
    template <class U>
    HugePageAllocator(const HugePageAllocator<U> &) noexcept
    {
    }
    T *allocate(std::size_t n)
    {
        T *p = std::allocator<T>().allocate(n);
        adviseHugePages(p, n * sizeof(T));
        return p;
    }
    void deallocate(T *p, std::size_t n) noexcept { std::allocator<T>().deallocate(p, n); }
    template <class U>
    bool operator==(const HugePageAllocator<U> &) const noexcept
    {
        return true;
    }
};

// Interns UTF-8 strings into 32-bit ids. Storage is an arena of large blocks so that views stay
// valid while the pool grows. Id 0 is always the empty string.
//
// The index is a flat open-addressing table of 16-byte slots with linear probing: loaders intern
// tens of millions of cells, and std::unordered_map's node per entry made that the bottleneck.
// Strings of up to 11 bytes (most CSV cells: numbers, "N/A", "FLOAT") live in the slot itself,
// so looking them up never touches the stored text. Bulk callers can hash a batch of strings
// first and prefetch their slots (see prefetch()).
class StringPool {
public:
    StringPool();
    StringPool(const StringPool &) = delete;
    StringPool &operator=(const StringPool &) = delete;
    StringPool(StringPool &&) noexcept = default;
    StringPool &operator=(StringPool &&) noexcept = default;

    StringId intern(std::string_view text);
    // Same, with `textHash` == hash(text) computed by the caller.
    StringId intern(std::string_view text, std::uint64_t textHash);
    // Returns an invalid id when the text was never interned.
    StringId find(std::string_view text) const;
    std::string_view view(StringId id) const;
    QString string(StringId id) const;
    std::size_t size() const { return m_views.size(); }
    std::size_t bytesUsed() const;

    static std::uint64_t hash(std::string_view text);
    // Hints the CPU to load the index slot for `textHash`; interning a batch of new strings
    // then overlaps the cache misses instead of paying them one after the other.
    void prefetch(std::uint64_t textHash) const
    {
        if (!m_slots.empty())
            __builtin_prefetch(m_slots.data() + (textHash & m_mask));
    }
    // Prepares for `count` strings in total, avoiding repeated growth of the index.
    void reserve(std::size_t count);

private:
    // A short string's key is its bytes (head: bytes 0-7, tail: bytes 8-10 and the length in
    // the top byte); a longer one's is its hash and length, confirmed against the stored text.
    struct Key {
        std::uint64_t head;
        std::uint32_t tail;
    };
    struct Slot {
        std::uint64_t head;
        std::uint32_t tail;
        std::uint32_t id; // kEmpty when free
    };
    static constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;
    static constexpr std::size_t kMaxShort = 11;
    static constexpr std::uint32_t kLongMarker = 0xFFu << 24;
    static Key shortKey(std::string_view text);
    static std::uint64_t hashShortKey(Key key);
    static Key keyOf(std::string_view text, std::uint64_t textHash);
    static std::uint64_t slotHash(const Slot &slot);
    std::size_t probe(std::string_view text, std::uint64_t textHash, bool *found) const;

    std::string_view store(std::string_view text);
    void rehash(std::size_t slotCount);

    std::vector<std::unique_ptr<char[]>> m_blocks;
    std::size_t m_blockUsed = 0;
    std::size_t m_blockSize = 0;
    std::size_t m_blockBytes = 0; // sum of all block sizes
    std::vector<std::string_view, HugePageAllocator<std::string_view>> m_views;
    std::vector<Slot, HugePageAllocator<Slot>> m_slots;
    std::size_t m_mask = 0;
};

} // namespace npuscope
