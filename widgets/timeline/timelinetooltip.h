#pragma once

#include "model/core/types.h"
#include "widgets/timeline/timelinedrawlist.h"
#include "widgets/timeline/timelineoccupancy.h"

#include <QCoreApplication>
#include <QString>

namespace npuscope {

class Trace;
class TimeAxis;
class TimelineDepthIndex;

// Rich-text tooltips of the timeline. Times are shown relative to `origin`.
class TimelineTooltip {
    Q_DECLARE_TR_FUNCTIONS(npuscope::TimelineTooltip)

public:
    // Maximum number of lazily parsed args listed under a slice.
    static constexpr int kMaxArgs = 10;

    static QString slice(const Trace &trace, EventRef ref, TimeNs origin, bool withArgs);
    // Pixels either side of the cursor whose events a folded block's tooltip lists.
    static constexpr double kCursorPx = 2;
    // Longest events listed under the cursor.
    static constexpr std::size_t kLargest = 3;

    // A folded stretch of one depth of `track` from `start`: what it holds (`block`), what lies
    // under the cursor and the longest events there (`cursor`).
    static QString folded(const Trace &trace, TrackId track, TimeNs start,
        const TimelineOccupancy::Summary &block, const TimelineOccupancy::Summary &cursor,
        TimeNs origin);
    // The tooltip of a folded draw-list slice with the cursor at time-area x `mouseX`.
    static QString folded(const Trace &trace, TimelineDepthIndex &depths,
        const TimelineDrawList::Slice &slice, const TimeAxis &axis, double mouseX);
    static QString counter(const Trace &trace, std::uint32_t counter, TimeNs t, TimeNs origin);
    // A gap item: `count` idle intervals totalling `idleNs` in [start, end), the cause of the
    // longest; `device`: idle time of the whole device rather than of one stream.
    static QString gap(TimeNs start, TimeNs end, TimeNs idleNs, std::uint32_t count,
        const QString &cause, bool device, TimeNs origin);
    static QString relativeTime(TimeNs t, TimeNs origin);
};

} // namespace npuscope
