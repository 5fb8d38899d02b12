#pragma once

#include "model/core/types.h"
#include "widgets/timeline/timelinedrawlist.h"

#include <QRectF>

#include <cstdint>
#include <vector>

namespace npuscope {

class TimeAxis;
class TimelineDepthSequence;

// Occupancy of folded events: the share of each pixel column the events of one depth cover, and
// what a folded stretch holds (for its tooltip). A block of folded events drawn solid would say
// "busy all the time"; drawn as occupancy, a half-busy stream looks half as dense and every gap
// of a pixel or more shows. Both come from the depth's busy buckets (TimelineDepthSequence), so
// the cost is per pixel column, not per event.
class TimelineOccupancy {
public:
    // Events scanned at most for the longest ones under the cursor.
    static constexpr std::size_t kMaxScan = 200'000;

    struct Summary {
        std::uint32_t count = 0; // events overlapping the range
        TimeNs busy = 0; // their time inside the range
        TimeNs span = 0; // the range's length
        std::vector<std::uint32_t> largest; // Track::events indexes, longest first
        bool truncated = false; // more than kMaxScan events: `largest` of the first ones

        double busyShare() const { return span > 0 ? double(busy) / double(span) : 0.0; }
    };

    // Busy share (0 to 1) of the pixel columns [c0, c1) of `axis`, appended to `out`: column c
    // spans [axis.toTime(c), axis.toTime(c + 1)). One galloping search and at most a bucket of
    // durations per column.
    static void columns(const TimelineDepthSequence &seq, const TimeAxis &axis, int c0, int c1,
        std::vector<float> *out);

    // The rectangles that draw a folded slice of `list` as occupancy: each pixel column filled
    // up from the bottom of the slice (less its one-pixel seam) to its busy share of the height,
    // a pixel at least where anything runs; equal neighbours as one rectangle.
    static void appendRects(const TimelineDrawList &list, const TimelineDrawList::Slice &slice,
        std::vector<QRectF> *rects);

    // What [t0, t1) of a depth holds, with its `largest` longest events.
    static Summary summarize(
        const TimelineDepthSequence &seq, TimeNs t0, TimeNs t1, std::size_t largest);
};

} // namespace npuscope
