#include "model/core/trace.h"

#include "model/core/bucketsort.h"
#include "model/core/eventargssource.h"
#include "model/core/hugepages.h"
#include "model/core/tracebytes.h"

#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>
#include <array>
#include <bit>
#include <thread>

namespace npuscope {

namespace {

    // Events per leaf block of the augmented tree. A leaf is scanned linearly; 16 keeps the tree
    // at about one byte per event while a scan touches at most 512 bytes.
    constexpr std::uint32_t kBlock = 16;

    // Finest level-of-detail resolution; coarser levels multiply by kLodFactor. A level is kept
    // only when it folds the depth's events at least kLodMinFold-fold, so LOD costs at most about a
    // third of the event count in runs (8 bytes per event), within DESIGN.md's 48-byte budget.
    constexpr TimeNs kLodFinest = 1000; // 1 µs: below that a 1920-px view spans < 2 ms
    constexpr TimeNs kLodFactor = 4;
    constexpr TimeNs kLodCoarsest = TimeNs(1) << 50; // ~13 days: nothing coarser is ever drawn
    constexpr std::size_t kLodMinFold = 4;
    constexpr int kMaxDepth = 0xffff;

    std::size_t treeLeaves(std::size_t n) { return (n + kBlock - 1) / kBlock; }

    std::size_t treeBase(std::size_t leaves)
    {
        std::size_t base = 1;
        while (base < leaves)
            base <<= 1;
        return base;
    }

} // namespace

Trace::Trace() = default;
Trace::~Trace() = default;

QString Track::displayName() const
{
    if (!threadName.isEmpty())
        return threadName;
    return QStringLiteral("Thread ") + QString::number(tidKey.value);
}

qsizetype Trace::sliceCount() const
{
    qsizetype n = 0;
    for (const Track &t : tracks)
        n += static_cast<qsizetype>(t.events.size());
    return n;
}

namespace {

    // std::stable_sort's order with less memory for events nearly in order (B/E pairs appended
    // after X events; stable_sort's buffer is half the track, at the end of the load): the events
    // out of order with
    // those kept before them are taken out, sorted, and merged back from the end. An event taken
    // out goes after the kept ones equal to it, which all came before it in the file: as
    // stable_sort. Tracks far from order (over an eighth taken out) go to stable_sort.
    template <typename Before> void sortNearlySorted(std::vector<Event> &ev, Before before)
    {
        std::size_t out = 0;
        const Event *last = nullptr;
        for (const Event &e : ev) {
            if (last && before(e, *last))
                ++out;
            else
                last = &e;
        }
        if (out > ev.size() / 8) {
            std::stable_sort(ev.begin(), ev.end(), before);
            return;
        }
        std::vector<Event> stray;
        stray.reserve(out);
        std::size_t kept = 0;
        for (std::size_t i = 0; i < ev.size(); ++i) {
            if (kept > 0 && before(ev[i], ev[kept - 1]))
                stray.push_back(ev[i]);
            else
                ev[kept++] = ev[i];
        }
        std::stable_sort(stray.begin(), stray.end(), before);
        std::size_t write = ev.size();
        std::size_t k = kept;
        for (std::size_t j = stray.size(); j > 0;) {
            if (k > 0 && before(stray[j - 1], ev[k - 1]))
                ev[--write] = ev[--k];
            else
                ev[--write] = stray[--j];
        }
    }

} // namespace

void Trace::buildTrackIndexes(Track &track)
{
    auto &ev = track.events;
    // No shrink_to_fit: the loader reserves from the rate of events in the file, and capacity never
    // written to is not resident; a shrink would copy every event to fresh pages.
    const auto before = [](const Event &a, const Event &b) {
        if (a.start != b.start)
            return a.start < b.start;
        return a.duration > b.duration;
    };
    // Profilers mostly write a thread's events in start order: checking first skips the sort's
    // time and its buffer (half the track's size) for those tracks. Same order either way.
    if (!std::is_sorted(ev.begin(), ev.end(), before))
        sortNearlySorted(ev, before);
    // Depth: a stack of open ends. Events that overlap without nesting still get the next depth,
    // so they are shown as they are instead of being dropped.
    std::vector<TimeNs> open;
    int maxDepth = 0;
    for (Event &e : ev) {
        while (!open.empty() && open.back() <= e.start)
            open.pop_back();
        const int depth = std::min(static_cast<int>(open.size()), kMaxDepth);
        e.depth = static_cast<std::uint64_t>(depth);
        maxDepth = std::max(maxDepth, depth);
        if (e.duration > 0)
            open.push_back(e.end());
    }
    track.maxDepth = maxDepth;
    buildBlockTree(track);
    buildLod(track);
}

// An implicit augmented tree: leaves are blocks of kBlock consecutive events (sorted by start),
// each node holds the maximum end below it, laid out heap-style in one array.
void Trace::buildBlockTree(Track &track)
{
    const auto &ev = track.events;
    const std::size_t leaves = treeLeaves(ev.size());
    if (leaves == 0) {
        track.blockMaxEnd.clear();
        return;
    }
    const std::size_t base = treeBase(leaves);
    track.blockMaxEnd.assign(2 * base, std::numeric_limits<TimeNs>::min());
    for (std::size_t i = 0; i < ev.size(); ++i) {
        TimeNs &slot = track.blockMaxEnd[base + i / kBlock];
        slot = std::max(slot, ev[i].end());
    }
    for (std::size_t i = base - 1; i >= 1; --i)
        track.blockMaxEnd[i] = std::max(track.blockMaxEnd[2 * i], track.blockMaxEnd[2 * i + 1]);
}

namespace {

    // Levels from kLodFinest up to the first coarser than kLodCoarsest: 22.
    constexpr std::size_t kLodLevels = 22;
    constexpr TimeNs lodResolution(std::size_t k) { return kLodFinest << (2 * k); }
    static_assert(kLodFactor == 4 && lodResolution(kLodLevels - 2) <= kLodCoarsest
        && lodResolution(kLodLevels - 1) > kLodCoarsest);

    // The kept LOD levels of one depth, made in one pass over its events: each level merges the
    // runs of the level below it (the first: the events) whose gap is below its resolution, a run
    // closed on a level going on to the next, in order, as a separate pass over each level's runs
    // would.
    class LodCascade {
    public:
        explicit LodCascade(std::vector<LodLevel> &levels)
            : m_levels(levels)
            , m_open(levels.size())
        {
        }

        void add(const Event &e, std::uint32_t index) { feed(0, { e.start, e.end(), 1, index }); }
        void finish()
        {
            for (std::size_t k = 0; k < m_levels.size(); ++k) {
                const LodRun closed = std::exchange(m_open[k], LodRun());
                if (closed.count == 0)
                    continue;
                m_levels[k].runs.push_back(closed);
                if (k + 1 < m_levels.size())
                    feed(k + 1, closed);
            }
        }

    private:
        // Level k takes run r: merged into its open run, or closing that run, which goes on up.
        void feed(std::size_t k, LodRun r)
        {
            for (;; ++k) {
                LodRun &open = m_open[k];
                if (open.count > 0 && r.start - open.end < m_levels[k].resolution) {
                    open.end = std::max(open.end, r.end);
                    open.count += r.count;
                    return;
                }
                const LodRun closed = std::exchange(open, r);
                if (closed.count == 0)
                    return;
                m_levels[k].runs.push_back(closed);
                if (k + 1 == m_levels.size())
                    return;
                r = closed;
            }
        }

        std::vector<LodLevel> &m_levels;
        std::vector<LodRun> m_open; // count 0: none open
    };

} // namespace

void Trace::buildLod(Track &track)
{
    const auto &ev = track.events;
    track.lod.assign(static_cast<std::size_t>(track.maxDepth) + 1, {});
    // Sized exactly, and room for a run per event reserved (only the pages written are faulted in):
    // grown by doubling, these temporaries would fault in their pages again at every step.
    std::vector<std::size_t> perDepth(track.lod.size(), 0);
    for (const Event &e : ev)
        ++perDepth[e.depth];
    std::vector<std::vector<std::uint32_t>> byDepth(track.lod.size());
    for (std::size_t depth = 0; depth < byDepth.size(); ++depth)
        byDepth[depth].reserve(perDepth[depth] >= kLodMinFold ? perDepth[depth] : 0);
    for (std::uint32_t i = 0; i < ev.size(); ++i)
        if (perDepth[ev[i].depth] >= kLodMinFold)
            byDepth[ev[i].depth].push_back(i);
    for (std::size_t depth = 0; depth < track.lod.size(); ++depth) {
        const std::size_t n = byDepth[depth].size();
        if (n < kLodMinFold)
            continue;
        // Finest level from the events; each coarser level from the previous one's runs, which
        // gives the same runs because merging by "gap < resolution" is transitive. So a level's
        // runs are one plus the events whose gap to the largest end before them (a run's end: a
        // later run starts after it) is at least the level's resolution: counted for every level
        // in one pass, which decides the levels kept, whose runs are then made in one more. The
        // finest level's runs, about one per event and rarely kept, are not made (made and merged
        // level by level, they would be the largest temporary of the load after the flows).
        std::size_t breaks[kLodLevels] = {}; // by the coarsest level the gap breaks
        TimeNs maxEnd = 0;
        bool first = true;
        for (std::uint32_t i : byDepth[depth]) {
            const Event &e = ev[i];
            if (!first && e.start - maxEnd >= kLodFinest) {
                const auto q
                    = static_cast<std::uint64_t>((e.start - maxEnd) / kLodFinest); // >= 4^level
                ++breaks[std::min<std::size_t>((std::bit_width(q) - 1) / 2, kLodLevels - 1)];
            }
            maxEnd = first ? e.end() : std::max(maxEnd, e.end());
            first = false;
        }
        std::size_t counts[kLodLevels];
        for (std::size_t k = kLodLevels, runs = 1; k-- > 0;) {
            runs += breaks[k];
            counts[k] = runs;
        }
        std::size_t keptCount = 0;
        for (std::size_t k = 0; k < kLodLevels; ++k) {
            if (counts[k] * kLodMinFold <= n && keptCount != counts[k]) {
                keptCount = counts[k];
                track.lod[depth].push_back({ lodResolution(k), {} });
                track.lod[depth].back().runs.reserve(counts[k]);
            }
            if (counts[k] <= 1)
                break;
        }
        if (!track.lod[depth].empty()) { // none kept: events too far apart to fold 4-fold
            LodCascade cascade(track.lod[depth]);
            for (std::uint32_t i : byDepth[depth])
                cascade.add(ev[i], i);
            cascade.finish();
        }
        byDepth[depth] = {};
    }
}

namespace {

    // Calls fn(i) for every event of `t` that overlaps [t0, t1], in index order. A template so that
    // the hot callers (flow binding calls eventAt for every flow end) inline the callback; the
    // descent keeps its stack in a fixed array: the tree is at most 64 levels deep and the stack
    // holds at most one pending sibling per level.
    template <typename Fn> void visitOverlapping(const Track &t, TimeNs t0, TimeNs t1, Fn &&fn)
    {
        const auto &ev = t.events;
        if (ev.empty() || t1 < t0)
            return;
        // Only events starting at or before t1 can overlap.
        const auto hiIt = std::upper_bound(
            ev.begin(), ev.end(), t1, [](TimeNs v, const Event &e) { return v < e.start; });
        const std::size_t hi = static_cast<std::size_t>(hiIt - ev.begin());
        if (hi == 0)
            return;
        const std::size_t leaves = treeLeaves(ev.size());
        const std::size_t base = treeBase(leaves);
        const std::size_t lastLeaf = (hi - 1) / kBlock;
        // Iterative descent, leftmost first, pruning subtrees whose max end is before t0.
        struct Node {
            std::size_t node, lo, hi; // leaf range [lo, hi)
        };
        std::array<Node, 130> stack;
        std::size_t top = 0;
        stack[top++] = { 1, 0, base };
        while (top > 0) {
            const Node n = stack[--top];
            if (n.lo > lastLeaf || t.blockMaxEnd[n.node] < t0)
                continue;
            if (n.hi - n.lo == 1) {
                const std::size_t from = n.lo * kBlock;
                const std::size_t to = std::min(hi, from + kBlock);
                for (std::size_t i = from; i < to; ++i)
                    if (ev[i].end() >= t0)
                        fn(static_cast<std::uint32_t>(i));
                continue;
            }
            const std::size_t mid = (n.lo + n.hi) / 2;
            stack[top++] = { 2 * n.node + 1, mid, n.hi };
            stack[top++] = { 2 * n.node, n.lo, mid };
        }
    }

} // namespace

void Trace::forEachOverlapping(
    TrackId id, TimeNs t0, TimeNs t1, const std::function<void(std::uint32_t)> &fn) const
{
    visitOverlapping(track(id), t0, t1, fn);
}

std::vector<std::uint32_t> Trace::overlapping(TrackId id, TimeNs t0, TimeNs t1) const
{
    std::vector<std::uint32_t> out;
    forEachOverlapping(id, t0, t1, [&out](std::uint32_t i) { out.push_back(i); });
    return out;
}

std::size_t eventsStartingBy(const std::vector<Event> &ev, TimeNs t, std::size_t hint)
{
    // The answer is the first index whose event starts after t. Gallop from the hint towards it
    // (1, 2, 4, ... events), then binary-search the last step.
    const auto after = [t](const Event &e) { return e.start > t; };
    hint = std::min(hint, ev.size());
    std::size_t lo = 0, hi = ev.size(); // the answer is in [lo, hi]
    if (hint > 0 && after(ev[hint - 1])) {
        hi = hint - 1;
        for (std::size_t step = 1;; step *= 2) {
            if (hi < step) {
                lo = 0;
                break;
            }
            if (!after(ev[hi - step])) {
                lo = hi - step + 1;
                break;
            }
            hi -= step;
        }
    } else {
        lo = hint;
        for (std::size_t step = 1;; step *= 2) {
            if (ev.size() - lo < step) {
                hi = ev.size();
                break;
            }
            if (after(ev[lo + step - 1])) {
                hi = lo + step - 1;
                break;
            }
            lo += step;
        }
    }
    return static_cast<std::size_t>(
        std::partition_point(ev.begin() + static_cast<std::ptrdiff_t>(lo),
            ev.begin() + static_cast<std::ptrdiff_t>(hi), [&](const Event &e) { return !after(e); })
        - ev.begin());
}

EventRef Trace::eventAt(TrackId id, TimeNs t) const
{
    const auto &ev = track(id).events;
    const auto it = std::upper_bound(
        ev.begin(), ev.end(), t, [](TimeNs v, const Event &e) { return v < e.start; });
    return eventAt(id, t, static_cast<std::size_t>(it - ev.begin()));
}

EventRef Trace::eventAt(TrackId id, TimeNs t, std::size_t startedBy) const
{
    const Track &tr = track(id);
    const auto &ev = tr.events;
    // For a slice starting at or before t: half-open [start, end), an instant only at its time.
    const auto contains
        = [t](const Event &e) { return e.duration == 0 ? e.start == t : e.end() > t; };
    if (tr.maxDepth == 0) {
        // A flat track (device streams): depth 0 everywhere means every slice ended by the time
        // the next one starts, and nothing starts inside a slice. The answer, the last candidate,
        // can then only be the last slice starting at or before t.
        if (startedBy == 0 || !contains(ev[startedBy - 1]))
            return {};
        return { id, static_cast<std::uint32_t>(startedBy - 1) };
    }
    // Nested tracks: the deepest slice containing t is also the last one in start order that
    // contains it. (A slice X containing t is still open, on the depth stack of buildTrackIndexes,
    // when any later slice Y containing t starts, so Y is deeper; an instant X at t is not
    // pushed, but nothing below it is popped before Y, so Y is at least as deep, and ties go to
    // the later slice.) So looking back from the last slice starting at or before t finds it,
    // usually among the first few; past a bound the tree answers instead (a long slice far
    // back, with many closed ones after it): the last one it reports that contains t.
    std::size_t back = startedBy;
    for (int k = 0; k < 32 && back > 0; ++k) {
        if (contains(ev[--back]))
            return { id, static_cast<std::uint32_t>(back) };
    }
    EventRef best;
    if (back == 0)
        return best;
    visitOverlapping(tr, t, t, [&](std::uint32_t i) { // ascending index
        if (contains(tr.events[i]))
            best = { id, i };
    });
    return best;
}

const LodLevel *Trace::lodLevel(TrackId id, int depth, TimeNs maxResolution) const
{
    const Track &t = track(id);
    if (depth < 0 || depth >= static_cast<int>(t.lod.size()))
        return nullptr;
    const LodLevel *best = nullptr;
    for (const LodLevel &level : t.lod[static_cast<std::size_t>(depth)]) {
        if (level.resolution > maxResolution)
            break;
        best = &level;
    }
    return best;
}

namespace {

    // Flow indices ordered by one end (track, event index), ties by flow index: a stable radix sort
    // by the event's number across tracks of (event number, flow index) keys packed in 8 bytes,
    // which start in flow order. The keys and the sort's buffer take 16 bytes a flow, both ends at
    // once 32, far above the peak budget at tens of millions of flows. So
    // past kRoundFlows the keys are made and sorted in rounds, each of a range of event numbers
    // holding about as many flows (a histogram of the event numbers picks the ranges): two more
    // reads of the flows instead of the memory.
    std::vector<std::uint32_t> flowOrder(
        const std::vector<Flow> &flows, const std::vector<std::uint64_t> &trackStart, bool byFrom)
    {
        const int eventBits = std::bit_width(trackStart.back());
        // In 2 MB pages, as the keys and the sort's buffer: a million flows fill 60 MB of them.
        std::vector<std::uint32_t> order;
        reserveHuge(order, flows.size());
        order.resize(flows.size());
        auto eventOf = [&](const Flow &f) {
            const EventRef r = byFrom ? f.from : f.to;
            return trackStart[r.track.value] + r.index;
        };
        if (eventBits > 32) { // over 4 G slices: sort index pairs
            for (std::uint32_t i = 0; i < order.size(); ++i)
                order[i] = i;
            std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
                return eventOf(flows[a]) < eventOf(flows[b]);
            });
            return order;
        }
        constexpr std::size_t kRoundFlows = std::size_t(2) << 20; // 32 MB of keys and buffer
        std::vector<std::uint64_t> keys;
        auto sortKeys = [&](std::size_t at) {
            radixSort(keys, eventBits, [](std::uint64_t k) { return k >> 32; });
            for (const std::uint64_t k : keys)
                order[at++] = static_cast<std::uint32_t>(k);
        };
        if (flows.size() <= kRoundFlows) {
            reserveHuge(keys, flows.size());
            keys.resize(flows.size());
            for (std::uint32_t i = 0; i < flows.size(); ++i)
                keys[i] = (eventOf(flows[i]) << 32) | i;
            sortKeys(0);
            return order;
        }
        // The rounds: each a run of histogram bins holding about kRoundFlows flows (more if one bin
        // does). The flows go into `order` by round (in flow order), then each round is sorted
        // there.
        const int binShift = std::max(0, eventBits - 14);
        std::vector<std::size_t> bins((trackStart.back() >> binShift) + 1, 0);
        for (const Flow &f : flows)
            ++bins[eventOf(f) >> binShift];
        const std::size_t rounds = (flows.size() + kRoundFlows - 1) / kRoundFlows;
        std::vector<std::uint32_t> roundOfBin(bins.size());
        std::vector<std::size_t> roundStart { 0 };
        std::size_t seen = 0;
        for (std::size_t b = 0; b < bins.size(); ++b) {
            roundOfBin[b] = static_cast<std::uint32_t>(roundStart.size() - 1);
            seen += bins[b];
            if (seen * rounds >= flows.size() * roundStart.size() || b + 1 == bins.size())
                roundStart.push_back(seen);
        }
        std::vector<std::size_t> next(roundStart.begin(), roundStart.end() - 1);
        for (std::uint32_t i = 0; i < flows.size(); ++i)
            order[next[roundOfBin[eventOf(flows[i]) >> binShift]]++] = i;
        keys.reserve(kRoundFlows + kRoundFlows / 4);
        for (std::size_t r = 0; r + 1 < roundStart.size(); ++r) {
            keys.clear();
            for (std::size_t k = roundStart[r]; k < roundStart[r + 1]; ++k)
                keys.push_back((eventOf(flows[order[k]]) << 32) | order[k]);
            sortKeys(roundStart[r]);
        }
        return order;
    }

} // namespace

void Trace::indexFlows(int threads)
{
    std::vector<std::uint64_t> trackStart(tracks.size() + 1, 0);
    for (std::size_t t = 0; t < tracks.size(); ++t)
        trackStart[t + 1] = trackStart[t] + tracks[t].events.size();
    if (threads > 1) {
        std::thread other([&] { flowsByTo = flowOrder(flows, trackStart, false); });
        flowsByFrom = flowOrder(flows, trackStart, true);
        other.join();
    } else {
        flowsByFrom = flowOrder(flows, trackStart, true);
        flowsByTo = flowOrder(flows, trackStart, false);
    }
}

std::vector<std::uint32_t> Trace::flowsFrom(EventRef ref) const
{
    auto range = std::equal_range(
        flowsByFrom.begin(), flowsByFrom.end(), ref, [this](const auto &a, const auto &b) {
            if constexpr (std::is_same_v<std::decay_t<decltype(a)>, EventRef>)
                return a < flows[b].from;
            else
                return flows[a].from < b;
        });
    return { range.first, range.second };
}

std::vector<std::uint32_t> Trace::flowsTo(EventRef ref) const
{
    auto range = std::equal_range(
        flowsByTo.begin(), flowsByTo.end(), ref, [this](const auto &a, const auto &b) {
            if constexpr (std::is_same_v<std::decay_t<decltype(a)>, EventRef>)
                return a < flows[b].to;
            else
                return flows[a].to < b;
        });
    return { range.first, range.second };
}

QByteArray Trace::rawEventJson(EventRef ref) const
{
    if (!source || !ref.isValid())
        return {};
    return source->readJsonObjectAt(static_cast<std::int64_t>(event(ref).argsOffset));
}

QJsonObject Trace::args(EventRef ref) const
{
    if (!source && argsSource && ref.isValid())
        return argsSource->args(event(ref).argsOffset);
    const QByteArray raw = rawEventJson(ref);
    if (raw.isEmpty())
        return {};
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(raw, &error);
    if (!doc.isObject())
        return {};
    return doc.object().value(QStringLiteral("args")).toObject();
}

} // namespace npuscope
