#pragma once

#include "model/core/types.h"

#include <QString>

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

namespace npuscope {

// Interns UTF-8 strings into 32-bit ids. Storage is an arena of large blocks so that views stay
// valid while the pool grows. Id 0 is always the empty string.
//
// The index is a flat open-addressing table of 16-byte slots with linear probing: loaders intern
// tens of millions of cells, and std::unordered_map's node per entry made that the bottleneck.
// Strings of up to 11 bytes (most CSV cells: numbers, "N/A", "FLOAT") live in the slot itself,
// so looking them up never touches the stored text. The loaders' inline path (hashing, batches
// with prefetch, SSE2 keys) is StringInterner in stringinterner.h; views only read.
class StringPool {
public:
    StringPool();
    StringPool(const StringPool &) = delete;
    StringPool &operator=(const StringPool &) = delete;
    StringPool(StringPool &&) noexcept = default;
    StringPool &operator=(StringPool &&) noexcept = default;

    std::string_view view(StringId id) const
    {
        return id.value < m_views.size() ? m_views[id.value] : std::string_view();
    }
    QString string(StringId id) const;
    // Returns an invalid id when the text was never interned.
    StringId find(std::string_view text) const;
    std::size_t size() const { return m_views.size(); }
    std::size_t bytesUsed() const;

    // Out of line; a loader's hot loop uses StringInterner::intern instead.
    StringId intern(std::string_view text);
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
    // Prepares for `count` strings in total, avoiding repeated growth of the index.
    void reserve(std::size_t count);

private:
    friend class StringInterner;
    struct Slot {
        std::uint64_t head;
        std::uint32_t tail;
        std::uint32_t id; // kEmpty when free
    };
    static constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;

    StringId insert(
        std::string_view text, std::uint64_t head, std::uint32_t tail, std::size_t slot);
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

} // namespace npuscope
