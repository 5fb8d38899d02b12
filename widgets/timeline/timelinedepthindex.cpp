#include "widgets/timeline/timelinedepthindex.h"

#include "model/core/trace.h"

#include <algorithm>

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

std::size_t TimelineDepthSequence::firstStartingAtOrAfter(TimeNs t, std::size_t from) const
{
    std::size_t lo = from;
    std::size_t hi = size();
    for (std::size_t step = 1; lo + step < hi; step *= 2) {
        if (at(lo + step).start >= t) {
            hi = lo + step;
            break;
        }
        lo += step;
    }
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (at(mid).start < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

TimeNs TimelineDepthSequence::busyBefore(TimeNs t, std::size_t *hint) const
{
    const auto &buckets = *m_busy;
    if (buckets.empty())
        return 0;
    // The first bucket starting at or after t, galloping out from the guess: buckets before lo
    // start before t, buckets from hi on at or after it.
    const std::size_t guess = std::min(*hint, buckets.size() - 1);
    std::size_t lo = 0;
    std::size_t hi = buckets.size();
    if (buckets[guess].start < t) {
        lo = guess + 1;
        for (std::size_t step = 1; lo + step - 1 < hi; step *= 2) {
            if (buckets[lo + step - 1].start >= t) {
                hi = lo + step - 1;
                break;
            }
            lo += step;
        }
    } else {
        hi = guess;
        for (std::size_t step = 1; step <= hi; step *= 2) {
            if (buckets[hi - step].start < t) {
                lo = hi - step + 1;
                break;
            }
            hi -= step;
        }
    }
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (buckets[mid].start < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0) {
        *hint = 0;
        return 0;
    }
    const std::size_t bucket = lo - 1;
    *hint = bucket;
    // Events of one depth do not overlap: all but the last starting before t end before it.
    TimeNs busy = buckets[bucket].busyBefore;
    const std::size_t end = std::min(size(), (bucket + 1) * kBusyBucket);
    for (std::size_t k = bucket * kBusyBucket; k < end; ++k) {
        const Event &e = at(k);
        if (e.start >= t)
            break;
        busy += std::min(e.duration, t - e.start);
    }
    return busy;
}

void TimelineDepthIndex::reset(const Trace *trace)
{
    m_trace = trace;
    m_byTrack.clear();
    m_busy.clear();
    m_built.clear();
    if (trace) {
        m_byTrack.resize(trace->tracks.size());
        m_busy.resize(trace->tracks.size());
        m_built.assign(trace->tracks.size(), false);
    }
}

// One pass over the track: the depth indexes (nested tracks only) and every depth's buckets.
void TimelineDepthIndex::build(std::uint32_t track)
{
    const Track &t = m_trace->tracks[track];
    const auto depthCount = static_cast<std::size_t>(t.maxDepth) + 1;
    auto &depths = m_byTrack[track];
    if (t.maxDepth > 0)
        depths.assign(depthCount, {});
    auto &busy = m_busy[track];
    busy.assign(depthCount, {});
    std::vector<std::size_t> counts(depthCount, 0);
    std::vector<TimeNs> sums(depthCount, 0);
    for (std::uint32_t i = 0; i < t.events.size(); ++i) {
        const Event &e = t.events[i];
        if (t.maxDepth > 0)
            depths[e.depth].push_back(i);
        if (counts[e.depth]++ % TimelineDepthSequence::kBusyBucket == 0)
            busy[e.depth].push_back({ e.start, sums[e.depth] });
        sums[e.depth] += e.duration;
    }
    for (auto &d : depths)
        d.shrink_to_fit();
    for (auto &b : busy)
        b.shrink_to_fit();
    m_built[track] = true;
}

TimelineDepthSequence TimelineDepthIndex::sequence(TrackId track, int depth)
{
    if (!m_trace || track.value >= m_byTrack.size())
        return {};
    const Track &t = m_trace->track(track);
    if (depth < 0 || depth > t.maxDepth)
        return {};
    if (!m_built[track.value])
        build(track.value);
    const auto d = static_cast<std::size_t>(depth);
    const auto *busy = &m_busy[track.value][d];
    if (t.maxDepth == 0)
        return TimelineDepthSequence(&t.events, nullptr, busy);
    return TimelineDepthSequence(&t.events, &m_byTrack[track.value][d], busy);
}

} // namespace npuscope
