#pragma once

#include "widgets/timeline/timelinecolors.h"

#include <vector>

namespace npuscope {

class KernelTable;
class Trace;
struct KernelJoin;

// The CoreClass of every trace event joined to a kernel row, per track (TimelineColors'
// AcceleratorCore mode). Classified from the row's Accelerator Core, with the communication,
// AI_CPU and cube rules of KernelKinds, so that the timeline and the findings agree.
std::vector<std::vector<CoreClass>> kernelCoreClasses(
    const Trace &trace, const KernelTable &kernels, const KernelJoin &join);

// One Accelerator Core / Task Type value (and kernel name, for copies) to its class.
CoreClass coreClassOf(QStringView core, QStringView name);

} // namespace npuscope
