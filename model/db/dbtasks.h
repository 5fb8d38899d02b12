#pragma once

#include "model/core/issue.h"
#include "model/core/types.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace npuscope {

class DbStrings;
class SqliteDb;

// The TASK table (every device task) as columns, looked up by globalTaskId: the kernel table,
// the stream tracks, the communication planes and the flows all start from it.
struct DbTasks {
    static constexpr std::int64_t kNotSet = 4294967295; // the profilers' "not set" (FORMATS.md §8)

    std::vector<std::int64_t> globalTaskId; // ascending
    std::vector<TimeNs> start;
    std::vector<TimeNs> end;
    std::vector<std::int64_t> connectionId; // -1 when not set
    std::vector<std::int32_t> stream;
    std::vector<std::int32_t> device;
    std::vector<std::uint32_t> taskType; // pool ids (DbStrings)
    std::vector<bool> parent; // its subtasks are rows of their own (DbParentTasks)

    std::size_t size() const { return globalTaskId.size(); }
    static constexpr std::size_t kNone = SIZE_MAX;
    // Index of the task with this globalTaskId (not set: nullopt), or kNone.
    std::size_t find(std::optional<std::int64_t> id) const;

    static DbTasks read(const SqliteDb &db, const DbStrings &strings, IssueList *issues);
};

} // namespace npuscope
