#pragma once

#include "model/core/issue.h"
#include "model/core/stringpool.h"
#include "model/core/table.h"
#include "model/db/dbcommops.h"
#include "model/db/dbtablebuilder.h"

#include <array>
#include <memory>
#include <vector>

namespace npuscope {

class DbStrings;
class SqliteDb;
struct DbTasks;

// kernel_details.csv rebuilt from TASK + COMPUTE_TASK_INFO (+ the HCCL operations), with the
// text export's columns, rows in start order and its Wait Time.
class DbKernelReader {
public:
    DbKernelReader(const SqliteDb &db, const StringPool &pool, const DbStrings &strings,
        const DbTasks &tasks, const std::vector<DbCommOp> &ops);

    // COMPUTE_TASK_INFO, first: the trace reader names the tasks after it (taskNames()).
    void readCompute(IssueList *issues);
    // Then the table: it reads only `db` (STEP_TIME; a connection of its own when it runs beside
    // the trace reader) and what readCompute() kept, never the pool again, so that another
    // thread may go on interning into it meanwhile.
    std::shared_ptr<Table> table(const SqliteDb &db, IssueList *issues);
    std::shared_ptr<Table> read(IssueList *issues)
    {
        readCompute(issues);
        return table(m_db, issues);
    }
    using Pmu = std::array<float, 9>;
    // Per task (DbTasks index): its kernel name (an id of `pool`) or 0 for other tasks.
    const std::vector<std::uint32_t> &taskNames() const { return m_taskName; }

private:
    struct Compute {
        std::size_t task;
        std::uint32_t name, type, core, shapes[6];
        std::optional<std::int64_t> blockDim, mixBlockDim;
    };
    struct Row {
        TimeNs start, end;
        std::int64_t order; // globalTaskId, or past them for operations
        std::size_t index; // into m_compute, or into the operations when comm
        bool comm;
    };
    std::vector<Row> rowsInOrder() const;
    void addColumns(DbTableBuilder &t);
    void writeRow(DbTableBuilder &t, const Row &row, TimeNs wait, std::string_view step);
    StringId cell(DbTableBuilder &t, std::uint32_t poolId);
    void readSteps(const SqliteDb &db, IssueList *issues);
    void readPmu(IssueList *issues);
    std::string_view stepOf(TimeNs start) const;

    const SqliteDb &m_db;
    const StringPool &m_pool;
    const DbStrings &m_strings;
    const DbTasks &m_tasks;
    const std::vector<DbCommOp> &m_ops;
    std::vector<Compute> m_compute;
    std::vector<std::uint32_t> m_taskName;
    std::vector<std::string_view> m_texts; // pool id -> its text, as readCompute() left the pool
    std::vector<StringId> m_remap; // pool id -> table id
    struct Step {
        TimeNs start, end;
        std::string id;
    };
    std::vector<Step> m_steps;
    // TASK_PMU_INFO's pipeline ratios per compute task (kPmuNames; NaN when absent), the
    // aic_*_ratio / aiv_*_ratio columns of kernel_details.csv; empty when the table has none.
    std::vector<Pmu> m_pmu;
    bool m_blockNum = false; // schema 1.2 names: "Block Num"
    int m_col[17] = {};
};

} // namespace npuscope
