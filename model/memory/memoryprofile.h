#pragma once

#include "model/core/issue.h"
#include "model/core/types.h"
#include "model/memory/memoryallocations.h"

#include <QString>

#include <limits>
#include <vector>

namespace npuscope {

class Table;

// One component's memory over time (memory_record.csv: PTA, GE, PTA+GE, APP), in MB as the file
// writes it; NaN where the file has no value (APP has no allocated column). Samples are sorted by
// time; a peak is the first sample that reaches the maximum.
struct MemoryCurve {
    static constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
    QString component;
    std::vector<TimeNs> times;
    std::vector<double> allocated, reserved, active;
    double peakAllocatedMb = kNone;
    TimeNs peakAllocatedTime = 0;
    double peakReservedMb = kNone;
    TimeNs peakReservedTime = 0;
    double reservedAtPeakMb = kNone; // reserved at the allocated peak

    bool hasAllocated() const { return peakAllocatedMb == peakAllocatedMb; }
    bool hasReserved() const { return peakReservedMb == peakReservedMb; }
    // The allocated peak; the reserved one when the component records no allocation.
    TimeNs peakTime() const { return hasAllocated() ? peakAllocatedTime : peakReservedTime; }
};

// The memory files of one rank (profile_memory=True): the curves, the device's reserved memory
// summed over its modules (npu_module_mem.csv) and every operator allocation.
struct MemoryProfile {
    std::vector<MemoryCurve> components; // in the order they first appear in memory_record.csv
    // npu_module_mem.csv: at each sample, the sum of every module's latest Total Reserved(MB)
    // (component "NPU modules"); empty when the file is absent.
    MemoryCurve deviceTotal;
    MemoryAllocations allocations;
    QString recordPath; // memory_record.csv, or the database

    bool empty() const
    {
        return components.empty() && deviceTotal.times.empty() && allocations.empty();
    }
    const MemoryCurve *component(const QString &name) const;
    // The component whose allocations operator_memory.csv records (the framework's caching
    // allocator, "PTA"); else the first with an allocated peak; null when none.
    const MemoryCurve *allocatorCurve() const;
};

// Any table may be null (not collected). Problems go to `issues`, naming the file.
MemoryProfile buildMemoryProfile(const Table *memoryRecord, const Table *operatorMemory,
    const Table *moduleMemory, IssueList *issues);

} // namespace npuscope
