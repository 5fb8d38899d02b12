#pragma once

#include "analysis/timeline/stepbreakdown.h"
#include "model/core/types.h"

#include <QString>

#include <vector>

namespace npuscope {

class Trace;
struct RankProfile;

// The step selector uses the analysis layer's steps: one "ProfilerStep#N" slice per name.
using StepRange = StepSpan;

inline std::vector<StepRange> findProfilerSteps(const Trace &trace) { return findStepSpans(trace); }

// Where relative times of a rank start: the trace's first event, else the earliest kernel start.
TimeNs rankTimeOrigin(const RankProfile &rank);

} // namespace npuscope
