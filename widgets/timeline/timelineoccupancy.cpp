#include "widgets/timeline/timelineoccupancy.h"

#include "model/core/trace.h"
#include "widgets/timeline/timeaxis.h"
#include "widgets/timeline/timelinedepthindex.h"

#include <algorithm>
#include <cmath>

namespace npuscope {

void TimelineOccupancy::columns(
    const TimelineDepthSequence &seq, const TimeAxis &axis, int c0, int c1, std::vector<float> *out)
{
    std::size_t hint = 0;
    std::size_t step = 0; // buckets the last column took: the next one likely takes as many
    TimeNs left = axis.toTime(c0);
    TimeNs before = seq.busyBefore(left, &hint);
    for (int c = c0; c < c1; ++c) {
        const TimeNs right = axis.toTime(c + 1);
        const std::size_t last = hint;
        hint += step;
        const TimeNs busy = seq.busyBefore(right, &hint);
        step = hint - last;
        const double share = double(busy - before) / double(std::max<TimeNs>(1, right - left));
        out->push_back(static_cast<float>(std::clamp(share, 0.0, 1.0)));
        left = right;
        before = busy;
    }
}

void TimelineOccupancy::appendRects(
    const TimelineDrawList &list, const TimelineDrawList::Slice &slice, std::vector<QRectF> *rects)
{
    const float *cover = list.coverage().data() + slice.coverFirst;
    const double height = slice.h - 1;
    const double bottom = slice.y + height;
    std::uint32_t runStart = 0;
    double runHeight = -1;
    auto close = [&](std::uint32_t end) {
        if (runHeight > 0)
            rects->emplace_back(slice.coverX + double(runStart), bottom - runHeight,
                double(end - runStart), runHeight);
    };
    for (std::uint32_t i = 0; i < slice.coverCount; ++i) {
        const double h = cover[i] > 0 ? std::max(1.0, std::round(double(cover[i]) * height)) : 0.0;
        if (h == runHeight)
            continue;
        close(i);
        runStart = i;
        runHeight = h;
    }
    close(slice.coverCount);
}

TimelineOccupancy::Summary TimelineOccupancy::summarize(
    const TimelineDepthSequence &seq, TimeNs t0, TimeNs t1, std::size_t largest)
{
    Summary s;
    s.span = std::max<TimeNs>(0, t1 - t0);
    const std::size_t n = seq.size();
    if (n == 0 || t1 <= t0)
        return s;
    // Events ending after t0 and starting before t1.
    const std::size_t first = seq.firstEndingAtOrAfter(t0 + 1, 0, n);
    const std::size_t last = std::max(first, seq.firstStartingAtOrAfter(t1, first));
    s.count = static_cast<std::uint32_t>(last - first);
    std::size_t hint = first / TimelineDepthSequence::kBusyBucket;
    const TimeNs before = seq.busyBefore(t0, &hint);
    s.busy = seq.busyBefore(t1, &hint) - before;
    const std::size_t stop = std::min(last, first + kMaxScan);
    s.truncated = stop < last;
    std::vector<std::size_t> top; // positions, longest first
    for (std::size_t i = first; i < stop && largest > 0; ++i) {
        const TimeNs d = seq.at(i).duration;
        if (top.size() == largest && seq.at(top.back()).duration >= d)
            continue;
        const auto at = std::find_if(
            top.begin(), top.end(), [&](std::size_t k) { return seq.at(k).duration < d; });
        top.insert(at, i);
        if (top.size() > largest)
            top.pop_back();
    }
    for (std::size_t i : top)
        s.largest.push_back(seq.eventIndex(i));
    return s;
}

} // namespace npuscope
