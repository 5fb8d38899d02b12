#pragma once

// Sorting helpers of the trace loader, for millions of small keys on a few threads.

#include "model/core/hugepages.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <thread>
#include <utility>
#include <vector>

namespace npuscope {

// Runs fn(0), ..., fn(parts - 1) at the same time, fn(0) on the calling thread.
template <typename Fn> void runParts(std::size_t parts, Fn &&fn)
{
    std::vector<std::thread> pool;
    for (std::size_t k = 1; k < parts; ++k)
        pool.emplace_back([&fn, k] { fn(k); });
    fn(std::size_t(0));
    for (auto &t : pool)
        t.join();
}

// Stable LSD radix sort of v by keyOf(x) < 2^bits, in passes of at most 12 bits (a pass's
// counts stay in the first-level cache): linear in v's size.
template <typename T, typename KeyOf> void radixSort(std::vector<T> &v, int bits, KeyOf keyOf)
{
    const int passes = std::max(1, (bits + 11) / 12);
    const int width = std::max(1, (bits + passes - 1) / passes);
    std::vector<T> tmp;
    reserveHuge(tmp, v.size()); // fresh memory: one fault per 2 MB, not per 4 KB
    tmp.resize(v.size());
    std::vector<std::size_t> next(std::size_t(1) << width);
    const std::uint64_t mask = (std::uint64_t(1) << width) - 1;
    for (int shift = 0; shift < bits; shift += width) {
        std::fill(next.begin(), next.end(), 0);
        for (const T &x : v)
            ++next[(keyOf(x) >> shift) & mask];
        std::size_t sum = 0;
        for (std::size_t &n : next)
            sum += std::exchange(n, sum);
        for (const T &x : v)
            tmp[next[(keyOf(x) >> shift) & mask]++] = x;
        v.swap(tmp);
    }
}

// The number of buckets (a power of two) for n keys so that a bucket holds about `perBucket`.
inline int bucketBits(std::size_t n, std::size_t perBucket = 256)
{
    int bits = 0;
    while (bits < 20 && (std::size_t(1) << (bits + 1)) * perBucket <= n)
        ++bits;
    return bits;
}

} // namespace npuscope
