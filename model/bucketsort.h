#pragma once

// Sorting helpers of the trace loader, for millions of small keys on a few threads.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <thread>
#include <utility>
#include <vector>

namespace npuscope {

// Runs fn(begin, end) over [0, n) split into `threads` contiguous parts, on that many threads.
template<typename Fn>
void parallelRanges(std::size_t n, int threads, Fn &&fn)
{
    const std::size_t parts
        = std::clamp<std::size_t>(static_cast<std::size_t>(threads), 1, std::max<std::size_t>(1, n / 4096));
    std::vector<std::thread> pool;
    for (std::size_t k = 1; k < parts; ++k)
        pool.emplace_back([&, k] { fn(n * k / parts, n * (k + 1) / parts); });
    fn(0, n / parts);
    for (auto &t : pool)
        t.join();
}

// Reorders [first, last) in place so that keyOf(x) < buckets ascends (American flag sort: not
// stable, no second copy); returns the start of each bucket and the end.
template<typename It, typename KeyOf>
std::vector<std::size_t> distribute(It first, It last, std::size_t buckets, KeyOf keyOf)
{
    std::vector<std::size_t> start(buckets + 1, 0);
    for (It i = first; i != last; ++i)
        ++start[keyOf(*i) + 1];
    for (std::size_t b = 1; b <= buckets; ++b)
        start[b] += start[b - 1];
    std::vector<std::size_t> next(start.begin(), start.end() - 1);
    for (std::size_t b = 0; b < buckets; ++b) {
        while (next[b] < start[b + 1]) {
            auto x = first[static_cast<std::ptrdiff_t>(next[b])];
            std::size_t k = keyOf(x);
            while (k != b) { // carry x to its bucket, taking what was there
                std::swap(x, first[static_cast<std::ptrdiff_t>(next[k]++)]);
                k = keyOf(x);
            }
            first[static_cast<std::ptrdiff_t>(next[b]++)] = x;
        }
    }
    return start;
}

// Sorts v by buckets: bucketOf(x) < 2^bits, monotone in the order sortBucket establishes (a
// smaller bucket sorts before). The keys are distributed in place (no second copy of v, which
// for the flow points of a 20 GB trace would be 670 MB), in two levels: the top 8 bits of the
// bucket over the whole of v (256 places to write to stay in the cache and the TLB; 32 K of
// them did not, on a 4 GB trace), then the rest inside each top bucket, which fits the cache.
// sortBucket(first, last, part) then sorts each non-empty bucket, in bucket order, on up to
// `threads` threads that each take a contiguous run of top buckets (`part`: which thread). It
// must establish a total order: the distribution is not stable. Buckets of a few hundred keys
// sort inside the cache; one comparison sort of millions of keys misses it on every level
// (measured: 1.76 M 16-byte flow keys, 169 ms on two threads).
template<typename T, typename BucketOf, typename SortBucket>
void bucketSort(std::vector<T> &v, int bits, BucketOf bucketOf, SortBucket sortBucket, int threads)
{
    const int topBits = std::min(bits, 8);
    const int subBits = bits - topBits;
    const std::size_t tops = std::size_t(1) << topBits;
    const std::vector<std::size_t> start
        = distribute(v.begin(), v.end(), tops, [&](const T &x) { return bucketOf(x) >> subBits; });
    const std::size_t parts = v.size() < 65536 ? 1 : static_cast<std::size_t>(std::max(threads, 1));
    // Part k takes the top buckets whose first key falls in [n k / parts, n (k + 1) / parts).
    std::vector<std::size_t> firstTop(parts + 1, tops);
    firstTop[0] = 0;
    for (std::size_t k = 1; k < parts; ++k)
        firstTop[k] = static_cast<std::size_t>(
            std::lower_bound(start.begin(), start.end() - 1, v.size() * k / parts) - start.begin());
    auto run = [&](std::size_t k) {
        const std::size_t subMask = (std::size_t(1) << subBits) - 1;
        for (std::size_t t = firstTop[k]; t < firstTop[k + 1]; ++t) {
            if (start[t + 1] == start[t])
                continue;
            const auto first = v.begin() + static_cast<std::ptrdiff_t>(start[t]);
            const auto last = v.begin() + static_cast<std::ptrdiff_t>(start[t + 1]);
            const std::vector<std::size_t> sub
                = distribute(first, last, subMask + 1, [&](const T &x) { return bucketOf(x) & subMask; });
            for (std::size_t b = 0; b <= subMask; ++b)
                if (sub[b + 1] > sub[b])
                    sortBucket(first + static_cast<std::ptrdiff_t>(sub[b]), first + static_cast<std::ptrdiff_t>(sub[b + 1]), k);
        }
    };
    std::vector<std::thread> pool;
    for (std::size_t k = 1; k < parts; ++k)
        pool.emplace_back(run, k);
    run(0);
    for (auto &t : pool)
        t.join();
}

// Stable LSD radix sort of v by keyOf(x) < 2^bits, in passes of at most 12 bits (a pass's
// counts stay in the first-level cache): linear in v's size.
template<typename T, typename KeyOf>
void radixSort(std::vector<T> &v, int bits, KeyOf keyOf)
{
    const int passes = std::max(1, (bits + 11) / 12);
    const int width = std::max(1, (bits + passes - 1) / passes);
    std::vector<T> tmp(v.size());
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
