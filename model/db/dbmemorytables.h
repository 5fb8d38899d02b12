#pragma once

#include "model/core/issue.h"

#include <memory>

namespace npuscope {

class DbStrings;
class SqliteDb;
class StringPool;
class Table;

// The database's memory tables in the shapes of their CSV twins, so that the memory view and
// findings read either: OP_MEMORY as operator_memory.csv (bytes to KB, ns to µs, names from
// STRING_IDS) and NPU_MODULE_MEM as npu_module_mem.csv (module ids from ENUM_MODULE, bytes to
// MB). Null when the table is absent.
std::shared_ptr<const Table> readOperatorMemoryTable(
    const SqliteDb &db, const DbStrings &strings, const StringPool &pool, IssueList *issues);
std::shared_ptr<const Table> readModuleMemoryTable(const SqliteDb &db, IssueList *issues);

} // namespace npuscope
