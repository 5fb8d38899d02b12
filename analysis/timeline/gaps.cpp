#include "analysis/timeline/gaps.h"

#include "analysis/stats/kernelkinds.h"
#include "analysis/timeline/stepbreakdown.h"
#include "model/core/hugepages.h"

#include <QCoreApplication>

#include <algorithm>
#include <limits>
#include <optional>
#include <string_view>

namespace npuscope {

namespace {

    class GapText {
        Q_DECLARE_TR_FUNCTIONS(Gaps)
    };

    // Below 10 us an idle stretch is launch jitter: busy streams run tasks 0.3-3 us apart in
    // the Level1 sample (ascend-2025-01), and the generator models the same spacing.
    constexpr TimeNs kMinGapNs = 10'000;
    // Host and device clocks are aligned by the profiler to within a few us; a sync call that
    // returned this little before the device went idle still counts as straddling it.
    constexpr TimeNs kClockSlackNs = 10'000;

    // Device slices that are not work: profiler markers and waits for events or notifies.
    bool isIdleMarker(std::string_view name)
    {
        static constexpr std::string_view kNames[] = { "PROFILING_ENABLE", "PROFILING_DISABLE",
            "EVENT_WAIT", "Notify Wait", "Notify_Wait", "NOTIFY_WAIT", "STREAM_WAIT" };
        return std::find(std::begin(kNames), std::end(kNames), name) != std::end(kNames);
    }

    // Host calls that block until the device has drained: ACL and CUDA synchronisation,
    // synchronous copies (.cpu()), and the aten ops behind .item().
    bool isSyncCall(std::string_view name)
    {
        if (name.starts_with("AscendCL@"))
            name.remove_prefix(9);
        static constexpr std::string_view kPrefixes[] = { "aclrtSynchronize",
            "cudaDeviceSynchronize", "cudaStreamSynchronize", "cudaEventSynchronize" };
        static constexpr std::string_view kExact[]
            = { "aclrtMemcpy", "cudaMemcpy", "aten::item", "aten::_local_scalar_dense" };
        for (std::string_view p : kPrefixes) {
            if (name.starts_with(p))
                return true;
        }
        return std::find(std::begin(kExact), std::end(kExact), name) != std::end(kExact);
    }

    // A busy stretch of one lane: back-to-back tasks merged, with the task that opened it.
    struct Run {
        TimeNs start = 0;
        TimeNs end = 0;
        EventRef first;
        qint32 row = -1;
    };

    struct Lane {
        int stream = -1;
        TrackId track;
        std::vector<Run> runs;
    };

    void addToRuns(std::vector<Run> &runs, TimeNs start, TimeNs end, EventRef ref, qint32 row)
    {
        if (!runs.empty() && start <= runs.back().end)
            runs.back().end = std::max(runs.back().end, end);
        else
            runs.push_back({ start, end, ref, row });
    }

    std::vector<Lane> lanesFromTrace(const RankProfile &rank, const KernelKinds &kinds)
    {
        const Trace &t = *rank.trace;
        std::vector<bool> marker(t.strings.size());
        for (std::size_t id = 0; id < marker.size(); ++id)
            marker[id] = isIdleMarker(t.strings.view(StringId(static_cast<std::uint32_t>(id))));
        const bool joined = rank.kernels && rank.join.matched > 0;
        const std::vector<std::vector<qint32>> &rows = rank.join.eventRows;
        std::vector<Lane> lanes;
        for (const Track &track : t.tracks) {
            if (track.kind != TrackKind::DeviceStream)
                continue;
            Lane lane { track.streamId, track.id, {} };
            // At most a run per event; the pages past the runs are never touched. Grown by
            // doubling, the runs were copied and faulted in again at every step (a large share of
            // the gap analysis on a large profile). In 2 MB pages: filled 4 KB at a time they
            // were the analysis's most page faults (and a fault is costly on the test VM).
            reserveHuge(lane.runs, track.events.size());
            bool compute = !joined;
            const std::vector<qint32> *rowOf
                = joined && track.id.value < rows.size() ? &rows[track.id.value] : nullptr;
            for (std::size_t i = 0; i < track.events.size(); ++i) {
                const Event &e = track.events[i];
                if (e.instant || (e.name.value < marker.size() && marker[e.name.value]))
                    continue;
                const EventRef ref { track.id, static_cast<std::uint32_t>(i) };
                const qint32 row = rowOf && i < rowOf->size() ? (*rowOf)[i] : -1;
                compute = compute || (row >= 0 && kinds.isCompute(row));
                addToRuns(lane.runs, e.start, e.end(), ref, row);
            }
            // Streams that carry no compute kernel (HCCL's own streams) are covered by the
            // communication rows.
            if (compute && !lane.runs.empty())
                lanes.push_back(std::move(lane));
        }
        return lanes;
    }

    std::vector<qint32> rowsByStart(const KernelTable &k, const KernelKinds &kinds, bool comm)
    {
        std::vector<qint32> rows;
        for (qsizetype r = 0; r < k.rowCount(); ++r) {
            if (kinds.hasTime(r) && kinds.isCommunication(r) == comm)
                rows.push_back(static_cast<qint32>(r));
        }
        std::stable_sort(rows.begin(), rows.end(),
            [&](qint32 a, qint32 b) { return k.start[std::size_t(a)] < k.start[std::size_t(b)]; });
        return rows;
    }

    EventRef eventOfRow(const RankProfile &rank, qint32 row)
    {
        const auto r = static_cast<std::size_t>(row);
        return r < rank.join.rowToEvent.size() ? rank.join.rowToEvent[r] : EventRef();
    }

    std::vector<Lane> lanesFromKernels(const RankProfile &rank, const KernelKinds &kinds)
    {
        const KernelTable &k = *rank.kernels;
        std::vector<Lane> lanes;
        for (qint32 row : rowsByStart(k, kinds, false)) {
            const auto r = static_cast<std::size_t>(row);
            auto it = std::find_if(
                lanes.begin(), lanes.end(), [&](const Lane &l) { return l.stream == k.stream[r]; });
            if (it == lanes.end())
                it = lanes.insert(lanes.end(), Lane { k.stream[r], TrackId(), {} });
            addToRuns(it->runs, k.start[r], k.start[r] + k.duration[r], eventOfRow(rank, row), row);
        }
        std::sort(lanes.begin(), lanes.end(),
            [](const Lane &a, const Lane &b) { return a.stream < b.stream; });
        return lanes;
    }

    // Synchronising host calls sorted by start, with the running maximum of their ends, so
    // that "was the host blocked in a sync as t began" is one binary search.
    class SyncIndex {
    public:
        explicit SyncIndex(const Trace *trace)
        {
            if (!trace)
                return;
            std::vector<bool> sync(trace->strings.size());
            for (std::size_t id = 0; id < sync.size(); ++id)
                sync[id]
                    = isSyncCall(trace->strings.view(StringId(static_cast<std::uint32_t>(id))));
            for (const Track &track : trace->tracks) {
                if (track.kind != TrackKind::HostThread && track.kind != TrackKind::Cann)
                    continue;
                for (std::size_t i = 0; i < track.events.size(); ++i) {
                    const Event &e = track.events[i];
                    if (e.name.value < sync.size() && sync[e.name.value])
                        m_calls.push_back({ e.start, e.end(), { track.id, std::uint32_t(i) } });
                }
            }
            std::sort(m_calls.begin(), m_calls.end(),
                [](const Call &a, const Call &b) { return a.start < b.start; });
            m_maxEnd.resize(m_calls.size());
            for (std::size_t i = 0; i < m_calls.size(); ++i) {
                const bool keep = i > 0 && m_calls[m_maxEnd[i - 1]].end >= m_calls[i].end;
                m_maxEnd[i] = keep ? m_maxEnd[i - 1] : i;
            }
        }

        // The sync call that began before gapStart and returned inside the gap, if any.
        EventRef blockedAt(TimeNs gapStart, TimeNs gapEnd) const
        {
            auto it = std::upper_bound(m_calls.begin(), m_calls.end(), gapStart,
                [](TimeNs t, const Call &c) { return t < c.start; });
            if (it == m_calls.begin())
                return {};
            const Call &c = m_calls[m_maxEnd[std::size_t(it - m_calls.begin()) - 1]];
            return c.end >= gapStart - kClockSlackNs && c.end < gapEnd ? c.ref : EventRef();
        }

    private:
        struct Call {
            TimeNs start, end;
            EventRef ref;
        };
        std::vector<Call> m_calls;
        std::vector<std::size_t> m_maxEnd; // index of the call with the latest end so far
    };

    struct Classifier {
        const RankProfile &rank;
        const KernelKinds &kinds;
        SyncIndex syncs;

        void classify(Gap &g) const
        {
            const TimeNs length = g.duration();
            if (rank.trace && g.next.isValid()) {
                TimeNs latest = std::numeric_limits<TimeNs>::min();
                for (std::uint32_t f : rank.trace->flowsTo(g.next)) {
                    const EventRef from = rank.trace->flows[f].from;
                    if (from.isValid() && rank.trace->event(from).start > latest) {
                        latest = rank.trace->event(from).start;
                        g.launch = from;
                    }
                }
                if (g.launch.isValid())
                    g.hostLateNs = std::clamp<TimeNs>(latest - g.start, 0, length);
            }
            g.commNs = kinds.commUnion().coveredWithin(g.start, g.end);
            g.sync = syncs.blockedAt(g.start, g.end);
            if (g.hostLateNs == 0 && g.commNs == 0)
                g.cause = g.sync.isValid() ? GapCause::HostSync : GapCause::Unknown;
            else if (g.hostLateNs >= g.commNs)
                g.cause = g.sync.isValid() ? GapCause::HostSync : GapCause::Host;
            else
                g.cause = GapCause::Communication;
        }
    };

    // Cuts [a, b) to the profiled steps (a union of windows); pieces keep `next` only when
    // they end where the gap ends.
    void emitGap(std::vector<Gap> &out, const Gap &g, const IntervalSet *windows, TimeNs threshold)
    {
        // Most gaps lie inside one step window: the gap itself, without clipping a copy of the
        // windows (an allocation per gap).
        if (windows && g.end > g.start) {
            const std::vector<Interval> &w = windows->intervals();
            const auto it = std::upper_bound(
                w.begin(), w.end(), g.start, [](TimeNs t, const Interval &i) { return t < i.end; });
            if (it == w.end() || it->start >= g.end)
                return; // outside every window
            if (it->start <= g.start && it->end >= g.end)
                windows = nullptr; // inside one
        }
        if (!windows) {
            if (g.duration() >= threshold)
                out.push_back(g);
            return;
        }
        const IntervalSet pieces = windows->clipped(g.start, g.end);
        for (const Interval &piece : pieces.intervals()) {
            if (piece.length() < threshold)
                continue;
            Gap p = g;
            p.start = piece.start;
            p.end = piece.end;
            if (p.end != g.end) {
                p.next = EventRef();
                p.nextRow = -1;
            }
            out.push_back(p);
        }
    }

    void laneGaps(
        std::vector<Gap> &out, const Lane &lane, const IntervalSet *windows, TimeNs threshold)
    {
        for (std::size_t i = 1; i < lane.runs.size(); ++i) {
            Gap g;
            g.start = lane.runs[i - 1].end;
            g.end = lane.runs[i].start;
            g.stream = lane.stream;
            g.track = lane.track;
            g.next = lane.runs[i].first;
            g.nextRow = lane.runs[i].row;
            emitGap(out, g, windows, threshold);
        }
    }

    // The gaps between the device-wide busy runs, all lanes merged (a k-way merge, as each lane
    // is sorted; back-to-back runs combined as addToRuns does), as laneGaps() of the merged
    // lane would emit them. Each merged run is emitted once it is complete, not stored: the
    // merged copy of every run was fresh memory, a page fault per 128 runs.
    void deviceGaps(std::vector<Gap> &out, const std::vector<Lane> &lanes, const IntervalSet *w,
        TimeNs threshold)
    {
        std::vector<std::size_t> cursor(lanes.size(), 0);
        std::optional<Run> current, previous;
        const auto complete = [&](const Run &run) {
            if (previous) {
                Gap g;
                g.start = previous->end;
                g.end = run.start;
                g.next = run.first;
                g.nextRow = run.row;
                emitGap(out, g, w, threshold);
            }
            previous = run;
        };
        for (;;) {
            std::size_t best = lanes.size();
            for (std::size_t l = 0; l < lanes.size(); ++l) {
                if (cursor[l] < lanes[l].runs.size()
                    && (best == lanes.size()
                        || lanes[l].runs[cursor[l]].start < lanes[best].runs[cursor[best]].start))
                    best = l;
            }
            if (best == lanes.size())
                break;
            const Run &r = lanes[best].runs[cursor[best]++];
            if (current && r.start <= current->end) {
                current->end = std::max(current->end, r.end);
                continue;
            }
            if (current)
                complete(*current);
            current = r;
        }
        if (current)
            complete(*current);
    }

} // namespace

TimeNs defaultGapThreshold(const KernelTable *kernels, const KernelKinds *kinds)
{
    if (!kernels || !kinds)
        return kMinGapNs;
    std::vector<TimeNs> durations;
    reserveHuge(durations, static_cast<std::size_t>(kernels->rowCount()));
    for (qsizetype r = 0; r < kernels->rowCount(); ++r) {
        if (kinds->isCompute(r))
            durations.push_back(kernels->duration[std::size_t(r)]);
    }
    if (durations.empty())
        return kMinGapNs;
    const auto mid = durations.begin() + static_cast<std::ptrdiff_t>(durations.size() / 2);
    std::nth_element(durations.begin(), mid, durations.end());
    return std::max(kMinGapNs, *mid);
}

GapAnalysis findGaps(const RankProfile &rank, const KernelKinds &kinds, const GapOptions &options)
{
    GapAnalysis a;
    a.thresholdNs = options.thresholdNs > 0 ? options.thresholdNs
                                            : defaultGapThreshold(rank.kernels.get(), &kinds);
    std::vector<Lane> lanes;
    if (rank.trace)
        lanes = lanesFromTrace(rank, kinds);
    else if (rank.kernels)
        lanes = lanesFromKernels(rank, kinds);
    std::optional<IntervalSet> windows;
    if (rank.trace) {
        std::vector<Interval> spans;
        for (const StepSpan &s : findStepSpans(*rank.trace))
            spans.push_back({ s.start, s.end });
        if (!spans.empty())
            windows = IntervalSet::fromUnsorted(std::move(spans));
    }
    const IntervalSet *w = windows ? &*windows : nullptr;
    const Classifier classifier { rank, kinds, SyncIndex(rank.trace.get()) };

    for (const Lane &lane : lanes)
        laneGaps(a.streamGaps, lane, w, a.thresholdNs);
    for (Gap &g : a.streamGaps)
        classifier.classify(g);

    if (rank.kernels) {
        Lane comm;
        for (qint32 row : rowsByStart(*rank.kernels, kinds, true)) {
            const auto r = static_cast<std::size_t>(row);
            addToRuns(comm.runs, rank.kernels->start[r],
                rank.kernels->start[r] + rank.kernels->duration[r], eventOfRow(rank, row), row);
        }
        lanes.push_back(std::move(comm));
    }
    deviceGaps(a.deviceGaps, lanes, w, a.thresholdNs);
    for (Gap &g : a.deviceGaps) {
        classifier.classify(g);
        const auto c = static_cast<std::size_t>(g.cause);
        a.deviceIdleNs += g.duration();
        a.deviceIdleByCause[c] += g.duration();
        ++a.deviceGapsByCause[c];
    }
    return a;
}

QString gapCauseId(GapCause cause)
{
    switch (cause) {
    case GapCause::Host:
        return QStringLiteral("host");
    case GapCause::HostSync:
        return QStringLiteral("host-sync");
    case GapCause::Communication:
        return QStringLiteral("communication");
    case GapCause::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

QString gapCauseLabel(GapCause cause)
{
    switch (cause) {
    case GapCause::Host:
        return GapText::tr("waiting for the host");
    case GapCause::HostSync:
        return GapText::tr("host synchronisation");
    case GapCause::Communication:
        return GapText::tr("waiting for communication");
    case GapCause::Unknown:
        break;
    }
    return GapText::tr("unknown");
}

} // namespace npuscope
