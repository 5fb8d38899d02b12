#pragma once

#include "analysis/rules/findings.h"

namespace npuscope {

// Findings about how the framework and CANN were set up to run the model, after the checks of
// msprof-analyze's advisor (issue 36): the environment, the operators' compile mode and the
// Python APIs that torch_npu has faster versions of.

// env-vars: ENV_VARIABLES of profiler_metadata.json (or META_DATA) judged by the advisor's
// conditions.
std::optional<Finding> findEnvVars(const DetectorInput &in);
// dynamic-shape: every operator with an OP State ran "dynamic" (compiled for each new shape).
std::optional<Finding> findDynamicShape(const DetectorInput &in);
// affinity-api: optimizer steps (Optimizer.step#SGD.step) that torch_npu has a fused optimizer
// for, with their Python call stacks.
std::optional<Finding> findAffinityApi(const DetectorInput &in);

// The OP State column of the kernel table ("OP State"), or -1.
int opStateColumn(const KernelTable &kernels);

} // namespace npuscope
