#pragma once

#include "analysis/rules/findings.h"

namespace npuscope {

// Findings read from the kernel rows alone (kernel_details.csv or a Kineto trace's kernels).
std::optional<Finding> findTransDataOverhead(const DetectorInput &in); // transdata-overhead
std::optional<Finding> findAiCpuFallback(const DetectorInput &in); // ai-cpu-fallback
std::optional<Finding> findLowBlockDim(const DetectorInput &in); // low-block-dim

} // namespace npuscope
