#pragma once

#include "model/core/issue.h"
#include "model/core/table.h"
#include "model/core/trace.h"

#include <QStringList>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace npuscope {

// What a profiler database (FORMATS.md §8: ascend_pytorch_profiler*.db, ascend_mindspore_profiler
// *.db, msprof_*.db) holds, in the shapes the text loaders produce: the timeline as trace_view.json
// gives it, and the tables as their CSV twins, so that every view works on either.
struct DatabaseContents {
    std::shared_ptr<Trace> trace; // null when the database has no timeline table
    std::shared_ptr<const Table> kernels; // as kernel_details.csv
    std::shared_ptr<const Table> stepTrace; // as step_trace_time.csv (analysis.db)
    std::shared_ptr<const Table> memoryRecord; // as memory_record.csv
    std::shared_ptr<const Table> operatorMemory; // OP_MEMORY as operator_memory.csv
    std::shared_ptr<const Table> moduleMemory; // NPU_MODULE_MEM as npu_module_mem.csv
    QString schemaVersion; // META_DATA SCHEMA_VERSION, "1.0.0"
    // Every META_DATA row (name, value) in table order: ENV_VARIABLES and, when recorded,
    // distributed_args and parallel_group_info as JSON texts (profilerMetadataFromRows()).
    std::vector<std::pair<QString, QString>> metaData;
    QString npuName; // NPU_INFO name, "Ascend910B"
    std::optional<int> aiCoreCount; // NPU_INFO's AI core count, when the schema has one
    QStringList notCollected; // absent tables ("TASK", "PYTORCH_API", ...)
    bool opened = false; // false: the file could not be read at all (see the issues)
    int readers = 0; // the connections that read the trace: 2 on two or more threads, else 1
};

// Reads the database at `path` read-only and immutable (nothing is written next to it); the
// analysis database beside it (`analysisPath`, may be empty) gives the step breakdown.
// threads: 0 for all cores; two or more read the tables on two connections and build the trace's
// indexes on that many. Problems go to `issues`, each naming the file and table.
DatabaseContents readProfilerDatabase(
    const QString &path, const QString &analysisPath, int threads, IssueList *issues);

// The small part only (lazy ranks): META_DATA, NPU_INFO, the absent tables and the step
// breakdown of the analysis database; no trace, no kernel table. Only the analysis database's
// problems go to `issues`: the full load reports the database's.
DatabaseContents readProfilerDatabaseSummary(
    const QString &path, const QString &analysisPath, IssueList *issues);

} // namespace npuscope
