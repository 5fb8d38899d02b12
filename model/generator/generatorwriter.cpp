#include "model/generator/generatorwriter.h"

#include <string>

namespace npuscope::gen {

namespace {

    constexpr std::int64_t kBasePid = 3096504; // the sample's Python pid
    constexpr std::int64_t kAutogradTidOffset = 8571;
    // HostToDevice ids are digit strings over 2^64 in real files ("40004068119343529983").
    constexpr std::uint64_t kHostToDeviceBase = 4068119343520000ULL;

    std::string_view str(const char *s)
    {
        return s ? std::string_view(s) : std::string_view("N/A");
    }

} // namespace

// ---- TraceWriter ----

TraceIds traceIds(int rank)
{
    TraceIds ids;
    ids.pythonPid = kBasePid + 7919 * rank;
    ids.threads[0] = ids.pythonPid;
    ids.threads[1] = ids.pythonPid + kAutogradTidOffset;
    const std::int64_t device = rank % 8; // eight NPUs per server
    auto encode = [&](int sort) { return (ids.pythonPid << 10) | (sort << 5) | device; };
    ids.cannPid = encode(7); // sort indexes as in the sample
    ids.hardwarePid = encode(13);
    ids.freqPid = encode(14);
    ids.hcclPid = encode(15);
    ids.overlapPid = encode(23);
    return ids;
}

TraceWriter::TraceWriter(OutFile &out, const TraceIds &ids)
    : m_out(out)
    , m_ids(ids)
{
}

void TraceWriter::begin() { m_out.put('['); }

void TraceWriter::end() { m_out.put(']'); }

void TraceWriter::next()
{
    if (m_events++ > 0)
        m_out.put(", ");
}

void TraceWriter::hostEvents(const Block &b)
{
    for (const HostEvent &e : b.host) {
        next();
        m_out.put(R"({"ph": "X", "name": ")");
        m_out.put(e.name);
        if (e.number >= 0)
            m_out.putInt(e.number);
        m_out.put(R"(", "pid": )");
        m_out.putInt(m_ids.pythonPid);
        m_out.put(R"(, "tid": )");
        m_out.putInt(m_ids.threads[e.thread]);
        m_out.put(R"(, "ts": ")");
        m_out.putMicros(e.start);
        m_out.put(R"(", "dur": )");
        m_out.putMicrosShort(e.dur);
        m_out.put(R"(, "cat": "cpu_op", "args": {"Sequence number": )");
        m_out.putInt(e.sequence);
        m_out.put(R"(, "Fwd thread id": 0}})");
    }
}

void TraceWriter::meta(bool pythonStyle, std::string_view name, std::int64_t pid, std::int64_t tid,
    std::string_view key, std::string_view text, std::int64_t number)
{
    next();
    m_out.put(pythonStyle ? R"({"ph": "M", "name": ")" : R"({"name": ")");
    m_out.put(name);
    m_out.put(R"(", "pid": )");
    m_out.putInt(pid);
    m_out.put(R"(, "tid": )");
    m_out.putInt(tid);
    m_out.put(R"(, "args": {")");
    m_out.put(key);
    m_out.put(R"(": )");
    if (number >= 0) {
        m_out.putInt(number);
    } else {
        m_out.put('"');
        m_out.put(text);
        m_out.put('"');
    }
    m_out.put(pythonStyle ? "}}" : R"(}, "ph": "M"})");
}

void TraceWriter::metadata()
{
    const TraceIds &ids = m_ids;
    auto process
        = [&](bool py, std::int64_t pid, std::string_view name, std::string_view label, int sort) {
              meta(py, "process_name", pid, 0, "name", name);
              meta(py, "process_labels", pid, 0, "labels", label);
              meta(py, "process_sort_index", pid, 0, "sort_index", {}, sort);
          };
    auto hostThreads = [&](bool py, std::int64_t pid) {
        for (std::int64_t tid : ids.threads) {
            const std::string name = "Thread " + std::to_string(tid);
            meta(py, "thread_name", pid, tid, "name", name);
            meta(py, "thread_sort_index", pid, tid, "sort_index", {}, tid);
        }
    };
    process(true, ids.pythonPid, "Python", "CPU", 0);
    hostThreads(true, ids.pythonPid);
    const std::string stream = "Stream " + std::to_string(ids.computeStream);
    meta(false, "process_name", ids.hardwarePid, 0, "name", "Ascend Hardware");
    meta(false, "thread_name", ids.hardwarePid, ids.computeStream, "name", stream);
    meta(false, "thread_sort_index", ids.hardwarePid, ids.computeStream, "sort_index", {},
        ids.computeStream);
    meta(false, "process_labels", ids.hardwarePid, 0, "labels", "NPU");
    meta(false, "process_sort_index", ids.hardwarePid, 0, "sort_index", {}, 13);
    meta(false, "process_name", ids.hcclPid, 0, "name", "HCCL");
    meta(false, "thread_name", ids.hcclPid, 0, "name", "Group 0 Communication");
    meta(false, "thread_sort_index", ids.hcclPid, 0, "sort_index", {}, 0);
    meta(false, "process_labels", ids.hcclPid, 0, "labels", "NPU");
    meta(false, "process_sort_index", ids.hcclPid, 0, "sort_index", {}, 15);
    meta(false, "process_name", ids.cannPid, 0, "name", "CANN");
    hostThreads(false, ids.cannPid);
    meta(false, "process_labels", ids.cannPid, 0, "labels", "CPU");
    meta(false, "process_sort_index", ids.cannPid, 0, "sort_index", {}, 7);
    meta(false, "process_name", ids.overlapPid, 0, "name", "Overlap Analysis");
    static constexpr std::string_view kLanes[]
        = { "Computing", "Communication", "Communication(Not Overlapped)", "Free" };
    for (int i = 0; i < 4; ++i)
        meta(false, "thread_name", ids.overlapPid, i, "name", kLanes[i]);
    meta(false, "process_labels", ids.overlapPid, 0, "labels", "NPU");
    meta(false, "process_sort_index", ids.overlapPid, 0, "sort_index", {}, 23);
    process(false, ids.freqPid, "AI Core Freq", "NPU", 14);
}

void TraceWriter::counters(const std::vector<Counter> &counters)
{
    for (const Counter &c : counters) {
        next();
        m_out.put(R"({"name": "AI Core Freq", "ts": ")");
        m_out.putMicros(c.ts);
        m_out.put(R"(", "pid": )");
        m_out.putInt(m_ids.freqPid);
        m_out.put(R"(, "tid": 0, "args": {"MHz": )");
        m_out.putInt(c.mhz);
        m_out.put(R"(}, "ph": "C"})");
    }
}

void TraceWriter::taskName(const DeviceTask &t)
{
    m_out.put(t.spec->name);
    if (t.spec->suffix) {
        m_out.putInt(t.number);
        m_out.put(t.spec->suffix);
    }
}

void TraceWriter::taskPidTid(const DeviceTask &t)
{
    m_out.put(R"("pid": )");
    m_out.putInt(t.comm ? m_ids.hcclPid : m_ids.hardwarePid);
    m_out.put(R"(, "tid": )");
    m_out.putInt(t.comm ? 0 : m_ids.computeStream);
}

void TraceWriter::hostToDeviceId(const DeviceTask &t)
{
    m_out.put("4000");
    m_out.putPadded(kHostToDeviceBase + static_cast<std::uint64_t>(t.connectionId), 16);
}

void TraceWriter::deviceTask(const DeviceTask &t)
{
    next();
    m_out.put(R"({"name": ")");
    taskName(t);
    m_out.put(R"(", )");
    taskPidTid(t);
    m_out.put(R"(, "ts": ")");
    m_out.putMicros(t.start);
    m_out.put(R"(", "dur": )");
    m_out.putMicrosShort(t.dur);
    if (t.comm) {
        m_out.put(R"(, "args": {"connection_id": )");
        m_out.putInt(t.connectionId);
        m_out.put(R"(, "model id": 4294967295, "data_type": "FP16", "alg_type": "MESH-RING", )"
                  R"("count": 4097000}, "ph": "X"})");
    } else {
        m_out.put(R"(, "args": {"Model Id": 4294967295, "Task Type": ")");
        m_out.put(taskTypeName(t.spec->core));
        m_out.put(R"(", "Physic Stream Id": )");
        m_out.putInt(m_ids.computeStream);
        m_out.put(R"(, "Task Id": )");
        m_out.putInt(t.taskId);
        m_out.put(R"(, "Batch Id": 0, "Subtask Id": 4294967295, "connection_id": )");
        m_out.putInt(t.connectionId);
        m_out.put(R"(}, "ph": "X"})");
    }
    next();
    m_out.put(R"({"name": "HostToDevice)");
    hostToDeviceId(t);
    m_out.put(R"(", "ph": "f", "id": ")");
    hostToDeviceId(t);
    m_out.put(R"(", "ts": ")");
    m_out.putMicros(t.start);
    m_out.put(R"(", "cat": "HostToDevice", )");
    taskPidTid(t);
    m_out.put(R"(, "bp": "e"})");
}

void TraceWriter::apiEvent(const Block &b, const ApiEvent &a)
{
    const std::int64_t tid = m_ids.threads[a.thread];
    const DeviceTask *task
        = a.flowTask >= 0 ? &b.tasks[static_cast<std::size_t>(a.flowTask)] : nullptr;
    next();
    m_out.put(a.name ? R"({"name": "AscendCL@)" : R"({"name": "Node@launch)");
    if (a.name)
        m_out.put(a.name);
    m_out.put(R"(", "pid": )");
    m_out.putInt(m_ids.cannPid);
    m_out.put(R"(, "tid": )");
    m_out.putInt(tid);
    m_out.put(R"(, "ts": ")");
    m_out.putMicros(a.start);
    m_out.put(R"(", "dur": )");
    m_out.putMicrosShort(a.dur);
    m_out.put(R"(, "args": {"Thread Id": )");
    m_out.putInt(tid);
    if (a.name) {
        const std::string_view name(a.name);
        m_out.put(name.starts_with("aclrt") ? R"(, "Mode": "ACL_RTS", "level": "acl", "id": ")"
                                            : R"(, "Mode": "ACL_OP", "level": "acl", "id": ")");
        m_out.put(name);
        m_out.put(R"(", "item_id": "0", "connection_id": )");
    } else {
        m_out.put(R"(, "Mode": "launch", "level": "node", "id": "0", "item_id": ")");
        if (task)
            taskName(*task);
        m_out.put(R"(", "connection_id": )");
    }
    m_out.putInt(a.connectionId);
    m_out.put(R"(}, "ph": "X"})");
    if (task)
        hostToDeviceStart(*task, tid, a.start);
}

void TraceWriter::hostToDeviceStart(const DeviceTask &t, std::int64_t tid, TimeNs ts)
{
    next();
    m_out.put(R"({"name": "HostToDevice)");
    hostToDeviceId(t);
    m_out.put(R"(", "ph": "s", "cat": "HostToDevice", "id": ")");
    hostToDeviceId(t);
    m_out.put(R"(", "pid": )");
    m_out.putInt(m_ids.cannPid);
    m_out.put(R"(, "tid": )");
    m_out.putInt(tid);
    m_out.put(R"(, "ts": ")");
    m_out.putMicros(ts);
    m_out.put(R"("})");
}

void TraceWriter::deviceEvents(const Block &b)
{
    for (const DeviceTask &t : b.tasks)
        deviceTask(t);
    for (const ApiEvent &a : b.api)
        apiEvent(b, a);
    static constexpr std::string_view kLanes[]
        = { "Computing", "Communication", "Communication(Not Overlapped)", "Free" };
    for (const OverlapEvent &o : b.overlap) {
        const auto lane = static_cast<int>(o.kind);
        next();
        m_out.put(R"({"name": ")");
        m_out.put(kLanes[lane]);
        m_out.put(R"(", "pid": )");
        m_out.putInt(m_ids.overlapPid);
        m_out.put(R"(, "tid": )");
        m_out.putInt(lane);
        m_out.put(R"(, "ts": ")");
        m_out.putMicros(o.start);
        m_out.put(R"(", "dur": )");
        m_out.putMicrosShort(o.dur);
        m_out.put(R"(, "ph": "X"})");
    }
}

void TraceWriter::flows(const Block &b)
{
    for (const DeviceTask &t : b.tasks) {
        const HostEvent &h = b.host[static_cast<std::size_t>(t.host)];
        // torch_npu uses the task's start in ns as the flow id (above 2^53).
        next();
        m_out.put(R"({"ph": "s", "bp": "e", "name": "torch_to_npu", "id": )");
        m_out.putInt(t.start);
        m_out.put(R"(, "pid": )");
        m_out.putInt(m_ids.pythonPid);
        m_out.put(R"(, "tid": )");
        m_out.putInt(m_ids.threads[h.thread]);
        m_out.put(R"(, "ts": ")");
        m_out.putMicros(h.start);
        m_out.put(R"(", "cat": "async_npu"})");
        next();
        m_out.put(R"({"ph": "f", "bp": "e", "name": "torch_to_npu", "id": )");
        m_out.putInt(t.start);
        m_out.put(", ");
        taskPidTid(t);
        m_out.put(R"(, "ts": ")");
        m_out.putMicros(t.start);
        m_out.put(R"(", "cat": "async_npu"})");
    }
}

// ---- CSV ----

void writeKernelDetailsHeader(OutFile &out)
{
    out.put("Step Id,Model ID,Task ID,Stream ID,Name,Type,OP State,Accelerator Core,"
            "Start Time(us),Duration(us),Wait Time(us),Block Dim,Mix Block Dim,HF32 Eligible,"
            "Input Shapes,Input Data Types,Input Formats,Output Shapes,Output Data Types,"
            "Output Formats,Context ID\r\n");
}

void writeKernelRow(OutFile &out, const DeviceTask &t, int stepId)
{
    const KernelSpec &k = *t.spec;
    out.putInt(stepId);
    out.put(",4294967295,");
    if (t.comm) {
        out.put("N/A,N/A,");
    } else {
        out.putInt(t.taskId);
        out.put(",2,");
    }
    out.put(k.name);
    if (k.suffix) {
        out.putInt(t.number);
        out.put(k.suffix);
    }
    out.put(',');
    out.put(k.type);
    // Static: a clean model's operators are compiled once (dynamic-shape stays clear).
    out.put(t.comm ? ",N/A," : ",static,");
    out.put(coreName(k.core));
    out.put(',');
    out.putMicros(t.start);
    out.put("\t,"); // torch_npu appends a TAB so that spreadsheets keep the digits
    out.putMicrosShort(t.dur);
    out.put(',');
    out.putMicrosShort(t.wait);
    out.put(',');
    out.putInt(t.blockDim);
    if (t.comm) {
        out.put(",N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A\r\n");
        return;
    }
    out.put(',');
    out.putInt(t.mixBlockDim);
    out.put(k.hf32 ? ",YES," : ",NO,");
    out.putQuoted(k.inShapes);
    out.put(',');
    out.put(str(k.inTypes));
    out.put(',');
    out.put(str(k.inFormats));
    out.put(',');
    out.putQuoted(k.outShapes);
    out.put(',');
    out.put(str(k.outTypes));
    out.put(',');
    out.put(str(k.outFormats));
    out.put(",N/A\r\n");
}

void writeOperatorDetailsHeader(OutFile &out)
{
    out.put("Name,Input Shapes,Call Stack,Host Self Duration(us),Host Total Duration(us),"
            "Device Self Duration(us),Device Total Duration(us),"
            "Device Self Duration With AICore(us),Device Total Duration With AICore(us)\n");
}

namespace {

    struct DeviceSums {
        TimeNs all = 0;
        TimeNs aiCore = 0;
    };

    DeviceSums deviceSelf(const Block &b, int host)
    {
        DeviceSums sums;
        for (const DeviceTask &t : b.tasks) {
            if (t.host != host)
                continue;
            sums.all += t.dur;
            if (t.spec->core != Core::AiCpu && t.spec->core != Core::Hccl)
                sums.aiCore += t.dur;
        }
        return sums;
    }

    void putCallStack(OutFile &out, int thread)
    {
        // Quoted multi-line cell with ";\n" between frames, as in the sample.
        out.put(thread == 0 ? "\"/home/user/npuscope_demo/model.py(88): forward;\n"
                              "/usr/local/lib/python3.9/site-packages/torch/nn/modules/module.py"
                              "(1527): _call_impl;\n"
                              "/home/user/npuscope_demo/train.py(142): train_step;\n"
                            : "\"/usr/local/lib/python3.9/site-packages/torch/autograd/__init__.py"
                              "(251): backward;\n"
                              "/usr/local/lib/python3.9/site-packages/torch/_tensor.py(492): "
                              "backward;\n"
                              "/home/user/npuscope_demo/train.py(147): train_step;\n");
        out.put("/home/user/npuscope_demo/train.py(201): main;\n<string>(1): <module>\"");
    }

    void putShapes(OutFile &out, const Block &b, int host)
    {
        for (const DeviceTask &t : b.tasks) {
            if (t.host != host || !t.spec->inShapes || t.spec == &kTransDataKernel)
                continue;
            out.put('"');
            for (const char *p = t.spec->inShapes; *p; ++p) {
                if (*p == ';')
                    out.put(";\n");
                else
                    out.put(*p);
            }
            out.put('"');
            return;
        }
    }

} // namespace

int writeOperatorRows(OutFile &out, const Block &b, int maxRows)
{
    int rows = 0;
    for (std::size_t i = 0; i < b.host.size() && rows < maxRows; ++i) {
        const HostEvent &e = b.host[i];
        if (e.number >= 0)
            continue; // ProfilerStep#N is not an operator
        const int index = static_cast<int>(i);
        TimeNs childHost = 0;
        DeviceSums total = deviceSelf(b, index);
        const DeviceSums self = total;
        for (std::size_t j = i + 1; j < b.host.size(); ++j) {
            if (b.host[j].parent != index)
                continue;
            childHost += b.host[j].dur;
            const DeviceSums child = deviceSelf(b, static_cast<int>(j));
            total.all += child.all;
            total.aiCore += child.aiCore;
        }
        out.put(e.name);
        out.put(',');
        putShapes(out, b, index);
        out.put(',');
        putCallStack(out, e.thread);
        for (TimeNs v :
            { e.dur - childHost, e.dur, self.all, total.all, self.aiCore, total.aiCore }) {
            out.put(',');
            out.putMicrosShort(v);
        }
        out.put('\n');
        ++rows;
    }
    return rows;
}

} // namespace npuscope::gen
