#pragma once

// Internal to the call tree (analysis/calltree/calltree.cpp): the frame events of a trace numbered
// in one range, each with the parent it gets in the tree, and the search for a kernel's launching
// frame.

#include "analysis/calltree/calltree.h"

#include <unordered_map>

namespace npuscope {

struct CallTreeLaunch {
    std::uint32_t frame = CallTreeNode::kNone;
    LaunchRule rule = LaunchRule::Unattributed;
};

// Where launcherOf() last found the flows into a kernel of each track (a position in
// Trace::flowsByTo per track id): the kernel rows of one stream come in ascending event order,
// so the next search gallops on from there instead of a binary search of all the flows.
struct LaunchCursor {
    std::vector<std::size_t> flowAt;
};

class CallTreeFrames {
public:
    CallTreeFrames() = default;
    CallTreeFrames(const Trace &trace, bool backwardUnderForward);

    CallTreeSource source = CallTreeSource::None;
    std::vector<TrackId> tracks; // the frame tracks
    std::vector<std::uint32_t> offset; // tracks.size() + 1: where each track's events start
    std::vector<std::uint32_t> parent; // per frame event: graft or nesting parent, or kNone
    std::vector<PathRule> graft; // per frame event: Nested unless another thread's event is parent
    std::vector<TimeNs> nestedChildNs; // per frame event: durations of the events nested in it
    std::vector<bool> stepName; // per trace string: a "ProfilerStep#N" name

    std::uint32_t size() const { return offset.empty() ? 0 : offset.back(); }
    const Event &event(std::uint32_t g) const;
    // The frame that launched the device event `kernel`; Unattributed when none.
    // With `cursor`, searches on from where the last search of the kernel's track ended.
    CallTreeLaunch launcherOf(EventRef kernel, LaunchCursor *cursor = nullptr) const;

private:
    void chooseTracks();
    void nest();
    void flowGrafts(bool backwardUnderForward);
    void sequenceGrafts();
    void callerGrafts();
    std::uint32_t global(EventRef ref) const;
    std::uint32_t frameCovering(int frameTrack, TimeNs t) const;
    std::uint32_t frameAt(int frameTrack, EventRef at) const;
    CallTreeLaunch launchThroughCann(EventRef call) const;
    std::size_t firstFlowTo(EventRef kernel, LaunchCursor *cursor) const;

    const Trace *m_trace = nullptr;
    std::vector<int> m_frameOf; // per trace track: its index in `tracks`, or -1
    std::unordered_map<std::uint32_t, int> m_frameByTid; // host thread tid key -> frame track
    std::vector<std::uint32_t> m_nestParent;
    bool m_backwardFlows = false; // some fwdbwd flow placed backward work
    int m_caller = -1; // the frame track whose frames other threads' top-level work goes under
    StringId m_python;
};

} // namespace npuscope
