#pragma once

#include "analysis/rules/findingchecks.h"
#include "analysis/rules/findings.h"
#include "model/memory/memoryprofile.h"

#include <memory>
#include <optional>

namespace npuscope {

// The memory files of a rank (memory_record.csv, operator_memory.csv, npu_module_mem.csv or
// their database tables) as one MemoryProfile; null when the rank has none of them.
std::shared_ptr<const MemoryProfile> rankMemory(const RankProfile &rank);

// The device memory findings (DESIGN.md, analysis catalogue) and what each needs.
std::optional<Finding> findMemoryNearCapacity(const DetectorInput &in);
std::optional<Finding> findMemoryFragmentation(const DetectorInput &in);
std::optional<Finding> findMemoryGrowth(const DetectorInput &in);
std::optional<Finding> findLargeAllocations(const DetectorInput &in);

std::optional<MissingData> missingCapacity(const DetectorInput &in); // memory-near-capacity
std::optional<MissingData> missingMemoryRecord(const DetectorInput &in); // memory-fragmentation
std::optional<MissingData> missingAllocationSteps(const DetectorInput &in); // memory-growth
std::optional<MissingData> missingAllocations(const DetectorInput &in); // large-allocations

// The highest reserved memory the profile shows for the whole device (npu_module_mem's sum
// over modules, else the largest component's reserved), in MB, and when; nullopt when none.
struct MemoryPeak {
    double mb = 0;
    TimeNs time = 0;
    QString source; // "npu_module_mem.csv" or "memory_record.csv <component>"
};
std::optional<MemoryPeak> deviceMemoryPeak(const MemoryProfile &memory);

} // namespace npuscope
