#pragma once

// Internal to the profile generator: writes a simulated rank as the profiler's SQLite database
// (ascend_pytorch_profiler_{rank}.db in the schema 1.0.0 of the ascend-2025-01-db samples, see
// ../shared/FORMATS.md section 8) and analysis.db's StepTraceTime.

#include "model/generator/generatorsqlite.h"
#include "model/generator/generatortimeline.h"
#include "model/generator/generatorwriter.h"

#include <QString>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace npuscope::gen {

// What a rank's database says about the run around its tasks.
struct DbRankInfo {
    int rank = 0;
    int ranks = 1;
    int deviceId = 0;
    TraceIds ids;
    TimeNs sessionStartNs = 0;
    bool withStack = false; // PYTORCH_CALLCHAINS: every framework op's Python call stack
};

// Streams the blocks of one rank into its database: one transaction, one prepared statement
// per table, names interned into STRING_IDS as they first appear. The same DeviceTask gives the
// same kernel as kernel_details.csv (name, Type, core, block dims, shapes, start, duration).
class DbWriter {
public:
    DbWriter();
    ~DbWriter();
    DbWriter(const DbWriter &) = delete;
    DbWriter &operator=(const DbWriter &) = delete;

    bool open(const QString &path, const DbRankInfo &info);
    void block(const Block &b); // rows of every table for the block's events
    bool finish(TimeNs sessionEndNs); // context and enum tables, indexes, commit, rename
    QString errorString() const { return m_out.errorString(); }
    std::int64_t rows() const { return m_out.rows(); }

    struct Statements;

private:
    struct StringHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const
        {
            return std::hash<std::string_view>()(s);
        }
    };
    using StringPool = std::unordered_map<std::string, std::int64_t, StringHash, std::equal_to<>>;

    std::int64_t cannString(std::string_view s) { return intern(m_cann, m_nextCann, s); }
    std::int64_t frameworkString(std::string_view s)
    {
        return intern(m_framework, m_nextFramework, s);
    }
    std::int64_t uniqueString(std::string_view s); // a name used once (numbered kernels)
    std::int64_t intern(StringPool &pool, std::int64_t &next, std::string_view s);
    std::int64_t shapeString(const char *shapes); // quoted like the profiler: "32,4096"
    void hostRows(const Block &b, const std::vector<std::int64_t> &hostConnection);
    std::int64_t callchainRows(const HostEvent &e); // the op's PYTORCH_CALLCHAINS id
    void apiRows(const Block &b);
    void taskRows(const Block &b, std::vector<std::int64_t> &hostConnection);
    void computeTask(const DeviceTask &t);
    void commOp(const DeviceTask &t);
    void otherRows(const Block &b);
    void contextRows(TimeNs sessionEndNs);
    void enumRows();
    std::int64_t taskRow(const DeviceTask &t, TimeNs start, TimeNs end, std::int64_t type,
        int stream, std::int64_t taskId, std::int64_t contextId);

    SqliteOut m_out;
    std::unique_ptr<Statements> m_st;
    DbRankInfo m_info;
    StringPool m_cann;
    StringPool m_framework;
    std::int64_t m_nextCann = 0;
    std::int64_t m_nextFramework = std::int64_t(1) << 28; // torch_npu's framework id base
    std::int64_t m_globalTaskId = 0;
    std::int64_t m_hostConnection = 0; // PYTORCH_API.connectionId = CONNECTION_IDS.id
    std::int64_t m_opId = 0;
    std::int64_t m_callchain = 0; // PYTORCH_CALLCHAINS.id: one per op, as torch_npu writes it
    std::string m_name; // scratch for numbered names
};

// analysis.db with StepTraceTime (times in us, as torch_npu writes it).
bool writeAnalysisDb(const QString &path, const std::vector<StepTruth> &steps, QString *error);

} // namespace npuscope::gen
