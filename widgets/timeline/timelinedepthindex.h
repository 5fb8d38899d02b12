#pragma once

#include "model/core/types.h"

#include <cstdint>
#include <vector>

namespace npuscope {

class Trace;
struct Event;

// The events of one nesting depth of a track, in start order. Events of one depth never overlap
// (Trace::buildTrackIndexes opens a new depth for any overlap), so their ends are sorted too and
// "first event ending after t" is a binary search. A flat track uses its event array directly.
// With its busy buckets (the level of detail's coverage: the start of every kBusyBucket-th event
// and the busy time before it), the busy time before any t costs a search in the buckets, which
// are small and contiguous, and a bucket's durations.
class TimelineDepthSequence {
public:
    static constexpr std::size_t kBusyBucket = 16;
    struct BusyBucket {
        TimeNs start = 0; // of the bucket's first event
        TimeNs busyBefore = 0; // durations of the events before it
    };

    TimelineDepthSequence() = default;
    TimelineDepthSequence(const std::vector<Event> *events,
        const std::vector<std::uint32_t> *indexes, const std::vector<BusyBucket> *busy = nullptr)
        : m_events(events)
        , m_indexes(indexes)
        , m_busy(busy)
    {
    }

    std::size_t size() const;
    std::uint32_t eventIndex(std::size_t i) const
    {
        return m_indexes ? (*m_indexes)[i] : static_cast<std::uint32_t>(i);
    }
    const Event &at(std::size_t i) const;
    // First position in [from, to) whose event ends at or after t, or `to`.
    std::size_t firstEndingAtOrAfter(TimeNs t, std::size_t from, std::size_t to) const;
    // First position whose event starts after t, or size().
    std::size_t firstStartingAfter(TimeNs t) const;
    // First position in [from, size()) whose event starts at or after t (a galloping search).
    std::size_t firstStartingAtOrAfter(TimeNs t, std::size_t from) const;
    // Busy time before t: the events' durations clipped at t. Needs the busy buckets. `hint`
    // (in and out): a guess of the bucket holding t, the search gallops out from it; set to
    // that bucket. A good guess (the last one plus the last step) costs a couple of reads.
    TimeNs busyBefore(TimeNs t, std::size_t *hint) const;
    bool hasBusy() const { return m_busy != nullptr; }

private:
    const std::vector<Event> *m_events = nullptr;
    const std::vector<std::uint32_t> *m_indexes = nullptr; // null: every event (flat track)
    const std::vector<BusyBucket> *m_busy = nullptr; // [k]: of position k * kBusyBucket
};

// Per-depth event indexes of nested tracks, built lazily on first use and kept for the trace's
// lifetime (4 bytes per event of a nested track), and the busy buckets of every depth (one byte per
// event), from which folded runs are drawn as occupancy. Trace::forEachOverlapping
// visits every depth, so it cannot skip a folded run of one depth; this can.
class TimelineDepthIndex {
public:
    void reset(const Trace *trace);
    TimelineDepthSequence sequence(TrackId track, int depth);

private:
    const Trace *m_trace = nullptr;
    void build(std::uint32_t track);

    std::vector<std::vector<std::vector<std::uint32_t>>> m_byTrack; // [track][depth]
    std::vector<std::vector<std::vector<TimelineDepthSequence::BusyBucket>>>
        m_busy; // [track][depth]
    std::vector<bool> m_built;
};

} // namespace npuscope
