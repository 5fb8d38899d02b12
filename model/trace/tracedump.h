#pragma once

#include "model/core/trace.h"

#include <QString>

namespace npuscope {

// A deterministic text dump of a trace (tracks, slices with depth, counters, flows, stats),
// for tests that compare whole results and for debugging. Times are ns relative to minTime.
QString dumpTrace(const Trace &trace, int maxEventsPerTrack = 1000);

} // namespace npuscope
