#pragma once

#include "model/core/trace.h"

#include <QString>

namespace npuscope {

// Where an allocation of operator_memory.csv was made, found in the trace: the innermost host
// slice named after its operator that runs at the allocation time, and (with with_stack) the
// innermost python_function slice around that operator on the same thread. Invalid refs when
// the trace has none.
struct AllocationSite {
    EventRef op;
    EventRef frame;
};

AllocationSite allocationSite(const Trace &trace, const QString &operatorName, TimeNs t);

} // namespace npuscope
