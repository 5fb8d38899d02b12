// TraceBuilder's last big step: binding every flow end ("s", "t", "f") to the slice it belongs to
// and chaining the ends of each id into flows. Millions of points at real scale: every pass here
// is laid out for the cache and runs on the loader's threads. Four passes, one method each of
// FlowBinding below: bind (per point, in file order), distribute into top buckets, chain each top
// bucket, join the per-thread flows.
#include "model/core/bucketsort.h"
#include "model/core/hugepages.h"
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

    // The order in which the points of one id are chained: by (category, id, time, phase, slice,
    // name). Points and pairs are distributed by a key made of the category's rank and the top bits
    // of the id's hash (uniform): first into at most 256 top buckets, then, one top bucket at a
    // time, into small buckets that are sorted inside the cache.
    class FlowOrder {
    public:
        // The grouping key of points and pairs, in the order of before().
        struct Key {
            std::uint32_t rank;
            std::uint64_t idA;
            auto operator<=>(const Key &) const = default;
        };

        FlowOrder(const Trace &trace, const std::vector<FlowLabel> &labels, std::size_t elements)
            : m_trace(trace)
            , m_labels(labels)
        {
            std::vector<std::uint32_t> categories;
            for (const FlowLabel &l : labels)
                categories.push_back(l.category.value);
            std::sort(categories.begin(), categories.end());
            categories.erase(std::unique(categories.begin(), categories.end()), categories.end());
            m_labelRank.resize(labels.size());
            for (std::size_t l = 0; l < labels.size(); ++l)
                m_labelRank[l] = static_cast<std::uint32_t>(
                    std::lower_bound(categories.begin(), categories.end(), labels[l].category.value)
                    - categories.begin());
            const int categoryBits
                = std::bit_width(std::max<std::size_t>(categories.size(), 1) - 1);
            m_idBits = std::max(0, std::min(bucketBits(elements), 24 - categoryBits));
            const int keyBits = categoryBits + m_idBits;
            m_topBits = std::min(keyBits, 8);
            m_restBits = keyBits - m_topBits;
            m_subBits = std::min(m_restBits, 16);
        }

        std::size_t tops() const { return std::size_t(1) << m_topBits; }
        std::size_t subs() const { return std::size_t(1) << m_subBits; }
        template <typename P> std::size_t top(const P &p) const
        {
            return key(p.label(), p.idA) >> m_restBits;
        }
        template <typename P> std::size_t sub(const P &p) const
        {
            return (key(p.label(), p.idA) >> (m_restBits - m_subBits)) & (subs() - 1);
        }
        template <typename P> Key idKey(const P &p) const
        {
            return { m_labelRank[p.label()], p.idA };
        }
        bool sameGroup(const FlowPoint &a, const FlowPoint &b) const
        {
            return a.sameId(b) && m_labelRank[a.label()] == m_labelRank[b.label()];
        }

        bool before(const FlowPoint &a, const FlowPoint &b) const
        {
            if (a.label() != b.label() && m_labelRank[a.label()] != m_labelRank[b.label()])
                return m_labelRank[a.label()] < m_labelRank[b.label()];
            if (!a.sameId(b))
                return a.idA < b.idA;
            if (a.ts != b.ts)
                return a.ts < b.ts;
            if (a.phaseOrder() != b.phaseOrder())
                return a.phaseOrder() < b.phaseOrder();
            // Points of one id at one time and phase (a broken trace): by the slice they are bound
            // to, then by name, not by file order, which a pair (see pairFlows()) does not keep.
            // Points equal in all of these are interchangeable.
            if (a.ref != b.ref)
                return a.ref < b.ref;
            return a.label() != b.label()
                && m_trace.strings.view(m_labels[a.label()].name)
                < m_trace.strings.view(m_labels[b.label()].name);
        }

    private:
        std::size_t key(std::uint32_t label, std::uint64_t idA) const
        {
            return (std::size_t(m_labelRank[label]) << m_idBits)
                | (m_idBits ? static_cast<std::size_t>(idA >> (64 - m_idBits)) : 0);
        }

        const Trace &m_trace;
        const std::vector<FlowLabel> &m_labels;
        std::vector<std::uint32_t> m_labelRank;
        int m_idBits = 0, m_topBits = 0, m_restBits = 0, m_subBits = 0;
    };

    // The elements of each top bucket, and where each bucket starts.
    template <typename T> struct TopBuckets {
        PageArray<T> elements;
        std::vector<std::size_t> start; // tops + 1 entries
        std::vector<std::vector<std::size_t>> count; // per part, per top bucket
    };

    // The passes of TraceBuilder::bindFlows over its points and pairs. The points exist once at any
    // time: they move from their blocks into one array of top buckets, each block given back to the
    // system once moved; then that array is given back page by page as its buckets are chained. (A
    // sort of 16-byte keys and a gather into key order would need memory beside the points and miss
    // the cache per point.) The pairs (an "s" and its "f", see pairFlows()) go the same way beside
    // the points, by the same key: a pair whose id no other pair or point has is one flow, else it
    // is chained as its two points with the others of its id.
    class FlowBinding {
    public:
        FlowBinding(Trace &trace, const std::vector<FlowLabel> &labels,
            BlockVector<FlowPoint> &points, BlockVector<FlowPair> &pairs, int threads)
            : m_trace(trace)
            , m_labels(labels)
            , m_points(points)
            , m_pairs(pairs)
            , m_order(trace, labels, points.size() + pairs.size())
            , m_parts(points.size() + pairs.size() < 65536 ? 1 : std::size_t(std::max(threads, 1)))
        {
            m_sortedPoints.count.assign(m_parts, std::vector<std::size_t>(m_order.tops(), 0));
            m_sortedPairs.count.assign(m_parts, std::vector<std::size_t>(m_order.tops(), 0));
        }

        void bind(const std::vector<std::uint32_t> &newIndexOf);
        void distribute();
        void chain();
        // Moves the flows into the trace; returns how many ends were bound to no slice.
        qint64 join();

    private:
        // Chrome's binding of a flow end at ts on `track` to a slice. endNext: an "f" without "bp":
        // "e". `hint`: the previous answer on the same track; points come in nearly time order.
        EventRef bindOne(TimeNs ts, bool endNext, TrackId track, std::size_t &hint) const;
        template <typename V>
        std::pair<std::size_t, std::size_t> blockRange(const V &v, std::size_t part) const
        {
            return { v.blockCount() * part / m_parts, v.blockCount() * (part + 1) / m_parts };
        }
        template <typename V> static std::size_t blockEnd(const V &v, std::size_t b)
        {
            return std::min((b + 1) * v.kBlockSize, v.size());
        }
        template <typename T> void distributeInto(BlockVector<T> &from, TopBuckets<T> &to);
        template <typename T>
        void splitTop(TopBuckets<T> &sorted, std::size_t t, std::vector<T> &bucket,
            std::vector<std::size_t> &subStart, std::size_t &released) const;
        std::vector<std::size_t> firstTopPerPart() const;
        // What one thread's share of the chaining makes, and its scratch space.
        struct PartOutput {
            std::vector<Flow> flows;
            qint64 unbound = 0;
            std::vector<FlowPoint> group;
        };
        void chainTops(std::size_t firstTop, std::size_t lastTop, PartOutput &out);
        template <typename It> void chainPoints(It first, It last, PartOutput &out) const;
        void walk(std::vector<FlowPoint>::iterator i, std::vector<FlowPoint>::iterator iLast,
            std::vector<FlowPair>::iterator j, std::vector<FlowPair>::iterator jLast,
            PartOutput &out) const;
        Flow flow(std::uint32_t label, EventRef from, EventRef to) const
        {
            return { m_labels[label].name, m_labels[label].category, from, to };
        }

        Trace &m_trace;
        const std::vector<FlowLabel> &m_labels;
        BlockVector<FlowPoint> &m_points;
        BlockVector<FlowPair> &m_pairs;
        FlowOrder m_order;
        std::size_t m_parts;
        TopBuckets<FlowPoint> m_sortedPoints;
        TopBuckets<FlowPair> m_sortedPairs;
        std::vector<PartOutput> m_out;
    };

    EventRef FlowBinding::bindOne(TimeNs ts, bool endNext, TrackId track, std::size_t &hint) const
    {
        const auto &ev = m_trace.track(track).events;
        if (endNext) {
            // Chrome's rule without "bp": "e": the next slice that starts at or after ts, the first
            // one not starting by ts - 1 (integer times). (Parsed times are within ±kMaxTimeNs, so
            // ts - 1 does not overflow.)
            const std::size_t next = eventsStartingBy(ev, ts - 1, hint);
            if (next != ev.size())
                return { track, static_cast<std::uint32_t>(next) };
        }
        hint = eventsStartingBy(ev, ts, hint);
        return m_trace.eventAt(track, ts, hint);
    }

    // Binding is a read-only lookup per point, done in parallel on contiguous runs of points in
    // file order, which is nearly time order on each track: consecutive lookups on a track walk the
    // same part of its index (in id order they would jump across hundreds of MB and miss the cache
    // at every level). Each run also counts its points per top bucket.
    void FlowBinding::bind(const std::vector<std::uint32_t> &newIndexOf)
    {
        runParts(m_parts, [&](std::size_t part) {
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
            eachOfPart(m_points, [&](FlowPoint &p) {
                const TrackId track(newIndexOf[p.ref.track.value]);
                p.ref = bindOne(p.ts, p.isEnd() && !p.bindEnclosing(), track, hintFor(track));
                ++m_sortedPoints.count[part][m_order.top(p)];
            });
            eachOfPart(m_pairs, [&](FlowPair &p) {
                const TrackId from(newIndexOf[p.start.track.value]);
                p.start = bindOne(p.ts, false, from, hintFor(from));
                const TrackId to(newIndexOf[p.end.track.value]);
                p.end = bindOne(p.ts + p.endDelta(), !p.endEnclosing(), to, hintFor(to));
                ++m_sortedPairs.count[part][m_order.top(p)];
            });
        });
    }

    // Into top buckets, stably: each part's elements of a bucket follow the earlier parts'
    // elements.
    template <typename T> void FlowBinding::distributeInto(BlockVector<T> &from, TopBuckets<T> &to)
    {
        const std::size_t tops = m_order.tops();
        to.start.assign(tops + 1, 0);
        std::vector<std::vector<std::size_t>> next(m_parts, std::vector<std::size_t>(tops));
        std::size_t at = 0;
        for (std::size_t t = 0; t < tops; ++t) {
            to.start[t] = at;
            for (std::size_t part = 0; part < m_parts; ++part) {
                next[part][t] = at;
                at += to.count[part][t];
            }
        }
        to.start[tops] = at;
        to.elements = PageArray<T>(from.size());
        runParts(m_parts, [&](std::size_t part) {
            std::vector<std::size_t> &slot = next[part];
            const auto [first, last] = blockRange(from, part);
            for (std::size_t b = first; b < last; ++b) {
                for (std::size_t i = b * from.kBlockSize; i < blockEnd(from, b); ++i)
                    to.elements[slot[m_order.top(from[i])]++] = from[i];
                from.releaseBlock(b);
            }
        });
        from.clear();
    }

    void FlowBinding::distribute()
    {
        distributeInto(m_points, m_sortedPoints);
        distributeInto(m_pairs, m_sortedPairs);
    }

    // Hands back the pages of the elements [released, upTo) once they make kReleaseBatch, up to a
    // 2 MB boundary. A release per top bucket (hundreds of KB) split a huge page each time and
    // stopped the other threads to flush their TLBs (an IPI, slow on the test VM): the chaining
    // of a large trace's flows took far more CPU than in batches.
    template <typename T>
    void releaseConsumed(PageArray<T> &elements, std::size_t &released, std::size_t upTo)
    {
        constexpr std::size_t kReleaseBatch = std::size_t(32) << 20;
        if ((upTo - released) * sizeof(T) < kReleaseBatch)
            return;
        const auto base = reinterpret_cast<std::uintptr_t>(elements.data());
        const std::uintptr_t end = (base + upTo * sizeof(T)) / kHugePage * kHugePage;
        const std::size_t to = (end - base) / sizeof(T);
        elements.release(released, to);
        released = to;
    }

    // Into small buckets, stably: `bucket` the top bucket's elements, subStart[sub] the end of
    // small bucket `sub`. The pages of the top buckets done are handed back in batches from
    // `released` on.
    template <typename T>
    void FlowBinding::splitTop(TopBuckets<T> &sorted, std::size_t t, std::vector<T> &bucket,
        std::vector<std::size_t> &subStart, std::size_t &released) const
    {
        const std::size_t from = sorted.start[t], to = sorted.start[t + 1];
        subStart.assign(m_order.subs() + 1, 0);
        for (std::size_t i = from; i < to; ++i)
            ++subStart[m_order.sub(sorted.elements[i]) + 1];
        for (std::size_t b = 1; b < subStart.size(); ++b)
            subStart[b] += subStart[b - 1];
        bucket.resize(to - from);
        for (std::size_t i = from; i < to; ++i)
            bucket[subStart[m_order.sub(sorted.elements[i])]++] = sorted.elements[i];
        releaseConsumed(sorted.elements, released, to);
    }

    // Walks points sorted by FlowOrder::before: the points of each id (same category and id), where
    // each step or end continues the flow from the last start or step.
    template <typename It> void FlowBinding::chainPoints(It first, It last, PartOutput &out) const
    {
        for (auto g = first; g != last;) {
            const auto group = g;
            EventRef previous;
            for (; g != last && m_order.sameGroup(*g, *group); ++g) {
                const EventRef ref = g->ref;
                if (!ref.isValid())
                    ++out.unbound;
                if (!g->isStart() && previous.isValid() && ref.isValid())
                    out.flows.push_back(flow(g->label(), previous, ref));
                if (!g->isEnd())
                    previous = ref;
            }
        }
    }

    // The ids of one small bucket in key order, in the points [i, iLast), the pairs [j, jLast) or
    // both.
    void FlowBinding::walk(std::vector<FlowPoint>::iterator i,
        std::vector<FlowPoint>::iterator iLast, std::vector<FlowPair>::iterator j,
        std::vector<FlowPair>::iterator jLast, PartOutput &out) const
    {
        while (i != iLast || j != jLast) {
            const FlowOrder::Key key
                = j == jLast || (i != iLast && m_order.idKey(*i) < m_order.idKey(*j))
                ? m_order.idKey(*i)
                : m_order.idKey(*j);
            auto iEnd = i;
            auto jEnd = j;
            while (iEnd != iLast && m_order.idKey(*iEnd) == key)
                ++iEnd;
            while (jEnd != jLast && m_order.idKey(*jEnd) == key)
                ++jEnd;
            if (iEnd == i && jEnd - j == 1) { // nearly always: one "s", one "f"
                const FlowPair &r = *j;
                out.unbound += !r.start.isValid() + !r.end.isValid();
                if (r.endDelta() >= 0 && r.start.isValid()
                    && r.end.isValid()) // else "f" came first
                    out.flows.push_back(flow(r.label(), r.start, r.end));
            } else if (jEnd == j) {
                chainPoints(i, iEnd, out);
            } else {
                std::vector<FlowPoint> &group = out.group;
                group.clear();
                for (auto r = j; r != jEnd; ++r) {
                    group.push_back(r->startPoint());
                    group.push_back(r->endPoint());
                }
                group.insert(group.end(), i, iEnd);
                std::stable_sort(group.begin(), group.end(),
                    [&](const FlowPoint &a, const FlowPoint &b) { return m_order.before(a, b); });
                chainPoints(group.begin(), group.end(), out);
            }
            i = iEnd;
            j = jEnd;
        }
    }

    // Chains the top buckets [firstTop, lastTop): distributes each (stably) into small buckets,
    // sorts each, and walks the points of each id.
    void FlowBinding::chainTops(std::size_t firstTop, std::size_t lastTop, PartOutput &out)
    {
        TopBuckets<FlowPoint> &points = m_sortedPoints;
        TopBuckets<FlowPair> &pairs = m_sortedPairs;
        std::vector<FlowPoint> pointBucket;
        std::vector<FlowPair> pairBucket;
        std::vector<std::size_t> pointSub, pairSub;
        std::size_t pointsReleased = points.start[firstTop], pairsReleased = pairs.start[firstTop];
        const auto before
            = [&](const FlowPoint &a, const FlowPoint &b) { return m_order.before(a, b); };
        const auto pairBefore = [&](const FlowPair &a, const FlowPair &b) {
            return m_order.idKey(a) < m_order.idKey(b);
        };
        for (std::size_t t = firstTop; t < lastTop; ++t) {
            if (points.start[t] == points.start[t + 1] && pairs.start[t] == pairs.start[t + 1])
                continue;
            splitTop(points, t, pointBucket, pointSub, pointsReleased);
            splitTop(pairs, t, pairBucket, pairSub, pairsReleased);
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
                // Pairs of one id become points again and are sorted in walk().
                std::sort(pairFirst, pairLast, pairBefore);
                walk(pointFirst, pointLast, pairFirst, pairLast, out);
            }
        }
    }

    // The top buckets split between the threads in runs of about equal size.
    std::vector<std::size_t> FlowBinding::firstTopPerPart() const
    {
        const std::size_t tops = m_order.tops();
        const std::size_t all = m_sortedPoints.start[tops] + m_sortedPairs.start[tops];
        std::vector<std::size_t> firstTop(m_parts + 1, tops);
        firstTop[0] = 0;
        for (std::size_t part = 1; part < m_parts; ++part) {
            std::size_t t = 0;
            while (t < tops
                && (m_sortedPoints.start[t] + m_sortedPairs.start[t]) * m_parts < all * part)
                ++t;
            firstTop[part] = t;
        }
        return firstTop;
    }

    // Each thread's flows are appended in bucket order, so the result does not depend on the number
    // of threads.
    void FlowBinding::chain()
    {
        const std::size_t tops = m_order.tops();
        const std::size_t elements = m_sortedPoints.start[tops] + m_sortedPairs.start[tops];
        m_out = std::vector<PartOutput>(m_parts);
        // At most a flow per point or pair, wherever its bucket falls; pages never written are not
        // resident, so this costs address space, not memory, and no copying as they grow. In 2 MB
        // pages: the first part's becomes the trace's flows (a million flows: 24 MB of fresh
        // memory, one fault per 2 MB instead of per 4 KB).
        for (PartOutput &out : m_out)
            reserveHuge(out.flows, elements);
        const std::vector<std::size_t> firstTop = firstTopPerPart();
        runParts(m_parts,
            [&](std::size_t part) { chainTops(firstTop[part], firstTop[part + 1], m_out[part]); });
        m_sortedPoints.elements = PageArray<FlowPoint>();
        m_sortedPairs.elements = PageArray<FlowPair>();
    }

    qint64 FlowBinding::join()
    {
        qint64 unbound = 0;
        for (const PartOutput &out : m_out)
            unbound += out.unbound;
        m_trace.flows = std::move(m_out[0].flows); // room for all of them (see chain())
        for (std::size_t k = 1; k < m_parts; ++k) {
            // In slices, each handed back once copied: a part copied at once would be a transient
            // of half the flows.
            const std::vector<Flow> &from = m_out[k].flows;
            constexpr std::size_t kSlice = std::size_t(1) << 16;
            for (std::size_t at = 0; at < from.size(); at += kSlice) {
                const Flow *first = from.data() + at;
                const Flow *last = from.data() + std::min(at + kSlice, from.size());
                m_trace.flows.insert(m_trace.flows.end(), first, last);
                releasePages(first, last);
            }
            m_out[k] = {};
        }
        return unbound;
    }

} // namespace

void TraceBuilder::bindFlows(
    const std::vector<std::uint32_t> &newIndexOf, IssueList *issues, int threads)
{
    PhaseClock clock(lcLoad());
    FlowBinding binding(*m_trace, m_flowLabels, m_flowPoints, m_flowPairs, threads);
    binding.bind(newIndexOf);
    clock.phase("  bind flow points and pairs");
    binding.distribute();
    clock.phase("  into top buckets");
    binding.chain();
    clock.phase("  order by id and chain");
    const qint64 unbound = binding.join();
    if (unbound > 0)
        issues->append({ Severity::Info, m_trace->path, QString(),
            QCoreApplication::translate(
                "npuscope::TraceParser", "%1 flow ends are not inside any slice and were not drawn")
                .arg(unbound) });
    m_trace->indexFlows(threads);
    clock.phase("  order flows by their ends");
}

} // namespace npuscope
