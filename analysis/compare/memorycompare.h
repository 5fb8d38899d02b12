#pragma once

#include "model/core/trace.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace npuscope {

class MemoryAllocations;

// The device memory the top-level framework operators of either run allocated, by operator
// name: a row of msprof-analyze compare's MemoryCompareStatistic sheet (mstt compare_tools:
// memory_statistic_bean.py, tree_builder.py, npu_profiling_parser.py _update_memory_list).
// Each allocation of operator_memory.csv belongs to the innermost cpu_op open at its time; a
// "cann::" allocation, made on the task queue's worker thread, at the time its dequeue slice
// was enqueued. An operator counts what it and every op nested in it allocated; the top-level
// operators are the children of ProfilerStep#N (and the ops outside any step).
struct MemoryDiffRow {
    QString name;
    // Allocated time summed over the allocations (release - allocation; 0 when never released,
    // as the vendor counts it).
    TimeNs baseAllocatedNs = 0;
    std::int64_t baseBytes = 0;
    qint64 baseCount = 0; // top-level operators of that name; 0: none in the base run
    TimeNs newAllocatedNs = 0;
    std::int64_t newBytes = 0;
    qint64 newCount = 0;

    std::int64_t deltaBytes() const { return newBytes - baseBytes; }
};

// One run: its trace, its allocations, the range of its compared step (from >= to: all).
struct MemorySide {
    const Trace *trace = nullptr;
    const MemoryAllocations *allocations = nullptr;
    TimeNs from = 0;
    TimeNs to = 0;
};

// Rows ordered as the vendor's sheet: by deltaBytes(), largest growth first; rows of equal
// delta in the order their operators first run (the base run's names, then the new run's).
// Empty when neither run has allocations.
std::vector<MemoryDiffRow> compareOperatorMemory(const MemorySide &base, const MemorySide &next);

} // namespace npuscope
