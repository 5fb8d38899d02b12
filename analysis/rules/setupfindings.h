#pragma once

#include "analysis/rules/findings.h"

namespace npuscope {

// Findings about how the profile was collected.

// profiler-overhead: collection options that distort timings (with_stack, profile_memory,
// record_shapes, Level2, aic_metrics, many active steps, no warmup).
std::optional<Finding> findProfilerOverhead(const ProfilerConfig &config);

// The collection script the profiler-overhead advice recommends (torch_npu, Level1, AiCoreNone,
// schedule wait=1 warmup=1 active=3, one output folder per rank).
QString recommendedCollectionSnippet();

} // namespace npuscope
