#pragma once

#include "analysis/rules/findings.h"

namespace npuscope {

// Findings about the host side of training, read from the trace's framework and CANN API
// events, after the schedule checks of msprof-analyze's advisor (issue 36): stream
// synchronisation, garbage collection, the data loader, operator compilation, SyncBatchNorm and
// the memory APIs.

// sync-stream: aclrtSynchronizeStream right after Node@launch for most launches (operators run
// one at a time, as with ASCEND_LAUNCH_BLOCKING=1), with the Python stacks of the callers.
std::optional<Finding> findSyncStream(const DetectorInput &in);
// gc: Python garbage collections of the GC events (torch_npu's gc_detect_threshold) over the
// advisor's bar; without them, device idle gaps with almost no CANN API call (conjectured GC).
std::optional<Finding> findGc(const DetectorInput &in);
// dataloader: DataLoader calls (enumerate(DataLoader)#...) over the advisor's bar.
std::optional<Finding> findDataloader(const DetectorInput &in);
// op-dispatch: operators compiled on the host (AscendCL@aclopCompileAndExecute) at least as
// often as the advisor's bar.
std::optional<Finding> findOpDispatch(const DetectorInput &in);
// syncbn: SyncBatchNorm calls at least as many as the advisor's bar.
std::optional<Finding> findSyncBn(const DetectorInput &in);
// memory-ops: the CANN memory APIs (aclMallocMemInner, aclrtFree, aclrtFreePhysical) whose
// total time is over the advisor's bar.
std::optional<Finding> findMemoryOps(const DetectorInput &in);

// Whether the trace has GC events (category "gc"): torch_npu records them only when asked to.
bool hasGcEvents(const Trace &trace);
// Whether the trace has events on CANN API tracks (profiler_level Level1 and higher).
bool hasCannApis(const Trace &trace);

} // namespace npuscope
