#include "widgets/tables/rowsort.h"

#include "model/core/table.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

namespace npuscope {

namespace {

    constexpr std::uint64_t kSignBit = std::uint64_t(1) << 63;
    // 11-bit digits: 2048 counters fit in L1, and 64-bit keys need at most 6 passes (usually 2-4,
    // since only the bits that vary between the smallest and largest key are sorted).
    constexpr int kDigitBits = 11;
    constexpr std::size_t kBuckets = std::size_t(1) << kDigitBits;

    template <class T, class IsMissing, class Key>
    SortKeys collect(const std::vector<T> &values, IsMissing isMissing, Key key)
    {
        SortKeys keys;
        keys.items.reserve(values.size());
        for (std::size_t row = 0; row < values.size(); ++row) {
            if (isMissing(values[row]))
                keys.missing.push_back(qint32(row));
            else
                keys.items.push_back({ key(values[row]), std::uint32_t(row) });
        }
        return keys;
    }

    void radixSort(std::vector<SortKeys::Item> &items)
    {
        if (items.size() < 2)
            return;
        const auto [lo, hi] = std::minmax_element(
            items.begin(), items.end(), [](const auto &a, const auto &b) { return a.key < b.key; });
        const std::uint64_t base = lo->key;
        const int bits = std::bit_width(hi->key - base);
        if (bits == 0)
            return; // all keys equal: table order is the answer
        for (auto &item : items)
            item.key -= base;
        std::vector<SortKeys::Item> buffer(items.size());
        for (int shift = 0; shift < bits; shift += kDigitBits) {
            std::array<std::size_t, kBuckets> counts {};
            for (const auto &item : items)
                ++counts[(item.key >> shift) & (kBuckets - 1)];
            std::size_t sum = 0;
            for (std::size_t &c : counts) {
                const std::size_t n = c;
                c = sum;
                sum += n;
            }
            for (const auto &item : items)
                buffer[counts[(item.key >> shift) & (kBuckets - 1)]++] = item;
            items.swap(buffer);
        }
    }

} // namespace

SortKeys sortKeysOf(const std::vector<std::int32_t> &values, std::int32_t missingValue)
{
    return collect(
        values, [missingValue](std::int32_t v) { return v == missingValue; },
        [](std::int32_t v) { return std::uint64_t(std::uint32_t(v) ^ 0x80000000u); });
}

SortKeys sortKeysOf(
    const std::vector<std::int64_t> &values, std::optional<std::int64_t> missingValue)
{
    const bool hasMissing = missingValue.has_value();
    const std::int64_t missing = missingValue.value_or(0);
    return collect(
        values, [=](std::int64_t v) { return hasMissing && v == missing; },
        [](std::int64_t v) { return std::uint64_t(v) ^ kSignBit; });
}

SortKeys sortKeysOf(const std::vector<double> &values)
{
    // IEEE 754 bits mapped so that unsigned order is numeric order (negatives reversed).
    return collect(
        values, [](double v) { return std::isnan(v); },
        [](double v) {
            const auto bits = std::bit_cast<std::uint64_t>(v);
            return (bits & kSignBit) ? ~bits : (bits | kSignBit);
        });
}

SortKeys sortKeysOf(const StringPool &pool, const std::vector<StringId> &ids)
{
    // Sort the distinct texts once, then rows by an integer rank: a million rows share a few
    // thousand names, so this costs far less than comparing strings per row.
    std::vector<std::uint8_t> seen(pool.size(), 0);
    std::vector<std::uint32_t> distinct;
    for (const StringId id : ids) {
        if (id.value < seen.size() && !seen[id.value]) {
            seen[id.value] = 1;
            distinct.push_back(id.value);
        }
    }
    std::sort(distinct.begin(), distinct.end(), [&pool](std::uint32_t a, std::uint32_t b) {
        return pool.view(StringId(a)) < pool.view(StringId(b));
    });
    constexpr std::uint32_t kMissingRank = 0xFFFFFFFFu;
    std::vector<std::uint32_t> rank(pool.size(), kMissingRank);
    std::uint32_t next = 0;
    for (const std::uint32_t id : distinct) {
        if (!Table::isMissingText(pool.view(StringId(id))))
            rank[id] = next++;
    }
    return collect(
        ids,
        [&rank](StringId id) { return id.value >= rank.size() || rank[id.value] == kMissingRank; },
        [&rank](StringId id) { return std::uint64_t(rank[id.value]); });
}

std::vector<qint32> sortedRows(SortKeys keys, bool descending)
{
    if (descending) {
        for (auto &item : keys.items)
            item.key = ~item.key;
    }
    radixSort(keys.items);
    std::vector<qint32> rows;
    rows.reserve(keys.items.size() + keys.missing.size());
    for (const auto &item : keys.items)
        rows.push_back(qint32(item.row));
    rows.insert(rows.end(), keys.missing.begin(), keys.missing.end());
    return rows;
}

} // namespace npuscope
