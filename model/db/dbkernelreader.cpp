#include "model/db/dbkernelreader.h"

#include "model/core/hugepages.h"
#include "model/db/dbcolumns.h"
#include "model/db/dbstrings.h"
#include "model/db/dbtasks.h"
#include "model/db/sqlitedb.h"
#include "model/db/sqlitequery.h"

#include <QHash>

#include <algorithm>
#include <cmath>

namespace npuscope {

namespace {

    enum Col {
        kStep,
        kDevice,
        kStream,
        kName,
        kType,
        kCore,
        kStart,
        kDuration,
        kWait,
        kBlock,
        kMixBlock,
        kShapes, // six: input shapes, dtypes, formats, output shapes, dtypes, formats
    };

    // The PMU values kept, named as kernel_details.csv's columns (aic_metrics PipeUtilization).
    constexpr const char *kPmuNames[] = { "aic_mac_ratio", "aic_scalar_ratio", "aic_mte1_ratio",
        "aic_mte2_ratio", "aic_fixpipe_ratio", "aiv_vec_ratio", "aiv_scalar_ratio",
        "aiv_mte2_ratio", "aiv_mte3_ratio" };
    constexpr int kPmuCount = int(std::size(kPmuNames));
    static_assert(kPmuCount == std::tuple_size_v<DbKernelReader::Pmu>);

    std::optional<std::int64_t> isSet(std::optional<std::int64_t> v)
    {
        return v && *v != DbTasks::kNotSet ? v : std::nullopt;
    }

} // namespace

DbKernelReader::DbKernelReader(const SqliteDb &db, const StringPool &pool, const DbStrings &strings,
    const DbTasks &tasks, const std::vector<DbCommOp> &ops)
    : m_db(db)
    , m_pool(pool)
    , m_strings(strings)
    , m_tasks(tasks)
    , m_ops(ops)
    , m_taskName(tasks.size(), 0)
{
}

void DbKernelReader::readCompute(IssueList *issues)
{
    // Every name is one of STRING_IDS, interned before this: their views stay valid (the pool's
    // storage never moves) while the trace reader goes on interning.
    m_texts.resize(m_pool.size());
    for (std::size_t i = 0; i < m_texts.size(); ++i)
        m_texts[i] = m_pool.view(StringId(std::uint32_t(i)));
    DbColumns cols(m_db, "COMPUTE_TASK_INFO");
    if (!cols.tableExists())
        return;
    const int cId = cols.require({ "globalTaskId" }), cName = cols.add({ "name", "opName" });
    const int cType = cols.add({ "opType" }), cCore = cols.add({ "taskType" });
    const int cBlock = cols.add({ "blockNum", "blockDim" });
    const int cMix = cols.add({ "mixBlockNum", "mixBlockDim" });
    const int cShapes[6] = { cols.add({ "inputShapes" }), cols.add({ "inputDataTypes" }),
        cols.add({ "inputFormats" }), cols.add({ "outputShapes" }), cols.add({ "outputDataTypes" }),
        cols.add({ "outputFormats" }) };
    const std::vector<std::string> names = m_db.columns("COMPUTE_TASK_INFO");
    m_blockNum = std::find(names.begin(), names.end(), "blockNum") != names.end();
    reserveHuge(m_compute, std::min(m_tasks.size(), m_db.rowEstimate("COMPUTE_TASK_INFO")));
    SqliteQuery q(m_db, cols.sql());
    while (q.next()) {
        const std::size_t task = m_tasks.find(q.integer(cId));
        if (task == DbTasks::kNone)
            continue;
        Compute c { task, m_strings.map(q.integer(cName)).value,
            m_strings.map(q.integer(cType)).value, m_strings.map(q.integer(cCore)).value, {},
            isSet(q.integer(cBlock)), isSet(q.integer(cMix)) };
        for (int i = 0; i < 6; ++i)
            c.shapes[i] = m_strings.map(q.integer(cShapes[i])).value;
        m_taskName[task] = c.name;
        m_compute.push_back(c);
    }
    cols.report(q, m_db.path(), issues);
    readPmu(issues);
}

void DbKernelReader::readPmu(IssueList *issues)
{
    DbColumns cols(m_db, "TASK_PMU_INFO");
    if (!cols.tableExists() || m_compute.empty() || !m_db.hasTable("STRING_IDS"))
        return;
    const int cId = cols.require({ "globalTaskId" }), cName = cols.require({ "name" });
    const int cValue = cols.require({ "value" });
    std::vector<std::int32_t> computeOf(m_tasks.size(), -1);
    for (std::size_t i = 0; i < m_compute.size(); ++i)
        computeOf[m_compute[i].task] = std::int32_t(i);
    QHash<std::uint32_t, int> pipeOf; // pool id of the name -> index in kPmuNames, or -1
    // The table holds some 27 values per task; SQLite skips the other names' rows.
    std::string names;
    for (const char *n : kPmuNames)
        names += (names.empty() ? "'" : ",'") + std::string(n) + "'";
    SqliteQuery q(
        m_db, cols.sql("WHERE name IN (SELECT id FROM STRING_IDS WHERE value IN (" + names + "))"));
    while (q.next()) {
        const std::uint32_t name = m_strings.map(q.integer(cName)).value;
        auto it = pipeOf.constFind(name);
        if (it == pipeOf.cend()) {
            const std::string_view text = name < m_texts.size() ? m_texts[name] : "";
            const auto at = std::find(std::begin(kPmuNames), std::end(kPmuNames), text);
            it = pipeOf.insert(name, at == std::end(kPmuNames) ? -1 : int(at - kPmuNames));
        }
        const std::size_t task = *it < 0 ? DbTasks::kNone : m_tasks.find(q.integer(cId));
        const auto value = q.real(cValue);
        if (task == DbTasks::kNone || computeOf[task] < 0 || !value)
            continue;
        if (m_pmu.empty()) {
            std::array<float, kPmuCount> none;
            none.fill(std::nanf(""));
            m_pmu.assign(m_compute.size(), none);
        }
        m_pmu[std::size_t(computeOf[task])][std::size_t(*it)] = float(*value);
    }
    cols.report(q, m_db.path(), issues);
}

void DbKernelReader::readSteps(const SqliteDb &db, IssueList *issues)
{
    DbColumns cols(db, "STEP_TIME");
    if (!cols.tableExists())
        return;
    const int cId = cols.add({ "id" }), cStart = cols.require({ "startNs" });
    const int cEnd = cols.require({ "endNs" });
    SqliteQuery q(db, cols.sql("ORDER BY startNs"));
    while (q.next()) {
        const auto s = q.time(cStart), e = q.time(cEnd);
        if (s && e)
            m_steps.push_back({ *s, *e, std::string(q.text(cId)) });
    }
    cols.report(q, db.path(), issues);
}

std::string_view DbKernelReader::stepOf(TimeNs start) const
{
    // The last step starting at or before the task (steps do not overlap; a few at most).
    auto it = std::upper_bound(
        m_steps.begin(), m_steps.end(), start, [](TimeNs t, const Step &s) { return t < s.start; });
    if (it == m_steps.begin() || start > std::prev(it)->end)
        return {};
    return std::prev(it)->id;
}

std::vector<DbKernelReader::Row> DbKernelReader::rowsInOrder() const
{
    const auto before = [](const Row &a, const Row &b) {
        return a.start != b.start ? a.start < b.start : a.order < b.order;
    };
    std::vector<Row> rows, ops;
    reserveHuge(rows, m_compute.size() + m_ops.size());
    for (std::size_t i = 0; i < m_compute.size(); ++i) {
        const std::size_t t = m_compute[i].task;
        rows.push_back({ m_tasks.start[t], m_tasks.end[t], m_tasks.globalTaskId[t], i, false });
    }
    for (std::size_t i = 0; i < m_ops.size(); ++i)
        ops.push_back({ m_ops[i].start, m_ops[i].end, INT64_MAX, i, true });
    std::stable_sort(ops.begin(), ops.end(), before);
    if (std::is_sorted(rows.begin(), rows.end(), before)) {
        // The tasks in start order already (TASK mostly is): the few operations merged in from
        // the back, the order a stable sort of both gives, without the sort's buffer (half a
        // million rows: 20 MB of fresh pages).
        std::size_t i = rows.size(), j = ops.size();
        rows.resize(rows.size() + ops.size());
        for (std::size_t k = rows.size(); j > 0;)
            rows[--k] = i > 0 && before(ops[j - 1], rows[i - 1]) ? rows[--i] : ops[--j];
        return rows;
    }
    rows.insert(rows.end(), ops.begin(), ops.end());
    std::stable_sort(rows.begin(), rows.end(), before);
    return rows;
}

void DbKernelReader::addColumns(DbTableBuilder &t)
{
    using T = Table::ColumnType;
    const QString block = m_blockNum ? QStringLiteral("Block Num") : QStringLiteral("Block Dim");
    const QString mix
        = m_blockNum ? QStringLiteral("Mix Block Num") : QStringLiteral("Mix Block Dim");
    const std::pair<QString, T> columns[] = { { QStringLiteral("Step Id"), T::Text },
        { QStringLiteral("Device_id"), T::Number }, { QStringLiteral("Stream ID"), T::Number },
        { QStringLiteral("Name"), T::Text }, { QStringLiteral("Type"), T::Text },
        { QStringLiteral("Accelerator Core"), T::Text },
        { QStringLiteral("Start Time(us)"), T::Number },
        { QStringLiteral("Duration(us)"), T::Number },
        { QStringLiteral("Wait Time(us)"), T::Number }, { block, T::Number }, { mix, T::Number },
        { QStringLiteral("Input Shapes"), T::Text },
        { QStringLiteral("Input Data Types"), T::Text },
        { QStringLiteral("Input Formats"), T::Text }, { QStringLiteral("Output Shapes"), T::Text },
        { QStringLiteral("Output Data Types"), T::Text },
        { QStringLiteral("Output Formats"), T::Text } };
    for (const auto &[name, type] : columns)
        t.addColumn(name, type, /*nsOnly=*/true); // the three time columns
    if (!m_pmu.empty())
        for (const char *name : kPmuNames)
            t.addColumn(QLatin1String(name), T::Number);
}

StringId DbKernelReader::cell(DbTableBuilder &t, std::uint32_t poolId)
{
    if (poolId >= m_remap.size())
        m_remap.resize(std::max<std::size_t>(poolId + 1, m_texts.size()), StringId());
    StringId &mapped = m_remap[poolId];
    if (!mapped.isValid()) {
        const std::string_view text = poolId < m_texts.size() ? m_texts[poolId] : "";
        mapped = t.strings().intern(text.empty() ? std::string_view("N/A") : text);
    }
    return mapped;
}

void DbKernelReader::writeRow(DbTableBuilder &t, const Row &row, TimeNs wait, std::string_view step)
{
    t.text(kStep, step);
    if (row.comm) {
        const DbCommOp &op = m_ops[row.index];
        t.integer(kDevice, op.device);
        t.integer(kStream, std::nullopt);
        t.textId(kName, cell(t, op.name));
        t.textId(kType, cell(t, op.type));
        t.text(kCore, "HCCL");
    } else {
        const Compute &c = m_compute[row.index];
        t.integer(kDevice, m_tasks.device[c.task]);
        t.integer(kStream,
            m_tasks.stream[c.task] >= 0 ? std::optional<std::int64_t>(m_tasks.stream[c.task])
                                        : std::nullopt);
        t.textId(kName, cell(t, c.name));
        t.textId(kType, cell(t, c.type));
        t.textId(kCore, cell(t, c.core));
    }
    t.time(kStart, row.start);
    t.time(kDuration, row.end - row.start);
    t.time(kWait, wait);
    if (row.comm) {
        t.integer(kBlock, 0); // as the text export writes HCCL rows
        for (int i = kMixBlock; i < kShapes + 6; ++i)
            t.integer(i, std::nullopt);
    } else {
        const Compute &c = m_compute[row.index];
        t.integer(kBlock, c.blockDim);
        t.integer(kMixBlock, c.mixBlockDim);
        for (int i = 0; i < 6; ++i)
            t.textId(kShapes + i, cell(t, c.shapes[i]));
    }
    if (!m_pmu.empty()) {
        for (int i = 0; i < kPmuCount; ++i) {
            const float v = row.comm ? std::nanf("") : m_pmu[row.index][std::size_t(i)];
            // The table keeps what the database holds (ratios of three to six decimals), not the
            // float's binary tail.
            t.number(kShapes + 6 + i,
                std::isnan(v) ? std::nullopt
                              : std::optional<double>(std::round(double(v) * 1e6) / 1e6));
        }
    }
    t.endRow();
}

std::shared_ptr<Table> DbKernelReader::table(const SqliteDb &db, IssueList *issues)
{
    if (m_compute.empty() && m_ops.empty())
        return nullptr;
    readSteps(db, issues);
    DbTableBuilder t(m_db.path());
    addColumns(t);
    t.reserve(m_compute.size() + m_ops.size());
    // Wait Time as the profiler writes it: the gap since the end of the previous row of the
    // table (any stream, HCCL operations included), never negative. All six sample text
    // exports of 2025-01 agree with this to the ns.
    TimeNs previousEnd = 0;
    bool first = true;
    for (const Row &row : rowsInOrder()) {
        const TimeNs wait = first ? 0 : std::max<TimeNs>(0, row.start - previousEnd);
        writeRow(t, row, wait, stepOf(row.start));
        previousEnd = row.end;
        first = false;
    }
    return t.finish();
}

} // namespace npuscope
