// TraceBuilder's last big step: binding every flow end ("s", "t", "f") to the slice it belongs to
// and chaining the ends of each id into flows. Millions of points at real scale: every pass here
// is laid out for the cache (see the comments) and runs on the loader's threads.
#include "model/core/bucketsort.h"
#include "model/core/pagearray.h"
#include "model/core/residentmemory.h"
#include "model/trace/tracebuilder.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <bit>
#include <memory>

namespace npuscope {

namespace {

} // namespace

void TraceBuilder::bindFlows(
    const std::vector<std::uint32_t> &newIndexOf, IssueList *issues, int threads)
{
    Trace &trace = *m_trace;
    auto &points = m_flowPoints;
    auto &pairs = m_flowPairs;
    const std::size_t n = points.size(), m = pairs.size();
    // `hint`: the previous answer on the same track; points come in nearly time order.
    // endNext: an "f" without "bp": "e".
    auto bind = [&](TimeNs ts, bool endNext, TrackId track, std::size_t &hint) -> EventRef {
        const auto &ev = trace.track(track).events;
        if (endNext) {
            // Chrome's rule without "bp": "e": the next slice that starts at or after ts, the
            // first one not starting by ts - 1 (integer times).
            // (Parsed times are within ±kMaxTimeNs, so ts - 1 does not overflow.)
            const std::size_t next = eventsStartingBy(ev, ts - 1, hint);
            if (next != ev.size())
                return { track, static_cast<std::uint32_t>(next) };
        }
        hint = eventsStartingBy(ev, ts, hint);
        return trace.eventAt(track, ts, hint);
    };
    // The flows are chained per id in time order: sorted by (category, id, time, phase, slice,
    // name). The sort is a stable distribution by a key made of the category's rank and the top
    // bits of the id's hash (uniform), first into at most 256 top buckets, then, one top bucket
    // at a time, into small buckets that are sorted inside the cache. The points move from their
    // blocks into one array of top buckets, each block given back to the system once moved; then
    // that array is given back page by page as its buckets are chained. So the points exist once
    // at any time: sorting keys (16 bytes each) and gathering the points into key order needed
    // another 200 MB at 4 GB of trace and missed the cache per point. The pairs (an "s" and its
    // "f", see pairFlows()) go the same way beside the single points, sorted by the same key; a
    // pair whose id no other pair or point has is one flow, else it is chained as its two points
    // with the others of its id. (At 4 GB of trace 4.2 M pairs and 0.1 M points, 170 MB; as 8.5 M
    // points they were 270 MB.)
    std::vector<std::uint32_t> categories;
    for (const FlowLabel &l : m_flowLabels)
        categories.push_back(l.category.value);
    std::sort(categories.begin(), categories.end());
    categories.erase(std::unique(categories.begin(), categories.end()), categories.end());
    std::vector<std::uint32_t> labelRank(m_flowLabels.size());
    for (std::size_t l = 0; l < labelRank.size(); ++l)
        labelRank[l] = static_cast<std::uint32_t>(
            std::lower_bound(categories.begin(), categories.end(), m_flowLabels[l].category.value)
            - categories.begin());
    const int categoryBits = std::bit_width(std::max<std::size_t>(categories.size(), 1) - 1);
    const int idBits = std::max(0, std::min(bucketBits(n + m), 24 - categoryBits));
    const int keyBits = categoryBits + idBits;
    const int topBits = std::min(keyBits, 8);
    const int restBits = keyBits - topBits;
    const int subBits = std::min(restBits, 16);
    auto keyOf = [&](std::uint32_t label, std::uint64_t idA) {
        return (std::size_t(labelRank[label]) << idBits)
            | (idBits ? static_cast<std::size_t>(idA >> (64 - idBits)) : 0);
    };
    auto topOf = [&](const auto &p) { return keyOf(p.label(), p.idA) >> restBits; };
    auto subOf = [&](const auto &p) {
        return (keyOf(p.label(), p.idA) >> (restBits - subBits))
            & ((std::size_t(1) << subBits) - 1);
    };
    auto before = [&](const FlowPoint &a, const FlowPoint &b) {
        if (a.label() != b.label() && labelRank[a.label()] != labelRank[b.label()])
            return labelRank[a.label()] < labelRank[b.label()];
        if (!a.sameId(b))
            return a.idA < b.idA;
        if (a.ts != b.ts)
            return a.ts < b.ts;
        if (a.phaseOrder() != b.phaseOrder())
            return a.phaseOrder() < b.phaseOrder();
        // Points of one id at one time and phase (a broken trace): by the slice they are bound to,
        // then by name, not by file order, which a pair (see pairFlows()) does not keep. Points
        // equal in all of these are interchangeable.
        if (a.ref != b.ref)
            return a.ref < b.ref;
        return a.label() != b.label()
            && trace.strings.view(m_flowLabels[a.label()].name)
            < trace.strings.view(m_flowLabels[b.label()].name);
    };
    // The grouping key of points and pairs, in the order of `before`.
    struct Key {
        std::uint32_t rank;
        std::uint64_t idA;
        auto operator<=>(const Key &) const = default;
    };
    auto idKey = [&](const auto &p) { return Key { labelRank[p.label()], p.idA }; };
    const std::size_t tops = std::size_t(1) << topBits;
    const std::size_t parts = n + m < 65536 ? 1 : static_cast<std::size_t>(std::max(threads, 1));
    auto blockRange = [&](const auto &v, std::size_t part) {
        return std::pair(v.blockCount() * part / parts, v.blockCount() * (part + 1) / parts);
    };
    auto blockEnd
        = [&](const auto &v, std::size_t b) { return std::min((b + 1) * v.kBlockSize, v.size()); };

    QElapsedTimer clock;
    clock.start();
    // Binding is a read-only lookup per point, done in parallel on contiguous runs of points in
    // file order, which is nearly time order on each track: consecutive lookups on a track walk
    // the same part of its index (in id order they would jump across hundreds of MB and miss the
    // cache at every level). Each run also counts its points per top bucket.
    std::vector<std::vector<std::size_t>> pointCount(parts, std::vector<std::size_t>(tops, 0));
    std::vector<std::vector<std::size_t>> pairCount(parts, std::vector<std::size_t>(tops, 0));
    runParts(parts, [&](std::size_t part) {
        struct Hint {
            std::uint32_t track = UINT32_MAX;
            std::size_t at = 0;
        };
        std::vector<Hint> hints(256); // by track, direct-mapped: a hint only saves time
        auto hintFor = [&](TrackId track) -> std::size_t & {
            Hint &hint = hints[track.value & 255];
            if (hint.track != track.value)
                hint = { track.value, 0 };
            return hint.at;
        };
        // fn(element) for the elements of this part's blocks of v.
        auto eachOfPart = [&](auto &v, auto fn) {
            const auto [first, last] = blockRange(v, part);
            const std::size_t end = first < last ? blockEnd(v, last - 1) : 0;
            for (std::size_t i = first * v.kBlockSize; i < end; ++i)
                fn(v[i]);
        };
        eachOfPart(points, [&](FlowPoint &p) {
            const TrackId track(newIndexOf[p.ref.track.value]);
            p.ref = bind(p.ts, p.isEnd() && !p.bindEnclosing(), track, hintFor(track));
            ++pointCount[part][topOf(p)];
        });
        eachOfPart(pairs, [&](FlowPair &p) {
            const TrackId from(newIndexOf[p.start.track.value]);
            p.start = bind(p.ts, false, from, hintFor(from));
            const TrackId to(newIndexOf[p.end.track.value]);
            p.end = bind(p.ts + p.endDelta(), !p.endEnclosing(), to, hintFor(to));
            ++pairCount[part][topOf(p)];
        });
    });
    qCDebug(lcLoad, "  bind %zu flow points and %zu pairs: %.1f ms, resident %.0f MB (peak %.0f)",
        n, m, clock.nsecsElapsed() / 1e6, residentMegabytes(), peakResidentMegabytes());
    clock.restart();

    // Into top buckets, stably: each part's points of a bucket follow the earlier parts' points.
    auto distribute = [&](auto &from, const std::vector<std::vector<std::size_t>> &count,
                          std::vector<std::size_t> &topStart) {
        using T = std::decay_t<decltype(from[0])>;
        topStart.assign(tops + 1, 0);
        std::vector<std::vector<std::size_t>> next(parts, std::vector<std::size_t>(tops));
        std::size_t at = 0;
        for (std::size_t t = 0; t < tops; ++t) {
            topStart[t] = at;
            for (std::size_t part = 0; part < parts; ++part) {
                next[part][t] = at;
                at += count[part][t];
            }
        }
        topStart[tops] = at;
        PageArray<T> sorted(from.size());
        runParts(parts, [&](std::size_t part) {
            std::vector<std::size_t> &to = next[part];
            const auto [first, last] = blockRange(from, part);
            for (std::size_t b = first; b < last; ++b) {
                for (std::size_t i = b * from.kBlockSize; i < blockEnd(from, b); ++i)
                    sorted[to[topOf(from[i])]++] = from[i];
                from.releaseBlock(b);
            }
        });
        from.clear();
        return sorted;
    };
    std::vector<std::size_t> pointStart, pairStart;
    PageArray<FlowPoint> sortedPoints = distribute(points, pointCount, pointStart);
    PageArray<FlowPair> sortedPairs = distribute(pairs, pairCount, pairStart);
    qCDebug(lcLoad, "  into top buckets: %.1f ms, resident %.0f MB (peak %.0f)",
        clock.nsecsElapsed() / 1e6, residentMegabytes(), peakResidentMegabytes());
    clock.restart();

    // Chain each top bucket: distribute it (stably) into small buckets, sort each, and walk the
    // points of each id. The top buckets split between the threads in runs of about equal size;
    // each thread's flows are appended in bucket order, so the result does not depend on the
    // number of threads.
    std::vector<std::vector<Flow>> partFlows(parts);
    // At most a flow per point or pair, wherever its bucket falls; pages never written are not
    // resident, so this costs address space, not memory, and no copying as they grow.
    for (auto &f : partFlows)
        f.reserve(n + m);
    std::vector<qint64> partUnbound(parts, 0);
    std::vector<std::size_t> firstTop(parts + 1, tops);
    firstTop[0] = 0;
    for (std::size_t part = 1; part < parts; ++part) {
        std::size_t t = 0;
        while (t < tops && (pointStart[t] + pairStart[t]) * parts < (n + m) * part)
            ++t;
        firstTop[part] = t;
    }
    // Walks points sorted by `before`: the points of each id (same category and id), where each
    // step or end continues the flow from the last start or step.
    auto chain = [&](auto first, auto last, std::vector<Flow> &flows, qint64 &unbound) {
        for (auto g = first; g != last;) {
            const auto group = g;
            EventRef previous;
            for (; g != last && g->sameId(*group)
                 && labelRank[g->label()] == labelRank[group->label()];
                 ++g) {
                const EventRef ref = g->ref;
                if (!ref.isValid())
                    ++unbound;
                if (!g->isStart() && previous.isValid() && ref.isValid())
                    flows.push_back({ m_flowLabels[g->label()].name,
                        m_flowLabels[g->label()].category, previous, ref });
                if (!g->isEnd())
                    previous = ref;
            }
        }
    };
    // Into small buckets, stably: `bucket` the top bucket's elements, subStart[sub] the end of
    // small bucket `sub`.
    auto splitTop = [&](auto &sorted, std::size_t from, std::size_t to, auto &bucket,
                        std::vector<std::size_t> &subStart) {
        subStart.assign((std::size_t(1) << subBits) + 1, 0);
        for (std::size_t i = from; i < to; ++i)
            ++subStart[subOf(sorted[i]) + 1];
        for (std::size_t b = 1; b < subStart.size(); ++b)
            subStart[b] += subStart[b - 1];
        bucket.resize(to - from);
        for (std::size_t i = from; i < to; ++i)
            bucket[subStart[subOf(sorted[i])]++] = sorted[i];
        sorted.release(from, to);
    };
    auto pairBefore = [&](const FlowPair &a, const FlowPair &b) { return idKey(a) < idKey(b); };
    runParts(parts, [&](std::size_t part) {
        std::vector<FlowPoint> pointBucket, group;
        std::vector<FlowPair> pairBucket;
        std::vector<std::size_t> pointSub, pairSub;
        std::vector<Flow> &flows = partFlows[part];
        qint64 unbound = 0;
        // The ids of one small bucket in key order, in either list or both.
        auto walk = [&](auto i, const auto iLast, auto j, const auto jLast) {
            while (i != iLast || j != jLast) {
                const Key key
                    = j == jLast || (i != iLast && idKey(*i) < idKey(*j)) ? idKey(*i) : idKey(*j);
                auto iEnd = i;
                auto jEnd = j;
                while (iEnd != iLast && idKey(*iEnd) == key)
                    ++iEnd;
                while (jEnd != jLast && idKey(*jEnd) == key)
                    ++jEnd;
                if (iEnd == i && jEnd - j == 1) { // nearly always: one "s", one "f"
                    const FlowPair &r = *j;
                    unbound += !r.start.isValid() + !r.end.isValid();
                    if (r.endDelta() >= 0 && r.start.isValid()
                        && r.end.isValid()) // else the "f" came first
                        flows.push_back({ m_flowLabels[r.label()].name,
                            m_flowLabels[r.label()].category, r.start, r.end });
                } else if (jEnd == j) {
                    chain(i, iEnd, flows, unbound);
                } else {
                    group.clear();
                    for (auto r = j; r != jEnd; ++r) {
                        group.push_back(r->startPoint());
                        group.push_back(r->endPoint());
                    }
                    group.insert(group.end(), i, iEnd);
                    std::stable_sort(group.begin(), group.end(), before);
                    chain(group.begin(), group.end(), flows, unbound);
                }
                i = iEnd;
                j = jEnd;
            }
        };
        for (std::size_t t = firstTop[part]; t < firstTop[part + 1]; ++t) {
            if (pointStart[t] == pointStart[t + 1] && pairStart[t] == pairStart[t + 1])
                continue;
            splitTop(sortedPoints, pointStart[t], pointStart[t + 1], pointBucket, pointSub);
            splitTop(sortedPairs, pairStart[t], pairStart[t + 1], pairBucket, pairSub);
            for (std::size_t sub = 0, p = 0, q = 0; p < pointBucket.size() || q < pairBucket.size();
                 p = pointSub[sub], q = pairSub[sub], ++sub) {
                const auto pointFirst = pointBucket.begin() + static_cast<std::ptrdiff_t>(p);
                const auto pointLast
                    = pointBucket.begin() + static_cast<std::ptrdiff_t>(pointSub[sub]);
                const auto pairFirst = pairBucket.begin() + static_cast<std::ptrdiff_t>(q);
                const auto pairLast
                    = pairBucket.begin() + static_cast<std::ptrdiff_t>(pairSub[sub]);
                if (pointLast - pointFirst > 1) // (stable_sort takes a buffer even for one point)
                    std::stable_sort(pointFirst, pointLast, before);
                std::sort(
                    pairFirst, pairLast, pairBefore); // pairs of one id: points again, sorted below
                walk(pointFirst, pointLast, pairFirst, pairLast);
            }
        }
        partUnbound[part] = unbound;
    });
    sortedPoints = PageArray<FlowPoint>();
    sortedPairs = PageArray<FlowPair>();
    qCDebug(lcLoad, "  order by id and chain: %.1f ms, resident %.0f MB (peak %.0f)",
        clock.nsecsElapsed() / 1e6, residentMegabytes(), peakResidentMegabytes());
    clock.restart();
    qint64 unbound = 0;
    for (const qint64 u : partUnbound)
        unbound += u;
    trace.flows = std::move(partFlows[0]); // room for all of them (see above)
    for (std::size_t k = 1; k < parts; ++k) {
        // In slices, each handed back once copied: a part copied at once was a transient of half
        // the flows (at 20 GB of trace 340 MB).
        const std::vector<Flow> &from = partFlows[k];
        constexpr std::size_t kSlice = std::size_t(1) << 16;
        for (std::size_t at = 0; at < from.size(); at += kSlice) {
            const Flow *first = from.data() + at;
            const Flow *last = from.data() + std::min(at + kSlice, from.size());
            trace.flows.insert(trace.flows.end(), first, last);
            releasePages(first, last);
        }
        partFlows[k] = {};
    }
    if (unbound > 0)
        issues->append({ Severity::Info, trace.path, QString(),
            QCoreApplication::translate(
                "npuscope::TraceParser", "%1 flow ends are not inside any slice and were not drawn")
                .arg(unbound) });
    trace.indexFlows(threads);
    qCDebug(lcLoad, "  order flows by their ends: %.1f ms", clock.nsecsElapsed() / 1e6);
}

} // namespace npuscope
