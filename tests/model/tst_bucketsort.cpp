#include "model/core/bucketsort.h"

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
    void runPartsRunsEachOnce();
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
                v[static_cast<std::size_t>(i)] = { rng.generate64()
                        & ((std::uint64_t(1) << bits) - 1) & (rng.bounded(2) ? ~0ull : 0xFFull),
                    i };
            std::vector<Item> want = v;
            std::stable_sort(want.begin(), want.end(),
                [](const Item &a, const Item &b) { return a.key < b.key; });
            radixSort(v, bits, [](const Item &x) { return x.key; });
            for (std::size_t i = 0; i < v.size(); ++i) {
                if (v[i].key != want[i].key || v[i].order != want[i].order)
                    QFAIL(qPrintable(
                        QStringLiteral("n=%1 bits=%2: differs at %3").arg(n).arg(bits).arg(i)));
            }
        }
    }
}

void TstBucketSort::runPartsRunsEachOnce()
{
    for (const std::size_t parts : { std::size_t(1), std::size_t(2), std::size_t(5) }) {
        std::vector<std::atomic<int>> ran(parts);
        runParts(parts, [&](std::size_t k) { ++ran[k]; });
        for (std::size_t k = 0; k < parts; ++k)
            QCOMPARE(ran[k].load(), 1);
    }
}

QTEST_GUILESS_MAIN(TstBucketSort)
#include "tst_bucketsort.moc"
