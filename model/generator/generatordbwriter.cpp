#include "model/generator/generatordbwriter.h"

#include <algorithm>
#include <charconv>
#include <functional>
#include <iterator>
#include <span>
#include <string>
#include <vector>

namespace npuscope::gen {

namespace {

    // The CREATE statements of the tables written, as in the ascend-2025-01-db samples (schema
    // 1.0.0; OVERLAP_ANALYSIS as in level1/rank0, the only sample that has it).
    constexpr const char *kSchema = R"(
CREATE TABLE META_DATA (name TEXT,value TEXT);
CREATE TABLE STRING_IDS (id INTEGER PRIMARY KEY,value TEXT);
CREATE TABLE NPU_INFO (id INTEGER,name TEXT);
CREATE TABLE SESSION_TIME_INFO (startTimeNs INTEGER,endTimeNs INTEGER);
CREATE TABLE HOST_INFO (hostUid TEXT,hostName TEXT);
CREATE TABLE RANK_DEVICE_MAP (rankId INTEGER, deviceId INTEGER);
CREATE TABLE ENUM_API_TYPE (id INTEGER PRIMARY KEY,name TEXT);
CREATE TABLE ENUM_MODULE (id INTEGER PRIMARY KEY,name TEXT);
CREATE TABLE ENUM_MSTX_EVENT_TYPE (id INTEGER PRIMARY KEY,name TEXT);
CREATE TABLE ENUM_HCCL_DATA_TYPE (id INTEGER PRIMARY KEY,name TEXT);
CREATE TABLE ENUM_HCCL_LINK_TYPE (id INTEGER PRIMARY KEY,name TEXT);
CREATE TABLE ENUM_HCCL_RDMA_TYPE (id INTEGER PRIMARY KEY,name TEXT);
CREATE TABLE ENUM_HCCL_TRANSPORT_TYPE (id INTEGER PRIMARY KEY,name TEXT);
CREATE TABLE TASK (startNs INTEGER,endNs INTEGER,deviceId INTEGER,connectionId INTEGER,globalTaskId INTEGER,globalPid INTEGER,taskType INTEGER,contextId INTEGER,streamId INTEGER,taskId INTEGER,modelId INTEGER);
CREATE TABLE COMPUTE_TASK_INFO (name INTEGER,globalTaskId INTEGER PRIMARY KEY,blockDim INTEGER,mixBlockDim INTEGER,taskType INTEGER,opType INTEGER,inputFormats INTEGER,inputDataTypes INTEGER,inputShapes INTEGER,outputFormats INTEGER,outputDataTypes INTEGER,outputShapes INTEGER,attrInfo INTEGER);
CREATE TABLE COMMUNICATION_OP (opName INTEGER,startNs INTEGER,endNs INTEGER,connectionId INTEGER,groupName INTEGER,opId INTEGER PRIMARY KEY,relay INTEGER,retry INTEGER,dataType INTEGER,algType INTEGER,count NUMERIC,opType INTEGER);
CREATE TABLE COMMUNICATION_TASK_INFO (name INTEGER,globalTaskId INTEGER,taskType INTEGER,planeId INTEGER,groupName INTEGER,notifyId INTEGER,rdmaType INTEGER,srcRank INTEGER,dstRank INTEGER,transportType INTEGER,size INTEGER,dataType INTEGER,linkType INTEGER,opId INTEGER);
CREATE TABLE CANN_API (startNs INTEGER,endNs INTEGER,type INTEGER,globalTid INTEGER,connectionId INTEGER PRIMARY KEY,name INTEGER);
CREATE TABLE PYTORCH_API (startNs TEXT, endNs TEXT, globalTid INTEGER, connectionId INTEGER, name INTEGER, sequenceNumber INTEGER, fwdThreadId INTEGER, inputDtypes INTEGER, inputShapes INTEGER, callchainId INTEGER, type INTEGER);
CREATE TABLE CONNECTION_IDS (id INTEGER, connectionId INTEGER);
CREATE TABLE STEP_TIME (id INTEGER, startNs INTEGER, endNs INTEGER);
CREATE TABLE OVERLAP_ANALYSIS (id INTEGER PRIMARY KEY AUTOINCREMENT, deviceId integer, startNs integer, endNs integer, type integer);
CREATE TABLE AICORE_FREQ (deviceId INTEGER,timestampNs NUMERIC,freq INTEGER);
)";
    // Built after the rows are in: one sort instead of millions of B-tree inserts.
    constexpr const char *kIndexes
        = "CREATE INDEX TaskIndex ON TASK (startNs,globalTaskId);"
          "CREATE INDEX CommunicationTaskIndex ON COMMUNICATION_TASK_INFO (globalTaskId);";

    constexpr const char *kCallchainTable
        = "CREATE TABLE PYTORCH_CALLCHAINS (id INTEGER, stack INTEGER, stackDepth INTEGER);";

    // A with_stack call stack, innermost frame first, like the samples' (a training script's
    // frames under torch's module calls); `n` (the op's number) varies its depth, 9 to 23 frames.
    std::vector<std::string> callStack(std::string_view op, std::uint64_t n)
    {
        constexpr const char *kTorch = "/usr/local/lib/python3.9/site-packages/torch/";
        constexpr const char *kOuter[] = { "/home/user/train/main.py(375): train",
            "/home/user/train/main.py(282): main_worker",
            "/usr/local/lib/python3.9/site-packages/torch/multiprocessing/spawn.py(74): _wrap",
            "/usr/lib/python3.9/multiprocessing/process.py(108): run",
            "/usr/lib/python3.9/multiprocessing/process.py(315): _bootstrap",
            "/usr/lib/python3.9/multiprocessing/spawn.py(129): _main",
            "/usr/lib/python3.9/multiprocessing/spawn.py(116): spawn_main",
            "<string>(1): <module>" };
        std::vector<std::string> frames;
        const std::size_t h = std::hash<std::string_view>()(op);
        frames.push_back(std::string(kTorch) + "nn/functional.py(" + std::to_string(1000 + h % 1500)
            + "): " + std::string(op.substr(op.rfind(':') + 1)));
        const int modules = int(n % 8); // nested nn.Module calls
        for (int m = 0; m < modules; ++m) {
            frames.push_back(
                "/home/user/train/model.py(" + std::to_string(40 + (h >> m) % 200) + "): forward");
            frames.push_back(std::string(kTorch) + "nn/modules/module.py(1520): _call_impl");
        }
        for (const char *f : kOuter)
            frames.emplace_back(f);
        return frames;
    }

    constexpr std::int64_t kNotSet = 4294967295; // the profiler's "no value" (FORMATS.md 8)
    // ENUM_API_TYPE ids (sample): AscendCL calls, Node@launch, framework ops.
    constexpr std::int64_t kApiAcl = 20000, kApiNode = 10000, kApiFrameworkOp = 50001;
    constexpr int kHcclStream = 4; // the stream of the HCCL tasks in the level1 sample
    constexpr std::int64_t kCommTaskIdBase = 800; // HCCL task ids of the sample are ~811
    // The trace's HCCL args: FP16 (ENUM_HCCL_DATA_TYPE 3), MESH-RING, 4097000 elements.
    constexpr std::int64_t kHcclFp16 = 3, kCommCount = 4097000;
    constexpr std::int64_t kHcclSdma = 0, kHcclHccs = 1, kEnumInvalid = 65535;
    constexpr const char *kGroupName = "127.0.0.1%eth0_60000_0_1736408883000000";

    // An allreduce's device tasks, covering the operation without gaps so that their union is
    // the COMMUNICATION_OP interval: wait for the peers, reduce, notify them (sample names).
    struct CommPart {
        const char *taskType; // TASK.taskType
        const char *commType; // COMMUNICATION_TASK_INFO.taskType
        int share; // per cent of the operation
    };
    constexpr CommPart kCommParts[] = { { "Notify Wait", "Notify_Wait", 25 },
        { "SDMA", "Reduce_Inline", 50 }, { "Write Value", "Notify_Record", 25 } };

    const char *deviceTaskType(Core core)
    {
        switch (core) { // TASK.taskType of each Accelerator Core in the samples
        case Core::AiCore:
            return "KERNEL_AICORE";
        case Core::AiVector:
            return "KERNEL_AIVEC";
        case Core::MixAiv:
            return "MIX_AIV";
        case Core::AiCpu:
            return "AI_CPU";
        case Core::Hccl:
            break;
        }
        return "HCCL";
    }

    struct EnumRow {
        std::int64_t id;
        const char *name;
    };
    constexpr EnumRow kApiTypes[] = { { 5000, "runtime" }, { 5500, "hccl" }, { 10000, "node" },
        { 15000, "model" }, { 20000, "acl" }, { 50001, "op" }, { 50002, "queue" },
        { 50003, "trace" }, { 50004, "mstx" } };
    constexpr EnumRow kMstxTypes[]
        = { { 0, "marker" }, { 1, "push/pop" }, { 2, "start/end" }, { 3, "marker_ex" } };
    constexpr EnumRow kHcclDataTypes[] = { { 0, "INT8" }, { 1, "INT16" }, { 2, "INT32" },
        { 3, "FP16" }, { 4, "FP32" }, { 5, "INT64" }, { 6, "UINT64" }, { 7, "UINT8" },
        { 8, "UINT16" }, { 9, "UINT32" }, { 10, "FP64" }, { 11, "BFP16" }, { 12, "INT128" },
        { 65534, "N/A" }, { 65535, "INVALID_TYPE" } };
    constexpr EnumRow kHcclLinkTypes[] = { { 0, "ON_CHIP" }, { 1, "HCCS" }, { 2, "PCIE" },
        { 3, "ROCE" }, { 4, "SIO" }, { 5, "HCCS_SW" }, { 6, "STANDARD_ROCE" }, { 7, "RESERVED" },
        { 65534, "N/A" }, { 65535, "INVALID_TYPE" } };
    constexpr EnumRow kHcclRdmaTypes[] = { { 0, "RDMA_SEND_NOTIFY" }, { 1, "RDMA_SEND_PAYLOAD" },
        { 2, "RDMA_PAYLOAD_PREPARE" }, { 3, "RDMA_PAYLOAD_CHECK" }, { 4, "RDMA_PAYLOAD_ACK" },
        { 5, "RDMA_SEND_OP" }, { 65534, "N/A" }, { 65535, "INVALID_TYPE" } };
    constexpr EnumRow kHcclTransportTypes[] = { { 0, "SDMA" }, { 1, "RDMA" }, { 2, "LOCAL" },
        { 65534, "N/A" }, { 65535, "INVALID_TYPE" } };
    // ENUM_MODULE: ids 0.. in this order (CANN's log modules, as in the samples).
    constexpr const char *kModules[] = { "SLOG", "IDEDD", "IDEDH", "HCCL", "FMK", "HIAIENGINE",
        "DVPP", "RUNTIME", "CCE", "HDC", "DRV", "MDCFUSION", "MDCLOCATION", "MDCPERCEPTION",
        "MDCFSM", "MDCCOMMON", "MDCMONITOR", "MDCBSWP", "MDCDEFAULT", "MDCSC", "MDCPNC", "MLL",
        "DEVMM", "KERNEL", "LIBMEDIA", "CCECPU", "ASCENDDK", "ROS", "HCCP", "ROCE", "TEFUSION",
        "PROFILING", "DP", "APP", "TS", "TSDUMP", "AICPU", "LP", "TDT", "FE", "MD", "MB", "ME",
        "IMU", "IMP", "GE", "MDCFUSA", "CAMERA", "ASCENDCL", "TEEOS", "ISP", "SIS", "HSM", "DSS",
        "PROCMGR", "BBOX", "AIVECTOR", "TBE", "FV", "MDCMAP", "TUNE", "HSS", "FFTS", "OP", "UDF",
        "HICAID", "TSYNC", "AUDIO", "TPRT", "ASCENDCKERNEL", "ASYS", "ATRACE", "RTC", "SYSMONITOR",
        "AMP", "ADETECT", "MBUFF", "CUSTOM" };

    // The variables torch_npu records, set as msprof-analyze's advisor recommends (a clean
    // profile: env-vars stays clear).
    constexpr const char *kEnvVariables
        = R"({"ASCEND_GLOBAL_LOG_LEVEL": "", "HCCL_RDMA_TC": "", "HCCL_RDMA_SL": "", )"
          R"("ACLNN_CACHE_LIMIT": "100000", "HOST_CACHE_CAPACITY": "20", )"
          R"("ASCEND_ENHANCE_ENABLE": "", "PYTORCH_NPU_ALLOC_CONF": "expandable_segments:True", )"
          R"("ASCEND_LAUNCH_BLOCKING": ""})";

    std::string_view orNa(const char *s) { return s ? std::string_view(s) : "N/A"; }

    std::int64_t globalTid(const TraceIds &ids, int thread)
    {
        return (ids.pythonPid << 32) | ids.threads[thread];
    }

} // namespace

struct DbWriter::Statements {
    SqliteOut::Statement *strings = nullptr;
    SqliteOut::Statement *task = nullptr;
    SqliteOut::Statement *compute = nullptr;
    SqliteOut::Statement *commOp = nullptr;
    SqliteOut::Statement *commTask = nullptr;
    SqliteOut::Statement *cann = nullptr;
    SqliteOut::Statement *pytorch = nullptr;
    SqliteOut::Statement *connection = nullptr;
    SqliteOut::Statement *step = nullptr;
    SqliteOut::Statement *overlap = nullptr;
    SqliteOut::Statement *freq = nullptr;
    SqliteOut::Statement *callchain = nullptr;
};

DbWriter::DbWriter()
    : m_st(std::make_unique<Statements>())
{
}

DbWriter::~DbWriter() = default;

bool DbWriter::open(const QString &path, const DbRankInfo &info)
{
    m_info = info;
    if (!m_out.open(path) || !m_out.exec(kSchema))
        return false;
    Statements &s = *m_st;
    s.strings = m_out.prepare("INSERT INTO STRING_IDS VALUES (?,?)");
    s.task = m_out.prepare("INSERT INTO TASK VALUES (?,?,?,?,?,?,?,?,?,?,?)");
    s.compute = m_out.prepare("INSERT INTO COMPUTE_TASK_INFO VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)");
    s.commOp = m_out.prepare("INSERT INTO COMMUNICATION_OP VALUES (?,?,?,?,?,?,?,?,?,?,?,?)");
    s.commTask
        = m_out.prepare("INSERT INTO COMMUNICATION_TASK_INFO VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    s.cann = m_out.prepare("INSERT INTO CANN_API VALUES (?,?,?,?,?,?)");
    s.pytorch = m_out.prepare("INSERT INTO PYTORCH_API VALUES (?,?,?,?,?,?,?,?,?,?,?)");
    s.connection = m_out.prepare("INSERT INTO CONNECTION_IDS VALUES (?,?)");
    s.step = m_out.prepare("INSERT INTO STEP_TIME VALUES (?,?,?)");
    s.overlap = m_out.prepare(
        "INSERT INTO OVERLAP_ANALYSIS (deviceId,startNs,endNs,type) VALUES (?,?,?,?)");
    s.freq = m_out.prepare("INSERT INTO AICORE_FREQ VALUES (?,?,?)");
    if (info.withStack && m_out.exec(kCallchainTable))
        s.callchain = m_out.prepare("INSERT INTO PYTORCH_CALLCHAINS VALUES (?,?,?)");
    return m_out.ok();
}

std::int64_t DbWriter::intern(StringPool &pool, std::int64_t &next, std::string_view s)
{
    if (auto it = pool.find(s); it != pool.end())
        return it->second;
    const std::int64_t id = next++;
    pool.emplace(std::string(s), id);
    m_st->strings->i(id).t(s).run();
    return id;
}

std::int64_t DbWriter::uniqueString(std::string_view s)
{
    // Numbered names (trans_TransData_17) never repeat: not kept, so memory stays flat.
    const std::int64_t id = m_nextCann++;
    m_st->strings->i(id).t(s).run();
    return id;
}

std::int64_t DbWriter::shapeString(const char *shapes)
{
    if (!shapes)
        return cannString("N/A");
    m_name.assign(1, '"').append(shapes).push_back('"');
    return cannString(m_name);
}

void DbWriter::block(const Block &b)
{
    std::vector<std::int64_t> hostConnection(b.host.size(), -1);
    taskRows(b, hostConnection);
    hostRows(b, hostConnection);
    apiRows(b);
    otherRows(b);
}

std::int64_t DbWriter::taskRow(const DeviceTask &t, TimeNs start, TimeNs end, std::int64_t type,
    int stream, std::int64_t taskId, std::int64_t contextId)
{
    const std::int64_t id = m_globalTaskId++;
    m_st->task->i(start)
        .i(end)
        .i(m_info.deviceId)
        .i(t.connectionId)
        .i(id)
        .i(m_info.ids.pythonPid)
        .i(type)
        .i(contextId)
        .i(stream)
        .i(taskId)
        .i(kNotSet)
        .run();
    return id;
}

void DbWriter::taskRows(const Block &b, std::vector<std::int64_t> &hostConnection)
{
    for (const DeviceTask &t : b.tasks) {
        if (t.host >= 0) { // host op -> its launches: CONNECTION_IDS(id, TASK.connectionId)
            std::int64_t &id = hostConnection[static_cast<std::size_t>(t.host)];
            if (id < 0)
                id = m_hostConnection++;
            m_st->connection->i(id).i(t.connectionId).run();
        }
        if (t.comm)
            commOp(t);
        else
            computeTask(t);
    }
}

void DbWriter::computeTask(const DeviceTask &t)
{
    const KernelSpec &k = *t.spec;
    const std::int64_t taskType = cannString(deviceTaskType(k.core));
    const std::int64_t id = taskRow(
        t, t.start, t.start + t.dur, taskType, m_info.ids.computeStream, t.taskId, kNotSet);
    std::int64_t name = 0;
    if (k.suffix) {
        m_name.assign(k.name).append(std::to_string(t.number)).append(k.suffix);
        name = uniqueString(m_name);
    } else {
        name = cannString(k.name);
    }
    m_st->compute->i(name)
        .i(id)
        .i(t.blockDim)
        .i(t.mixBlockDim)
        .i(cannString(coreName(k.core)))
        .i(cannString(k.type))
        .i(cannString(orNa(k.inFormats)))
        .i(cannString(orNa(k.inTypes)))
        .i(shapeString(k.inShapes))
        .i(cannString(orNa(k.outFormats)))
        .i(cannString(orNa(k.outTypes)))
        .i(shapeString(k.outShapes))
        .i(cannString("N/A"))
        .run();
}

void DbWriter::commOp(const DeviceTask &t)
{
    const KernelSpec &k = *t.spec;
    m_name.assign(k.name).append(std::to_string(t.number)).append(k.suffix ? k.suffix : "");
    const std::int64_t name = uniqueString(m_name);
    const std::int64_t group = cannString(kGroupName);
    const std::int64_t opId = ++m_opId;
    m_st->commOp->i(name)
        .i(t.start)
        .i(t.start + t.dur)
        .i(t.connectionId)
        .i(group)
        .i(opId)
        .i(0)
        .i(0)
        .i(kHcclFp16)
        .i(cannString("MESH-RING"))
        .i(kCommCount)
        .i(cannString(k.type))
        .run();
    const std::int64_t peer = (m_info.rank + 1) % std::max(1, m_info.ranks);
    TimeNs start = t.start;
    int done = 0;
    for (int part = 0; part < 3; ++part) {
        const CommPart &p = kCommParts[part];
        done += p.share;
        const TimeNs end = part == 2 ? t.start + t.dur : t.start + t.dur * done / 100;
        const std::int64_t id = taskRow(
            t, start, end, cannString(p.taskType), kHcclStream, kCommTaskIdBase + opId, part);
        const bool reduce = part == 1;
        m_st->commTask->i(name)
            .i(id)
            .i(cannString(p.commType))
            .i(0)
            .i(group)
            .i(part)
            .i(kEnumInvalid)
            .i(m_info.rank)
            .i(peer)
            .i(kHcclSdma)
            .i(reduce ? kCommCount * 2 : 4) // FP16 payload; a notify moves 4 bytes
            .i(reduce ? kHcclFp16 : kEnumInvalid)
            .i(kHcclHccs)
            .i(opId)
            .run();
        start = end;
    }
}

void DbWriter::hostRows(const Block &b, const std::vector<std::int64_t> &hostConnection)
{
    char startText[24], endText[24];
    for (std::size_t i = 0; i < b.host.size(); ++i) {
        const HostEvent &e = b.host[i];
        std::int64_t name = 0;
        if (e.number >= 0) {
            m_name.assign(e.name).append(std::to_string(e.number));
            name = frameworkString(m_name);
        } else {
            name = frameworkString(e.name);
        }
        // startNs and endNs are TEXT columns in the profiler's schema.
        const auto s = std::to_chars(startText, startText + sizeof startText, e.start);
        const auto x = std::to_chars(endText, endText + sizeof endText, e.start + e.dur);
        SqliteOut::Statement &st = *m_st->pytorch;
        st.t(std::string_view(startText, size_t(s.ptr - startText)))
            .t(std::string_view(endText, size_t(x.ptr - endText)))
            .i(globalTid(m_info.ids, e.thread));
        if (hostConnection[i] >= 0)
            st.i(hostConnection[i]);
        else
            st.null();
        st.i(name).i(e.sequence).i(0).null().null();
        if (m_st->callchain && e.number < 0)
            st.i(callchainRows(e));
        else
            st.null();
        st.i(kApiFrameworkOp).run();
    }
}

std::int64_t DbWriter::callchainRows(const HostEvent &e)
{
    const std::int64_t id = m_callchain++;
    const std::vector<std::string> frames = callStack(e.name, std::uint64_t(id));
    for (std::size_t depth = 0; depth < frames.size(); ++depth)
        m_st->callchain->i(id).i(frameworkString(frames[depth])).i(std::int64_t(depth)).run();
    return id;
}

void DbWriter::apiRows(const Block &b)
{
    for (const ApiEvent &a : b.api) {
        m_st->cann->i(a.start)
            .i(a.start + a.dur)
            .i(a.name ? kApiAcl : kApiNode)
            .i(globalTid(m_info.ids, a.thread))
            .i(a.connectionId)
            .i(cannString(a.name ? a.name : "launch"))
            .run();
    }
}

void DbWriter::otherRows(const Block &b)
{
    for (const OverlapEvent &o : b.overlap)
        m_st->overlap->i(m_info.deviceId)
            .i(o.start)
            .i(o.start + o.dur)
            .i(static_cast<int>(o.kind))
            .run();
    for (const Counter &c : b.counters)
        m_st->freq->i(m_info.deviceId).i(c.ts).i(c.mhz).run();
    if (b.stepEnd)
        m_st->step->i(b.stepId).i(b.stepStartNs).i(b.stepEndNs).run();
}

void DbWriter::enumRows()
{
    struct EnumTable {
        const char *insert;
        std::span<const EnumRow> rows;
    };
    const EnumTable tables[] = { { "INSERT INTO ENUM_API_TYPE VALUES (?,?)", kApiTypes },
        { "INSERT INTO ENUM_MSTX_EVENT_TYPE VALUES (?,?)", kMstxTypes },
        { "INSERT INTO ENUM_HCCL_DATA_TYPE VALUES (?,?)", kHcclDataTypes },
        { "INSERT INTO ENUM_HCCL_LINK_TYPE VALUES (?,?)", kHcclLinkTypes },
        { "INSERT INTO ENUM_HCCL_RDMA_TYPE VALUES (?,?)", kHcclRdmaTypes },
        { "INSERT INTO ENUM_HCCL_TRANSPORT_TYPE VALUES (?,?)", kHcclTransportTypes } };
    for (const EnumTable &table : tables) {
        if (SqliteOut::Statement *st = m_out.prepare(table.insert))
            for (const EnumRow &row : table.rows)
                st->i(row.id).t(row.name).run();
    }
    if (SqliteOut::Statement *st = m_out.prepare("INSERT INTO ENUM_MODULE VALUES (?,?)"))
        for (std::size_t i = 0; i < std::size(kModules); ++i)
            st->i(static_cast<std::int64_t>(i)).t(kModules[i]).run();
}

void DbWriter::contextRows(TimeNs sessionEndNs)
{
    if (SqliteOut::Statement *st = m_out.prepare("INSERT INTO META_DATA VALUES (?,?)")) {
        st->t("SCHEMA_VERSION_MICRO").t("0").run();
        st->t("SCHEMA_VERSION_MINOR").t("0").run();
        st->t("SCHEMA_VERSION_MAJOR").t("1").run();
        st->t("SCHEMA_VERSION").t("1.0.0").run();
        st->t("ENV_VARIABLES").t(kEnvVariables).run();
    }
    if (SqliteOut::Statement *st = m_out.prepare("INSERT INTO NPU_INFO VALUES (?,?)"))
        st->i(m_info.deviceId).t("Ascend910B").run();
    if (SqliteOut::Statement *st = m_out.prepare("INSERT INTO SESSION_TIME_INFO VALUES (?,?)"))
        st->i(m_info.sessionStartNs).i(sessionEndNs).run();
    if (SqliteOut::Statement *st = m_out.prepare("INSERT INTO HOST_INFO VALUES (?,?)"))
        st->t("3538958389648580163").t("npuscope-demo").run();
    if (SqliteOut::Statement *st = m_out.prepare("INSERT INTO RANK_DEVICE_MAP VALUES (?,?)"))
        st->i(m_info.rank).i(m_info.deviceId).run();
    enumRows();
}

bool DbWriter::finish(TimeNs sessionEndNs)
{
    contextRows(sessionEndNs);
    return m_out.exec(kIndexes) && m_out.commit();
}

bool writeAnalysisDb(const QString &path, const std::vector<StepTruth> &steps, QString *error)
{
    SqliteOut out;
    out.open(path);
    out.exec("CREATE TABLE StepTraceTime (step TEXT, computing NUMERIC, "
             "communication_not_overlapped NUMERIC, overlapped NUMERIC, communication NUMERIC, "
             "free NUMERIC, stage NUMERIC, bubble NUMERIC, "
             "communication_not_overlapped_and_exclude_receive NUMERIC, preparing NUMERIC)");
    if (SqliteOut::Statement *st
        = out.prepare("INSERT INTO StepTraceTime VALUES (?,?,?,?,?,?,?,?,?,?)")) {
        auto us = [](TimeNs ns) { return static_cast<double>(ns) / 1000.0; };
        for (const StepTruth &s : steps)
            st->t(std::to_string(s.stepId))
                .d(us(s.computingNs))
                .d(us(s.commNotOverlappedNs))
                .d(us(s.overlappedNs))
                .d(us(s.commNs))
                .d(us(s.freeNs))
                .d(us(s.stageNs))
                .i(0)
                .d(us(s.commNotOverlappedNs))
                .d(us(s.preparingNs))
                .run();
    }
    if (out.commit())
        return true;
    *error = out.errorString();
    return false;
}

} // namespace npuscope::gen
