#pragma once

#include "model/core/types.h"

#include <QString>

#include <vector>

namespace npuscope {

class Trace;

// One event name's share of a time range.
struct RangeSummaryRow {
    StringId name;
    QString text; // the name, decoded once
    std::int64_t count = 0; // events overlapping the range
    TimeNs total = 0; // their durations clipped to the range
    TimeNs mean() const { return count > 0 ? total / count : 0; }
};

// Per-name statistics of the slices overlapping a time range (the shift+drag selection).
// Qt Core only, so that it runs on a worker thread.
class RangeSummary {
public:
    // Events overlapping [start, end) on `tracks` (every track when empty), their durations
    // clipped to the range; instants inside the range count with zero time. Nested events each
    // count for themselves. Rows sorted by total time, descending, then by name.
    static std::vector<RangeSummaryRow> compute(
        const Trace &trace, TimeNs start, TimeNs end, const std::vector<TrackId> &tracks = {});
};

} // namespace npuscope
