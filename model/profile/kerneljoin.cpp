#include "model/profile/kerneljoin.h"

#include <boost/container/flat_map.hpp>

#include <algorithm>

namespace npuscope {

namespace {

    // Old torch_npu CSVs wrote start times as doubles (e.g. 1695115378715400.2): about 0.2 µs lost.
    constexpr TimeNs kJoinToleranceNs = 1000;

    // The best event of `track` for a kernel row: the same name wins over a closer start; among
    // equals, the closest start within the tolerance.
    struct Candidate {
        EventRef ref;
        bool sameName = false;
        TimeNs delta = kJoinToleranceNs + 1;

        bool betterThan(const Candidate &o) const
        {
            if (sameName != o.sameName)
                return sameName;
            return delta < o.delta;
        }
    };

    Candidate closestStart(
        const Trace &trace, const Track &track, TimeNs start, std::string_view name)
    {
        const auto &ev = track.events;
        auto it = std::lower_bound(ev.begin(), ev.end(), start - kJoinToleranceNs,
            [](const Event &e, TimeNs t) { return e.start < t; });
        Candidate best;
        for (; it != ev.end() && it->start <= start + kJoinToleranceNs; ++it) {
            Candidate c;
            c.ref = { track.id, static_cast<std::uint32_t>(it - ev.begin()) };
            c.sameName = trace.strings.view(it->name) == name;
            c.delta = std::abs(it->start - start);
            if (!best.ref.isValid() || c.betterThan(best))
                best = c;
        }
        return best;
    }

    bool isKinetoKernelCategory(std::string_view cat)
    {
        std::string lower(cat);
        std::transform(lower.begin(), lower.end(), lower.begin(),
            [](unsigned char c) { return std::tolower(c); });
        return lower == "kernel" || lower == "gpu_memcpy" || lower == "gpu_memset"
            || lower == "memcpy" || lower == "memset";
    }

} // namespace

KernelJoin joinKernels(const KernelTable &kernels, const Trace &trace)
{
    KernelJoin join;
    // A few streams per device: a sorted vector beats a node-based map.
    boost::container::flat_multimap<int, const Track *> byStream;
    std::vector<const Track *> device;
    join.eventRows.resize(trace.tracks.size());
    for (const Track &t : trace.tracks) {
        if (t.kind == TrackKind::DeviceStream || t.kind == TrackKind::Communication) {
            device.push_back(&t);
            join.eventRows[t.id.value].assign(t.events.size(), -1);
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
        const std::string_view name = kernels.strings.view(kernels.name[r]);
        Candidate best;
        auto consider = [&](const Track &t) {
            const Candidate c = closestStart(trace, t, start, name);
            if (c.ref.isValid() && join.rowOf(c.ref) < 0
                && (!best.ref.isValid() || c.betterThan(best)))
                best = c;
        };
        auto [lo, hi] = byStream.equal_range(kernels.stream[r]);
        for (auto it = lo; it != hi; ++it)
            consider(*it->second);
        // HCCL rows have no stream number (N/A): search every device and communication lane.
        if (!best.sameName)
            for (const Track *t : device)
                consider(*t);
        if (best.ref.isValid()) {
            join.rowToEvent[r] = best.ref;
            join.eventRows[best.ref.track.value][best.ref.index] = static_cast<qint32>(row);
            ++join.matched;
        }
    }
    return join;
}

KernelTable kernelsFromTrace(const Trace &trace, KernelJoin *join)
{
    KernelTable k;
    const StringId gpu = k.strings.intern("GPU");
    const StringId npu = k.strings.intern("NPU");
    const StringId unknownType = k.strings.intern("N/A");
    const StringId noStep = k.strings.intern("");
    join->rowToEvent.clear();
    join->eventRows.assign(trace.tracks.size(), {});
    for (const Track &t : trace.tracks) {
        if (t.kind != TrackKind::DeviceStream)
            continue;
        TimeNs previousEnd = Table::kMissingNs;
        for (std::uint32_t i = 0; i < t.events.size(); ++i) {
            const Event &e = t.events[i];
            const std::string_view cat = trace.strings.view(e.category);
            // Kineto marks kernels by category; torch_npu's device lanes hold only device tasks
            // and give them no category (a lone trace_view.json without kernel_details.csv).
            const bool ascendTask = cat.empty() && !trace.kineto;
            if ((!ascendTask && !isKinetoKernelCategory(cat)) || e.instant)
                continue;
            const EventRef ref { t.id, i };
            join->link(ref, static_cast<qint32>(k.name.size()));
            join->rowToEvent.push_back(ref);
            k.name.push_back(k.strings.intern(trace.strings.view(e.name)));
            k.type.push_back(ascendTask ? unknownType : k.strings.intern(cat));
            k.core.push_back(ascendTask ? npu : gpu);
            k.step.push_back(noStep);
            k.stream.push_back(t.streamId);
            k.blockDim.push_back(KernelTable::kNoValue);
            k.start.push_back(e.start);
            // Same range as kernel_details cells (see kMaxDurationNs); the trace keeps the
            // original.
            k.duration.push_back(std::min(e.duration, KernelTable::kMaxDurationNs));
            k.wait.push_back(previousEnd == Table::kMissingNs
                    ? 0
                    : std::clamp<TimeNs>(e.start - previousEnd, 0, KernelTable::kMaxDurationNs));
            previousEnd = std::max(previousEnd, e.end());
        }
    }
    join->matched = static_cast<qsizetype>(join->rowToEvent.size());
    return k;
}

} // namespace npuscope
