#pragma once

#include "model/core/table.h"
#include "model/profile/profile.h"

#include <memory>

namespace npuscope {

// operator_details.csv's durations rebuilt from a trace, for the profiles that have no such file
// (the profiler's database, Kineto traces): one row per framework op (a "cpu_op" slice on a host
// thread, "Operator" in Kineto traces before PyTorch 1.9; ProfilerStep#N left out, as torch_npu
// leaves it out), in order of start.
// - Host Total: the op's duration; Host Self: minus the ops nested directly in it.
// - Device Self: the device tasks launched by the op itself (a flow from the op, or from a call
//   nested in it and in no deeper op, to a device stream: torch_to_npu, Kineto's ac2g), each task
//   counted once; Device Total: with the ops nested in it.
// - "With AICore": the tasks whose kernel row's Accelerator Core is AI_CORE or AI_VECTOR_CORE
//   (torch_npu's rule: its trace calls both AI_CORE; MIX_AIV kernels are not in it); not in
//   the table of a Kineto trace (a GPU has no AI Core).
// - Counted: kernels and memory copies; not stream event records and waits nor the profiler's
//   own tasks (operator_details.csv gives record_event and wait_event no device time).
// Null when the trace has no framework op. Input Shapes and Call Stack are not read here (they are
// the op's args, read when a view shows the op).
std::shared_ptr<const Table> frameworkOperators(const RankProfile &rank);

} // namespace npuscope
