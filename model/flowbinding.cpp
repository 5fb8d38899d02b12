// TraceBuilder's last big step: binding every flow end ("s", "t", "f") to the slice it belongs to
// and chaining the ends of each id into flows. Millions of points at real scale: every pass here
// is laid out for the cache (see the comments) and runs on the loader's threads.
#include "model/bucketsort.h"
#include "model/pagearray.h"
#include "model/residentmemory.h"
#include "model/tracebuilder.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <bit>

namespace npuscope {

namespace {

} // namespace

void TraceBuilder::bindFlows(const std::vector<std::uint32_t> &newIndexOf, IssueList *issues, int threads)
{
    Trace &trace = *m_trace;
    auto &points = m_flowPoints;
    const std::size_t n = points.size();
    // `hint`: the previous answer on the same track; points come in nearly time order.
    auto bind = [&](const FlowPoint &p, TrackId track, std::size_t &hint) -> EventRef {
        const auto &ev = trace.track(track).events;
        if (p.isEnd() && !p.bindEnclosing()) {
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
    // The flows are chained per id in time order: sorted by (category, id, time, phase, file
    // order). The sort is a stable distribution by a key made of the category's rank and the top
    // bits of the id's hash (uniform), first into at most 256 top buckets, then, one top bucket
    // at a time, into small buckets that are sorted inside the cache. The points move from their
    // blocks into one array of top buckets, each block given back to the system once moved; then
    // that array is given back page by page as its buckets are chained. So the points exist once
    // at any time (at 4 GB of trace, 8.5 M points, 340 MB): sorting keys (16 bytes each) and
    // gathering the points into key order needed another 200 MB and missed the cache per point.
    std::vector<std::uint32_t> categories;
    for (const FlowLabel &l : m_flowLabels)
        categories.push_back(l.category.value);
    std::sort(categories.begin(), categories.end());
    categories.erase(std::unique(categories.begin(), categories.end()), categories.end());
    std::vector<std::uint32_t> labelRank(m_flowLabels.size());
    for (std::size_t l = 0; l < labelRank.size(); ++l)
        labelRank[l] = static_cast<std::uint32_t>(
            std::lower_bound(categories.begin(), categories.end(), m_flowLabels[l].category.value) - categories.begin());
    const int categoryBits = std::bit_width(std::max<std::size_t>(categories.size(), 1) - 1);
    const int idBits = std::max(0, std::min(bucketBits(n), 24 - categoryBits));
    const int keyBits = categoryBits + idBits;
    const int topBits = std::min(keyBits, 8);
    const int restBits = keyBits - topBits;
    const int subBits = std::min(restBits, 16);
    auto keyOf = [&](const FlowPoint &p) {
        return (std::size_t(labelRank[p.label()]) << idBits) | (idBits ? static_cast<std::size_t>(p.idA >> (64 - idBits)) : 0);
    };
    auto topOf = [&](const FlowPoint &p) { return keyOf(p) >> restBits; };
    auto subOf = [&](const FlowPoint &p) { return (keyOf(p) >> (restBits - subBits)) & ((std::size_t(1) << subBits) - 1); };
    auto before = [&](const FlowPoint &a, const FlowPoint &b) {
        if (a.label() != b.label() && labelRank[a.label()] != labelRank[b.label()])
            return labelRank[a.label()] < labelRank[b.label()];
        if (!a.sameId(b))
            return a.idBefore(b);
        if (a.ts != b.ts)
            return a.ts < b.ts;
        return a.phaseOrder() < b.phaseOrder(); // then file order: the sort is stable
    };
    const std::size_t tops = std::size_t(1) << topBits;
    const std::size_t blocks = points.blockCount();
    const std::size_t parts = n < 65536 ? 1 : static_cast<std::size_t>(std::max(threads, 1));
    auto blockRange = [&](std::size_t part) { return std::pair(blocks * part / parts, blocks * (part + 1) / parts); };
    auto blockEnd = [&](std::size_t b) { return std::min((b + 1) * points.kBlockSize, n); };

    QElapsedTimer clock;
    clock.start();
    // Binding is a read-only lookup per point, done in parallel on contiguous runs of points in
    // file order, which is nearly time order on each track: consecutive lookups on a track walk
    // the same part of its index (in id order they would jump across hundreds of MB and miss the
    // cache at every level). Each run also counts its points per top bucket.
    std::vector<std::vector<std::size_t>> topCount(parts, std::vector<std::size_t>(tops, 0));
    std::vector<std::size_t> partNotStarts(parts, 0); // each flow ends at one of these
    runParts(parts, [&](std::size_t part) {
        struct Hint {
            std::uint32_t track = UINT32_MAX;
            std::size_t at = 0;
        };
        std::vector<Hint> hints(256); // by track, direct-mapped: a hint only saves time
        std::vector<std::size_t> &count = topCount[part];
        std::size_t notStarts = 0; // counted here: neighbouring elements of a shared vector
                                   // would bounce a cache line between the threads per point
        const auto [first, last] = blockRange(part);
        const std::size_t end = first < last ? blockEnd(last - 1) : 0;
        for (std::size_t i = first * points.kBlockSize; i < end; ++i) {
            FlowPoint &p = points[i];
            const TrackId track(newIndexOf[p.ref.track.value]);
            Hint &hint = hints[track.value & 255];
            if (hint.track != track.value)
                hint = { track.value, 0 };
            p.ref = bind(p, track, hint.at);
            ++count[topOf(p)];
            notStarts += !p.isStart();
        }
        partNotStarts[part] = notStarts;
    });
    qCDebug(lcLoad, "  bind %zu flow points: %.1f ms, resident %.0f MB (peak %.0f)", n, clock.nsecsElapsed() / 1e6, residentMegabytes(), peakResidentMegabytes());
    clock.restart();

    // Into top buckets, stably: each part's points of a bucket follow the earlier parts' points.
    std::vector<std::size_t> topStart(tops + 1, 0);
    std::vector<std::vector<std::size_t>> next(parts, std::vector<std::size_t>(tops));
    for (std::size_t t = 0, at = 0; t < tops; ++t) {
        topStart[t] = at;
        for (std::size_t part = 0; part < parts; ++part) {
            next[part][t] = at;
            at += topCount[part][t];
        }
    }
    topStart[tops] = n;
    PageArray<FlowPoint> sorted(n);
    runParts(parts, [&](std::size_t part) {
        std::vector<std::size_t> &to = next[part];
        const auto [first, last] = blockRange(part);
        for (std::size_t b = first; b < last; ++b) {
            for (std::size_t i = b * points.kBlockSize; i < blockEnd(b); ++i)
                sorted[to[topOf(points[i])]++] = points[i];
            points.releaseBlock(b);
        }
    });
    points.clear();
    qCDebug(lcLoad, "  into top buckets: %.1f ms, resident %.0f MB (peak %.0f)", clock.nsecsElapsed() / 1e6, residentMegabytes(), peakResidentMegabytes());
    clock.restart();

    // Chain each top bucket: distribute it (stably) into small buckets, sort each, and walk the
    // points of each id. The top buckets split between the threads in runs of about equal size;
    // each thread's flows are appended in bucket order, so the result does not depend on the
    // number of threads.
    std::size_t notStarts = 0;
    for (const std::size_t k : partNotStarts)
        notStarts += k;
    std::vector<std::vector<Flow>> partFlows(parts);
    // At most a flow per step or end point, wherever its bucket falls; pages never written are not
    // resident, so this costs address space, not memory, and no copying as they grow.
    for (auto &f : partFlows)
        f.reserve(notStarts);
    std::vector<qint64> partUnbound(parts, 0);
    std::vector<std::size_t> firstTop(parts + 1, tops);
    firstTop[0] = 0;
    for (std::size_t part = 1; part < parts; ++part)
        firstTop[part] = static_cast<std::size_t>(
            std::lower_bound(topStart.begin(), topStart.end() - 1, n * part / parts) - topStart.begin());
    // Walks points sorted by `before`: the points of each id (same category and id), where each
    // step or end continues the flow from the last start or step.
    auto chain = [&](auto first, auto last, std::vector<Flow> &flows, qint64 &unbound) {
        for (auto g = first; g != last;) {
            const auto group = g;
            EventRef previous;
            for (; g != last && g->sameId(*group) && labelRank[g->label()] == labelRank[group->label()]; ++g) {
                const EventRef ref = g->ref;
                if (!ref.isValid())
                    ++unbound;
                if (!g->isStart() && previous.isValid() && ref.isValid())
                    flows.push_back({ m_flowLabels[g->label()].name, m_flowLabels[g->label()].category, previous, ref });
                if (!g->isEnd())
                    previous = ref;
            }
        }
    };
    runParts(parts, [&](std::size_t part) {
        std::vector<FlowPoint> bucket;
        std::vector<std::size_t> subStart;
        qint64 unbound = 0;
        for (std::size_t t = firstTop[part]; t < firstTop[part + 1]; ++t) {
            const std::size_t from = topStart[t], to = topStart[t + 1];
            if (from == to)
                continue;
            subStart.assign((std::size_t(1) << subBits) + 1, 0);
            for (std::size_t i = from; i < to; ++i)
                ++subStart[subOf(sorted[i]) + 1];
            for (std::size_t b = 1; b < subStart.size(); ++b)
                subStart[b] += subStart[b - 1];
            bucket.resize(to - from);
            for (std::size_t i = from; i < to; ++i)
                bucket[subStart[subOf(sorted[i])]++] = sorted[i];
            sorted.release(from, to);
            // subStart[sub] is now the end of small bucket `sub`.
            for (std::size_t sub = 0, at = 0; at < bucket.size(); at = subStart[sub++]) {
                const auto first = bucket.begin() + static_cast<std::ptrdiff_t>(at);
                const auto last = bucket.begin() + static_cast<std::ptrdiff_t>(subStart[sub]);
                if (last - first > 1) // (stable_sort takes a buffer even for one point)
                    std::stable_sort(first, last, before);
                chain(first, last, partFlows[part], unbound);
            }
        }
        partUnbound[part] = unbound;
    });
    sorted = PageArray<FlowPoint>();
    qCDebug(lcLoad, "  order by id and chain: %.1f ms, resident %.0f MB (peak %.0f)", clock.nsecsElapsed() / 1e6, residentMegabytes(), peakResidentMegabytes());
    clock.restart();
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
