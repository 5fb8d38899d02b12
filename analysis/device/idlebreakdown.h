#pragma once

#include "model/core/types.h"

#include <QtGlobal>

#include <vector>

namespace npuscope {

class DeviceWork;

// Why each stream sat idle between two of its tasks, as HTA's idle time breakdown sorts it
// (hta/analyzers/breakdown_analysis.py, get_idle_time_breakdown): host wait when the host
// launched the next task only after the previous one ended (the host did not keep the queue
// full); kernel wait when the host had launched it in time and the gap is shorter than
// kKernelWaitNs (the device's own kernel-to-kernel overhead); other for the rest (waits on
// other streams, synchronisation).
struct StreamIdle {
    int stream = -1;
    qsizetype gaps = 0; // positive gaps between consecutive tasks
    TimeNs hostWaitNs = 0;
    TimeNs kernelWaitNs = 0;
    TimeNs otherNs = 0;
    TimeNs totalNs() const { return hostWaitNs + kernelWaitNs + otherNs; }
};

struct IdleBreakdown {
    // HTA's default consecutive_kernel_delay (trace_analysis.py): 30 µs.
    static constexpr TimeNs kKernelWaitNs = 30'000;
    std::vector<StreamIdle> streams; // by stream number
    qsizetype linkedTasks = 0; // tasks whose launch the trace links; 0: no host wait known
    StreamIdle total() const; // summed over the streams (stream -1)
};

IdleBreakdown computeIdleBreakdown(const DeviceWork &work);

} // namespace npuscope
