#pragma once

// Internal to the CSV reader: reserves the table's large column vectors in 2 MB pages. Not a
// public API.

#include "model/stringpool.h"

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

inline constexpr std::size_t kHugePageBytes = std::size_t(2) << 20;

// Huge pages that adviseHugePages() left to collapseHugePages() (see there).
using DeferredCollapses = std::vector<void *>;

// Collapses the 2 MB pages that were touched before their advice into huge pages (Linux 6.1 on;
// costs zeroing 2 MB and copying what was touched). ~0.3 ms a page, more when the kernel must
// compact memory first: the reader runs them on a thread of their own, alongside the parse.
inline void collapseHugePages(const DeferredCollapses &pages)
{
#if defined(__linux__)
    constexpr int kCollapse = 25; // MADV_COLLAPSE, not in older headers
    for (void *page : pages) {
        // EAGAIN while a writer faults in the same page, now and then: worth a few more tries.
        for (int attempt = 0; attempt < 8; ++attempt) {
            if (madvise(page, kHugePageBytes, kCollapse) == 0 || errno != EAGAIN)
                break;
        }
    }
#else
    (void)pages;
#endif
}

// Asks the kernel to back the whole 2 MB pages inside [begin, begin + bytes) with huge pages
// (transparent huge pages in "madvise" mode, Debian's default). Filling a 148 MB table page by page
// cost 46 K page faults, about 30% of a 121.7 MB load's CPU time on the test VM; a 2 MB page takes
// one fault, and first touching 150 MB cost 100 ms in 4 KB pages, 15 ms in 2 MB ones. A hint only:
// nothing changes where the kernel does not support it. The first page may have been touched
// before the advice (malloc's chunk header): it is then mapped with small pages and stays so
// unless collapsed, which is done now or, with `deferred`, left to the caller.
inline void adviseHugePages(
    const void *begin, std::size_t bytes, DeferredCollapses *deferred = nullptr)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const auto start = reinterpret_cast<std::uintptr_t>(begin);
    const std::uintptr_t first = start % kHugePageBytes == 16
        ? start - 16 // a 2 MB-aligned mapping of glibc's: its first bytes are the chunk header
        : (start + kHugePageBytes - 1) & ~std::uintptr_t(kHugePageBytes - 1);
    const std::uintptr_t last = (start + bytes) & ~std::uintptr_t(kHugePageBytes - 1);
    if (last <= first)
        return;
    madvise(reinterpret_cast<void *>(first), last - first, MADV_HUGEPAGE);
    if (first < start) {
        DeferredCollapses now;
        (deferred ? *deferred : now).push_back(reinterpret_cast<void *>(first));
        collapseHugePages(now);
    }
#else
    (void)begin;
    (void)bytes;
    (void)deferred;
#endif
}

// The capacity, at least `count`, with which glibc maps a reservation of `count` elements in whole
// 2 MB pages when that is 2 MB or more (its chunk header is 16 bytes, the mapping rounded to
// 4 KB). Linux aligns such a mapping on 2 MB; the data then starts 16 bytes into an aligned page,
// which adviseHugePages() advises too (the 16 bytes are the chunk's own). Only whole 2 MB pages
// can be huge, and a column vector of a few MB would lose most of its pages to a misaligned start.
inline std::size_t hugePageCapacity(std::size_t count, std::size_t elementSize)
{
    constexpr std::size_t kMallocOverhead = 32;
    if (count * elementSize < kHugePageBytes)
        return count;
    const std::size_t pages
        = (count * elementSize + kMallocOverhead + kHugePageBytes - 1) / kHugePageBytes;
    return (pages * kHugePageBytes - kMallocOverhead) / elementSize;
}

// Reserves at least `capacity` elements and advises huge pages for the first `expected` of them
// only: a huge page is resident as a whole once touched, so the reserve's margin past the
// expected size keeps small pages and costs no memory unless it is used.
template <class T>
void reserveInHugePages(std::vector<T> &v, std::size_t capacity, std::size_t expected,
    DeferredCollapses *deferred = nullptr)
{
    v.reserve(hugePageCapacity(capacity, sizeof(T)));
    adviseHugePages(v.data(), std::min(expected, v.capacity()) * sizeof(T), deferred);
}

// Room for `count` views in the pool, all expected to be used (the texts of a raw column).
inline void reserveViewsInHugePages(StringPool &pool, std::size_t count)
{
    if (count <= pool.viewCapacity())
        return;
    pool.reserveViews(hugePageCapacity(count, sizeof(std::string_view)));
    adviseHugePages(pool.viewData(), count * sizeof(std::string_view));
}

} // namespace npuscope::csv
