#include "model/core/trace.h"

#include <QRandomGenerator>
#include <QTest>

using namespace npuscope;

namespace {

Track randomTrack(quint32 seed, int n)
{
    QRandomGenerator rng(seed);
    Track t;
    t.id = TrackId(0);
    for (int i = 0; i < n; ++i) {
        Event e;
        e.start = rng.bounded(1000000);
        // Mostly short events, a few very long ones that overlap many others.
        e.duration = rng.bounded(100) == 0 ? rng.bounded(200000) : rng.bounded(500);
        e.argsOffset = static_cast<std::uint64_t>(i);
        t.events.push_back(e);
    }
    Trace::buildTrackIndexes(t);
    return t;
}

} // namespace

class TstTrace : public QObject {
    Q_OBJECT
private slots:
    void overlapMatchesBruteForce();
    void depthNesting();
    void eventAtMatchesBruteForce();
    void eventsStartingByMatchesUpperBound();
    void lodCoversEverything();
    void lodSelection();
    void lodMatchesLevelByLevel();
    void flowIndexMatchesStableSort();
    void indexSortIsStable();
};

void TstTrace::overlapMatchesBruteForce()
{
    Trace trace;
    trace.tracks.push_back(randomTrack(7, 20000));
    const auto &ev = trace.tracks[0].events;
    QVERIFY(std::is_sorted(
        ev.begin(), ev.end(), [](const Event &a, const Event &b) { return a.start < b.start; }));
    QRandomGenerator rng(11);
    for (int q = 0; q < 300; ++q) {
        const TimeNs t0 = rng.bounded(1100000) - 50000;
        const TimeNs t1 = t0 + rng.bounded(q % 10 == 0 ? 300000 : 3000);
        std::vector<std::uint32_t> expected;
        for (std::uint32_t i = 0; i < ev.size(); ++i)
            if (ev[i].start <= t1 && ev[i].end() >= t0)
                expected.push_back(i);
        QCOMPARE(trace.overlapping(TrackId(0), t0, t1), expected);
    }
}

void TstTrace::depthNesting()
{
    Trace trace;
    Track t;
    t.id = TrackId(0);
    for (auto [s, d] :
        { std::pair<TimeNs, TimeNs> { 10, 5 }, { 0, 100 }, { 20, 30 }, { 25, 2 }, { 200, 1 } }) {
        Event e;
        e.start = s;
        e.duration = d;
        t.events.push_back(e);
    }
    Trace::buildTrackIndexes(t);
    QCOMPARE(t.maxDepth, 2);
    std::vector<int> depths;
    for (const Event &e : t.events)
        depths.push_back(int(e.depth));
    QCOMPARE(depths, (std::vector<int> { 0, 1, 1, 2, 0 }));
    trace.tracks.push_back(std::move(t));
    QCOMPARE(trace.eventAt(TrackId(0), 26).index, 3u);
    QCOMPARE(trace.eventAt(TrackId(0), 99).index, 0u);
    QVERIFY(!trace.eventAt(TrackId(0), 150).isValid());
}

// eventAt: the deepest slice containing t (half-open; an instant only at its own time), the
// later one on ties. Flat tracks take a shortcut; both kinds are checked against the definition,
// with back-to-back slices, instants and equal starts.
void TstTrace::eventAtMatchesBruteForce()
{
    // Flat; nested; nested with a few long slices that many short closed ones follow (eventAt
    // looks back a bounded number of slices, then asks the tree: both paths are checked).
    for (const int variant : { 0, 1, 2 }) {
        const bool flat = variant == 0;
        QRandomGenerator rng(3 + variant);
        Track t;
        t.id = TrackId(0);
        TimeNs now = 0;
        for (int i = 0; i < 2000; ++i) {
            Event e;
            const int kind = rng.bounded(10);
            e.start = flat ? now : rng.bounded(200000);
            e.duration = kind == 0 ? 0 : rng.bounded(1, variant == 1 ? 2000 : 50);
            if (variant == 2 && rng.bounded(100) == 0)
                e.duration = rng.bounded(20000, 100000);
            if (flat) // back-to-back, touching or with a gap; instants between slices
                now += e.duration
                    + (e.duration == 0 ? 1 + rng.bounded(5)
                            : kind < 3 ? 0
                                       : rng.bounded(30));
            t.events.push_back(e);
        }
        Trace::buildTrackIndexes(t);
        QCOMPARE(t.maxDepth == 0, flat);
        Trace trace;
        trace.tracks.push_back(std::move(t));
        const auto &ev = trace.tracks[0].events;
        const TimeNs end = ev.back().end() + 10;
        for (TimeNs q = -5; q < end; q += flat ? 1 : 7) {
            EventRef expected;
            std::uint64_t depth = 0;
            for (std::uint32_t i = 0; i < ev.size(); ++i) {
                const Event &e = ev[i];
                const bool inside = e.duration == 0 ? e.start == q : e.start <= q && q < e.end();
                if (inside && (!expected.isValid() || e.depth >= depth)) {
                    expected = { TrackId(0), i };
                    depth = e.depth;
                }
            }
            const EventRef got = trace.eventAt(TrackId(0), q);
            if (got != expected)
                QFAIL(qPrintable(QStringLiteral("%1 track, t=%2: got %3, expected %4")
                                     .arg(flat ? QStringLiteral("flat") : QStringLiteral("nested"))
                                     .arg(q)
                                     .arg(got.isValid() ? int(got.index) : -1)
                                     .arg(expected.isValid() ? int(expected.index) : -1)));
        }
    }
}

void TstTrace::eventsStartingByMatchesUpperBound()
{
    QRandomGenerator rng(9);
    for (const int n : { 0, 1, 2, 3, 17, 1000 }) {
        std::vector<Event> ev(static_cast<std::size_t>(n));
        TimeNs now = 0;
        for (Event &e : ev) {
            now += rng.bounded(3); // equal starts too
            e.start = now;
        }
        for (int q = 0; q < 2000; ++q) {
            const TimeNs t = rng.bounded(static_cast<int>(now) + 4) - 2;
            const std::size_t hint = rng.bounded(n + 3); // past the end too
            const std::size_t want
                = static_cast<std::size_t>(std::upper_bound(ev.begin(), ev.end(), t,
                                               [](TimeNs v, const Event &e) { return v < e.start; })
                    - ev.begin());
            const std::size_t got = eventsStartingBy(ev, t, hint);
            if (got != want)
                QFAIL(qPrintable(QStringLiteral("n=%1 t=%2 hint=%3: got %4, expected %5")
                                     .arg(n)
                                     .arg(t)
                                     .arg(hint)
                                     .arg(got)
                                     .arg(want)));
        }
    }
}

void TstTrace::lodCoversEverything()
{
    Track t;
    t.id = TrackId(0);
    // 100k back-to-back 1 µs kernels with 200 ns gaps, in bursts.
    TimeNs now = 0;
    for (int i = 0; i < 100000; ++i) {
        Event e;
        e.start = now;
        e.duration = 1000;
        now += 1200 + (i % 1000 == 999 ? 5000000 : 0);
        t.events.push_back(e);
    }
    Trace::buildTrackIndexes(t);
    QCOMPARE(t.lod.size(), std::size_t(1));
    const auto &levels = t.lod[0];
    QVERIFY(!levels.empty());
    std::size_t stored = 0;
    TimeNs previous = 0;
    for (const LodLevel &level : levels) {
        QVERIFY(level.resolution > previous);
        previous = level.resolution;
        stored += level.runs.size();
        std::uint64_t count = 0;
        for (const LodRun &r : level.runs)
            count += r.count;
        QCOMPARE(count, std::uint64_t(100000)); // every event folded into exactly one run
        QVERIFY(level.runs.size() * 4 <= t.events.size());
    }
    QVERIFY(stored * 3 <= t.events.size()); // LOD stays within about a third of the events
    // At 1 ms resolution the 100 bursts separated by 5 ms stay apart.
    const LodLevel *level = nullptr;
    for (const LodLevel &l : levels)
        if (l.resolution <= 1000000)
            level = &l;
    QVERIFY(level);
    QCOMPARE(level->runs.size(), std::size_t(100));
}

void TstTrace::lodSelection()
{
    Trace trace;
    trace.tracks.push_back(randomTrack(3, 50000));
    // The busiest depth has levels of detail; a resolution finer than any level draws events.
    std::vector<std::size_t> perDepth(std::size_t(trace.tracks[0].maxDepth) + 1);
    for (const Event &e : trace.tracks[0].events)
        ++perDepth[e.depth];
    const int depth = int(std::max_element(perDepth.begin(), perDepth.end()) - perDepth.begin());
    QVERIFY(!trace.lodLevel(TrackId(0), depth, 10));
    const LodLevel *coarse = trace.lodLevel(TrackId(0), depth, TimeNs(1) << 40);
    QVERIFY(coarse);
    QVERIFY(!trace.lodLevel(TrackId(0), 99, TimeNs(1) << 40));
}

// The levels made in one cascade against the definition, level by level: the finest merges each
// depth's events whose gap is below 1 µs, each next level (4 times coarser) merges the previous
// level's runs; a level is kept when it folds the depth's events at least 4-fold and has fewer runs
// than the last level kept; levels stop after one of a single run, or past 2^50 ns.
void TstTrace::lodMatchesLevelByLevel()
{
    for (const quint32 seed : { 1u, 2u, 3u, 4u, 5u, 6u, 7u, 8u }) {
        QRandomGenerator rng(seed);
        Track t;
        t.id = TrackId(0);
        TimeNs now = 0;
        const int n = seed == 6 ? 3 : seed == 8 ? 100 : 30000;
        for (int i = 0; i < n; ++i) {
            Event e;
            if (seed == 4 || seed == 7) {
                // Instants with gaps of exactly a level's resolution: they stay apart on it.
                // Seed 7: a fifth of the gaps exactly 1 µs, the others 1 ns, which keeps the
                // finest level.
                now += seed == 7 ? (rng.bounded(5) == 0 ? 1000 : 1)
                                 : TimeNs(1000) << (2 * rng.bounded(12));
                e.start = now;
                t.events.push_back(e);
                continue;
            }
            // Gaps over many orders of magnitude, so that many levels differ; some nesting.
            // Seed 3: no gaps between 4 µs and 1 s, so that levels in between fold nothing more
            // (and are not kept).
            if (seed == 8) {
                // Gaps beyond the coarsest level: no level folds anything, none is kept.
                now += TimeNs(1) << 52;
                e.start = now;
                e.duration = 10;
                t.events.push_back(e);
                continue;
            }
            const int bits = seed == 3 ? (rng.bounded(8) ? rng.bounded(12) : 30 + rng.bounded(8))
                                       : rng.bounded(seed == 5 ? 45 : 32);
            now += TimeNs(1) << bits;
            e.start = now;
            e.duration
                = rng.bounded(8) == 0 ? TimeNs(rng.bounded(1 << 20)) : TimeNs(rng.bounded(2000));
            if (seed == 3)
                e.duration = rng.bounded(1000);
            t.events.push_back(e);
        }
        Trace::buildTrackIndexes(t);
        QCOMPARE(t.lod.size(), std::size_t(t.maxDepth) + 1);
        for (std::size_t depth = 0; depth < t.lod.size(); ++depth) {
            std::vector<LodLevel> want;
            std::vector<LodRun> runs;
            std::size_t events = 0;
            for (std::uint32_t i = 0; i < t.events.size(); ++i) {
                const Event &e = t.events[i];
                if (e.depth != depth)
                    continue;
                ++events;
                if (!runs.empty() && e.start - runs.back().end < 1000) {
                    runs.back().end = std::max(runs.back().end, e.end());
                    ++runs.back().count;
                } else {
                    runs.push_back({ e.start, e.end(), 1, i });
                }
            }
            for (TimeNs resolution = 1000; events >= 4; resolution *= 4) {
                if (runs.size() * 4 <= events
                    && (want.empty() || want.back().runs.size() != runs.size()))
                    want.push_back({ resolution, runs });
                if (runs.size() <= 1 || resolution > (TimeNs(1) << 50))
                    break;
                std::vector<LodRun> merged;
                for (const LodRun &r : runs) {
                    if (!merged.empty() && r.start - merged.back().end < resolution * 4) {
                        merged.back().end = std::max(merged.back().end, r.end);
                        merged.back().count += r.count;
                    } else {
                        merged.push_back(r);
                    }
                }
                runs = std::move(merged);
            }
            const std::vector<LodLevel> &got = t.lod[depth];
            QCOMPARE(got.size(), want.size());
            for (std::size_t k = 0; k < want.size(); ++k) {
                QCOMPARE(got[k].resolution, want[k].resolution);
                QCOMPARE(got[k].runs.size(), want[k].runs.size());
                QCOMPARE(got[k].runs.capacity(), got[k].runs.size()); // no slack kept
                for (std::size_t r = 0; r < want[k].runs.size(); ++r) {
                    QCOMPARE(got[k].runs[r].start, want[k].runs[r].start);
                    QCOMPARE(got[k].runs[r].end, want[k].runs[r].end);
                    QCOMPARE(got[k].runs[r].count, want[k].runs[r].count);
                    QCOMPARE(got[k].runs[r].first, want[k].runs[r].first);
                }
            }
        }
        if (seed == 7)
            QCOMPARE(t.lod[0].front().resolution, TimeNs(1000));
        if (seed == 8)
            QVERIFY(t.lod[0].empty());
        if (seed == 1) { // the data must make several levels, or this compares little
            QVERIFY(t.lod.size() > 1);
            QVERIFY(t.lod[0].size() >= 3 && t.lod[1].size() >= 3);
        }
    }
}

// Trace::indexFlows against std::stable_sort, past the size where it sorts in rounds (2 M flows):
// flows spread over three tracks, a tenth of them on one event (one histogram bin far above a
// round's share), ties kept in flow order.
void TstTrace::flowIndexMatchesStableSort()
{
    Trace trace;
    const std::uint32_t sizes[] = { 300000, 7, 500000 };
    for (std::uint32_t k = 0; k < 3; ++k) {
        Track t;
        t.id = TrackId(k);
        t.events.resize(sizes[k]);
        trace.tracks.push_back(std::move(t));
    }
    QRandomGenerator rng(21);
    auto randomRef = [&] {
        if (rng.bounded(10) == 0)
            return EventRef { TrackId(2), 4242 };
        const std::uint32_t track = rng.bounded(3u);
        return EventRef { TrackId(track), rng.bounded(sizes[track]) };
    };
    for (int i = 0; i < 2600000; ++i)
        trace.flows.push_back({ StringId(0), StringId(0), randomRef(), randomRef() });
    for (const int threads : { 1, 2 }) {
        trace.indexFlows(threads);
        for (const bool byFrom : { true, false }) {
            std::vector<std::uint32_t> want(trace.flows.size());
            for (std::uint32_t i = 0; i < want.size(); ++i)
                want[i] = i;
            std::stable_sort(want.begin(), want.end(), [&](std::uint32_t a, std::uint32_t b) {
                return byFrom ? trace.flows[a].from < trace.flows[b].from
                              : trace.flows[a].to < trace.flows[b].to;
            });
            QVERIFY((byFrom ? trace.flowsByFrom : trace.flowsByTo) == want);
        }
    }
}

// buildTrackIndexes sorts by start, longer first, ties in file order (std::stable_sort's order),
// whether the events come nearly sorted (a few out of order: taken out and merged back) or far
// from it; many equal (start, duration) pairs, so the order of ties shows.
void TstTrace::indexSortIsStable()
{
    for (const int outOfOrderPercent : { 0, 3, 60 }) {
        QRandomGenerator rng(quint32(31 + outOfOrderPercent));
        std::vector<Event> events;
        TimeNs t = 0;
        for (int i = 0; i < 50000; ++i) {
            Event e;
            t += 1 + rng.bounded(2);
            // Those out of order start where others did: equal (start, duration) pairs.
            e.start = int(rng.bounded(100)) < outOfOrderPercent ? t - rng.bounded(200) : t;
            e.duration = rng.bounded(4);
            e.argsOffset = static_cast<std::uint64_t>(i);
            events.push_back(e);
        }
        Track track;
        track.events = events;
        Trace::buildTrackIndexes(track);
        std::stable_sort(events.begin(), events.end(), [](const Event &a, const Event &b) {
            return a.start != b.start ? a.start < b.start : a.duration > b.duration;
        });
        QCOMPARE(track.events.size(), events.size());
        for (std::size_t i = 0; i < events.size(); ++i)
            QCOMPARE(
                std::uint64_t(track.events[i].argsOffset), std::uint64_t(events[i].argsOffset));
    }
}

QTEST_APPLESS_MAIN(TstTrace)
#include "tst_trace.moc"
