#include "app/reports/profilesteps.h"

#include "model/core/trace.h"
#include "model/profile/profile.h"

namespace npuscope {

TimeNs rankTimeOrigin(const RankProfile &rank)
{
    if (rank.trace)
        return rank.trace->minTime;
    TimeNs base = 0;
    bool any = false;
    if (rank.kernels) {
        for (const TimeNs start : rank.kernels->start) {
            if (start != Table::kMissingNs && (!any || start < base)) {
                base = start;
                any = true;
            }
        }
    }
    return base;
}

} // namespace npuscope
