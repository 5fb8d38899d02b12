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
class TimelineDepthSequence {
public:
    TimelineDepthSequence() = default;
    TimelineDepthSequence(
        const std::vector<Event> *events, const std::vector<std::uint32_t> *indexes)
        : m_events(events)
        , m_indexes(indexes)
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

private:
    const std::vector<Event> *m_events = nullptr;
    const std::vector<std::uint32_t> *m_indexes = nullptr; // null: every event (flat track)
};

// Per-depth event indexes of nested tracks, built lazily on first use and kept for the trace's
// lifetime (4 bytes per event of a nested track). Trace::forEachOverlapping visits every depth,
// so it cannot skip a folded run of one depth; this can.
class TimelineDepthIndex {
public:
    void reset(const Trace *trace);
    TimelineDepthSequence sequence(TrackId track, int depth);

private:
    const Trace *m_trace = nullptr;
    std::vector<std::vector<std::vector<std::uint32_t>>> m_byTrack; // [track][depth]
    std::vector<bool> m_built;
};

} // namespace npuscope
