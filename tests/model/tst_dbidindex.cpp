// DbIdIndex: the database reader's joins on ids, dense (offset table) and sparse (sorted).
#include "model/db/dbidindex.h"

#include <QTest>

#include <map>
#include <random>

using namespace npuscope;

namespace {

// The index against a std::multimap of the same pairs (values of an id in insertion order).
void checkAgainstMap(
    const std::vector<std::pair<std::int64_t, int>> &pairs, const std::vector<std::int64_t> &probes)
{
    DbIdIndex<int> index;
    std::multimap<std::int64_t, int> expected;
    for (const auto &[id, value] : pairs) {
        index.add(id, value);
        expected.emplace(id, value);
    }
    index.build();
    for (const std::int64_t id : probes) {
        const auto [first, last] = expected.equal_range(id);
        std::vector<int> want;
        for (auto it = first; it != last; ++it)
            want.push_back(it->second);
        const std::span<const int> got = index.find(id);
        QCOMPARE(std::vector<int>(got.begin(), got.end()), want);
    }
    std::size_t seen = 0;
    std::int64_t previous = INT64_MIN;
    bool first = true;
    index.forEach([&](std::int64_t id, std::span<const int> values) {
        QVERIFY(first || id > previous);
        first = false;
        previous = id;
        QCOMPARE(values.size(), expected.count(id));
        seen += values.size();
    });
    QCOMPARE(seen, pairs.size());
}

} // namespace

class TstDbIdIndex : public QObject {
    Q_OBJECT
private slots:
    void dense()
    {
        // Ids from a base, some repeated (a connectionId shared by several launches).
        std::vector<std::pair<std::int64_t, int>> pairs;
        for (int i = 0; i < 1000; ++i)
            pairs.push_back({ 900 + (i * 7919) % 600, i });
        checkAgainstMap(pairs, { 0, 899, 900, 901, 1234, 1499, 1500, -5, INT64_MAX, INT64_MIN });
    }

    void sparse()
    {
        std::mt19937_64 rng(7);
        std::vector<std::pair<std::int64_t, int>> pairs;
        std::vector<std::int64_t> probes { 0, -1, INT64_MAX, INT64_MIN };
        for (int i = 0; i < 500; ++i) {
            const auto id = static_cast<std::int64_t>(rng() >> 1) * (i % 2 ? 1 : -1);
            pairs.push_back({ id, i });
            pairs.push_back({ id, i + 1000 });
            probes.push_back(id);
            probes.push_back(id + 1);
        }
        checkAgainstMap(pairs, probes);
    }

    // Ids added in ascending order (the profilers' tables mostly are): the values stay where
    // they were added, dense and sparse, repeats in their order; one id out of order at the end
    // takes the sorting path again.
    void ascending()
    {
        std::vector<std::pair<std::int64_t, int>> dense, sparse;
        for (int i = 0; i < 1000; ++i) {
            dense.push_back({ 5000 + i / 3, i });
            sparse.push_back({ std::int64_t(i / 2) << 40, i });
        }
        checkAgainstMap(dense, { 4999, 5000, 5001, 5333, 5334, 0 });
        checkAgainstMap(sparse, { 0, std::int64_t(1) << 40, std::int64_t(499) << 40, 1 });
        dense.push_back({ 5100, 2000 });
        sparse.push_back({ std::int64_t(7) << 40, 2000 });
        checkAgainstMap(dense, { 5100, 5101, 5000 });
        checkAgainstMap(sparse, { std::int64_t(7) << 40, std::int64_t(8) << 40 });
    }

    // A damaged table's ids at both ends of the range: no overflow, found either way.
    void extremes()
    {
        checkAgainstMap({ { INT64_MIN, 1 }, { INT64_MAX, 2 }, { 0, 3 }, { INT64_MAX, 4 } },
            { INT64_MIN, INT64_MAX, 0, 1, -1, INT64_MIN + 1, INT64_MAX - 1 });
        checkAgainstMap(
            { { INT64_MAX, 1 }, { INT64_MAX - 1, 2 } }, { INT64_MAX, INT64_MAX - 1, 0 });
        checkAgainstMap({ { INT64_MIN, 1 } }, { INT64_MIN, INT64_MIN + 1, INT64_MAX });
        checkAgainstMap({}, { 0, INT64_MIN });
    }
};

QTEST_APPLESS_MAIN(TstDbIdIndex)
#include "tst_dbidindex.moc"
