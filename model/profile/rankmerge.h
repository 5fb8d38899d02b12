#pragma once

#include "model/core/trace.h"

#include <QString>

#include <memory>
#include <vector>

namespace npuscope {

// One rank's part of a combined timeline.
struct RankTraceInput {
    std::shared_ptr<const Trace> trace;
    QString label; // "Rank 3": prefixes every process name of this rank
    TimeNs shift = 0; // added to every time of this trace (see alignRanksByStep())
};

// The tracks, counters and flows of several ranks in one Trace, rank after rank: every process
// becomes "<label> · <process name>" (its own group on the timeline, grouped per rank), every
// time is shifted by the rank's `shift`, flows point at the same events in the combined tracks.
// Track and event order inside a rank is kept, so EventRef{track + offset, index} of the input is
// the same event. The result has no TraceSource: event args are not available (the views show
// name, time and duration). Null inputs are skipped.
std::shared_ptr<Trace> mergeRankTraces(const std::vector<RankTraceInput> &inputs);

// Where input `i`'s tracks start in the merged trace (the sum of the earlier inputs' tracks).
std::vector<std::uint32_t> mergedTrackOffsets(const std::vector<RankTraceInput> &inputs);

} // namespace npuscope
