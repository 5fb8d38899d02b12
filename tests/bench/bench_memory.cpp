// The "alive at t" query of the Memory view on 1 M allocations (issue: <= 50 ms), against the
// plain scan of every allocation in the same run.
//   bench_memory [ALLOCATIONS] [QUERIES]
#include "benchutil.h"
#include "model/memory/memoryallocations.h"

#include <QElapsedTimer>

#include <cstdio>
#include <cstdlib>
#include <random>

using namespace npuscope;

int main(int argc, char **argv)
{
    const long n = argc > 1 ? std::atol(argv[1]) : 1'000'000;
    const int queries = argc > 2 ? std::atoi(argv[2]) : 101;
    // A training run's shape: 1% kept for good (weights), the rest short-lived (activations,
    // up to 1% of the span), allocated uniformly over 10 s.
    std::mt19937_64 rng(42);
    constexpr TimeNs kSpan = 10'000'000'000;
    std::vector<MemoryAllocation> items(static_cast<std::size_t>(n));
    for (MemoryAllocation &a : items) {
        a.allocated = TimeNs(rng() % std::uint64_t(kSpan));
        a.released = rng() % 100 == 0 ? MemoryAllocation::kNever
                                      : a.allocated + TimeNs(rng() % std::uint64_t(kSpan / 100));
        a.bytes = std::int64_t(rng() % (64 << 20));
        a.name = std::uint32_t(rng() % 200);
    }
    QStringList names;
    for (int i = 0; i < 200; ++i)
        names << QStringLiteral("aten::op%1").arg(i);
    QElapsedTimer timer;
    timer.start();
    const MemoryAllocations all = MemoryAllocations::fromList(items, names);
    const double buildMs = double(timer.nsecsElapsed()) / 1e6;
    std::vector<double> indexed, scan;
    std::size_t found = 0, check = 0;
    for (int q = 0; q < queries; ++q) {
        const TimeNs t = TimeNs(rng() % std::uint64_t(kSpan));
        timer.restart();
        found += all.aliveAt(t).size();
        indexed.push_back(double(timer.nsecsElapsed()) / 1e6);
        timer.restart();
        std::vector<qint32> plain;
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (items[i].allocated <= t && t < items[i].released)
                plain.push_back(qint32(i));
        }
        check += plain.size();
        scan.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    if (found != check) {
        std::fprintf(stderr, "mismatch: %zu alive by the index, %zu by the scan\n", found, check);
        return 1;
    }
    const double a = bench::median(indexed), b = bench::median(scan);
    std::printf("allocations    %ld (sort and index: %.0f ms, not the query)\n", n, buildMs);
    std::printf("alive at t     %.2f ms median of %d queries, %zu alive on average\n", a, queries,
        found / std::size_t(queries));
    std::printf("plain scan     %.2f ms median (same instants)\n", b);
    std::printf("ratio          %.1fx faster than the scan\n", b / std::max(a, 1e-6));
    return 0;
}
