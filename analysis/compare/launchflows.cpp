#include "analysis/compare/launchflows.h"

#include <algorithm>

namespace npuscope {

LaunchFlows::LaunchFlows(const Trace &trace)
    : m_trace(trace)
{
    // mstt compare_tools: NPUProfilingParser.FLOW_CAT and GPUProfilingParser.FLOW_CAT.
    for (const char *name : { "async_npu", "ac2g", "async", "async_gpu", "async_cpu_to_gpu" }) {
        const StringId id = trace.strings.find(name);
        if (id.isValid())
            m_categories.push_back(id);
    }
}

bool LaunchFlows::isLaunch(const Flow &flow) const
{
    return flow.from.isValid() && flow.to.isValid()
        && std::find(m_categories.begin(), m_categories.end(), flow.category) != m_categories.end();
}

TimeNs LaunchFlows::launchStart(EventRef device) const
{
    if (!device.isValid() || m_categories.empty())
        return kNoLaunch;
    for (std::uint32_t f : m_trace.flowsTo(device)) {
        const Flow &flow = m_trace.flows[f];
        if (isLaunch(flow))
            return m_trace.event(flow.from).start;
    }
    return kNoLaunch;
}

} // namespace npuscope
