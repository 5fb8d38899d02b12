#pragma once

// Large vectors in 2 MB pages, for the loaders' big arrays (the database reader, TraceBuilder).
// Filling a large vector in 4 KB pages costs a page fault per page; on the test VM the first
// touch of a page is a large share of a load's CPU time (bench_memtouch), and a 2 MB page takes
// one fault for 512 of them (and is first touched faster there). A hint only: nothing
// changes where the kernel does not support it (transparent huge pages in "madvise" mode, the
// Debian default, or "never").

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace npuscope {

inline constexpr std::size_t kHugePage = std::size_t(2) << 20;

// The capacity, at least `count`, with which glibc maps a reservation of `count` elements in whole
// 2 MB pages when that is 2 MB or more (its chunk header is 16 bytes, the mapping rounded to
// 4 KB). Linux aligns such a mapping on 2 MB; the data then starts 16 bytes into an aligned page.
inline std::size_t hugeCapacity(std::size_t count, std::size_t elementSize)
{
    constexpr std::size_t kMallocOverhead = 32;
    if (count * elementSize < kHugePage)
        return count;
    const std::size_t pages = (count * elementSize + kMallocOverhead + kHugePage - 1) / kHugePage;
    return (pages * kHugePage - kMallocOverhead) / elementSize;
}

// The 2 MB pages [first, last) that [begin, begin + bytes) fills at least half of, inside the
// allocation [begin, begin + allocated). `header`: the first page is that of a mapping of
// glibc's (see hugeCapacity), whose chunk header was touched before any advice: it is mapped with
// small pages and stays so unless collapsed.
struct HugeSpan {
    std::uintptr_t first = 0, last = 0;
    bool header = false;
    bool empty() const { return last <= first; }
};

inline HugeSpan hugeSpan(const void *begin, std::size_t bytes, std::size_t allocated)
{
    constexpr std::uintptr_t kMask = kHugePage - 1;
    const auto start = reinterpret_cast<std::uintptr_t>(begin);
    const bool ownMapping = start % kHugePage == 16;
    HugeSpan s;
    s.first = ownMapping ? start - 16 : (start + kMask) & ~kMask;
    const std::uintptr_t end = start + allocated + (ownMapping ? 16 : 0);
    // A last page the bytes fill less than half of would hold more idle memory than it saves.
    s.last = std::min((start + bytes + kMask / 2) & ~kMask, end & ~kMask);
    s.header = s.first < start;
    return s;
}

// Makes a 2 MB page touched before its advice a huge page (Linux 6.1 on; costs zeroing 2 MB and
// copying what was touched, against 512 faults of fresh memory).
inline void collapseHugePage(void *page)
{
#if defined(__linux__)
    constexpr int kCollapse = 25; // MADV_COLLAPSE, not in older headers
    // EAGAIN while a writer faults in the same page, now and then: worth a few more tries.
    for (int attempt = 0; attempt < 8; ++attempt)
        if (madvise(page, kHugePage, kCollapse) == 0 || errno != EAGAIN)
            break;
#else
    (void)page;
#endif
}

// Advises huge pages for hugeSpan(begin, bytes, allocated), its header page collapsed at once.
inline void adviseHuge(const void *begin, std::size_t bytes, std::size_t allocated)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const HugeSpan s = hugeSpan(begin, bytes, allocated);
    if (s.empty())
        return;
    madvise(reinterpret_cast<void *>(s.first), s.last - s.first, MADV_HUGEPAGE);
    if (s.header)
        collapseHugePage(reinterpret_cast<void *>(s.first));
#else
    (void)begin;
    (void)bytes;
    (void)allocated;
#endif
}

// Reserves room for at least `capacity` elements and advises huge pages for the first `expected`
// of them: the reserve's margin past that keeps small pages and costs no memory unless it is
// used. A vector that holds elements moves them into the new room after the advice, so that
// they too land in 2 MB pages (std::vector::reserve would copy them into pages faulted in 4 KB
// at a time: on the test VM a fault is costly, and the growth of the trace's event vectors was
// a large share of a load's page faults).
template <class T> void reserveHuge(std::vector<T> &v, std::size_t capacity, std::size_t expected)
{
    if (capacity <= v.capacity())
        return;
    std::vector<T> grown;
    grown.reserve(hugeCapacity(capacity, sizeof(T)));
    adviseHuge(
        grown.data(), std::min(expected, capacity) * sizeof(T), grown.capacity() * sizeof(T));
    if (!v.empty())
        grown.insert(
            grown.end(), std::make_move_iterator(v.begin()), std::make_move_iterator(v.end()));
    v.swap(grown);
}

template <class T> void reserveHuge(std::vector<T> &v, std::size_t capacity)
{
    reserveHuge(v, capacity, capacity);
}

} // namespace npuscope
