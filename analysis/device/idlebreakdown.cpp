#include "analysis/device/idlebreakdown.h"

#include "analysis/device/devicework.h"

#include <algorithm>
#include <map>

namespace npuscope {

StreamIdle IdleBreakdown::total() const
{
    StreamIdle t;
    for (const StreamIdle &s : streams) {
        t.gaps += s.gaps;
        t.hostWaitNs += s.hostWaitNs;
        t.kernelWaitNs += s.kernelWaitNs;
        t.otherNs += s.otherNs;
    }
    return t;
}

IdleBreakdown computeIdleBreakdown(const DeviceWork &work)
{
    IdleBreakdown out;
    // Per stream, the latest end so far (tasks come by start).
    std::map<int, std::pair<StreamIdle, TimeNs>> byStream;
    for (const DeviceTask &t : work.tasks()) {
        if (t.hasLaunch())
            ++out.linkedTasks;
        auto [it, first] = byStream.try_emplace(t.stream, StreamIdle { t.stream }, t.end);
        StreamIdle &s = it->second.first;
        TimeNs &previousEnd = it->second.second;
        if (!first && t.start > previousEnd) {
            const TimeNs gap = t.start - previousEnd;
            ++s.gaps;
            if (t.hasLaunch() && t.launchStart > previousEnd)
                s.hostWaitNs += gap;
            else if (gap < IdleBreakdown::kKernelWaitNs)
                s.kernelWaitNs += gap;
            else
                s.otherNs += gap;
        }
        previousEnd = std::max(previousEnd, t.end);
    }
    for (auto &[stream, entry] : byStream)
        out.streams.push_back(entry.first);
    return out;
}

} // namespace npuscope
