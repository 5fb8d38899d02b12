#include "widgets/timelinedepthindex.h"

#include "model/core/trace.h"

namespace npuscope {

std::size_t TimelineDepthSequence::size() const
{
    if (m_indexes)
        return m_indexes->size();
    return m_events ? m_events->size() : 0;
}

const Event &TimelineDepthSequence::at(std::size_t i) const { return (*m_events)[eventIndex(i)]; }

std::size_t TimelineDepthSequence::firstEndingAtOrAfter(
    TimeNs t, std::size_t from, std::size_t to) const
{
    // Gallop first: walks usually look a few pixels ahead, so the answer is near `from` and a
    // galloping search touches far fewer cache lines than a bisection of the whole track.
    std::size_t lo = from;
    std::size_t hi = to;
    for (std::size_t step = 1; lo + step < hi; step *= 2) {
        if (at(lo + step).end() >= t) {
            hi = lo + step;
            break;
        }
        lo += step;
    }
    if (lo < hi && at(lo).end() >= t)
        return lo;
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (at(mid).end() < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

std::size_t TimelineDepthSequence::firstStartingAfter(TimeNs t) const
{
    std::size_t lo = 0;
    std::size_t hi = size();
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (at(mid).start <= t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

void TimelineDepthIndex::reset(const Trace *trace)
{
    m_trace = trace;
    m_byTrack.clear();
    m_built.clear();
    if (trace) {
        m_byTrack.resize(trace->tracks.size());
        m_built.assign(trace->tracks.size(), false);
    }
}

TimelineDepthSequence TimelineDepthIndex::sequence(TrackId track, int depth)
{
    if (!m_trace || track.value >= m_byTrack.size())
        return {};
    const Track &t = m_trace->track(track);
    if (t.maxDepth == 0)
        return depth == 0 ? TimelineDepthSequence(&t.events, nullptr) : TimelineDepthSequence();
    auto &depths = m_byTrack[track.value];
    if (!m_built[track.value]) {
        depths.assign(static_cast<std::size_t>(t.maxDepth) + 1, {});
        for (std::uint32_t i = 0; i < t.events.size(); ++i)
            depths[t.events[i].depth].push_back(i);
        for (auto &d : depths)
            d.shrink_to_fit();
        m_built[track.value] = true;
    }
    if (depth < 0 || depth >= static_cast<int>(depths.size()))
        return {};
    return TimelineDepthSequence(&t.events, &depths[static_cast<std::size_t>(depth)]);
}

} // namespace npuscope
