#pragma once

#include "analysis/compare/overallmetrics.h"
#include "analysis/stats/intervals.h"

namespace npuscope {

// The uncovered communication of each communication group of `trace`, the rows under
// "Uncovered Communication Time" of msprof-analyze compare (mstt compare_tools,
// npu_profiling_parser.py __add_communication_wait_time): the HCCL process's threads whose
// name holds "Communication" are the groups (their events the collective ops), the named
// threads after one in thread order its planes (their events the tasks). A group's time is
// where its ops overlap `uncovered`; its wait, where the Notify_Wait tasks of the plane with
// the least Notify_Wait time do (a Notify_Wait after RDMASend, RDMASend or after RDMASend,
// RDMASend, Notify_Wait, RDMASend is transfer, not waiting). Events that start in [from, to]
// count (from >= to: all).
std::vector<CommGroupTime> communicationGroups(
    const Trace &trace, TimeNs from, TimeNs to, const IntervalSet &uncovered);

} // namespace npuscope
