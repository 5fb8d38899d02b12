#pragma once

#include "model/core/trace.h"

namespace npuscope {

// The host side of kernel launches: the flows from the host op that launched a device task to
// the task (torch_npu's "async_npu" torch_to_npu flows; Kineto's "ac2g" / "async" flows from
// the runtime call), as msprof-analyze compare reads them.
class LaunchFlows {
public:
    explicit LaunchFlows(const Trace &trace);

    bool isLaunch(const Flow &flow) const;
    // The start of the host event whose launch flow ends at `device` (the flow's own time: a
    // flow starts where its host event starts); kNoLaunch when no launch flow ends there.
    TimeNs launchStart(EventRef device) const;

    static constexpr TimeNs kNoLaunch = -1;

private:
    const Trace &m_trace;
    std::vector<StringId> m_categories;
};

} // namespace npuscope
