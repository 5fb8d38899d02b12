#pragma once

#include "model/core/trace.h"

#include <QString>

#include <limits>
#include <vector>

namespace npuscope {

// One nn.Module call (or optimizer step) of a run, with the device time of the kernels launched
// while it ran. Built as msprof-analyze compare builds its module tree (mstt compare_tools:
// module_data_prepare.py, tree_builder.py, module_node.py):
// - forward: the with_stack "nn.Module: X_N" python_function slices and the "Optimizer.*" ops,
//   nested by time; a kernel belongs to the innermost one running when its launch flow starts
//   (its host op's start), and counts in the totals of that one and every enclosing one;
// - backward: for each fwdbwd flow from inside a forward module, the backward op it ends at,
//   named "[ BACKWARD ]" + that module's path; kernels launched inside such an op are its own.
struct ModuleNode {
    static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
    QString name; // "Conv2d_0", "Optimizer.step#SGD.step"; "[ BACKWARD ]/A_0/B_0" for backward
    QString path; // names from the top joined by "/": "DistributedDataParallel_0/AlexNet_0"
    QString moduleClass; // "Conv2d" (the name without "_N"), "Optimizer.step#SGD.step"
    int level = 2; // as the vendor counts: top-level modules are 2
    bool backward = false;
    EventRef event; // the module slice, or the backward op
    TimeNs start = 0;
    TimeNs end = 0;
    TimeNs selfDeviceNs = 0; // kernels launched in this module and in no module below it
    TimeNs totalDeviceNs = 0; // kernels launched in it and below
    std::uint32_t parent = kNone;
    std::vector<std::uint32_t> children; // by start
    std::vector<EventRef> kernels; // the device events of selfDeviceNs
};

struct ModuleTree {
    std::vector<ModuleNode> nodes; // parents before children
    std::vector<std::uint32_t> forwardRoots; // by start
    std::vector<std::uint32_t> backwardRoots;

    bool isEmpty() const { return nodes.empty(); }
    // The node and all its descendants' kernels (its totalDeviceNs), in no particular order.
    std::vector<EventRef> kernelsUnder(std::uint32_t node) const;
};

// The module tree of the host slices and launches that start in [from, to] (from >= to: all).
// Empty without with_stack python_function slices named "nn.Module: ...".
ModuleTree buildModuleTree(const Trace &trace, TimeNs from = 0, TimeNs to = 0);

} // namespace npuscope
