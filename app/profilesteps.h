#pragma once

#include "model/types.h"

#include <QString>

#include <vector>

namespace npuscope {

class Trace;
struct RankProfile;

// One profiler step as the host recorded it: a "ProfilerStep#N" slice.
struct StepRange {
    QString name; // "ProfilerStep#50"
    TimeNs start = 0;
    TimeNs end = 0;
};

// The ProfilerStep#N slices of the host tracks, one per name (the union when a name repeats),
// ordered by start.
std::vector<StepRange> findProfilerSteps(const Trace &trace);

// Where relative times of a rank start: the trace's first event, else the earliest kernel start.
TimeNs rankTimeOrigin(const RankProfile &rank);

} // namespace npuscope
