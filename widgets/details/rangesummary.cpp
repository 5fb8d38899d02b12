#include "widgets/details/rangesummary.h"

#include "model/core/trace.h"

#include <algorithm>
#include <unordered_map>

namespace npuscope {

std::vector<RangeSummaryRow> RangeSummary::compute(
    const Trace &trace, TimeNs start, TimeNs end, const std::vector<TrackId> &tracks)
{
    std::vector<RangeSummaryRow> rows;
    if (end < start)
        return rows;
    std::unordered_map<std::uint32_t, std::size_t> rowOfName;
    auto addTrack = [&](TrackId id) {
        if (id.value >= trace.tracks.size())
            return;
        const auto &events = trace.tracks[id.value].events;
        trace.forEachOverlapping(id, start, end, [&](std::uint32_t i) {
            const Event &e = events[i];
            const TimeNs clipped = std::min(end, e.end()) - std::max(start, e.start);
            // forEachOverlapping includes events that only touch the range's ends.
            const bool inside
                = clipped > 0 || (e.duration == 0 && e.start >= start && e.start < end);
            if (!inside)
                return;
            auto [it, inserted] = rowOfName.try_emplace(e.name.value, rows.size());
            if (inserted)
                rows.push_back({ e.name, trace.strings.string(e.name), 0, 0 });
            RangeSummaryRow &row = rows[it->second];
            ++row.count;
            row.total += std::max<TimeNs>(clipped, 0);
        });
    };
    if (tracks.empty()) {
        for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
            addTrack(TrackId(t));
    } else {
        for (TrackId t : tracks)
            addTrack(t);
    }
    std::sort(rows.begin(), rows.end(), [](const RangeSummaryRow &a, const RangeSummaryRow &b) {
        return a.total != b.total ? a.total > b.total : a.text < b.text;
    });
    return rows;
}

} // namespace npuscope
