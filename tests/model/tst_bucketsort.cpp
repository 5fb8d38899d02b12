#include "model/bucketsort.h"

#include <QRandomGenerator>
#include <QTest>

#include <atomic>
#include <vector>

using namespace npuscope;

// The loader's sorting helpers against std::stable_sort / std::sort on random keys, with heavy
// duplicates and the sizes where the helpers switch strategy.
class TstBucketSort : public QObject {
    Q_OBJECT
private slots:
    void radixSortIsStable();
    void bucketSortSortsEverything();
    void parallelRangesCoverOnce();
};

void TstBucketSort::radixSortIsStable()
{
    QRandomGenerator rng(5);
    for (const int n : { 0, 1, 7, 5000, 70000 }) {
        for (const int bits : { 1, 13, 25, 40 }) {
            struct Item {
                std::uint64_t key;
                int order;
            };
            std::vector<Item> v(static_cast<std::size_t>(n));
            for (int i = 0; i < n; ++i)
                v[static_cast<std::size_t>(i)] = { rng.generate64() & ((std::uint64_t(1) << bits) - 1) & (rng.bounded(2) ? ~0ull : 0xFFull), i };
            std::vector<Item> want = v;
            std::stable_sort(want.begin(), want.end(), [](const Item &a, const Item &b) { return a.key < b.key; });
            radixSort(v, bits, [](const Item &x) { return x.key; });
            for (std::size_t i = 0; i < v.size(); ++i) {
                if (v[i].key != want[i].key || v[i].order != want[i].order)
                    QFAIL(qPrintable(QStringLiteral("n=%1 bits=%2: differs at %3").arg(n).arg(bits).arg(i)));
            }
        }
    }
}

void TstBucketSort::bucketSortSortsEverything()
{
    QRandomGenerator rng(6);
    for (const int n : { 0, 1, 100, 65535, 65536, 200000, 3000000 }) {
        for (const int threads : { 1, 2, 3 }) {
            std::vector<std::uint64_t> v(static_cast<std::size_t>(n));
            for (std::uint64_t &x : v)
                x = rng.bounded(3) == 0 ? 42 : rng.generate64(); // runs of equal keys too
            std::vector<std::uint64_t> want = v;
            std::sort(want.begin(), want.end());
            const int bits = bucketBits(v.size());
            std::vector<int> calls(static_cast<std::size_t>(threads), 0);
            std::atomic<int> buckets { 0 };
            bucketSort(v, bits,
                       [&](std::uint64_t x) { return static_cast<std::size_t>(bits ? x >> (64 - bits) : 0); },
                       [&](auto first, auto last, std::size_t part) {
                           std::sort(first, last);
                           ++calls[part];
                           ++buckets;
                       },
                       threads);
            QCOMPARE(v, want);
            if (n >= 65536 && threads > 1)
                QVERIFY2(calls[1] > 0, "the second thread got no buckets");
        }
    }
}

void TstBucketSort::parallelRangesCoverOnce()
{
    for (const std::size_t n : { std::size_t(0), std::size_t(5), std::size_t(100000) }) {
        std::vector<std::atomic<int>> seen(n);
        parallelRanges(n, 2, [&](std::size_t from, std::size_t to) {
            for (std::size_t i = from; i < to; ++i)
                ++seen[i];
        });
        for (std::size_t i = 0; i < n; ++i)
            QCOMPARE(seen[i].load(), 1);
    }
}

QTEST_GUILESS_MAIN(TstBucketSort)
#include "tst_bucketsort.moc"
