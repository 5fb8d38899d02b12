#pragma once

#include "model/core/kerneltable.h"
#include "model/core/trace.h"
#include "model/profile/profile.h"

namespace npuscope {

// Finds each kernel row's device event in the trace: same stream, same start time (exact in
// current files; within kJoinToleranceNs for old files whose CSV times lost precision).
KernelJoin joinKernels(const KernelTable &kernels, const Trace &trace);

// Without kernel_details.csv: the kernel table built from the trace: Kineto GPU kernel,
// memcpy and memset events, or every torch_npu device task; joined by construction.
KernelTable kernelsFromTrace(const Trace &trace, KernelJoin *join);

} // namespace npuscope
