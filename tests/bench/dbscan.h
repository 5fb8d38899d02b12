#pragma once

// The bare SQLite scan of a profiler database's kernel rows: what reading the kernel table
// costs with nothing but SQLite's C API, the yardstick of the database reader (issue 27: the
// reader must reach 70% of this speed on the same rows).

#include <cstdint>
#include <string>

namespace npuscope::bench {

enum class DbScanStrings {
    Joined, // names joined in SQL: TASK x COMPUTE_TASK_INFO x STRING_IDS (name, opType, taskType)
    Table, // STRING_IDS read once into a vector, then TASK x COMPUTE_TASK_INFO by integer ids
};

struct DbScanResult {
    bool ok = false;
    std::string error;
    std::int64_t rows = 0; // kernel rows (compute tasks)
    std::int64_t textBytes = 0; // bytes of the name, Type and Accelerator Core texts seen
    std::uint64_t checksum = 0; // of every value read (the same for both DbScanStrings)
    double seconds = 0; // open to last row
};

// Opens path read-only and immutable (no journal, nothing written) and reads, per compute task,
// startNs, endNs, deviceId, streamId, taskId, connectionId, blockDim, mixBlockDim and the texts
// of name, opType and taskType (Accelerator Core).
DbScanResult scanKernelRows(const std::string &path, DbScanStrings strings);

} // namespace npuscope::bench
