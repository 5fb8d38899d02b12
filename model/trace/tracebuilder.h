#pragma once

#include "model/core/blockvector.h"
#include "model/core/trace.h"
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
    struct FlowPoint {
        // 32 bytes: millions of these exist while loading (at 1 GB of trace 2.1 M, 85 MB at 40
        // bytes, moved three times). Their index is their file order.
        TimeNs ts;
        // 64 of the id's 128 hash bits: two of a trace's millions of ids collide with probability
        // ~n^2 / 2^65 (1e-5 at 21 M ids), and then they still give the right flows unless the two
        // overlap in time.
        std::uint64_t idA;
        // Before binding, ref.track holds the track's number in file order (trackFor); binding
        // replaces it with the slice the point belongs to, if any.
        EventRef ref;
        std::uint32_t bits; // label << 3 | phase order << 1 | bindEnclosing

        static constexpr std::uint32_t kMaxLabels = 1u << 29;
        FlowPoint(TimeNs time, const FlowIdKey &id, EventRef at, std::uint32_t label, char phase,
            bool enclosing)
            : ts(time)
            , idA(id.a)
            , ref(at)
            , bits(label << 3
                  | std::uint32_t(phase == 's' ? 0
                            : phase == 't'     ? 1
                                               : 2)
                      << 1
                  | std::uint32_t(enclosing))
        {
        }
        FlowPoint() = default;
        std::uint32_t label() const { return bits >> 3; }
        // 0, 1, 2 for "s", "t", "f": the order of points of one id at one time.
        int phaseOrder() const { return int(bits >> 1) & 3; }
        bool isStart() const { return phaseOrder() == 0; }
        bool isEnd() const { return phaseOrder() == 2; }
        bool bindEnclosing() const { return bits & 1; }
        bool sameId(const FlowPoint &o) const { return idA == o.idA; }
    };
    static_assert(sizeof(FlowPoint) == 32);
    // An "s" and its "f" (see pairFlows()): one flow when no other point has their id, else its
    // two points again. Their label is the end's (the start's has the same category, and a
    // flow's name is its end's).
    struct FlowPair {
        TimeNs ts; // the start's
        std::uint64_t idA;
        EventRef start, end; // before binding, .track as in FlowPoint::ref
        std::uint64_t bits; // (the end's time - ts) << 16 | label << 1 | the end's bindEnclosing

        static constexpr std::uint32_t kMaxLabels = 1u << 15;
        FlowPair(TimeNs time, std::uint64_t id, std::uint32_t startTrack, std::uint32_t endTrack,
            std::int64_t delta, std::uint32_t label, bool endEnclosing)
            : ts(time)
            , idA(id)
            , start { TrackId(startTrack), 0 }
            , end { TrackId(endTrack), 0 }
            , bits(static_cast<std::uint64_t>(delta) << 16 | label << 1
                  | std::uint32_t(endEnclosing))
        {
        }
        FlowPair() = default;
        std::uint32_t label() const
        {
            return static_cast<std::uint32_t>(bits >> 1) & (kMaxLabels - 1);
        }
        std::int64_t endDelta() const
        {
            return static_cast<std::int64_t>(bits) >> 16;
        } // 48 bits, signed
        bool endEnclosing() const { return bits & 1; }
        FlowPoint startPoint() const
        {
            return FlowPoint(ts, { idA, 0 }, start, label(), 's', false);
        }
        FlowPoint endPoint() const
        {
            return FlowPoint(ts + endDelta(), { idA, 0 }, end, label(), 'f', endEnclosing());
        }
    };
    static_assert(sizeof(FlowPair) == 40);
    struct FlowLabel {
        StringId name, category;
    };

    std::uint32_t trackFor(StringId pid, StringId tid);
    std::uint32_t flowLabel(StringId name, StringId category);
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
};

} // namespace npuscope
