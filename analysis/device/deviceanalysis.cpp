#include "analysis/device/deviceanalysis.h"

namespace npuscope {

DeviceAnalysis analyseDevice(const RankProfile &rank, const KernelKinds *kinds)
{
    const DeviceWork work = DeviceWork::collect(rank, kinds);
    DeviceAnalysis a;
    a.kineto = work.kineto();
    a.scope = work.scope();
    a.excluded = work.excluded();
    a.linked = work.linked();
    a.lastStep = work.lastStep();
    a.time = computeDeviceTime(work);
    a.idle = computeIdleBreakdown(work);
    a.launches = computeLaunchStats(work);
    return a;
}

} // namespace npuscope
