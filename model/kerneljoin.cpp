#include "model/kerneljoin.h"

#include <algorithm>
#include <map>

namespace npuscope {

namespace {

// Old torch_npu CSVs wrote start times as doubles (e.g. 1695115378715400.2): about 0.2 µs lost.
constexpr TimeNs kJoinToleranceNs = 1000;

EventRef closestStart(const Trace &trace, const Track &track, TimeNs start)
{
    const auto &ev = track.events;
    auto it = std::lower_bound(ev.begin(), ev.end(), start - kJoinToleranceNs,
                               [](const Event &e, TimeNs t) { return e.start < t; });
    EventRef best;
    TimeNs bestDelta = kJoinToleranceNs + 1;
    for (; it != ev.end() && it->start <= start + kJoinToleranceNs; ++it) {
        const TimeNs delta = std::abs(it->start - start);
        if (delta < bestDelta) {
            bestDelta = delta;
            best = { track.id, static_cast<std::uint32_t>(it - ev.begin()) };
        }
    }
    (void)trace;
    return best;
}

bool isKinetoKernelCategory(std::string_view cat)
{
    std::string lower(cat);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    return lower == "kernel" || lower == "gpu_memcpy" || lower == "gpu_memset" || lower == "memcpy"
        || lower == "memset";
}

} // namespace

KernelJoin joinKernels(const KernelTable &kernels, const Trace &trace)
{
    KernelJoin join;
    std::multimap<int, const Track *> byStream;
    std::vector<const Track *> device;
    for (const Track &t : trace.tracks) {
        if (t.kind == TrackKind::DeviceStream || t.kind == TrackKind::Communication) {
            device.push_back(&t);
            if (t.streamId >= 0)
                byStream.emplace(t.streamId, &t);
        }
    }
    join.rowToEvent.assign(static_cast<std::size_t>(kernels.rowCount()), EventRef());
    for (qsizetype row = 0; row < kernels.rowCount(); ++row) {
        const auto r = static_cast<std::size_t>(row);
        const TimeNs start = kernels.start[r];
        if (start == Table::kMissingNs)
            continue;
        EventRef ref;
        auto [lo, hi] = byStream.equal_range(kernels.stream[r]);
        for (auto it = lo; it != hi && !ref.isValid(); ++it)
            ref = closestStart(trace, *it->second, start);
        // HCCL rows have no stream number; search every device lane.
        for (std::size_t i = 0; i < device.size() && !ref.isValid(); ++i)
            if (kernels.stream[r] == KernelTable::kNoValue || lo == hi)
                ref = closestStart(trace, *device[i], start);
        if (ref.isValid() && !join.eventToRow.contains(KernelJoin::key(ref))) {
            join.rowToEvent[r] = ref;
            join.eventToRow.insert(KernelJoin::key(ref), static_cast<qint32>(row));
            ++join.matched;
        }
    }
    return join;
}

KernelTable kernelsFromTrace(const Trace &trace, KernelJoin *join)
{
    KernelTable k;
    const StringId gpu = k.strings.intern("GPU");
    const StringId noStep = k.strings.intern("");
    join->rowToEvent.clear();
    join->eventToRow.clear();
    for (const Track &t : trace.tracks) {
        if (t.kind != TrackKind::DeviceStream)
            continue;
        TimeNs previousEnd = Table::kMissingNs;
        for (std::uint32_t i = 0; i < t.events.size(); ++i) {
            const Event &e = t.events[i];
            const std::string_view cat = trace.strings.view(e.category);
            if (!isKinetoKernelCategory(cat) || e.instant)
                continue;
            const EventRef ref { t.id, i };
            join->eventToRow.insert(KernelJoin::key(ref), static_cast<qint32>(k.name.size()));
            join->rowToEvent.push_back(ref);
            k.name.push_back(k.strings.intern(trace.strings.view(e.name)));
            k.type.push_back(k.strings.intern(cat));
            k.core.push_back(gpu);
            k.step.push_back(noStep);
            k.stream.push_back(t.streamId);
            k.blockDim.push_back(KernelTable::kNoValue);
            k.start.push_back(e.start);
            k.duration.push_back(e.duration);
            k.wait.push_back(previousEnd == Table::kMissingNs ? 0 : std::max<TimeNs>(0, e.start - previousEnd));
            previousEnd = std::max(previousEnd, e.end());
        }
    }
    join->matched = static_cast<qsizetype>(join->rowToEvent.size());
    return k;
}

} // namespace npuscope
