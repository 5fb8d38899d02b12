#pragma once

#include "model/core/table.h"

#include <memory>

namespace npuscope {

// kernel_details.csv (or the kernel events of a Kineto trace) with its canonical columns
// resolved through the alias table of FORMATS.md §3. The full Table stays available for
// display of every column, including unknown ones.
class KernelTable {
public:
    static constexpr std::int32_t kNoValue = -1;
    // Longest Duration or Wait Time taken as real (2^42 ns, about 73 minutes; HCCL times out
    // after 30). Longer cells are damaged and treated as missing: this keeps the sums over
    // millions of rows the analysis makes far from int64 overflow (found by fuzz_profile).
    static constexpr TimeNs kMaxDurationNs = TimeNs(1) << 42;

    std::shared_ptr<const Table> table; // all columns as read (may be null for Kineto)
    StringPool strings; // pool for name/type/core/step below

    // One entry per row, same order as the table.
    std::vector<StringId> name;
    std::vector<StringId> type; // "N/A" at Level0
    std::vector<StringId> core; // Accelerator Core / Task Type
    std::vector<StringId> step; // "" when outside a step
    std::vector<std::int32_t> stream; // kNoValue for N/A (HCCL rows)
    std::vector<std::int32_t> blockDim; // kNoValue when missing
    std::vector<TimeNs> start; // absolute epoch ns; Table::kMissingNs when missing
    std::vector<TimeNs> duration; // ns; 0 when missing
    std::vector<TimeNs> wait; // ns; 0 when missing

    // Which canonical columns were found (index into table->columns, or -1).
    int nameColumn = -1, typeColumn = -1, coreColumn = -1, stepColumn = -1, streamColumn = -1,
        blockDimColumn = -1, startColumn = -1, durationColumn = -1, waitColumn = -1;

    qsizetype rowCount() const { return static_cast<qsizetype>(name.size()); }

    // Builds the typed view; reports missing required columns (name, start, duration) and
    // cells that cannot be parsed as issues.
    static KernelTable fromTable(std::shared_ptr<const Table> table, IssueList *issues);
};

} // namespace npuscope
