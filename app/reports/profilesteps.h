#pragma once

#include "analysis/timeline/stepbreakdown.h"
#include "model/core/types.h"

#include <QString>

#include <vector>

namespace npuscope {

// The step selector uses the analysis layer's steps: one "ProfilerStep#N" slice per name.
using StepRange = StepSpan;

inline std::vector<StepRange> findProfilerSteps(const Trace &trace) { return findStepSpans(trace); }

} // namespace npuscope
