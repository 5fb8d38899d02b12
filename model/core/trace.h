#pragma once

#include "model/core/issue.h"
#include "model/core/sequencenumbers.h"
#include "model/core/stringpool.h"
#include "model/core/types.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <functional>
#include <memory>
#include <vector>

namespace npuscope {

class EventArgsSource;
class TraceBytes;

enum class TrackKind : std::uint8_t {
    HostThread, // Python / framework threads
    Cann, // CANN runtime API threads
    DeviceStream, // Ascend Hardware "Stream N", Kineto GPU streams
    Communication, // HCCL / Communication groups and planes
    OverlapAnalysis, // Computing / Communication / Free lanes
    Other,
};

// One slice (X, B/E pair or instant). 32 bytes; rare fields live in the raw JSON, parsed lazily.
struct Event {
    TimeNs start = 0;
    TimeNs duration = 0;
    std::uint64_t argsOffset : 47 = 0; // byte offset of the raw event in the (decompressed) file
    std::uint64_t instant : 1 = 0;
    std::uint64_t depth : 16 = 0;
    StringId name;
    StringId category;

    TimeNs end() const { return start + duration; }
};
static_assert(sizeof(Event) == 32);

// Runs of events of one depth merged for zoomed-out drawing: neighbouring events whose gap is
// below the level's resolution fold into one run.
struct LodRun {
    TimeNs start = 0;
    TimeNs end = 0;
    std::uint32_t count = 0; // events folded into this run
    std::uint32_t first = 0; // index (in Track::events) of its first event
};

struct LodLevel {
    TimeNs resolution = 0; // gaps shorter than this were merged
    std::vector<LodRun> runs;
};

struct Track {
    TrackId id;
    StringId pidKey; // opaque pid text ("3170820512", "0_1234")
    StringId tidKey;
    QString processName;
    QString threadName;
    QString processLabels; // "CPU", "NPU", ...
    std::int64_t processSort = 0;
    std::int64_t threadSort = 0;
    TrackKind kind = TrackKind::Other;
    int streamId = -1; // device stream number parsed from "Stream N" / "stream N"
    int maxDepth = 0;

    std::vector<Event> events; // sorted by start, then longest first; depth computed
    std::vector<TimeNs> blockMaxEnd; // implicit augmented tree over blocks (see trace.cpp)
    std::vector<std::vector<LodLevel>> lod; // [depth][level], coarser levels later

    QString displayName() const; // "Stream 2", "Thread 3096504", falls back to tid
};

struct CounterSeries {
    StringId pidKey;
    QString processName; // "AI Core Freq", "HBM", ...
    QString name; // series name inside the C event's args
    std::int64_t processSort = 0;
    std::vector<TimeNs> times; // sorted
    std::vector<double> values;
    double minValue = 0;
    double maxValue = 0;
};

struct Flow {
    // "torch_to_npu", ...; torch_npu names its HostToDevice flows category + id
    // ("HostToDevice40004068119343520901"), and those keep only the category here. The id
    // itself is not kept (it pairs start and end while loading); the raw events have both.
    StringId name;
    StringId category; // "async_npu", "HostToDevice", "ac2g"
    EventRef from;
    EventRef to;
};

struct TraceStats {
    std::int64_t events = 0; // every element of the event array that parsed
    std::int64_t complete = 0; // X
    std::int64_t beginEnd = 0; // B and E
    std::int64_t instant = 0; // i, I
    std::int64_t counter = 0; // C
    std::int64_t flow = 0; // s, t, f
    std::int64_t metadata = 0; // M
    std::int64_t other = 0; // any other phase
    std::int64_t droppedBytes = 0; // bytes that could not be parsed

    TraceStats &operator+=(const TraceStats &o)
    {
        events += o.events;
        complete += o.complete;
        beginEnd += o.beginEnd;
        instant += o.instant;
        counter += o.counter;
        flow += o.flow;
        metadata += o.metadata;
        other += o.other;
        droppedBytes += o.droppedBytes;
        return *this;
    }
};

// How many of the events (sorted by start) start at or before t: std::upper_bound, searched
// outwards from `hint` (a previous answer), so that nearby times cost O(log distance).
std::size_t eventsStartingBy(const std::vector<Event> &events, TimeNs t, std::size_t hint);

// The immutable timeline of one trace file. Built by TraceBuilder, shared read-only.
class Trace {
public:
    Trace();
    ~Trace();
    Trace(const Trace &) = delete;
    Trace &operator=(const Trace &) = delete;

    QString path;
    bool kineto = false; // object form with "traceEvents"
    StringPool strings;
    std::vector<Track> tracks; // display order: process sort, then thread sort
    std::vector<CounterSeries> counters;
    std::vector<Flow> flows;
    std::vector<std::uint32_t> flowsByFrom; // flow indices sorted by `from`
    std::vector<std::uint32_t> flowsByTo; // flow indices sorted by `to`
    TraceStats stats;
    TimeNs minTime = 0; // earliest start of any slice or counter sample
    TimeNs maxTime = 0; // latest end
    std::int64_t fileBytes = 0;
    // The "Sequence number" of host ops, read at load time when the call tree needs them.
    SequenceNumbers sequenceNumbers;

    const Track &track(TrackId id) const { return tracks[id.value]; }
    const Event &event(EventRef ref) const { return tracks[ref.track.value].events[ref.index]; }
    qsizetype sliceCount() const;

    // Calls fn(index) for every event of the track that overlaps [t0, t1] (inclusive ends),
    // in ascending index order. O(log n + k).
    void forEachOverlapping(
        TrackId track, TimeNs t0, TimeNs t1, const std::function<void(std::uint32_t)> &fn) const;
    std::vector<std::uint32_t> overlapping(TrackId track, TimeNs t0, TimeNs t1) const;
    // Deepest event covering time t, or an invalid ref.
    EventRef eventAt(TrackId track, TimeNs t) const;
    // The same when the caller knows how many of the track's events start at or before t
    // (eventsStartingBy), e.g. for many times in nearly ascending order.
    EventRef eventAt(TrackId track, TimeNs t, std::size_t startedBy) const;

    // The coarsest level of detail of (track, depth) whose resolution is <= maxResolution,
    // or nullptr when events should be drawn one by one.
    const LodLevel *lodLevel(TrackId track, int depth, TimeNs maxResolution) const;

    // Fills flowsByFrom and flowsByTo from `flows` (flow indices by each end, ties in flow
    // order); the two orders on two threads when `threads` > 1.
    void indexFlows(int threads = 1);
    // Flows that start or end at an event.
    std::vector<std::uint32_t> flowsFrom(EventRef ref) const;
    std::vector<std::uint32_t> flowsTo(EventRef ref) const;

    // The raw JSON of an event and its parsed "args", read lazily from the file.
    QByteArray rawEventJson(EventRef ref) const;
    QJsonObject args(EventRef ref) const;

    // Builds the per-track indexes (sort, depth, tree, LOD). Called once by the builder.
    static void buildTrackIndexes(Track &track);

    std::shared_ptr<TraceBytes> source; // for lazy args; may be null (tests)
    // Args of events without raw JSON (a profiler database), asked by argsOffset; may be null.
    std::shared_ptr<const EventArgsSource> argsSource;

private:
    static void buildBlockTree(Track &track);
    static void buildLod(Track &track);
};

} // namespace npuscope
