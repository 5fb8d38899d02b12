#include "analysis/stats/intervals.h"

#include <algorithm>

namespace npuscope {

IntervalSet IntervalSet::fromUnsorted(std::vector<Interval> intervals)
{
    std::erase_if(intervals, [](const Interval &i) { return i.end <= i.start; });
    std::sort(intervals.begin(), intervals.end(),
        [](const Interval &a, const Interval &b) { return a.start < b.start; });
    IntervalSet set;
    set.m_intervals.reserve(intervals.size());
    for (const Interval &i : intervals) {
        if (!set.m_intervals.empty() && i.start <= set.m_intervals.back().end)
            set.m_intervals.back().end = std::max(set.m_intervals.back().end, i.end);
        else
            set.m_intervals.push_back(i);
    }
    set.buildPrefix();
    return set;
}

void IntervalSet::buildPrefix()
{
    m_prefix.resize(m_intervals.size());
    TimeNs sum = 0;
    for (std::size_t i = 0; i < m_intervals.size(); ++i) {
        sum += m_intervals[i].length();
        m_prefix[i] = sum;
    }
}

TimeNs IntervalSet::coveredWithin(TimeNs a, TimeNs b) const
{
    if (b <= a || m_intervals.empty())
        return 0;
    // First interval that ends after a, last one that starts before b.
    const auto lo = std::upper_bound(m_intervals.begin(), m_intervals.end(), a,
        [](TimeNs t, const Interval &i) { return t < i.end; });
    const auto hi = std::lower_bound(m_intervals.begin(), m_intervals.end(), b,
        [](const Interval &i, TimeNs t) { return i.start < t; });
    if (lo >= hi)
        return 0;
    const auto first = static_cast<std::size_t>(lo - m_intervals.begin());
    const auto last = static_cast<std::size_t>(hi - m_intervals.begin()) - 1;
    TimeNs sum = m_prefix[last] - (first > 0 ? m_prefix[first - 1] : 0);
    sum -= std::max<TimeNs>(0, a - m_intervals[first].start);
    sum -= std::max<TimeNs>(0, m_intervals[last].end - b);
    return sum;
}

IntervalSet IntervalSet::clipped(TimeNs a, TimeNs b) const
{
    IntervalSet out;
    // Sorted and disjoint, so the ends are sorted too: start at the first interval that ends
    // after a and stop at the first that starts at b or later. O(log n + pieces): the gap
    // analysis clips the step windows once per gap, and a scan of every window per gap made it
    // gaps x steps.
    auto it = std::upper_bound(m_intervals.begin(), m_intervals.end(), a,
        [](TimeNs t, const Interval &i) { return t < i.end; });
    for (; it != m_intervals.end() && it->start < b; ++it) {
        const TimeNs s = std::max(it->start, a);
        const TimeNs e = std::min(it->end, b);
        if (e > s)
            out.m_intervals.push_back({ s, e });
    }
    out.buildPrefix();
    return out;
}

IntervalSet IntervalSet::intersected(const IntervalSet &other) const
{
    IntervalSet out;
    std::size_t i = 0, j = 0;
    const auto &x = m_intervals;
    const auto &y = other.m_intervals;
    while (i < x.size() && j < y.size()) {
        const TimeNs s = std::max(x[i].start, y[j].start);
        const TimeNs e = std::min(x[i].end, y[j].end);
        if (e > s)
            out.m_intervals.push_back({ s, e });
        if (x[i].end < y[j].end)
            ++i;
        else
            ++j;
    }
    out.buildPrefix();
    return out;
}

std::vector<Interval> IntervalSet::holes(TimeNs a, TimeNs b) const
{
    std::vector<Interval> out;
    TimeNs cursor = a;
    auto it = std::upper_bound(m_intervals.begin(), m_intervals.end(), a,
        [](TimeNs t, const Interval &i) { return t < i.end; });
    for (; it != m_intervals.end() && it->start < b; ++it) {
        if (it->start > cursor)
            out.push_back({ cursor, it->start });
        cursor = std::max(cursor, it->end);
    }
    if (cursor < b)
        out.push_back({ cursor, b });
    return out;
}

} // namespace npuscope
