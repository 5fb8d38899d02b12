#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace npuscope {

class DbTraceReader;

// The launch flows of a profiler database, as torch_npu writes them into trace_view.json:
// HostToDevice from the CANN launch (CANN_API) to each of its device tasks, torch_to_npu from
// the framework op (PYTORCH_API, through CONNECTION_IDS) to the same tasks; the tasks of an HCCL
// operation share its launch, so theirs go to the operation. Made into one reader's chunk; two
// of them, into two readers' chunks, split the tasks between two threads.
class DbLaunchFlows {
public:
    // Into `into`'s chunk, from `device`'s tasks and `host`'s framework tables, with CANN_API's
    // launches from whichever of the two read it; any of them may be the same reader. Maps the
    // other readers' tracks into `into`'s chunk now: make every DbLaunchFlows of a read before
    // running any on a thread of its own; make() then only reads the other readers.
    DbLaunchFlows(DbTraceReader &into, const DbTraceReader &device, const DbTraceReader &host);

    // The flows to the device reader's tasks [first, last) and, when `ops`, to its HCCL
    // operations; handed to `into`'s flush when it has one.
    void make(std::size_t first, std::size_t last, bool ops);

private:
    std::vector<std::uint32_t> tracksOf(const DbTraceReader &other);

    DbTraceReader &m_into;
    const DbTraceReader &m_device;
    const DbTraceReader &m_host;
    const DbTraceReader &m_cann;
    // The device, host and CANN readers' tracks as tracks of `into`'s chunk.
    std::vector<std::uint32_t> m_deviceTrack, m_hostTrack, m_cannTrack;
    std::uint32_t m_h2d = 0, m_npu = 0, m_npuCategory = 0;
};

} // namespace npuscope
