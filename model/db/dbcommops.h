#pragma once

#include "model/core/issue.h"
#include "model/core/types.h"

#include <cstdint>
#include <vector>

namespace npuscope {

class DbStrings;
class SqliteDb;
struct DbTasks;

// One HCCL operation: a row of COMMUNICATION_OP or, when that table is absent, the span of the
// COMMUNICATION_TASK_INFO tasks of one opId.
struct DbCommOp {
    TimeNs start = 0;
    TimeNs end = 0;
    std::int64_t connectionId = -1;
    std::uint32_t name = 0; // pool ids (DbStrings)
    std::uint32_t type = 0;
    std::uint32_t group = 0;
    std::int32_t device = 0;
};

std::vector<DbCommOp> readCommOps(
    const SqliteDb &db, const DbStrings &strings, const DbTasks &tasks, IssueList *issues);

} // namespace npuscope
