#pragma once

#include "model/profile/profile.h"

#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

namespace npuscope {

// What the frames of a call tree are: with_stack Python frames (with the framework ops nested
// under them), framework ops alone, or, when the trace has no framework thread, CANN calls.
enum class CallTreeSource : std::uint8_t { None, PythonFrames, FrameworkOps, CannCalls };

// How a kernel row found the host frame that launched it.
enum class LaunchRule : std::uint8_t {
    Flow, // a flow from a frame event (torch_to_npu, Kineto ac2g / async) ends at the kernel
    CannThread, // a flow from a CANN call, inside a frame event of the same thread
    Unattributed, // no launch found, or the kernel is not in the trace
};
constexpr int kLaunchRuleCount = 3;

// How a frame event got its place in the tree when its thread is not where it was caused.
enum class PathRule : std::uint8_t {
    Nested, // only nesting in time on its own thread
    ForwardBackward, // backward work under the forward op that caused it (fwdbwd flow)
    TaskQueue, // dequeued work under the enqueue that queued it (async_task_queue flow)
    Caller, // another thread's top-level work under the caller's frame running at that time
            // (the frame that called backward(), when no fwdbwd flow says more)
    Sequence, // backward work under the forward op of the same "Sequence number" (traces
              // without fwdbwd flows, such as older Kineto ones)
};
constexpr int kPathRuleCount = 5;

// Runs fn(0) .. fn(tasks - 1), in any order and possibly at once on other threads, and returns
// when all have run. The analysis starts no thread of its own: a caller that has a pool passes
// it in this form (the app: QtConcurrent's).
using ParallelFor
    = std::function<void(std::size_t tasks, const std::function<void(std::size_t)> &fn)>;

struct CallTreeOptions {
    // Host events and kernels that start in [from, to] count (a step, a selected range).
    TimeNs from = std::numeric_limits<TimeNs>::min();
    TimeNs to = std::numeric_limits<TimeNs>::max();
    // Backward work linked to its forward op by a fwdbwd flow goes under that op (and so under
    // the model line that ran it); false: under the frame that called backward(), like the rest.
    bool backwardUnderForward = true;
    // Where the launch search of a large kernel table runs beside the host costs; null: all on
    // the calling thread.
    ParallelFor parallel;
};

// One frame of the tree: a call path. Costs in ns; totals include the descendants.
struct CallTreeNode {
    static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
    StringId name; // in the trace's string pool; invalid for the unattributed entry
    std::uint32_t parent = kNone;
    std::uint32_t depth = 0;
    std::uint32_t calls = 0; // frame events in range on this path
    TimeNs selfHost = 0;
    TimeNs totalHost = 0;
    TimeNs selfDevice = 0; // kernels launched by this frame's own events
    TimeNs totalDevice = 0;
    std::vector<std::uint32_t> children;
};

// The host call tree of one rank with the device time of the kernel rows attributed to the frames
// that launched them. attributedDeviceNs + unattributedDeviceNs == totalDeviceNs exactly, and
// the roots' totalDevice add up to totalDeviceNs (the unattributed entry is a root).
struct CallTree {
    CallTreeSource source = CallTreeSource::None;
    std::shared_ptr<const Trace> trace; // the names; may be null (no trace: all unattributed)
    std::vector<CallTreeNode> nodes; // parents before children
    std::vector<std::uint32_t> roots; // by total device time, then total host time
    std::uint32_t unattributed = CallTreeNode::kNone; // its node
    TimeNs totalDeviceNs = 0; // the kernel rows in range
    TimeNs attributedDeviceNs = 0;
    TimeNs unattributedDeviceNs = 0;
    // Kernel rows and their device ns by (launch rule, path rule of the launching frame).
    std::array<std::array<qint64, kPathRuleCount>, kLaunchRuleCount> kernelsByRule {};
    std::array<std::array<TimeNs, kPathRuleCount>, kLaunchRuleCount> deviceNsByRule {};
    // Per kernel row: its node (kNone when out of range), and the path rule of its launching frame
    // (Nested for unattributed rows).
    std::vector<std::uint32_t> rowNode;
    std::vector<PathRule> rowPathRule;
    // The frame events of the tree: frameTracks[t]'s events are eventNode[trackOffset[t] + i]
    // (kNone when out of range).
    std::vector<TrackId> frameTracks;
    std::vector<std::uint32_t> trackOffset;
    std::vector<std::uint32_t> eventNode;
    // Every "ProfilerStep#N" frame is one path: a tree aggregated over the steps, not a copy of
    // the tree per step. Its nodes carry the first step name met (`stepName`); when steps of more
    // than one N were merged (`mergedSteps`) nodeName() calls them "ProfilerStep#*".
    StringId stepName;
    bool mergedSteps = false;

    // The unattributed entry: a translated label; merged steps: "ProfilerStep#*".
    QString nodeName(std::uint32_t node) const;
    std::uint32_t nodeOfEvent(EventRef ref) const; // kNone when it is no frame event
    // The node and all below it, flagged (size nodes.size()).
    std::vector<bool> subtree(std::uint32_t node) const;
    // Kernel rows launched under `node` (the node itself included), in row order.
    std::vector<qint32> rowsUnder(std::uint32_t node) const;
    // Frame events on `node`'s path itself (not below), in track then time order.
    std::vector<EventRef> eventsOf(std::uint32_t node) const;
};

// Builds the tree of `trace`'s host frames and attributes the kernel rows (joined to device
// events by `join`) to them. `kernels` may be null or empty (no device time); `trace` null (all
// device time unattributed).
CallTree buildCallTree(std::shared_ptr<const Trace> trace, const KernelTable *kernels,
    const KernelJoin *join, const CallTreeOptions &options = {});
CallTree buildCallTree(const RankProfile &rank, const CallTreeOptions &options = {});

QString callTreeSourceName(CallTreeSource source); // translated
QString launchRuleName(LaunchRule rule);
QString pathRuleName(PathRule rule);
QString launchRuleKey(LaunchRule rule); // "flow", ... (stable, for JSON)
QString pathRuleKey(PathRule rule);

} // namespace npuscope
