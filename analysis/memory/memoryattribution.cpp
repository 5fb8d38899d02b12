#include "analysis/memory/memoryattribution.h"

namespace npuscope {

AllocationSite allocationSite(const Trace &trace, const QString &operatorName, TimeNs t)
{
    AllocationSite site;
    const StringId name = trace.strings.find(operatorName.toStdString());
    if (!name.isValid())
        return site;
    const StringId python = trace.strings.find("python_function");
    for (const Track &track : trace.tracks) {
        if (track.kind != TrackKind::HostThread)
            continue;
        const std::vector<std::uint32_t> covering = trace.overlapping(track.id, t, t);
        std::int64_t opDepth = -1;
        for (const std::uint32_t i : covering) {
            const Event &e = track.events[i];
            if (e.name == name && std::int64_t(e.depth) > opDepth) {
                opDepth = std::int64_t(e.depth);
                site.op = EventRef { track.id, i };
            }
        }
        if (opDepth < 0)
            continue;
        std::int64_t frameDepth = -1;
        for (const std::uint32_t i : covering) {
            const Event &e = track.events[i];
            if (python.isValid() && e.category == python && std::int64_t(e.depth) < opDepth
                && std::int64_t(e.depth) > frameDepth) {
                frameDepth = std::int64_t(e.depth);
                site.frame = EventRef { track.id, i };
            }
        }
        return site;
    }
    return site;
}

} // namespace npuscope
