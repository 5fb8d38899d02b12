#pragma once

#include "model/core/types.h"

#include <vector>

namespace npuscope {

// A half-open time interval [start, end), absolute ns.
struct Interval {
    TimeNs start = 0;
    TimeNs end = 0;
    TimeNs length() const { return end > start ? end - start : 0; }
};

// A union of intervals, kept sorted, disjoint and non-touching, with prefix sums so that
// "how much of [a, b) is covered" costs O(log n). The building block of the step breakdown
// (compute and communication unions) and of the gap analysis.
class IntervalSet {
public:
    IntervalSet() = default;
    // Takes intervals in any order, overlapping or not; empty ones are dropped.
    static IntervalSet fromUnsorted(std::vector<Interval> intervals);

    const std::vector<Interval> &intervals() const { return m_intervals; }
    bool isEmpty() const { return m_intervals.empty(); }
    TimeNs total() const { return m_prefix.empty() ? 0 : m_prefix.back(); }
    TimeNs first() const { return m_intervals.empty() ? 0 : m_intervals.front().start; }
    TimeNs last() const { return m_intervals.empty() ? 0 : m_intervals.back().end; }

    // Length of [a, b) covered by the set.
    TimeNs coveredWithin(TimeNs a, TimeNs b) const;
    // The set's intervals cut to [a, b).
    IntervalSet clipped(TimeNs a, TimeNs b) const;
    // Where both sets are busy.
    IntervalSet intersected(const IntervalSet &other) const;
    // Parts of [a, b) not covered by the set, in order.
    std::vector<Interval> holes(TimeNs a, TimeNs b) const;

private:
    void buildPrefix();

    std::vector<Interval> m_intervals;
    std::vector<TimeNs> m_prefix; // m_prefix[i]: total length of intervals [0, i]
};

} // namespace npuscope
