#pragma once

#include "model/core/blockvector.h"
#include "model/core/trace.h"
#include "model/trace/cputime.h"
#include "model/trace/flowpoint.h"
#include "model/trace/prefaulter.h"
#include "model/trace/rawchunk.h"

#include <QHash>
#include <QLoggingCategory>

#include <boost/container/flat_map.hpp>
#include <memory>

namespace npuscope {

Q_DECLARE_LOGGING_CATEGORY(lcLoad)

// Merges parsed chunks, in file order, into the immutable Trace: global string ids, tracks
// with metadata applied, B/E pairs, flows bound to slices, counter series, and per-track
// indexes. Merging chunk by chunk keeps the peak memory near the final size.
class TraceBuilder {
public:
    // fileBytes: the file's size, when known; vectors filled chunk by chunk are then sized from
    // the rate of the chunk just merged and the bytes left (see add()).
    explicit TraceBuilder(const QString &path, std::int64_t fileBytes = 0);
    ~TraceBuilder();

    // Takes the chunk's contents; its slices and flows are left empty with their capacity, for
    // the loader to fill again.
    void add(RawChunk &chunk);
    // The input's size as now estimated (a stream learns it as it goes); 0: unknown.
    void setFileBytes(std::int64_t fileBytes) { m_fileBytes = fileBytes; }
    // threads: how many threads build the per-track indexes.
    std::shared_ptr<Trace> finish(IssueList *issues, int threads);

private:
    struct ProcessInfo {
        QString name, labels;
        std::int64_t sort = 0;
        bool hasSort = false;
    };
    struct ThreadInfo {
        QString name;
        std::int64_t sort = 0;
        bool hasSort = false;
    };
    struct BeginEnd {
        std::uint32_t track;
        Event event;
        char phase;
    };

    std::uint32_t trackFor(StringId pid, StringId tid);
    std::uint32_t flowLabel(StringId name, StringId category);
    void addSlices(RawChunk &chunk, const std::vector<StringId> &remap,
        const std::vector<std::uint32_t> &tracks);
    void addCounters(const RawChunk &chunk, const std::vector<StringId> &remap);
    void addFlows(RawChunk &chunk, const std::vector<StringId> &remap,
        const std::vector<std::uint32_t> &tracks);
    void addMetadata(const RawChunk &chunk, const std::vector<StringId> &remap);
    // Has the prefaulter fault in the room the next chunks will fill (see Prefaulter).
    void prefaultEvents(
        const std::vector<std::uint32_t> &tracks, const std::vector<std::size_t> &added);
    template <typename T> void prefaultBlocks(BlockVector<T> &v, std::size_t added);
    void addProblems(const RawChunk &chunk);
    void applyMetadata();
    void pairBeginEnd(IssueList *issues);
    std::vector<std::uint32_t> orderTracks();
    void buildIndexes(int threads);
    void bindFlows(const std::vector<std::uint32_t> &newIndexOf, IssueList *issues, int threads);
    void finishCounters();
    void reportProblems(IssueList *issues);

    std::unique_ptr<Trace> m_trace;
    std::int64_t m_fileBytes = 0;
    QHash<quint64, std::uint32_t> m_trackIndex;
    QHash<quint32, ProcessInfo> m_processes; // by pid string id
    QHash<quint64, ThreadInfo> m_threads; // by (pid, tid)
    boost::container::flat_map<std::pair<std::uint32_t, std::uint32_t>, std::size_t>
        m_counterIndex; // tens of series
    std::vector<BeginEnd> m_beginEnd;
    BlockVector<FlowPoint> m_flowPoints; // the points not in a pair
    BlockVector<FlowPair> m_flowPairs;
    // The (name, category) pairs of the flow points: a few in a real trace.
    std::vector<FlowLabel> m_flowLabels;
    QHash<quint64, std::uint32_t> m_flowLabelIndex;
    RawChunk::Problem m_problems[RawChunk::ProblemKindCount];
    IssueList m_damage;
    // Only for a builder told the file's size (a load's, not a preview's); stopped by finish().
    std::unique_ptr<Prefaulter> m_prefaulter;
    // Per track: how far its events are faulted in (elements), and for which buffer.
    struct Prefaulted {
        const Event *data = nullptr;
        std::size_t upTo = 0;
    };
    std::vector<Prefaulted> m_prefaulted;
};

} // namespace npuscope
