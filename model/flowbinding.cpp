// TraceBuilder's last big step: binding every flow end ("s", "t", "f") to the slice it belongs to
// and chaining the ends of each id into flows. Millions of points at real scale: every pass here
// is laid out for the cache (see the comments) and runs on the loader's threads.
#include "model/bucketsort.h"
#include "model/tracebuilder.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <bit>

namespace npuscope {

namespace {

int phaseOrder(char phase)
{
    return phase == 's' ? 0 : phase == 't' ? 1 : 2;
}

} // namespace

void TraceBuilder::bindFlows(const std::vector<std::uint32_t> &newIndexOf, IssueList *issues, int threads)
{
    Trace &trace = *m_trace;
    auto &points = m_flowPoints;
    // `hint`: the previous point's answer on the same track; points come in nearly time order.
    auto bind = [&](const FlowPoint &p, std::size_t &hint) -> EventRef {
        const TrackId track(newIndexOf[p.track]);
        const auto &ev = trace.track(track).events;
        if (p.phase == 'f' && !p.bindEnclosing) {
            // Chrome's rule without "bp": "e": the next slice that starts at or after ts, the
            // first one not starting by ts - 1 (integer times).
            // (Parsed times are within ±kMaxTimeNs, so ts - 1 does not overflow.)
            const std::size_t next = eventsStartingBy(ev, p.ts - 1, hint);
            if (next != ev.size())
                return { track, static_cast<std::uint32_t>(next) };
        }
        hint = eventsStartingBy(ev, p.ts, hint);
        return trace.eventAt(track, p.ts, hint);
    };
    QElapsedTimer clock;
    clock.start();
    // Binding is a read-only lookup per point: done in parallel, grouped by track in file order
    // (nearly time order) so that consecutive lookups walk the same part of a track's index; in
    // id order they would jump across hundreds of MB and miss the cache at every level. The
    // grouping is a counting sort by track: linear, and file order stays within a track.
    {
        std::vector<std::uint32_t> start(trace.tracks.size() + 1, 0);
        for (const FlowPoint &p : points)
            ++start[p.track + 1];
        for (std::size_t t = 1; t < start.size(); ++t)
            start[t] += start[t - 1];
        std::vector<std::uint32_t> byPlace(points.size());
        for (std::uint32_t j = 0; j < points.size(); ++j)
            byPlace[start[points[j].track]++] = j;
        parallelRanges(points.size(), threads, [&](std::size_t from, std::size_t to) {
            std::size_t hint = 0;
            std::uint32_t track = UINT32_MAX;
            for (std::size_t k = from; k < to; ++k) {
                FlowPoint &p = points[byPlace[k]];
                if (p.track != track) {
                    track = p.track;
                    hint = 0;
                }
                p.ref = bind(p, hint);
            }
        });
    }
    qCDebug(lcLoad, "  bind %zu flow points: %.1f ms", points.size(), clock.nsecsElapsed() / 1e6);
    clock.restart();
    // Then chain the starts, steps and ends of each id in time order: order 16-byte keys by
    // (category, first half of the id hash), each small group of equal keys by the full order, and
    // walk the groups. Bucketed by category and the hash's top bits, which are uniform, each
    // bucket is sorted, grouped and chained inside the cache, and the buckets split between the
    // threads; each thread's flows are appended in bucket order, so the result does not depend on
    // the number of threads.
    struct Key {
        std::uint64_t id;
        std::uint32_t category;
        std::uint32_t point;
    };
    std::vector<Key> order(points.size());
    std::uint32_t maxCategory = 0;
    std::size_t notStarts = 0; // each flow ends at one of these
    for (std::uint32_t j = 0; j < order.size(); ++j) {
        order[j] = { points[j].id.a, points[j].category.value, j };
        maxCategory = std::max(maxCategory, points[j].category.value);
        notStarts += points[j].phase != 's';
    }
    std::vector<std::uint32_t> categoryRank(points.empty() ? 0 : maxCategory + 1, 0);
    for (const Key &k : order)
        categoryRank[k.category] = 1;
    std::uint32_t categories = 0;
    for (std::uint32_t &r : categoryRank)
        r = r ? categories++ : 0;
    const int categoryBits = std::bit_width(std::max<std::uint32_t>(categories, 1) - 1);
    const int bits = std::max(0, std::min(bucketBits(order.size()), 24 - categoryBits));
    auto bucketOf = [&](const Key &k) {
        return (std::size_t(categoryRank[k.category]) << bits) | (bits ? static_cast<std::size_t>(k.id >> (64 - bits)) : 0);
    };
    // What chaining reads of a point, gathered once per bucket in key order with a prefetch
    // distance: touching the 48-byte points in id order instead missed the cache once per point
    // (5.4 of 7.8 s of flow work for the 42 M points of a 20 GB trace).
    struct Near {
        std::uint64_t idB;
        TimeNs ts;
        EventRef ref;
        StringId name;
        std::uint32_t point;
        char phase;
    };
    auto before = [](const Near &a, const Near &b) {
        if (a.idB != b.idB)
            return a.idB < b.idB;
        if (a.ts != b.ts)
            return a.ts < b.ts;
        if (phaseOrder(a.phase) != phaseOrder(b.phase))
            return phaseOrder(a.phase) < phaseOrder(b.phase);
        return a.point < b.point; // file order
    };
    const std::size_t parts = static_cast<std::size_t>(std::max(threads, 1));
    std::vector<std::vector<Flow>> partFlows(parts);
    // At most a flow per step or end point, wherever its bucket falls; pages never written are not
    // resident, so this costs address space, not memory, and no copying as they grow.
    for (auto &f : partFlows)
        f.reserve(notStarts);
    std::vector<std::vector<Near>> partNear(parts);
    std::vector<qint64> partUnbound(parts, 0);
    auto chainBucket = [&](auto first, auto end, std::size_t part) {
        std::sort(first, end, [](const Key &x, const Key &y) {
            return x.category != y.category ? x.category < y.category : x.id != y.id ? x.id < y.id : x.point < y.point;
        });
        const auto n = static_cast<std::size_t>(end - first);
        std::vector<Near> &near = partNear[part];
        near.resize(n);
        constexpr std::size_t kAhead = 8;
        for (std::size_t k = 0; k < std::min(kAhead, n); ++k)
            __builtin_prefetch(&points[first[static_cast<std::ptrdiff_t>(k)].point]);
        for (std::size_t k = 0; k < n; ++k) {
            if (k + kAhead < n)
                __builtin_prefetch(&points[first[static_cast<std::ptrdiff_t>(k + kAhead)].point]);
            const std::uint32_t j = first[static_cast<std::ptrdiff_t>(k)].point;
            const FlowPoint &p = points[j];
            near[k] = { p.id.b, p.ts, p.ref, p.name, j, p.phase };
        }
        std::vector<Flow> &flows = partFlows[part];
        for (std::size_t i = 0; i < n;) {
            const Key &key = first[static_cast<std::ptrdiff_t>(i)];
            std::size_t j = i + 1;
            while (j < n && first[static_cast<std::ptrdiff_t>(j)].category == key.category
                   && first[static_cast<std::ptrdiff_t>(j)].id == key.id)
                ++j;
            const auto groupBegin = near.begin() + static_cast<std::ptrdiff_t>(i);
            const auto groupEnd = near.begin() + static_cast<std::ptrdiff_t>(j);
            if (j - i > 1)
                std::sort(groupBegin, groupEnd, before);
            // Equal first halves of the hash: usually one id, rarely several (the second half
            // tells them apart, and sorted by it, each id's points are contiguous).
            for (auto g = groupBegin; g != groupEnd;) {
                const std::uint64_t idB = g->idB;
                EventRef last;
                for (; g != groupEnd && g->idB == idB; ++g) {
                    const EventRef ref = g->ref;
                    if (!ref.isValid())
                        ++partUnbound[part];
                    if (g->phase != 's' && last.isValid() && ref.isValid())
                        flows.push_back({ g->name, StringId(key.category), last, ref });
                    if (g->phase != 'f')
                        last = ref;
                }
            }
            i = j;
        }
    };
    bucketSort(order, categoryBits + bits, bucketOf, chainBucket, threads);
    qCDebug(lcLoad, "  order by id and chain: %.1f ms", clock.nsecsElapsed() / 1e6);
    clock.restart();
    order = {};
    m_flowPoints.clear();
    qint64 unbound = 0;
    for (const qint64 u : partUnbound)
        unbound += u;
    trace.flows = std::move(partFlows[0]); // room for all of them (see above)
    for (std::size_t k = 1; k < parts; ++k) {
        trace.flows.insert(trace.flows.end(), partFlows[k].begin(), partFlows[k].end());
        partFlows[k] = {};
    }
    if (unbound > 0)
        issues->append({ Severity::Info, trace.path, QString(),
                         QCoreApplication::translate("npuscope::TraceParser", "%1 flow ends are not inside any slice and were not drawn").arg(unbound) });
    trace.indexFlows(threads);
    qCDebug(lcLoad, "  order flows by their ends: %.1f ms", clock.nsecsElapsed() / 1e6);
}

} // namespace npuscope
