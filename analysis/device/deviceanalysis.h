#pragma once

#include "analysis/device/devicetime.h"
#include "analysis/device/devicework.h"
#include "analysis/device/idlebreakdown.h"
#include "analysis/device/launchstats.h"

namespace npuscope {

class KernelKinds;
struct RankProfile;

// HTA's per-rank analyses of one rank's device (temporal breakdown, idle time breakdown,
// communication-computation overlap, kernel launch statistics, queue length) over the same
// tasks (DeviceWork), for Kineto and Ascend traces alike. The tasks themselves are not kept.
struct DeviceAnalysis {
    bool kineto = false;
    DeviceScope scope = DeviceScope::All;
    qsizetype excluded = 0; // tasks left out by the scope
    qsizetype linked = 0; // tasks the trace links to their launch (DeviceWork::linked)
    QString lastStep; // the step the scope left out ("ProfilerStep#105"); empty for All
    DeviceTime time;
    IdleBreakdown idle;
    LaunchStats launches;
};

DeviceAnalysis analyseDevice(const RankProfile &rank, const KernelKinds *kinds);

} // namespace npuscope
