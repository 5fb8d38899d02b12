#pragma once

#include "model/core/issue.h"
#include "model/db/dbcommops.h"
#include "model/db/dbidindex.h"
#include "model/trace/rawchunk.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

namespace npuscope {

class DbStrings;
class SqliteDb;
struct DbTasks;

// The timeline of a profiler database as one RawChunk, laid out as torch_npu lays out
// trace_view.json (the same process and thread names and sort order, the same flows), so that
// TraceBuilder turns it into the same Trace as the text export.
class DbTraceReader {
public:
    static constexpr int kCounterValues = 3; // value columns per counter table at most
    static constexpr int kCounterSlots = 16; // series caches: counter tables x kCounterValues
    // Rows (slices, counter samples) and flow points handed to the flush at a time, when there
    // is one: the chunk is a small buffer used over and over, not room for a whole table (a
    // million rows were 40 MB of fresh pages, their first touch most of their cost).
    static constexpr std::size_t kRowBatch = 1 << 16;
    static constexpr std::size_t kFlowBatch = 1 << 16;

    DbTraceReader(const SqliteDb &db, RawChunk &chunk, const DbStrings &strings,
        const DbTasks &tasks, const std::vector<DbCommOp> &ops,
        const std::vector<std::uint32_t> &taskNames);

    // Called every kRowBatch rows and after each table, to hand the chunk's rows to a
    // TraceBuilder (and empty it) instead of staging them all. The chunk's begin and end are the
    // rows of the table it holds; `tableRows` about how many the table has, so that the builder
    // gives each track room for its share of the whole table at once (TraceBuilder::add()).
    using Flush = std::function<void(std::int64_t tableRows)>;
    void setFlush(Flush flush) { m_flush = std::move(flush); }

    // Everything, on this connection: readDevice(), readHost(), both host tables, link(*this),
    // readCounters().
    void read(IssueList *issues);
    // Split for two connections, each reader with a chunk of its own whose pool starts as a copy
    // of the other's (so that DbStrings' ids hold for both): the device tasks and the HCCL
    // operations here; the framework tables (CONNECTION_IDS, PYTORCH_API) on another reader,
    // meanwhile; CANN_API and OVERLAP_ANALYSIS on either (DbJobs); then the launch flows joining
    // them, here, and the counters.
    void readDevice(IssueList *issues);
    void readHost(IssueList *issues);
    enum class HostTable { Cann, Overlap };
    void readHostTable(HostTable table, IssueList *issues);
    // `host`: the reader of the framework tables (this one on one thread). CANN_API's launches
    // are taken from whichever of the two read that table.
    void link(const DbTraceReader &host);
    void readCounters(IssueList *issues);

private:
    friend class DbLaunchFlows; // the launch flows into this chunk, from these readers' rows
    std::uint32_t track(const std::string &pid, const std::string &tid);
    std::uint32_t intern(std::string_view text) { return m_chunk.strings.intern(text).value; }
    void process(
        const std::string &pid, std::string_view name, std::string_view labels, std::int64_t sort);
    void thread(
        const std::string &pid, const std::string &tid, std::string_view name, std::int64_t sort);
    // args: the row's DbEventArgs key (Event::argsOffset), 0 for none.
    void slice(std::uint32_t track, TimeNs start, TimeNs end, std::uint32_t name,
        std::uint32_t category = 0, std::uint64_t args = 0);
    void flow(TimeNs from, std::uint32_t fromTrack, TimeNs to, std::uint32_t toTrack,
        std::uint32_t name, std::uint32_t category);

    void readTasks();
    void readCommunication(IssueList *issues);
    void readPytorch(IssueList *issues);
    void readCann(IssueList *issues);
    void readConnections(IssueList *issues);
    void readOverlap(IssueList *issues);
    // A table's rows start: about `rows` of them (a bound, for the builder's room).
    void beginTable(std::size_t rows);
    // The chunk to the flush when it holds a batch, or (`tableEnd`) all that is left of a table.
    void flush(bool tableEnd = true);
    void flushBatch()
    {
        if (m_flush && m_chunk.slices.size() + m_chunk.counters.size() >= kRowBatch)
            flush(false);
    }
    // Room for a table of `rows` rows: a batch when there is a flush.
    std::size_t room(std::size_t rows) const
    {
        return m_flush ? std::min(rows, kRowBatch + 4) : rows;
    }
    // Tracks and counter series by a numeric key per kind: the strings that name them are made
    // once per track or series, not once per row.
    enum CacheKind { kStreams, kPlanes, kPython, kCann, kOverlap, kKinds };
    template <class Make> std::uint32_t cachedTrack(CacheKind kind, quint64 key, Make make);
    void reserveHost();
    struct SeriesIds {
        std::uint32_t pid, series;
    };
    // A sample of the series cached at (slot, key); make() returns (pid, series name) and names
    // the process.
    template <class Make> void counter(int slot, quint64 key, TimeNs ts, double value, Make make);
    // AICORE_FREQ, NPU_MEM, HBM, LLC: one table-driven reader (kCounterTables).
    void readCounterTable(std::size_t table, IssueList *issues);

    const SqliteDb &m_db;
    RawChunk &m_chunk;
    const DbStrings &m_strings;
    const DbTasks &m_tasks;
    const std::vector<DbCommOp> &m_ops;
    const std::vector<std::uint32_t> &m_taskNames;
    QHash<QByteArray, std::uint32_t> m_trackIndex;
    QHash<quint64, std::uint32_t> m_trackCache[kKinds];
    // The last track asked for per kind: rows of one thread or stream come in runs.
    struct LastTrack {
        quint64 key = ~quint64(0);
        std::uint32_t track = 0;
    };
    LastTrack m_lastTrack[kKinds];
    QHash<quint64, SeriesIds> m_seriesCache[kCounterSlots];
    QSet<QByteArray> m_namedProcesses;
    std::vector<std::uint32_t> m_taskTrack; // per task
    std::vector<bool> m_commTask; // per task: one of an HCCL operation (linked through it)
    std::vector<std::uint32_t> m_opTrack; // per operation
    // Launch points of the host: connectionId -> (time, track). CANN_API's launches and the
    // framework ops reached through CONNECTION_IDS.
    struct Point {
        TimeNs ts;
        std::uint32_t track;
    };
    // The last one added for an id counts (a launch, an op).
    DbIdIndex<Point> m_cann;
    bool m_cannRead = false; // CANN_API was read by this reader
    DbIdIndex<Point> m_opById; // PYTORCH_API.connectionId (type op) -> op start
    // CONNECTION_IDS both ways: a framework op, its Enqueue and its Dequeue have ids of their
    // own that share the connectionId of the launch.
    DbIdIndex<std::int64_t> m_connToIds;
    DbIdIndex<std::int64_t> m_idToConns;
    std::uint64_t m_flowCount = 0;
    Flush m_flush;
    std::int64_t m_tableRows = 0; // of the table being read: about how many
    std::int64_t m_tableDone = 0; // handed over
};

} // namespace npuscope
