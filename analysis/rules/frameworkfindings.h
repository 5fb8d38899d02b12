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

// The frames of a "Call stack" arg ("a.py(1): f;\r\nb.py(2): g"), innermost first.
QStringList callStackFrames(const QString &stack);
// The innermost frame of the user's own code: not a library's, not the interpreter's; else the
// innermost frame.
QString userFrame(const QStringList &frames);

// The OP State column of the kernel table ("OP State"), or -1.
int opStateColumn(const KernelTable &kernels);

} // namespace npuscope
