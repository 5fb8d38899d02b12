#pragma once

#include "model/core/types.h"

#include <QtGlobal>

#include <vector>

namespace npuscope {

class DeviceWork;

// How many tasks a stream had queued: +1 when the host launches one, -1 when it starts on the
// device (HTA's queue length, hta/analyzers/trace_counters.py).
struct StreamQueue {
    int stream = -1;
    int maxLength = 0;
    double meanLength = 0; // over the launch and start events, as HTA's summary averages
};

// The launches of device tasks by the runtime (cudaLaunchKernel, cudaMemcpyAsync, ...; every
// linked host call of an Ascend trace), as HTA's CUDA kernel launch statistics measure them
// (hta/analyzers/cuda_kernel_analysis.py): the launch delay (the task's start minus the end of
// its launch call, at least 0), short kernels (the launch call takes at most kShortLaunchNs and
// longer than the kernel it launched: launch-bound), long launch calls.
struct LaunchStats {
    // HTA's defaults: runtime_cutoff 50 µs, launch_delay_cutoff 100 µs.
    static constexpr TimeNs kShortLaunchNs = 50'000;
    static constexpr TimeNs kLongDelayNs = 100'000;

    qsizetype launches = 0; // tasks with a runtime launch
    TimeNs delayMeanNs = 0;
    TimeNs delayP50Ns = 0;
    TimeNs delayP95Ns = 0;
    TimeNs delayMaxNs = 0;
    qsizetype longDelays = 0; // delay > kLongDelayNs
    qsizetype shortKernels = 0;
    TimeNs shortKernelsDeviceNs = 0; // their device time
    TimeNs shortKernelsLaunchNs = 0; // their launch calls' time
    qsizetype longLaunches = 0; // launch call > kShortLaunchNs
    std::vector<StreamQueue> queues; // by stream number
};

LaunchStats computeLaunchStats(const DeviceWork &work);

} // namespace npuscope
