#pragma once

// Internal to the CSV reader: reserves the table's large column vectors in 2 MB pages. Not a
// public API.

#include "model/core/hugepages.h"
#include "model/core/pagearray.h"
#include "model/core/stringpool.h"

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace npuscope::csv {

inline constexpr std::size_t kHugePageBytes = kHugePage;

// Huge pages that adviseHugePages() left to collapseHugePages() (see there).
using DeferredCollapses = std::vector<void *>;

// Collapses the 2 MB pages that were touched before their advice into huge pages (Linux 6.1 on;
// costs zeroing 2 MB and copying what was touched, more when the kernel must compact memory
// first): the reader runs them on a thread of their own, alongside the parse.
inline void collapseHugePages(const DeferredCollapses &pages)
{
    for (void *page : pages)
        collapseHugePage(page);
}

// Asks the kernel to back the 2 MB pages that [begin, begin + bytes) fills at least half of with
// huge pages, as far as they lie inside the allocation [begin, begin + allocated) (transparent huge
// pages in "madvise" mode, Debian's default). Filling a large table in 4 KB pages costs a page
// fault per page, a large share of a CSV load's CPU time; a 2 MB page takes one fault for 512 of
// them. A hint only: nothing changes
// where the kernel does not support it. The first page may have been touched before the advice
// (malloc's chunk header): it is then mapped with small pages and stays so unless collapsed,
// which is done now or, with `deferred`, left to the caller.
inline void adviseHugePages(const void *begin, std::size_t bytes, std::size_t allocated,
    DeferredCollapses *deferred = nullptr)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const HugeSpan s = hugeSpan(begin, bytes, allocated);
    if (s.empty())
        return;
    madvise(reinterpret_cast<void *>(s.first), s.last - s.first, MADV_HUGEPAGE);
    if (s.header) {
        DeferredCollapses now;
        (deferred ? *deferred : now).push_back(reinterpret_cast<void *>(s.first));
        collapseHugePages(now);
    }
#else
    (void)begin;
    (void)bytes;
    (void)allocated;
    (void)deferred;
#endif
}

// Gives the pages of the vector's unused capacity back to the system (the last huge page of a
// column is resident as a whole, however little of it the rows took).
template <class T> void releaseUnusedCapacity(std::vector<T> &v)
{
    releasePages(v.data() + v.size(), v.data() + v.capacity());
}

// Same for the pool's views (the raw number columns' texts, reserved by the estimated row count).
inline void releaseUnusedViews(const StringPool &pool)
{
    releasePages(pool.viewData() + pool.size(), pool.viewData() + pool.viewCapacity());
}

// The capacity, at least `count`, with which glibc maps a reservation of `count` elements in whole
// 2 MB pages when that is 2 MB or more (its chunk header is 16 bytes, the mapping rounded to
// 4 KB). Linux aligns such a mapping on 2 MB; the data then starts 16 bytes into an aligned page,
// which adviseHugePages() advises too (the 16 bytes are the chunk's own). Only whole 2 MB pages
// can be huge, and a column vector of a few MB would lose most of its pages to a misaligned start.
inline std::size_t hugePageCapacity(std::size_t count, std::size_t elementSize)
{
    return hugeCapacity(count, elementSize);
}

// Reserves at least `capacity` elements and advises huge pages for the first `expected` of them
// (to the nearest whole huge page): the reserve's margin past that keeps small pages and costs
// no memory unless it is used. releaseUnusedCapacity() then returns what the rows did not take.
template <class T>
void reserveInHugePages(std::vector<T> &v, std::size_t capacity, std::size_t expected,
    DeferredCollapses *deferred = nullptr)
{
    v.reserve(hugePageCapacity(capacity, sizeof(T)));
    adviseHugePages(v.data(), expected * sizeof(T), v.capacity() * sizeof(T), deferred);
}

// Room for `count` views in the pool, all expected to be used (the texts of a raw column).
inline void reserveViewsInHugePages(StringPool &pool, std::size_t count)
{
    if (count <= pool.viewCapacity())
        return;
    pool.reserveViews(hugePageCapacity(count, sizeof(std::string_view)));
    adviseHugePages(pool.viewData(), count * sizeof(std::string_view),
        pool.viewCapacity() * sizeof(std::string_view));
}

} // namespace npuscope::csv
