#pragma once

#include "model/core/trace.h"
#include "model/trace/rawchunk.h"

#include <cstdint>

namespace npuscope {

// The flow ends TraceBuilder keeps between merging chunks and binding flows (flowbinding.cpp):
// internal to model/trace.
struct FlowPoint {
    // 32 bytes: millions of these exist while loading, each moved three times. Their index is
    // their file order.
    TimeNs ts;
    // 64 of the id's 128 hash bits: two of a trace's millions of ids collide with probability
    // ~n^2 / 2^65 (1e-5 at 21 M ids), and then they still give the right flows unless the two
    // overlap in time.
    std::uint64_t idA;
    // Before binding, ref.track holds the track's number in file order (trackFor); binding
    // replaces it with the slice the point belongs to, if any.
    EventRef ref;
    std::uint32_t bits; // label << 3 | phase order << 1 | bindEnclosing

    static constexpr std::uint32_t kMaxLabels = 1u << 29;
    FlowPoint(TimeNs time, const FlowIdKey &id, EventRef at, std::uint32_t label, char phase,
        bool enclosing)
        : ts(time)
        , idA(id.a)
        , ref(at)
        , bits(label << 3
              | std::uint32_t(phase == 's' ? 0
                        : phase == 't'     ? 1
                                           : 2)
                  << 1
              | std::uint32_t(enclosing))
    {
    }
    FlowPoint() = default;
    std::uint32_t label() const { return bits >> 3; }
    // 0, 1, 2 for "s", "t", "f": the order of points of one id at one time.
    int phaseOrder() const { return int(bits >> 1) & 3; }
    bool isStart() const { return phaseOrder() == 0; }
    bool isEnd() const { return phaseOrder() == 2; }
    bool bindEnclosing() const { return bits & 1; }
    bool sameId(const FlowPoint &o) const { return idA == o.idA; }
};
static_assert(sizeof(FlowPoint) == 32);
// An "s" and its "f" (see pairFlows()): one flow when no other point has their id, else its
// two points again. Their label is the end's (the start's has the same category, and a
// flow's name is its end's).
struct FlowPair {
    TimeNs ts; // the start's
    std::uint64_t idA;
    EventRef start, end; // before binding, .track as in FlowPoint::ref
    std::uint64_t bits; // (the end's time - ts) << 16 | label << 1 | the end's bindEnclosing

    static constexpr std::uint32_t kMaxLabels = 1u << 15;
    FlowPair(TimeNs time, std::uint64_t id, std::uint32_t startTrack, std::uint32_t endTrack,
        std::int64_t delta, std::uint32_t label, bool endEnclosing)
        : ts(time)
        , idA(id)
        , start { TrackId(startTrack), 0 }
        , end { TrackId(endTrack), 0 }
        , bits(static_cast<std::uint64_t>(delta) << 16 | label << 1 | std::uint32_t(endEnclosing))
    {
    }
    FlowPair() = default;
    std::uint32_t label() const { return static_cast<std::uint32_t>(bits >> 1) & (kMaxLabels - 1); }
    std::int64_t endDelta() const
    {
        return static_cast<std::int64_t>(bits) >> 16;
    } // 48 bits, signed
    bool endEnclosing() const { return bits & 1; }
    FlowPoint startPoint() const { return FlowPoint(ts, { idA, 0 }, start, label(), 's', false); }
    FlowPoint endPoint() const
    {
        return FlowPoint(ts + endDelta(), { idA, 0 }, end, label(), 'f', endEnclosing());
    }
};
static_assert(sizeof(FlowPair) == 40);
struct FlowLabel {
    StringId name, category;
};

} // namespace npuscope
