#include "model/db/dblaunchflows.h"

#include "model/db/dbtasks.h"
#include "model/db/dbtracereader.h"

#include <string>

namespace npuscope {

DbLaunchFlows::DbLaunchFlows(
    DbTraceReader &into, const DbTraceReader &device, const DbTraceReader &host)
    : m_into(into)
    , m_device(device)
    , m_host(host)
    , m_cann(device.m_cannRead ? device : host)
{
    m_deviceTrack = tracksOf(device);
    m_hostTrack = tracksOf(host);
    m_cannTrack = tracksOf(m_cann);
    m_h2d = into.intern("HostToDevice");
    m_npu = into.intern("torch_to_npu");
    m_npuCategory = into.intern("async_npu");
    // A launch per task at most, from CANN and from the framework op. With a flush the flows go
    // to the builder a batch at a time: the chunk's room is touched once and reused (a million
    // launches staged at once were 100 MB of fresh pages, their first touch most of their cost).
    RawChunk &chunk = into.m_chunk;
    const std::size_t flows
        = into.m_flush ? DbTraceReader::kFlowBatch + 4 : 4 * device.m_tasks.size();
    chunk.flows.reserve(chunk.flows.size() + flows);
    chunk.flowPairs.reserve(chunk.flowPairs.size() + flows / 2);
}

std::vector<std::uint32_t> DbLaunchFlows::tracksOf(const DbTraceReader &other)
{
    // The same pid and tid texts: one track.
    const RawChunk &chunk = other.m_chunk;
    std::vector<std::uint32_t> out(chunk.trackKeys.size());
    for (std::size_t i = 0; i < out.size(); ++i) {
        const auto [pid, tid] = chunk.trackKeys[i];
        out[i] = &other == &m_into ? std::uint32_t(i)
                                   : m_into.track(std::string(chunk.strings.view(StringId(pid))),
                                       std::string(chunk.strings.view(StringId(tid))));
    }
    return out;
}

void DbLaunchFlows::make(std::size_t first, std::size_t last, bool ops)
{
    m_into.beginTable(0);
    const auto &cann = m_cann.m_cann;
    const auto &connToIds = m_host.m_connToIds;
    const auto &opById = m_host.m_opById;
    auto link = [&](std::int64_t conn, TimeNs start, std::uint32_t tr) {
        if (conn < 0)
            return;
        if (const auto c = cann.find(conn); !c.empty())
            m_into.flow(c.back().ts, m_cannTrack[c.back().track], start, tr, m_h2d, m_h2d);
        for (const std::int64_t id : connToIds.find(conn))
            if (const auto op = opById.find(id); !op.empty())
                m_into.flow(
                    op.back().ts, m_hostTrack[op.back().track], start, tr, m_npu, m_npuCategory);
    };
    const DbTasks &tasks = m_device.m_tasks;
    for (std::size_t i = first; i < last && i < tasks.size(); ++i)
        if (!m_device.m_commTask[i] && !tasks.parent[i])
            link(tasks.connectionId[i], tasks.start[i], m_deviceTrack[m_device.m_taskTrack[i]]);
    if (ops)
        for (std::size_t i = 0; i < m_device.m_ops.size(); ++i)
            link(m_device.m_ops[i].connectionId, m_device.m_ops[i].start,
                m_deviceTrack[m_device.m_opTrack[i]]);
    m_into.flush();
}

} // namespace npuscope
