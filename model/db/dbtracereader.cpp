#include "model/db/dbtracereader.h"

#include "model/core/hugepages.h"
#include "model/db/dbcolumns.h"
#include "model/db/dbcountertables.h"
#include "model/db/dbeventargs.h"
#include "model/db/dblaunchflows.h"
#include "model/db/dbsequenceflows.h"
#include "model/db/dbstrings.h"
#include "model/db/dbtasks.h"
#include "model/db/sqlitedb.h"
#include "model/db/sqlitequery.h"

#include <algorithm>

namespace npuscope {

namespace {

    // process_sort_index values torch_npu writes into trace_view.json, so that the tracks come in
    // the text export's order.
    // The counter processes' values are in dbcountertables.h.
    constexpr std::int64_t kPythonSort = 0, kCannSort = 7, kHardwareSort = 13, kHcclSort = 15,
                           kOverlapSort = 23;
    // ENUM_API_TYPE ids (FORMATS.md §8).
    constexpr std::int64_t kApiOp = 50001, kApiQueue = 50002, kApiTrace = 50003, kApiMstx = 50004;

    std::string dev(const char *prefix, std::int32_t device)
    {
        return prefix + std::to_string(device);
    }

    // splitmix64: flow ids spread uniformly, as TraceBuilder expects of hashed ids.
    std::uint64_t mixId(std::uint64_t x)
    {
        x += 0x9E3779B97F4A7C15ull;
        x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
        x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
        return x ^ (x >> 31);
    }

    const char *cannPrefix(std::int64_t type)
    {
        switch (type) {
        case 20000:
            return "AscendCL@";
        case 10000:
            return "Node@";
        case 15000:
            return "Model@";
        case 5500:
            return "Hccl@";
        case 5000:
            return "Runtime@";
        default:
            return "";
        }
    }

} // namespace

DbTraceReader::DbTraceReader(const SqliteDb &db, RawChunk &chunk, const DbStrings &strings,
    const DbTasks &tasks, const std::vector<DbCommOp> &ops,
    const std::vector<std::uint32_t> &taskNames)
    : m_db(db)
    , m_chunk(chunk)
    , m_strings(strings)
    , m_tasks(tasks)
    , m_ops(ops)
    , m_taskNames(taskNames)
{
}

template <class Make>
std::uint32_t DbTraceReader::cachedTrack(CacheKind kind, quint64 key, Make make)
{
    LastTrack &last = m_lastTrack[kind];
    if (last.key == key)
        return last.track;
    auto &cache = m_trackCache[kind];
    auto it = cache.constFind(key);
    if (it == cache.constEnd())
        it = cache.insert(key, make());
    last = { key, it.value() };
    return it.value();
}

template <class Make>
void DbTraceReader::counter(int slot, quint64 key, TimeNs ts, double value, Make make)
{
    auto &cache = m_seriesCache[slot];
    auto it = cache.constFind(key);
    if (it == cache.constEnd()) {
        const auto [pid, series] = make();
        it = cache.insert(key, { intern(pid), intern(series) });
    }
    m_chunk.counters.push_back({ ts, it->pid, it->series, value });
    ++m_chunk.stats.events;
    ++m_chunk.stats.counter;
    flushBatch();
}

std::uint32_t DbTraceReader::track(const std::string &pid, const std::string &tid)
{
    const QByteArray key = QByteArray::fromStdString(pid) + '\0' + QByteArray::fromStdString(tid);
    const auto it = m_trackIndex.constFind(key);
    if (it != m_trackIndex.constEnd())
        return it.value();
    const auto index = static_cast<std::uint32_t>(m_chunk.trackKeys.size());
    m_chunk.trackKeys.emplace_back(intern(pid), intern(tid));
    m_trackIndex.insert(key, index);
    return index;
}

void DbTraceReader::process(
    const std::string &pid, std::string_view name, std::string_view labels, std::int64_t sort)
{
    using Kind = RawChunk::Meta::Kind;
    const QByteArray key = QByteArray::fromStdString(pid);
    if (m_namedProcesses.contains(key))
        return;
    m_namedProcesses.insert(key);
    const std::uint32_t p = intern(pid);
    m_chunk.metas.push_back({ Kind::ProcessName, p, 0, intern(name), 0 });
    m_chunk.metas.push_back({ Kind::ProcessLabels, p, 0, intern(labels), 0 });
    m_chunk.metas.push_back({ Kind::ProcessSort, p, 0, 0, sort });
}

void DbTraceReader::thread(
    const std::string &pid, const std::string &tid, std::string_view name, std::int64_t sort)
{
    using Kind = RawChunk::Meta::Kind;
    const std::uint32_t p = intern(pid), t = intern(tid);
    m_chunk.metas.push_back({ Kind::ThreadName, p, t, intern(name), 0 });
    m_chunk.metas.push_back({ Kind::ThreadSort, p, t, 0, sort });
}

void DbTraceReader::slice(std::uint32_t track, TimeNs start, TimeNs end, std::uint32_t name,
    std::uint32_t category, std::uint64_t args)
{
    RawChunk::Slice s;
    s.event.argsOffset = args;
    s.event.start = start;
    s.event.duration = std::max<TimeNs>(0, end - start);
    s.event.name = StringId(name);
    s.event.category = StringId(category);
    s.track = track;
    m_chunk.slices.push_back(s);
    ++m_chunk.stats.events;
    ++m_chunk.stats.complete;
    flushBatch();
}

void DbTraceReader::flow(TimeNs from, std::uint32_t fromTrack, TimeNs to, std::uint32_t toTrack,
    std::uint32_t name, std::uint32_t category)
{
    // TraceBuilder pairs a start and its end less than 2^47 ns apart; farther ones are damage.
    if (to - from >= (TimeNs(1) << 46) || from - to >= (TimeNs(1) << 46))
        return;
    const FlowIdKey id { mixId(++m_flowCount), 0 };
    const auto first = static_cast<std::uint32_t>(m_chunk.flows.size());
    m_chunk.flows.push_back({ from, fromTrack, name, category, id, 's', false, true });
    m_chunk.flows.push_back({ to, toTrack, name, category, id, 'f', true, true });
    m_chunk.flowPairs.emplace_back(first, first + 1);
    m_chunk.stats.events += 2;
    m_chunk.stats.flow += 2;
    if (m_flush && m_chunk.flows.size() >= kFlowBatch)
        flush(false);
}

void DbTraceReader::beginTable(std::size_t rows)
{
    m_tableRows = std::int64_t(rows);
    m_tableDone = 0;
}

void DbTraceReader::flush(bool tableEnd)
{
    if (!m_flush)
        return;
    m_chunk.begin = m_tableDone;
    m_chunk.end = m_tableDone + std::int64_t(m_chunk.slices.size() + m_chunk.counters.size());
    m_tableDone = m_chunk.end;
    // TraceBuilder adds 5% to what the rest of the input predicts: the rows left less that, so
    // that a track's room ends at its last row (a 2 MB page past it is resident once touched).
    const std::int64_t left = std::max<std::int64_t>(0, m_tableRows - m_chunk.end);
    m_flush(tableEnd ? m_chunk.end : m_chunk.end + left * 20 / 21);
}

void DbTraceReader::reserveHost()
{
    // Room for every row at once: growing by doubling copies and touches twice the memory. With
    // a flush the chunk holds a batch at a time, else all of them.
    const std::size_t tables[] = { m_db.rowEstimate("PYTORCH_API"), m_db.rowEstimate("CANN_API"),
        m_db.rowEstimate("OVERLAP_ANALYSIS") };
    reserveHuge(m_chunk.slices, room(tables[0] + tables[1] + tables[2]));
    // Enqueue to dequeue: one flow per pair of queue rows at most.
    m_chunk.flows.reserve(room(tables[0]));
    m_chunk.flowPairs.reserve(room(tables[0]) / 2);
}

void DbTraceReader::read(IssueList *issues)
{
    reserveHost(); // the largest table first: the chunk's room is kept from table to table
    readDevice(issues);
    readHost(issues);
    readHostTable(HostTable::Cann, issues);
    readHostTable(HostTable::Overlap, issues);
    link(*this);
    readCounters(issues);
}

void DbTraceReader::readDevice(IssueList *issues)
{
    reserveHuge(m_chunk.slices, room(m_tasks.size()));
    beginTable(m_tasks.size());
    readTasks();
    flush();
    beginTable(m_ops.size() + m_db.rowEstimate("COMMUNICATION_TASK_INFO"));
    readCommunication(issues);
    flush();
}

void DbTraceReader::readHost(IssueList *issues)
{
    reserveHost();
    // Flow ids apart from those link() makes on the device reader.
    m_flowCount = std::max<std::uint64_t>(m_flowCount, std::uint64_t(1) << 40);
    readConnections(issues);
    beginTable(m_db.rowEstimate("PYTORCH_API"));
    readPytorch(issues);
    flush();
}

void DbTraceReader::readHostTable(HostTable table, IssueList *issues)
{
    const bool cann = table == HostTable::Cann;
    const std::size_t rows = m_db.rowEstimate(cann ? "CANN_API" : "OVERLAP_ANALYSIS");
    reserveHuge(m_chunk.slices, room(rows)); // none if the chunk has it
    beginTable(rows);
    if (cann)
        readCann(issues);
    else
        readOverlap(issues);
    flush();
}

void DbTraceReader::readTasks()
{
    m_taskTrack.resize(m_tasks.size());
    m_commTask.assign(m_tasks.size(), false);
    for (std::size_t i = 0; i < m_tasks.size(); ++i) {
        const std::int32_t device = m_tasks.device[i], stream = m_tasks.stream[i];
        m_taskTrack[i] = cachedTrack(
            kStreams, (quint64(std::uint32_t(device)) << 32) | std::uint32_t(stream), [&] {
                const std::string pid = dev("npu", device), tid = std::to_string(stream);
                process(pid, "Ascend Hardware", "NPU", kHardwareSort);
                thread(pid, tid, "Stream " + tid, stream);
                return track(pid, tid);
            });
        // A parent task is left out, as trace_view.json leaves it out: its subtasks show.
        if (m_tasks.parent[i])
            continue;
        const std::uint32_t name = m_taskNames[i] ? m_taskNames[i] : m_tasks.taskType[i];
        slice(m_taskTrack[i], m_tasks.start[i], m_tasks.end[i], name, 0,
            DbEventArgs::key(DbEventArgs::Kind::Task, m_tasks.globalTaskId[i]));
    }
}

void DbTraceReader::readCommunication(IssueList *issues)
{
    // Group tracks (one per communication group, its operations), then the planes (tasks).
    std::vector<std::uint32_t> groups;
    for (const DbCommOp &op : m_ops) {
        auto it = std::find(groups.begin(), groups.end(), op.group);
        if (it == groups.end())
            it = groups.insert(groups.end(), op.group);
        const auto k = std::int64_t(it - groups.begin());
        const std::string pid = dev("hccl", op.device), tid = "group" + std::to_string(k);
        const auto before = m_chunk.trackKeys.size();
        m_opTrack.push_back(track(pid, tid));
        if (before != m_chunk.trackKeys.size()) {
            process(pid, "HCCL", "NPU", kHcclSort);
            thread(pid, tid, "Group " + std::to_string(k) + " Communication", k);
        }
        slice(m_opTrack.back(), op.start, op.end, op.name, 0,
            DbEventArgs::key(DbEventArgs::Kind::CommOp, op.connectionId));
    }
    DbColumns cols(m_db, "COMMUNICATION_TASK_INFO");
    if (!cols.tableExists())
        return;
    const int cId = cols.require({ "globalTaskId" }), cType = cols.add({ "taskType" });
    const int cPlane = cols.add({ "planeId" });
    SqliteQuery q(m_db, cols.sql());
    while (q.next()) {
        const std::size_t t = m_tasks.find(q.integer(cId));
        const auto plane = q.integer(cPlane);
        if (t == DbTasks::kNone || !plane || *plane < 0 || *plane >= 65536)
            continue;
        const std::int32_t device = m_tasks.device[t];
        const std::uint32_t tr
            = cachedTrack(kPlanes, (quint64(std::uint32_t(device)) << 32) | quint64(*plane), [&] {
                  const std::string pid = dev("hccl", device);
                  const std::string tid = "plane" + std::to_string(*plane);
                  process(pid, "HCCL", "NPU", kHcclSort);
                  thread(pid, tid, "Plane " + std::to_string(*plane),
                      std::int64_t(groups.size()) + *plane);
                  return track(pid, tid);
              });
        slice(tr, m_tasks.start[t], m_tasks.end[t], m_strings.map(q.integer(cType)).value, 0,
            DbEventArgs::key(DbEventArgs::Kind::CommTask, m_tasks.globalTaskId[t]));
        m_commTask[t] = true;
    }
    cols.report(q, m_db.path(), issues);
}

void DbTraceReader::readPytorch(IssueList *issues)
{
    DbColumns cols(m_db, "PYTORCH_API");
    if (!cols.tableExists())
        return;
    const int cStart = cols.require({ "startNs" }), cEnd = cols.require({ "endNs" });
    const int cTid = cols.add({ "globalTid" }), cConn = cols.add({ "connectionId" });
    const int cName = cols.add({ "name" }), cType = cols.add({ "type" });
    const int cSeq = cols.add({ "sequenceNumber" }), cFwd = cols.add({ "fwdThreadId" });
    const int cRow = cols.addRowid();
    const std::uint32_t catOp = intern("cpu_op"), catEnqueue = intern("enqueue"),
                        catDequeue = intern("dequeue"), catTrace = intern("python_function"),
                        catMstx = intern("mstx");
    DbIdIndex<Point> enqueue, dequeue;
    DbSequenceFlows sequences;
    m_opById.reserve(m_db.rowEstimate("PYTORCH_API"));
    SqliteQuery q(m_db, cols.sql());
    while (q.next()) {
        const auto s = q.time(cStart), e = q.time(cEnd);
        if (!s || !e)
            continue;
        const auto g = std::uint64_t(q.integer(cTid).value_or(0));
        const std::uint32_t tr = cachedTrack(kPython, g, [&] {
            const std::string pid = std::to_string(g >> 32), tid = std::to_string(g & 0xFFFFFFFFu);
            process(pid, "Python", "CPU", kPythonSort);
            thread(pid, tid, "Thread " + tid, std::int64_t(g & 0xFFFFFFFFu));
            return track(pid, tid);
        });
        const StringId name = m_strings.map(q.integer(cName));
        const std::int64_t type = q.integer(cType).value_or(0);
        const auto conn = q.integer(cConn);
        std::uint32_t cat = catOp;
        if (type == kApiQueue) {
            const bool isEnqueue = m_chunk.strings.view(name).starts_with("Enqueue");
            cat = isEnqueue ? catEnqueue : catDequeue;
            if (conn)
                for (const std::int64_t c : m_idToConns.find(*conn))
                    (isEnqueue ? enqueue : dequeue).add(c, { *s, tr });
        } else if (type == kApiTrace) {
            cat = catTrace;
        } else if (type == kApiMstx) {
            cat = catMstx;
        } else if (type == kApiOp) {
            if (conn)
                m_opById.add(*conn, { *s, tr });
            const auto seq = q.integer(cSeq), fwd = q.integer(cFwd);
            if (seq && *seq >= 0 && *seq != DbTasks::kNotSet && fwd)
                sequences.add(*seq, { *s, tr }, *fwd != 0);
        }
        slice(tr, *s, *e, name.value, cat,
            DbEventArgs::key(DbEventArgs::Kind::Pytorch, q.integer(cRow)));
    }
    cols.report(q, m_db.path(), issues);
    const std::uint32_t fwdbwd = intern("fwdbwd");
    sequences.forEachPair([&](DbSequenceFlows::Op f, DbSequenceFlows::Op b) {
        flow(f.start, f.track, b.start, b.track, fwdbwd, fwdbwd);
    });
    m_opById.build();
    enqueue.build();
    dequeue.build();
    const std::uint32_t name = intern("enqueue_to_dequeue"), cat = intern("async_task_queue");
    enqueue.forEach([&](std::int64_t c, std::span<const Point> e) {
        const std::span<const Point> d = dequeue.find(c);
        if (!d.empty())
            flow(e.back().ts, e.back().track, d.back().ts, d.back().track, name, cat);
    });
}

void DbTraceReader::readCann(IssueList *issues)
{
    DbColumns cols(m_db, "CANN_API");
    if (!cols.tableExists())
        return;
    const int cStart = cols.require({ "startNs" }), cEnd = cols.require({ "endNs" });
    const int cTid = cols.add({ "globalTid" }), cConn = cols.add({ "connectionId" });
    const int cName = cols.add({ "name" }), cType = cols.add({ "type" });
    const int cRow = cols.addRowid();
    const std::string pid = "cann";
    process(pid, "CANN", "CPU", kCannSort);
    // Per API type, pool id of the raw name -> "AscendCL@name" (0: not made yet); few types.
    std::vector<std::pair<std::int64_t, std::vector<std::uint32_t>>> names;
    auto prefixed = [&](std::int64_t type, StringId raw) {
        auto it
            = std::find_if(names.begin(), names.end(), [&](auto &n) { return n.first == type; });
        if (it == names.end())
            it = names.insert(names.end(), { type, {} });
        std::vector<std::uint32_t> &byName = it->second;
        if (raw.value >= byName.size())
            byName.resize(std::max<std::size_t>(raw.value + 1, m_chunk.strings.size()), 0);
        if (!byName[raw.value])
            byName[raw.value] = intern(cannPrefix(type) + std::string(m_chunk.strings.view(raw)));
        return byName[raw.value];
    };
    m_cann.reserve(m_db.rowEstimate("CANN_API")); // room never written to costs no memory
    SqliteQuery q(m_db, cols.sql());
    while (q.next()) {
        const auto s = q.time(cStart), e = q.time(cEnd);
        if (!s || !e)
            continue;
        const auto tidValue = std::uint64_t(q.integer(cTid).value_or(0)) & 0xFFFFFFFFu;
        const std::uint32_t tr = cachedTrack(kCann, tidValue, [&] {
            const std::string tid = std::to_string(tidValue);
            thread(pid, tid, "Thread " + tid, std::int64_t(tidValue));
            return track(pid, tid);
        });
        const std::int64_t type = q.integer(cType).value_or(0);
        const StringId raw = m_strings.map(q.integer(cName));
        if (const auto conn = q.integer(cConn); conn && *conn != DbTasks::kNotSet)
            m_cann.add(*conn, { *s, tr });
        slice(tr, *s, *e, prefixed(type, raw), 0,
            DbEventArgs::key(DbEventArgs::Kind::Cann, q.integer(cRow)));
    }
    cols.report(q, m_db.path(), issues);
    m_cann.build();
    m_cannRead = true;
}

void DbTraceReader::readConnections(IssueList *issues)
{
    DbColumns cols(m_db, "CONNECTION_IDS");
    if (!cols.tableExists())
        return;
    const int cId = cols.require({ "id" }), cConn = cols.require({ "connectionId" });
    // Room for every row at once: growing by doubling touches twice the fresh memory.
    const std::size_t rows = m_db.rowEstimate("CONNECTION_IDS");
    m_connToIds.reserve(rows);
    m_idToConns.reserve(rows);
    SqliteQuery q(m_db, cols.sql());
    while (q.next()) {
        const auto id = q.integer(cId), conn = q.integer(cConn);
        if (id && conn) {
            m_connToIds.add(*conn, *id);
            m_idToConns.add(*id, *conn);
        }
    }
    cols.report(q, m_db.path(), issues);
    m_connToIds.build();
    m_idToConns.build();
}

void DbTraceReader::link(const DbTraceReader &host)
{
    DbLaunchFlows(*this, *this, host).make(0, m_tasks.size(), true);
}

void DbTraceReader::readOverlap(IssueList *issues)
{
    DbColumns cols(m_db, "OVERLAP_ANALYSIS");
    if (!cols.tableExists())
        return;
    const int cStart = cols.require({ "startNs" }), cEnd = cols.require({ "endNs" });
    const int cType = cols.require({ "type" }), cDevice = cols.add({ "deviceId" });
    static const char *const kLanes[]
        = { "Computing", "Communication", "Communication(Not Overlapped)", "Free" };
    std::uint32_t laneNames[4] = {};
    SqliteQuery q(m_db, cols.sql());
    while (q.next()) {
        const auto s = q.time(cStart), e = q.time(cEnd), type = q.integer(cType);
        if (!s || !e || !type || *type < 0 || *type > 3)
            continue;
        const auto d = std::int32_t(q.integer(cDevice).value_or(0) & 0xFFFF);
        const std::uint32_t tr = cachedTrack(kOverlap, (quint64(d) << 8) | quint64(*type), [&] {
            const std::string pid = dev("overlap", d), tid = std::to_string(*type);
            process(pid, "Overlap Analysis", "NPU", kOverlapSort);
            thread(pid, tid, kLanes[*type], *type);
            return track(pid, tid);
        });
        std::uint32_t &name = laneNames[*type];
        if (!name)
            name = intern(kLanes[*type]);
        slice(tr, *s, *e, name);
    }
    cols.report(q, m_db.path(), issues);
}

using namespace dbcounters;

void DbTraceReader::readCounters(IssueList *issues)
{
    beginTable(0);
    for (std::size_t t = 0; t < std::size(kCounterTables); ++t)
        readCounterTable(t, issues);
    flush();
}

void DbTraceReader::readCounterTable(std::size_t table, IssueList *issues)
{
    const CounterTable &spec = kCounterTables[table];
    const int slot = int(table) * kCounterValues;
    DbColumns cols(m_db, spec.table);
    if (!cols.tableExists())
        return;
    const int cTime = cols.require({ "timestampNs" }), cDevice = cols.add({ "deviceId" });
    const int cId = spec.id ? cols.add({ spec.id }) : -1;
    const int cLabel = spec.label ? cols.add({ spec.label }) : -1;
    int cValue[kCounterValues] = { -1, -1, -1 };
    int count = 0;
    for (; count < kCounterValues && spec.values[count].series; ++count)
        if (const CounterValue &v = spec.values[count]; v.column)
            cValue[count] = v.required ? cols.require({ v.column }) : cols.add({ v.column });
    SqliteQuery q(m_db, cols.sql());
    while (q.next()) {
        std::optional<double> values[kCounterValues];
        for (int v = 0; v < count; ++v)
            if (cValue[v] >= 0)
                values[v] = q.real(cValue[v]);
        const auto t = q.time(cTime);
        if (!t)
            continue;
        const auto d = std::int32_t(q.integer(cDevice).value_or(0) & 0xFFFF);
        const auto id = cId < 0 ? 0 : std::int32_t(q.integer(cId).value_or(0) & 0xFFFF);
        const StringId label = cLabel < 0 ? StringId(0) : m_strings.map(q.integer(cLabel));
        const quint64 key = (quint64(d) << 48) | (quint64(id) << 32) | label.value;
        double sum = 0;
        for (int v = 0; v < count; ++v) {
            const CounterValue &cv = spec.values[v];
            if (cv.fill == Fill::Sum)
                values[v] = sum;
            else if (!values[v] && cv.fill == Fill::Zero)
                values[v] = 0.0;
            if (!values[v])
                continue;
            const double value = *values[v] / cv.divisor;
            sum += value;
            counter(slot + v, key, *t, value, [&] {
                const std::string pid = dev(spec.pid, d);
                process(pid, spec.process, "NPU", spec.sort);
                const std::string_view text = m_chunk.strings.view(label);
                return std::pair(pid,
                    seriesName(
                        cv.series, id, title(text, spec.upperShortLabel && text.size() <= 3)));
            });
        }
    }
    cols.report(q, m_db.path(), issues);
}

} // namespace npuscope
