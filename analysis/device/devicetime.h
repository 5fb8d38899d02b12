#pragma once

#include "model/core/types.h"

#include <QtGlobal>

#include <optional>

namespace npuscope {

class DeviceWork;

// Where the device's time went, with the definitions of HTA's temporal breakdown
// (hta/analyzers/breakdown_analysis.py), in exact ns. Busy time is the union over all streams of
// the tasks in scope, so a moment when two streams run counts once.
struct DeviceTime {
    qsizetype tasks = 0; // tasks measured
    TimeNs spanNs = 0; // first task's start to the last task's end ("kernel_time" in HTA)
    TimeNs busyNs = 0; // union of every task
    TimeNs idleNs = 0; // span - busy
    TimeNs computeNs = 0; // union of the compute tasks
    TimeNs nonComputeNs = 0; // busy - compute: communication, memory, other not under compute
    TimeNs commNs = 0; // union of the communication tasks
    TimeNs commOverlapNs = 0; // communication while compute runs (HTA's comm-comp overlap)

    // HTA rounds every timestamp of a trace written in ns (fractional µs) to whole µs, start up
    // and end down (round_down_time_stamps, a workaround for PyTorch < 2.3 whose ns events could
    // overlap). That shortens each task by up to 1 µs and turns back-to-back tasks into 1 µs gaps.
    // These are the same four numbers computed that way, to reconcile with HTA's defaults; set
    // only when some task time is not a whole µs.
    struct Rounded {
        TimeNs spanNs = 0;
        TimeNs idleNs = 0;
        TimeNs computeNs = 0;
        TimeNs nonComputeNs = 0;
    };
    std::optional<Rounded> htaRounded;

    // Share of the communication time that overlaps compute; -1 without communication.
    double commOverlapRatio() const
    {
        return commNs > 0 ? double(commOverlapNs) / double(commNs) : -1.0;
    }
};

DeviceTime computeDeviceTime(const DeviceWork &work);

} // namespace npuscope
