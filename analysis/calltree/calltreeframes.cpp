#include "analysis/calltree/calltreeframes.h"

#include <algorithm>

namespace npuscope {

namespace {

    constexpr std::uint32_t kNone = CallTreeNode::kNone;

    bool isFrameKind(TrackKind kind, CallTreeSource source)
    {
        return source == CallTreeSource::CannCalls ? kind == TrackKind::Cann
                                                   : kind == TrackKind::HostThread;
    }

} // namespace

CallTreeFrames::CallTreeFrames(const Trace &trace, bool backwardUnderForward)
    : m_trace(&trace)
    , m_python(trace.strings.find("python_function"))
{
    chooseTracks();
    parent.assign(size(), kNone);
    graft.assign(size(), PathRule::Nested);
    nestedChildNs.assign(size(), 0);
    m_nestParent.assign(size(), kNone);
    nest();
    flowGrafts(backwardUnderForward);
    if (backwardUnderForward && !m_backwardFlows)
        sequenceGrafts();
    callerGrafts();
}

const Event &CallTreeFrames::event(std::uint32_t g) const
{
    const auto t = static_cast<std::size_t>(
        std::upper_bound(offset.begin(), offset.end(), g) - offset.begin() - 1);
    return m_trace->tracks[tracks[t].value].events[g - offset[t]];
}

std::uint32_t CallTreeFrames::global(EventRef ref) const
{
    if (!ref.isValid() || ref.track.value >= m_frameOf.size())
        return kNone;
    const int t = m_frameOf[ref.track.value];
    return t < 0 ? kNone : offset[static_cast<std::size_t>(t)] + ref.index;
}

// Framework (host) threads when the trace has any, else CANN threads. The caller track: the
// thread with the most Python frames, else the one running ProfilerStep#N, else the busiest.
void CallTreeFrames::chooseTracks()
{
    const Trace &trace = *m_trace;
    source = CallTreeSource::FrameworkOps;
    const auto any = [&](TrackKind kind) {
        return std::any_of(trace.tracks.begin(), trace.tracks.end(),
            [&](const Track &t) { return t.kind == kind && !t.events.empty(); });
    };
    if (!any(TrackKind::HostThread))
        source = any(TrackKind::Cann) ? CallTreeSource::CannCalls : CallTreeSource::None;
    stepName.assign(trace.strings.size(), false);
    for (std::uint32_t s = 0; s < trace.strings.size(); ++s)
        stepName[s] = trace.strings.view(StringId(s)).starts_with("ProfilerStep#");
    m_frameOf.assign(trace.tracks.size(), -1);
    offset.push_back(0);
    qint64 bestPython = 0, bestEvents = 0;
    bool bestHasStep = false;
    for (const Track &t : trace.tracks) {
        if (source == CallTreeSource::None || !isFrameKind(t.kind, source) || t.events.empty())
            continue;
        const int index = static_cast<int>(tracks.size());
        m_frameOf[t.id.value] = index;
        tracks.push_back(t.id);
        offset.push_back(offset.back() + static_cast<std::uint32_t>(t.events.size()));
        m_frameByTid.try_emplace(t.tidKey.value, index);
        qint64 python = 0;
        bool hasStep = false;
        for (const Event &e : t.events) {
            python += e.category == m_python;
            hasStep = hasStep || (e.name.value < stepName.size() && stepName[e.name.value]);
        }
        const auto events = static_cast<qint64>(t.events.size());
        if (python > bestPython || (python == bestPython && hasStep > bestHasStep)
            || (python == bestPython && hasStep == bestHasStep && events > bestEvents)) {
            bestPython = python;
            bestHasStep = hasStep;
            bestEvents = events;
            m_caller = index;
        }
    }
    if (bestPython > 0 && source == CallTreeSource::FrameworkOps)
        source = CallTreeSource::PythonFrames;
}

// Nesting in time on each thread: the parent of an event is the innermost earlier event still
// open that contains it whole (torch_npu's Python frames overlap ops that outlast them, such as
// ProfilerStep#N begun inside record_function's __enter__: those go up to a frame that holds
// them). Self time is the length not covered by the union of the children.
void CallTreeFrames::nest()
{
    std::vector<std::uint32_t> open;
    for (std::size_t t = 0; t < tracks.size(); ++t) {
        const auto &events = m_trace->track(tracks[t]).events;
        open.clear();
        std::vector<TimeNs> coveredUntil(events.size());
        for (std::uint32_t i = 0; i < events.size(); ++i) {
            const Event &e = events[i];
            const std::uint32_t g = offset[t] + i;
            const std::uint32_t base = offset[t];
            while (!open.empty() && events[open.back() - base].end() <= e.start)
                open.pop_back();
            for (auto it = open.rbegin(); it != open.rend(); ++it) {
                const Event &p = events[*it - base];
                if (p.end() < e.end() || p.end() <= e.start)
                    continue;
                m_nestParent[g] = *it;
                parent[g] = *it;
                TimeNs &covered = coveredUntil[*it - base];
                if (!e.instant)
                    nestedChildNs[*it] += std::max<TimeNs>(0, e.end() - std::max(e.start, covered));
                covered = std::max(covered, e.end());
                break;
            }
            coveredUntil[i] = e.start;
            if (e.duration > 0)
                open.push_back(g);
        }
    }
}

// A flow from a frame event to one on another frame thread (fwdbwd from a forward op to its
// backward, async_task_queue from an enqueue to its dequeue) makes the source the parent.
void CallTreeFrames::flowGrafts(bool backwardUnderForward)
{
    const Trace &trace = *m_trace;
    const StringId fwdbwd = trace.strings.find("fwdbwd");
    for (const Flow &f : trace.flows) {
        if (!f.from.isValid() || !f.to.isValid() || f.from.track == f.to.track)
            continue;
        const std::uint32_t from = global(f.from), to = global(f.to);
        if (from == kNone || to == kNone || event(from).instant || event(to).instant)
            continue;
        const bool backward = f.category == fwdbwd || f.name == fwdbwd;
        if (backward && !backwardUnderForward)
            continue;
        parent[to] = from;
        graft[to] = backward ? PathRule::ForwardBackward : PathRule::TaskQueue;
        m_backwardFlows = m_backwardFlows || backward;
    }
}

namespace {

    // Traces over this many caller-thread ops are not searched for sequence numbers.
    constexpr std::size_t kMaxSequenceOps = 500'000;

} // namespace

// Without fwdbwd flows, the top-level ops of the other threads that carry a sequence number go
// under the caller thread's op of that number (its outermost one, the first: the op the model
// line called). The numbers were read from the file when the trace was loaded
// (Trace::sequenceNumbers); the two lists are matched by sorting (no hash node per op).
void CallTreeFrames::sequenceGrafts()
{
    const SequenceNumbers &numbers = m_trace->sequenceNumbers;
    if (m_caller < 0 || numbers.keys.empty())
        return;
    const auto c = static_cast<std::size_t>(m_caller);
    const std::uint32_t callerOps = offset[c + 1] - offset[c];
    if (callerOps > kMaxSequenceOps)
        return;
    using Numbered = std::vector<std::pair<qint64, std::uint32_t>>; // (sequence number, op)
    Numbered ops, waiting;
    for (std::size_t t = 0; t < tracks.size(); ++t) {
        for (std::uint32_t g = offset[t]; g < offset[t + 1]; ++g) {
            const Event &e = event(g);
            const bool wanted
                = t == c ? e.category != m_python && !e.instant : parent[g] == kNone && !e.instant;
            if (!wanted)
                continue;
            const qint64 seq = numbers.of({ tracks[t], g - offset[t] });
            if (seq >= 0)
                (t == c ? ops : waiting).emplace_back(seq, g);
        }
    }
    std::sort(ops.begin(), ops.end());
    std::sort(waiting.begin(), waiting.end());
    // Both by number, then op: an op's number maps to the first caller op that has it.
    auto op = ops.begin();
    for (const auto &[seq, g] : waiting) {
        while (op != ops.end() && op->first < seq)
            ++op;
        if (op != ops.end() && op->first == seq) {
            parent[g] = op->second;
            graft[g] = PathRule::Sequence;
        }
    }
}

// The deepest frame of `frameTrack` running at t; with Python frames, the innermost Python frame
// around it (the line of the model, not an op that happened to run).
std::uint32_t CallTreeFrames::frameCovering(int frameTrack, TimeNs t) const
{
    const auto ft = static_cast<std::size_t>(frameTrack);
    return frameAt(frameTrack, m_trace->eventAt(tracks[ft], t));
}

// The frame that frameCovering() gives for `at`, the deepest event of the frame track at a time.
std::uint32_t CallTreeFrames::frameAt(int frameTrack, EventRef at) const
{
    if (!at.isValid())
        return kNone;
    std::uint32_t g = offset[static_cast<std::size_t>(frameTrack)] + at.index;
    if (event(g).instant)
        g = m_nestParent[g];
    if (source != CallTreeSource::PythonFrames || g == kNone)
        return g;
    for (std::uint32_t p = g; p != kNone; p = m_nestParent[p])
        if (event(p).category == m_python)
            return p;
    return g;
}

namespace {

    // A thread's top-level events searched one by one (a binary search and often a descent of
    // the caller track's interval tree each) when they are fewer than the caller track's events
    // over this; otherwise in one sweep of the caller track (callerSweep).
    constexpr std::size_t kSweepRatio = 64;

    // For each time of `times` (ascending), the deepest event of `ev` (a nested track, sorted by
    // start) running then, as Trace::eventAt() finds it: the last event in start order among
    // those starting at or before the time that contain it (an instant only at its own time).
    // The events started so far are kept on a stack in index order; one that no longer contains
    // the time never will again (times only grow), so it is dropped when it comes to the top,
    // and the top is then the answer. Linear in the events and times together.
    class CallerSweep {
    public:
        explicit CallerSweep(const std::vector<Event> &ev)
            : m_ev(ev)
        {
        }
        // The index of the event running at t, or -1; t at least the previous call's.
        std::int64_t at(TimeNs t)
        {
            while (m_next < m_ev.size() && m_ev[m_next].start <= t)
                m_open.push_back(static_cast<std::uint32_t>(m_next++));
            while (!m_open.empty() && !contains(m_ev[m_open.back()], t))
                m_open.pop_back();
            return m_open.empty() ? -1 : std::int64_t(m_open.back());
        }

    private:
        static bool contains(const Event &e, TimeNs t)
        {
            return e.duration == 0 ? e.start == t : e.end() > t;
        }
        const std::vector<Event> &m_ev;
        std::size_t m_next = 0;
        std::vector<std::uint32_t> m_open;
    };

} // namespace

// Top-level work of the other threads that no flow placed goes under the caller thread's frame
// running when it started: backward() runs the autograd thread while the main thread waits in it.
void CallTreeFrames::callerGrafts()
{
    if (m_caller < 0)
        return;
    const TrackId callerTrack = tracks[static_cast<std::size_t>(m_caller)];
    const Track &caller = m_trace->track(callerTrack);
    for (std::size_t t = 0; t < tracks.size(); ++t) {
        if (static_cast<int>(t) == m_caller)
            continue;
        const auto &events = m_trace->track(tracks[t]).events;
        std::vector<std::uint32_t> top; // the track's events to graft, in start order
        for (std::uint32_t i = 0; i < events.size(); ++i)
            if (parent[offset[t] + i] == kNone && !events[i].instant)
                top.push_back(i);
        // A flat caller track is answered by eventAt() without a descent.
        const bool sweep = caller.maxDepth > 0 && top.size() * kSweepRatio >= caller.events.size();
        CallerSweep running(caller.events);
        for (const std::uint32_t i : top) {
            const std::uint32_t g = offset[t] + i;
            std::uint32_t frame = kNone;
            if (!sweep) {
                frame = frameCovering(m_caller, events[i].start);
            } else if (const std::int64_t k = running.at(events[i].start); k >= 0) {
                frame = frameAt(m_caller, { callerTrack, static_cast<std::uint32_t>(k) });
            }
            if (frame != kNone) {
                parent[g] = frame;
                graft[g] = PathRule::Caller;
            }
        }
    }
}

CallTreeLaunch CallTreeFrames::launchThroughCann(EventRef call) const
{
    const Track &track = m_trace->track(call.track);
    if (track.kind != TrackKind::Cann)
        return {};
    const auto it = m_frameByTid.find(track.tidKey.value);
    if (it == m_frameByTid.end())
        return {};
    return { frameCovering(it->second, m_trace->event(call).start), LaunchRule::CannThread };
}

// The first position of Trace::flowsByTo whose flow goes to `kernel` or after it: a binary
// search of all the flows (two dependent cache misses a step on a large trace), or with `cursor` a
// gallop on from the track's last answer when the kernel comes after it (one or two steps).
std::size_t CallTreeFrames::firstFlowTo(EventRef kernel, LaunchCursor *cursor) const
{
    const auto &flows = m_trace->flows;
    const auto &byTo = m_trace->flowsByTo;
    const auto before = [&](std::uint32_t f) { return flows[f].to < kernel; };
    std::size_t lo = 0, hi = byTo.size(); // the answer is in [lo, hi]
    if (cursor) {
        if (cursor->flowAt.size() < m_trace->tracks.size())
            cursor->flowAt.resize(m_trace->tracks.size(), 0);
        lo = cursor->flowAt[kernel.track.value];
        if (lo > 0 && !before(byTo[lo - 1]))
            lo = 0; // an earlier kernel than the last: search all
        hi = lo;
        for (std::size_t step = 1; hi < byTo.size() && before(byTo[hi]); step *= 2) {
            lo = hi + 1;
            hi = std::min(byTo.size(), lo + step);
        }
    }
    const auto at = static_cast<std::size_t>(std::partition_point(byTo.begin() + std::ptrdiff_t(lo),
                                                 byTo.begin() + std::ptrdiff_t(hi), before)
        - byTo.begin());
    if (cursor)
        cursor->flowAt[kernel.track.value] = at;
    return at;
}

// A flow from a frame event wins over one through a CANN call; among equals the latest start
// (the launch closest to the kernel).
CallTreeLaunch CallTreeFrames::launcherOf(EventRef kernel, LaunchCursor *cursor) const
{
    CallTreeLaunch best;
    if (!m_trace || !kernel.isValid())
        return best;
    TimeNs bestStart = 0;
    // Trace::flowsTo without the vector it allocates for every kernel row.
    const auto &flows = m_trace->flows;
    const auto &byTo = m_trace->flowsByTo;
    auto it = byTo.begin() + std::ptrdiff_t(firstFlowTo(kernel, cursor));
    for (; it != byTo.end() && flows[*it].to == kernel; ++it) {
        const EventRef from = flows[*it].from;
        if (!from.isValid())
            continue;
        CallTreeLaunch l;
        if (const std::uint32_t g = global(from); g != kNone)
            l = { event(g).instant ? m_nestParent[g] : g, LaunchRule::Flow };
        else
            l = launchThroughCann(from);
        if (l.frame == kNone)
            continue;
        const TimeNs start = event(l.frame).start;
        if (best.frame == kNone || l.rule < best.rule
            || (l.rule == best.rule && start > bestStart)) {
            best = l;
            bestStart = start;
        }
    }
    if (best.frame == kNone)
        best.rule = LaunchRule::Unattributed;
    return best;
}

} // namespace npuscope
