#pragma once

#include "model/core/stringpool.h"

#include <QtGlobal>

#include <cstdint>
#include <optional>
#include <vector>

namespace npuscope {

// Sort keys of one table column: each row with a value gets a 64-bit key whose unsigned order is
// the column's order; rows without a value (N/A, empty, NaN) are listed apart.
struct SortKeys {
    struct Item {
        std::uint64_t key;
        std::uint32_t row;
    };
    std::vector<Item> items; // in table order
    std::vector<qint32> missing; // in table order
};

SortKeys sortKeysOf(const std::vector<std::int32_t> &values, std::int32_t missingValue);
SortKeys sortKeysOf(
    const std::vector<std::int64_t> &values, std::optional<std::int64_t> missingValue);
SortKeys sortKeysOf(const std::vector<double> &values); // NaN is missing
// Byte order of the texts; texts that Table::isMissingText() are missing.
SortKeys sortKeysOf(const StringPool &pool, const std::vector<StringId> &ids);

// Rows ordered by key (ascending or descending); equal keys keep table order and missing rows
// come last in either order. A stable LSD radix sort: linear in the rows, so a million rows
// sort well within the 200 ms budget, which std::sort with a comparator misses.
std::vector<qint32> sortedRows(SortKeys keys, bool descending);

} // namespace npuscope
