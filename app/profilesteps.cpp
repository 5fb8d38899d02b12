#include "app/profilesteps.h"

#include "model/profile.h"
#include "model/trace.h"

#include <QHash>

#include <algorithm>

namespace npuscope {

std::vector<StepRange> findProfilerSteps(const Trace &trace)
{
    // Mark the step names once, then one pass over host events compares integer ids only.
    static constexpr std::string_view kPrefix = "ProfilerStep#";
    std::vector<bool> isStep(trace.strings.size(), false);
    bool any = false;
    for (std::size_t id = 0; id < isStep.size(); ++id) {
        if (trace.strings.view(StringId(std::uint32_t(id))).starts_with(kPrefix))
            isStep[id] = any = true;
    }
    if (!any)
        return {};
    QHash<quint32, std::size_t> byName;
    std::vector<StepRange> steps;
    for (const Track &track : trace.tracks) {
        if (track.kind != TrackKind::HostThread && track.kind != TrackKind::Other)
            continue;
        for (const Event &e : track.events) {
            if (e.instant || e.name.value >= isStep.size() || !isStep[e.name.value])
                continue;
            const auto it = byName.constFind(e.name.value);
            if (it == byName.cend()) {
                byName.insert(e.name.value, steps.size());
                steps.push_back({ trace.strings.string(e.name), e.start, e.end() });
            } else {
                StepRange &s = steps[*it];
                s.start = std::min(s.start, e.start);
                s.end = std::max(s.end, e.end());
            }
        }
    }
    std::sort(steps.begin(), steps.end(),
        [](const StepRange &a, const StepRange &b) { return a.start < b.start; });
    return steps;
}

TimeNs rankTimeOrigin(const RankProfile &rank)
{
    if (rank.trace)
        return rank.trace->minTime;
    TimeNs base = 0;
    bool any = false;
    if (rank.kernels) {
        for (const TimeNs start : rank.kernels->start) {
            if (start != Table::kMissingNs && (!any || start < base)) {
                base = start;
                any = true;
            }
        }
    }
    return base;
}

} // namespace npuscope
