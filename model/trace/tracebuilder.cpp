#include "model/trace/tracebuilder.h"
#include "model/core/stringinterner.h"

#include "model/core/bucketsort.h"
#include "model/core/hugepages.h"
#include "model/core/residentmemory.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QRegularExpression>

#include <algorithm>
#include <atomic>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <unordered_set>

namespace npuscope {

// Phase timings of the trace load: QT_LOGGING_RULES="npuscope.load.debug=true".
Q_LOGGING_CATEGORY(lcLoad, "npuscope.load", QtWarningMsg)

namespace {

    quint64 pairKey(std::uint32_t a, std::uint32_t b) { return (quint64(a) << 32) | b; }

    // Sort key for processes and threads without a sort index: after every sorted one.
    constexpr std::int64_t kUnsorted = std::numeric_limits<std::int64_t>::max() / 2;

    TrackKind classify(const QString &process, const QString &thread)
    {
        const QString p = process.toLower();
        const QString t = thread.toLower();
        static const QRegularExpression streamRe(QStringLiteral("^stream\\s*\\d+"));
        if (p.contains(QLatin1String("ascend hardware")) || streamRe.match(t).hasMatch())
            return TrackKind::DeviceStream;
        if (p.contains(QLatin1String("overlap analysis")))
            return TrackKind::OverlapAnalysis;
        if (p.contains(QLatin1String("hccl")) || p.contains(QLatin1String("communication"))
            || t.contains(QLatin1String("communication")) || t.startsWith(QLatin1String("plane ")))
            return TrackKind::Communication;
        if (p == QLatin1String("cann"))
            return TrackKind::Cann;
        return TrackKind::HostThread;
    }

    int streamNumber(const QString &thread)
    {
        static const QRegularExpression re(
            QStringLiteral("^stream\\s*(\\d+)"), QRegularExpression::CaseInsensitiveOption);
        const auto m = re.match(thread);
        return m.hasMatch() ? m.captured(1).toInt() : -1;
    }

    // The chunks ahead of the merge whose room the prefaulter faults in: the merge should not
    // catch up with it, and what it faults in beyond a track's last event is idle memory.
    constexpr std::size_t kPrefaultChunks = 4;

    // Room for `extra` more elements in a vector filled chunk by chunk, of which the rest of the
    // file is expected to add `extra * restPerChunk` more (the rate of the chunk just parsed). One
    // step to the predicted size instead of many doublings: each step copied the vector to fresh
    // pages (and then the final shrink once more). Capacity that is never written to is never
    // faulted in, so a guess too high costs address space only; growth stays within 2x (the
    // doubling it replaces: never more steps than before, whatever the file's order) and 1024x, or
    // 2x + 1 GiB for huge vectors (address space is not unlimited: the kernel refuses single
    // allocations far beyond the RAM). 1024x, not 16x: on a large trace a track's first chunk
    // predicts far more than 16x, and the 16x steps copied several times the events to fresh
    // memory (2 MB pages that the test VM backs slowly) that one step now copies.
    template <class T> void reserveFor(std::vector<T> &v, std::size_t extra, double restPerChunk)
    {
        const std::size_t need = v.size() + extra;
        if (need <= v.capacity())
            return;
        const double least = 2.0 * double(need);
        const double most = std::max(
            least, std::min(1024.0 * double(need) + 16, least + double(1 << 30) / sizeof(T)));
        const double predicted = double(need) + double(extra) * restPerChunk * 1.05;
        // The predicted part in 2 MB pages (one fault for 512 pages): the rest of the room is
        // touched only if the prediction falls short.
        reserveHuge(v, static_cast<std::size_t>(std::clamp(predicted, least, most)),
            static_cast<std::size_t>(std::min(predicted, most)));
    }

} // namespace

TraceBuilder::TraceBuilder(const QString &path, std::int64_t fileBytes)
    : m_trace(std::make_unique<Trace>())
    , m_fileBytes(fileBytes)
{
    m_trace->path = path;
    if (fileBytes > 0)
        m_prefaulter = std::make_unique<Prefaulter>();
}

TraceBuilder::~TraceBuilder() = default;

std::uint32_t TraceBuilder::trackFor(StringId pid, StringId tid)
{
    const quint64 key = pairKey(pid.value, tid.value);
    auto it = m_trackIndex.constFind(key);
    if (it != m_trackIndex.constEnd())
        return it.value();
    const auto index = static_cast<std::uint32_t>(m_trace->tracks.size());
    Track t;
    t.pidKey = pid;
    t.tidKey = tid;
    m_trace->tracks.push_back(std::move(t));
    m_trackIndex.insert(key, index);
    return index;
}

std::uint32_t TraceBuilder::flowLabel(StringId name, StringId category)
{
    const quint64 key = pairKey(name.value, category.value);
    const auto it = m_flowLabelIndex.constFind(key);
    if (it != m_flowLabelIndex.constEnd())
        return it.value();
    // FlowPoint keeps 29 bits of label. 2^29 distinct flow names would take more memory than
    // any machine this runs on before getting here; should it happen, the rest share the last.
    if (m_flowLabels.size() >= FlowPoint::kMaxLabels)
        return FlowPoint::kMaxLabels - 1;
    const auto label = static_cast<std::uint32_t>(m_flowLabels.size());
    m_flowLabelIndex.insert(key, label);
    m_flowLabels.push_back({ name, category });
    return label;
}

void TraceBuilder::add(RawChunk &chunk)
{
    StringPool &pool = m_trace->strings;
    std::vector<StringId> remap(chunk.strings.size());
    for (std::uint32_t i = 0; i < remap.size(); ++i)
        remap[i] = StringInterner::intern(pool, chunk.strings.view(StringId(i)));
    std::vector<std::uint32_t> tracks(chunk.trackKeys.size());
    for (std::size_t i = 0; i < tracks.size(); ++i)
        tracks[i] = trackFor(remap[chunk.trackKeys[i].first], remap[chunk.trackKeys[i].second]);
    addSlices(chunk, remap, tracks);
    addCounters(chunk, remap);
    addFlows(chunk, remap, tracks);
    addMetadata(chunk, remap);
    addProblems(chunk);
}

void TraceBuilder::addSlices(
    RawChunk &chunk, const std::vector<StringId> &remap, const std::vector<std::uint32_t> &tracks)
{
    std::vector<std::size_t> added(tracks.size(), 0);
    for (const RawChunk::Slice &s : chunk.slices)
        added[s.track] += s.phase != 'B' && s.phase != 'E';
    if (m_fileBytes > chunk.end && chunk.end > chunk.begin) {
        const double restPerChunk
            = double(m_fileBytes - chunk.end) / double(chunk.end - chunk.begin);
        for (std::size_t i = 0; i < tracks.size(); ++i)
            reserveFor(m_trace->tracks[tracks[i]].events, added[i], restPerChunk);
    }
    for (RawChunk::Slice &s : chunk.slices) {
        s.event.name = remap[s.event.name.value];
        s.event.category = remap[s.event.category.value];
        const std::uint32_t track = tracks[s.track];
        if (s.phase == 'B' || s.phase == 'E')
            m_beginEnd.push_back({ track, s.event, s.phase });
        else
            m_trace->tracks[track].events.push_back(s.event);
    }
    chunk.slices.clear(); // the loader hands its capacity to a later chunk
    if (m_prefaulter)
        prefaultEvents(tracks, added);
}

void TraceBuilder::prefaultEvents(
    const std::vector<std::uint32_t> &tracks, const std::vector<std::size_t> &added)
{
    if (m_prefaulted.size() < m_trace->tracks.size())
        m_prefaulted.resize(m_trace->tracks.size());
    for (std::size_t i = 0; i < tracks.size(); ++i) {
        const std::vector<Event> &events = m_trace->tracks[tracks[i]].events;
        Prefaulted &done = m_prefaulted[tracks[i]];
        if (done.data != events.data())
            done = { events.data(), events.size() }; // moved: faulted in up to its size
        const std::size_t want
            = std::min(events.capacity(), events.size() + added[i] * kPrefaultChunks);
        if (want > done.upTo) {
            m_prefaulter->add(events.data() + done.upTo, (want - done.upTo) * sizeof(Event));
            done.upTo = want;
        }
    }
}

template <typename T> void TraceBuilder::prefaultBlocks(BlockVector<T> &v, std::size_t added)
{
    // The blocks are allocated ahead (at most one beyond the last element), each faulted in
    // from the last element on.
    const std::size_t from = v.size(), to = from + added * kPrefaultChunks;
    if (added == 0 || !m_prefaulter)
        return;
    v.reserve(to);
    for (std::size_t at = from; at < to;) {
        const std::size_t blockEnd = std::min((at / v.kBlockSize + 1) * v.kBlockSize, to);
        m_prefaulter->add(&v[at], (blockEnd - at) * sizeof(T));
        at = blockEnd;
    }
}

void TraceBuilder::addCounters(const RawChunk &chunk, const std::vector<StringId> &remap)
{
    for (const RawChunk::Counter &c : chunk.counters) {
        const auto key = std::make_pair(remap[c.pid].value, remap[c.series].value);
        auto [it, inserted] = m_counterIndex.try_emplace(key, m_trace->counters.size());
        if (inserted) {
            CounterSeries series;
            series.pidKey = remap[c.pid];
            series.name = m_trace->strings.string(remap[c.series]);
            m_trace->counters.push_back(std::move(series));
        }
        CounterSeries &series = m_trace->counters[it->second];
        series.times.push_back(c.ts);
        series.values.push_back(c.value);
    }
}

void TraceBuilder::addFlows(
    RawChunk &chunk, const std::vector<StringId> &remap, const std::vector<std::uint32_t> &tracks)
{
    std::uint32_t lastName = UINT32_MAX, lastCategory = UINT32_MAX, label = 0; // usually one pair
    auto labelOf = [&](const RawChunk::FlowPoint &f) {
        if (f.name != lastName || f.category != lastCategory) {
            lastName = f.name;
            lastCategory = f.category;
            label = flowLabel(remap[f.name], remap[f.category]);
        }
        return label;
    };
    for (const auto &[start, end] : chunk.flowPairs) {
        RawChunk::FlowPoint &s = chunk.flows[start];
        RawChunk::FlowPoint &f = chunk.flows[end];
        const std::uint32_t l = labelOf(f);
        if (l >= FlowPair::kMaxLabels) { // tens of thousands of flow names: points, as they came
            s.paired = f.paired = false;
            continue;
        }
        m_flowPairs.push_back(FlowPair(
            s.ts, s.id.a, tracks[s.track], tracks[f.track], f.ts - s.ts, l, f.bindEnclosing));
    }
    prefaultBlocks(m_flowPairs, chunk.flowPairs.size());
    chunk.flowPairs.clear();
    const std::size_t points = m_flowPoints.size();
    for (const RawChunk::FlowPoint &f : chunk.flows)
        if (!f.paired)
            m_flowPoints.push_back(FlowPoint(f.ts, f.id, EventRef { TrackId(tracks[f.track]), 0 },
                labelOf(f), f.phase, f.bindEnclosing));
    prefaultBlocks(m_flowPoints, m_flowPoints.size() - points);
    chunk.flows.clear();
}

void TraceBuilder::addMetadata(const RawChunk &chunk, const std::vector<StringId> &remap)
{
    for (const RawChunk::Meta &m : chunk.metas) {
        using Kind = RawChunk::Meta::Kind;
        const StringId pid = remap[m.pid];
        const QString text = m_trace->strings.string(remap[m.text]);
        if (m.kind == Kind::ProcessName) {
            m_processes[pid.value].name = text;
        } else if (m.kind == Kind::ProcessLabels) {
            m_processes[pid.value].labels = text;
        } else if (m.kind == Kind::ProcessSort) {
            m_processes[pid.value].sort = m.sort;
            m_processes[pid.value].hasSort = true;
        } else {
            ThreadInfo &thread = m_threads[pairKey(pid.value, remap[m.tid].value)];
            if (m.kind == Kind::ThreadName) {
                thread.name = text;
            } else {
                thread.sort = m.sort;
                thread.hasSort = true;
            }
        }
    }
}

void TraceBuilder::addProblems(const RawChunk &chunk)
{
    m_trace->stats += chunk.stats;
    for (int k = 0; k < RawChunk::ProblemKindCount; ++k) {
        RawChunk::Problem &mine = m_problems[k];
        const RawChunk::Problem &theirs = chunk.problems[k];
        if (theirs.count == 0)
            continue;
        if (mine.count == 0) {
            mine.firstOffset = theirs.firstOffset;
            mine.message = theirs.message;
        }
        mine.count += theirs.count;
    }
    for (Issue issue : chunk.issues) {
        issue.file = m_trace->path;
        m_damage.append(issue);
    }
}

void TraceBuilder::applyMetadata()
{
    // At Level0 the CANN process has no process_name; it is the one whose threads start the
    // HostToDevice flows.
    std::unordered_set<std::uint32_t> hostToDevice;
    const StringId h2d = m_trace->strings.find("HostToDevice");
    for (const FlowPoint &f : m_flowPoints)
        if (f.isStart() && m_flowLabels[f.label()].category == h2d)
            hostToDevice.insert(m_trace->tracks[f.ref.track.value].pidKey.value);
    for (const FlowPair &f : m_flowPairs)
        if (m_flowLabels[f.label()].category == h2d)
            hostToDevice.insert(m_trace->tracks[f.start.track.value].pidKey.value);
    for (Track &t : m_trace->tracks) {
        const ProcessInfo process = m_processes.value(t.pidKey.value);
        const ThreadInfo thread = m_threads.value(pairKey(t.pidKey.value, t.tidKey.value));
        t.processName = process.name;
        if (t.processName.isEmpty())
            t.processName = hostToDevice.count(t.pidKey.value)
                ? QStringLiteral("CANN")
                : QStringLiteral("Process ") + m_trace->strings.string(t.pidKey);
        t.processLabels = process.labels;
        t.processSort = process.hasSort ? process.sort : kUnsorted;
        t.threadName = thread.name;
        const QString tid = m_trace->strings.string(t.tidKey);
        if (t.threadName.isEmpty())
            t.threadName = tid.startsWith(QLatin1String("stream"), Qt::CaseInsensitive)
                ? tid
                : QStringLiteral("Thread ") + tid;
        t.threadSort = thread.hasSort ? thread.sort : kUnsorted;
        t.kind = classify(t.processName, t.threadName);
        t.streamId = t.kind == TrackKind::DeviceStream ? streamNumber(t.threadName) : -1;
        if (t.kind == TrackKind::DeviceStream && t.streamId < 0)
            t.streamId = streamNumber(tid);
    }
    for (CounterSeries &c : m_trace->counters) {
        const ProcessInfo process = m_processes.value(c.pidKey.value);
        c.processName = process.name.isEmpty()
            ? QStringLiteral("Process ") + m_trace->strings.string(c.pidKey)
            : process.name;
        c.processSort = process.hasSort ? process.sort : kUnsorted;
    }
}

void TraceBuilder::pairBeginEnd(IssueList *issues)
{
    std::stable_sort(
        m_beginEnd.begin(), m_beginEnd.end(), [](const BeginEnd &a, const BeginEnd &b) {
            return a.track != b.track ? a.track < b.track : a.event.start < b.event.start;
        });
    qint64 unmatchedEnd = 0, unmatchedBegin = 0;
    std::vector<Event> open;
    for (std::size_t i = 0; i < m_beginEnd.size();) {
        const std::uint32_t track = m_beginEnd[i].track;
        open.clear();
        for (; i < m_beginEnd.size() && m_beginEnd[i].track == track; ++i) {
            const BeginEnd &be = m_beginEnd[i];
            if (be.phase == 'B') {
                open.push_back(be.event);
            } else if (open.empty()) {
                ++unmatchedEnd;
            } else {
                Event e = open.back();
                open.pop_back();
                e.duration = be.event.start - e.start;
                m_trace->tracks[track].events.push_back(e);
            }
        }
        for (Event e : open) {
            ++unmatchedBegin;
            e.duration = 0;
            m_trace->tracks[track].events.push_back(e);
        }
    }
    if (unmatchedBegin > 0)
        issues->append({ Severity::Warning, m_trace->path, QString(),
            QCoreApplication::translate("npuscope::TraceParser",
                "%1 \"B\" events have no matching \"E\"; shown with zero duration")
                .arg(unmatchedBegin) });
    if (unmatchedEnd > 0)
        issues->append({ Severity::Warning, m_trace->path, QString(),
            QCoreApplication::translate(
                "npuscope::TraceParser", "%1 \"E\" events have no matching \"B\"; ignored")
                .arg(unmatchedEnd) });
    m_beginEnd = {};
}

std::vector<std::uint32_t> TraceBuilder::orderTracks()
{
    auto &tracks = m_trace->tracks;
    std::vector<std::uint32_t> order(tracks.size());
    for (std::uint32_t i = 0; i < order.size(); ++i)
        order[i] = i;
    const StringPool &pool = m_trace->strings;
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        const Track &x = tracks[a];
        const Track &y = tracks[b];
        if (x.processSort != y.processSort)
            return x.processSort < y.processSort;
        if (x.pidKey != y.pidKey)
            return pool.view(x.pidKey) < pool.view(y.pidKey);
        if (x.threadSort != y.threadSort)
            return x.threadSort < y.threadSort;
        if (x.streamId != y.streamId)
            return x.streamId < y.streamId;
        return pool.view(x.tidKey) < pool.view(y.tidKey);
    });
    std::vector<Track> sorted;
    sorted.reserve(tracks.size());
    std::vector<std::uint32_t> newIndexOf(tracks.size());
    for (std::uint32_t i = 0; i < order.size(); ++i) {
        newIndexOf[order[i]] = i;
        sorted.push_back(std::move(tracks[order[i]]));
        sorted.back().id = TrackId(i);
    }
    tracks = std::move(sorted);
    return newIndexOf;
}

void TraceBuilder::buildIndexes(int threads)
{
    auto &tracks = m_trace->tracks;
    std::vector<std::uint32_t> bySize(tracks.size());
    for (std::uint32_t i = 0; i < bySize.size(); ++i)
        bySize[i] = i;
    std::sort(bySize.begin(), bySize.end(),
        [&](auto a, auto b) { return tracks[a].events.size() > tracks[b].events.size(); });
    std::atomic<std::size_t> next { 0 };
    auto work = [&] {
        for (std::size_t i = next++; i < bySize.size(); i = next++)
            Trace::buildTrackIndexes(tracks[bySize[i]]);
    };
    runParts(static_cast<std::size_t>(threads), [&](std::size_t) { work(); });
}

void TraceBuilder::finishCounters()
{
    for (CounterSeries &c : m_trace->counters) {
        std::vector<std::size_t> order(c.times.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        if (!std::is_sorted(c.times.begin(), c.times.end())) {
            std::stable_sort(order.begin(), order.end(),
                [&](auto a, auto b) { return c.times[a] < c.times[b]; });
            std::vector<TimeNs> t(order.size());
            std::vector<double> v(order.size());
            for (std::size_t i = 0; i < order.size(); ++i) {
                t[i] = c.times[order[i]];
                v[i] = c.values[order[i]];
            }
            c.times = std::move(t);
            c.values = std::move(v);
        }
        if (!c.values.empty()) {
            const auto [mn, mx] = std::minmax_element(c.values.begin(), c.values.end());
            c.minValue = *mn;
            c.maxValue = *mx;
        }
    }
    std::stable_sort(m_trace->counters.begin(), m_trace->counters.end(),
        [](const CounterSeries &a, const CounterSeries &b) {
            if (a.processSort != b.processSort)
                return a.processSort < b.processSort;
            if (a.processName != b.processName)
                return a.processName < b.processName;
            return a.name < b.name;
        });
}

void TraceBuilder::reportProblems(IssueList *issues)
{
    for (const RawChunk::Problem &p : m_problems) {
        if (p.count == 0)
            continue;
        issues->append({ Severity::Warning, m_trace->path,
            p.firstOffset >= 0
                ? QCoreApplication::translate("npuscope::TraceParser", "byte %1").arg(p.firstOffset)
                : QString(),
            p.count == 1
                ? p.message
                : QCoreApplication::translate("npuscope::TraceParser", "%1 (and %2 more like it)")
                      .arg(p.message)
                      .arg(p.count - 1) });
    }
}

std::shared_ptr<Trace> TraceBuilder::finish(IssueList *issues, int threads)
{
    if (m_prefaulter) {
        qCDebug(lcLoad, "prefaulted %.1f MB", m_prefaulter->populated() / 1e6);
        m_prefaulter.reset();
    }
    for (const Issue &i : std::as_const(m_damage))
        issues->append(i);
    reportProblems(issues);
    PhaseClock clock(lcLoad());
    pairBeginEnd(issues);
    applyMetadata();
    const std::vector<std::uint32_t> newIndexOf = orderTracks();
    clock.phase("pair B/E, metadata, order tracks");
    buildIndexes(std::max(1, threads));
#if defined(__GLIBC__)
    // The parse buffers and the index temporaries are freed by now, mostly into the worker
    // threads' malloc arenas, which glibc keeps: hand those pages back before binding the flows,
    // the next high point of memory (a few milliseconds).
    malloc_trim(0);
#endif
    clock.phase("track indexes");
    bindFlows(newIndexOf, issues, std::max(1, threads));
    clock.phase("bind flows");
    finishCounters();
    clock.phase("counters");
    Trace &trace = *m_trace;
    bool any = false;
    TimeNs lo = 0, hi = 0;
    auto extend = [&](TimeNs a, TimeNs b) {
        lo = any ? std::min(lo, a) : a;
        hi = any ? std::max(hi, b) : b;
        any = true;
    };
    for (const Track &t : trace.tracks)
        if (!t.events.empty())
            extend(t.events.front().start, t.blockMaxEnd[1]); // sorted; the tree root holds max end
    for (const CounterSeries &c : trace.counters)
        if (!c.times.empty())
            extend(c.times.front(), c.times.back());
    trace.minTime = lo;
    trace.maxTime = hi;
    if (lcLoad().isDebugEnabled()) {
        std::size_t events = 0, eventBytes = 0, treeBytes = 0, lodBytes = 0, counterBytes = 0;
        for (const Track &t : trace.tracks) {
            events += t.events.size();
            eventBytes += t.events.size() * sizeof(Event); // the slack is never touched
            treeBytes += t.blockMaxEnd.capacity() * sizeof(TimeNs);
            for (const auto &levels : t.lod)
                for (const LodLevel &l : levels)
                    lodBytes += l.runs.capacity() * sizeof(LodRun);
        }
        for (const CounterSeries &c : trace.counters)
            counterBytes
                += c.times.capacity() * sizeof(TimeNs) + c.values.capacity() * sizeof(double);
        const std::size_t flowBytes = trace.flows.size() * sizeof(Flow)
            + (trace.flowsByFrom.capacity() + trace.flowsByTo.capacity()) * sizeof(std::uint32_t);
        qCDebug(lcLoad,
            "memory: %zu slices %.1f MB, tree %.1f MB, LOD %.1f MB, %zu flows %.1f MB, "
            "counters %.1f MB, %zu strings %.1f MB",
            events, eventBytes / 1e6, treeBytes / 1e6, lodBytes / 1e6, trace.flows.size(),
            flowBytes / 1e6, counterBytes / 1e6, trace.strings.size(),
            trace.strings.bytesUsed() / 1e6);
    }
    return std::shared_ptr<Trace>(m_trace.release());
}

} // namespace npuscope
