#pragma once

#include "model/core/types.h"

#include <QCoreApplication>
#include <QString>

namespace npuscope {

class Trace;

// Rich-text tooltips of the timeline. Times are shown relative to `origin`.
class TimelineTooltip {
    Q_DECLARE_TR_FUNCTIONS(npuscope::TimelineTooltip)

public:
    // Maximum number of lazily parsed args listed under a slice.
    static constexpr int kMaxArgs = 10;

    static QString slice(const Trace &trace, EventRef ref, TimeNs origin, bool withArgs);
    static QString folded(const Trace &trace, EventRef first, std::uint32_t count, TimeNs start,
        TimeNs end, TimeNs origin);
    static QString counter(const Trace &trace, std::uint32_t counter, TimeNs t, TimeNs origin);
    // A gap item: `count` idle intervals totalling `idleNs` in [start, end), the cause of the
    // longest; `device`: idle time of the whole device rather than of one stream.
    static QString gap(TimeNs start, TimeNs end, TimeNs idleNs, std::uint32_t count,
        const QString &cause, bool device, TimeNs origin);
    static QString relativeTime(TimeNs t, TimeNs origin);
};

} // namespace npuscope
