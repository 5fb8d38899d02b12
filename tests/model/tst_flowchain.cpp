#include "model/trace/traceloader.h"
#include "model/trace/tracesource.h"

#include <QRandomGenerator>
#include <QTest>

#include <algorithm>
#include <tuple>

using namespace npuscope;

// The loader's flow binding and chaining (TraceBuilder::bindFlows: a stable two-level bucket
// sort, on two threads at this size) against a plain reference: enough points for several top
// buckets and both threads, ids with many points, equal times, several names per category, and
// points outside every slice.
class TstFlowChain : public QObject {
    Q_OBJECT
private slots:
    void matchesReference();
    void pairsMatchReference();
};

namespace {

struct Point {
    int track; // 0 host, 1 device
    qint64 ts; // µs
    int category; // index into kCategories
    int name; // 0 or 1
    int id;
    char phase;
    bool enclosing; // "bp": "e"
};

const char *const kCategories[] = { "async_npu", "ac2g", "fwdbwd", "HostToDevice" };

QByteArray idText(const Point &p)
{
    // Numbers for two categories, strings for the others (the loader hashes either).
    return p.category < 2 ? QByteArray::number(p.id) : '"' + QByteArray::number(p.id) + "-x\"";
}

using FlowTuple = std::tuple<QString, QString, int, std::uint32_t, int, std::uint32_t>;

constexpr int kSlices = 4000;

QByteArray traceJson(const std::vector<Point> &points)
{
    QByteArray json = "[";
    // Host slices [10 i, 10 i + 5) and device slices [10 i + 3, 10 i + 5) µs: gaps on both.
    for (int i = 0; i < kSlices; ++i) {
        json += QStringLiteral(
            R"({"ph": "X", "name": "h%1", "pid": 1, "tid": 1, "ts": %2, "dur": 5},)")
                    .arg(i)
                    .arg(10 * i)
                    .toUtf8();
        json += QStringLiteral(
            R"({"ph": "X", "name": "d%1", "pid": 2, "tid": 2, "ts": %2, "dur": 2},)")
                    .arg(i)
                    .arg(10 * i + 3)
                    .toUtf8();
    }
    for (const Point &p : points)
        json += QStringLiteral(
            R"({"ph": "%1", "name": "n%2", "cat": "%3", "id": %4, "pid": %5, "tid": %5, "ts": %6%7},)")
                    .arg(QChar::fromLatin1(p.phase))
                    .arg(p.name)
                    .arg(QLatin1String(kCategories[p.category]))
                    .arg(QString::fromLatin1(idText(p)))
                    .arg(p.track + 1)
                    .arg(p.ts)
                    .arg(p.enclosing ? QStringLiteral(R"(, "bp": "e")") : QString())
                    .toUtf8();
    json.chop(1);
    json += "]";
    return json;
}

// Loads `points` on one thread, compares the flows with a plain reference, and with a load on two
// threads in small spans (whose flows must come in the same order). minFlows: what the points
// must give at least, or the comparison says little.
void compareWithReference(const std::vector<Point> &points, std::size_t minFlows)
{
    const QByteArray json = traceJson(points);
    TraceLoadOptions one;
    one.threads = 1;
    const TraceLoadResult r
        = loadTrace(TraceSource::fromMemory(json, QStringLiteral("flows.json")), one);
    QVERIFY(r.trace);
    const Trace &t = *r.trace;
    QCOMPARE(t.tracks.size(), std::size_t(2));
    TrackId trackOf[2];
    for (std::uint32_t k = 0; k < 2; ++k)
        trackOf[t.strings.string(t.tracks[k].pidKey) == QLatin1String("1") ? 0 : 1] = TrackId(k);
    // Reference binding: "f" without "bp": "e" binds to the next slice starting at or after ts,
    // everything else to the slice enclosing ts.
    std::vector<EventRef> ref(points.size());
    qint64 unbound = 0;
    for (std::size_t k = 0; k < points.size(); ++k) {
        const Point &p = points[k];
        const TrackId track = trackOf[p.track];
        const auto &ev = t.track(track).events;
        const TimeNs ns = p.ts * 1000;
        if (p.phase == 'f' && !p.enclosing) {
            const auto next
                = std::find_if(ev.begin(), ev.end(), [&](const Event &e) { return e.start >= ns; });
            if (next != ev.end()) {
                ref[k] = { track, std::uint32_t(next - ev.begin()) };
                continue;
            }
        }
        for (std::uint32_t i = 0; i < ev.size(); ++i)
            if (ev[i].start <= ns && ns < ev[i].end())
                ref[k] = { track, i };
        unbound += !ref[k].isValid();
    }
    // Reference chaining: the points of each (category, id) in time order, then s < t < f, then
    // by the slice bound to (unbound last), then by name; each step or end continues from the
    // last start or step.
    std::vector<std::size_t> order(points.size());
    for (std::size_t k = 0; k < order.size(); ++k)
        order[k] = k;
    const auto rank = [](char phase) { return phase == 's' ? 0 : phase == 't' ? 1 : 2; };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const Point &x = points[a], &y = points[b];
        const auto tx = std::tuple(x.category, x.id, x.ts, rank(x.phase));
        const auto ty = std::tuple(y.category, y.id, y.ts, rank(y.phase));
        if (tx != ty)
            return tx < ty;
        if (ref[a] != ref[b])
            return ref[a] < ref[b];
        return x.name < y.name;
    });
    std::vector<FlowTuple> want;
    for (std::size_t i = 0; i < order.size();) {
        const Point &first = points[order[i]];
        EventRef previous;
        for (; i < order.size() && points[order[i]].category == first.category
             && points[order[i]].id == first.id;
             ++i) {
            const Point &p = points[order[i]];
            const EventRef now = ref[order[i]];
            if (p.phase != 's' && previous.isValid() && now.isValid())
                want.emplace_back(QStringLiteral("n%1").arg(p.name),
                    QLatin1String(kCategories[p.category]), int(previous.track.value),
                    previous.index, int(now.track.value), now.index);
            if (p.phase != 'f')
                previous = now;
        }
    }
    QVERIFY(want.size() >= minFlows);
    std::vector<FlowTuple> got;
    for (const Flow &f : t.flows)
        got.emplace_back(t.strings.string(f.name), t.strings.string(f.category),
            int(f.from.track.value), f.from.index, int(f.to.track.value), f.to.index);
    std::sort(want.begin(), want.end());
    std::sort(got.begin(), got.end());
    QCOMPARE(got.size(), want.size());
    QVERIFY(got == want);
    bool reported = false;
    for (const Issue &i : r.issues)
        reported = reported
            || i.message.startsWith(QString::number(unbound) + QLatin1String(" flow ends"));
    QVERIFY2(reported, "the count of unbound flow ends");

    // Two threads and small spans give the same flows in the same order.
    TraceLoadOptions two;
    two.threads = 2;
    two.chunkBytes = 1 << 16;
    const TraceLoadResult r2
        = loadTrace(TraceSource::fromMemory(json, QStringLiteral("flows.json")), two);
    QVERIFY(r2.trace);
    QCOMPARE(r2.trace->flows.size(), t.flows.size());
    for (std::size_t k = 0; k < t.flows.size(); ++k) {
        QCOMPARE(r2.trace->flows[k].from, t.flows[k].from);
        QCOMPARE(r2.trace->flows[k].to, t.flows[k].to);
        QCOMPARE(r2.trace->flows[k].name, t.flows[k].name);
    }
    QCOMPARE(r2.trace->flowsByFrom, t.flowsByFrom);
    QCOMPARE(r2.trace->flowsByTo, t.flowsByTo);
}

} // namespace

void TstFlowChain::matchesReference()
{
    QRandomGenerator rng(5);
    std::vector<Point> points;
    for (int k = 0; k < 90000; ++k) {
        Point p;
        p.track = int(rng.bounded(2));
        // Times on slices and in the gaps around them; some past the last slice.
        static const int kOffsets[] = { 0, 3, 4, 7 };
        p.ts = qint64(rng.bounded(kSlices + 5)) * 10 + kOffsets[rng.bounded(4)];
        p.category = int(rng.bounded(4));
        p.name = int(rng.bounded(2));
        p.id = int(rng.bounded(3000));
        if (!points.empty() && rng.bounded(4) == 0) {
            // Another point of an earlier point's id at its time: the phase, then the slice bound
            // to, then the name decide their order.
            const Point &earlier = points[rng.bounded(std::uint32_t(points.size()))];
            p.ts = earlier.ts;
            p.category = earlier.category;
            p.id = earlier.id;
        }
        const int phase = int(rng.bounded(3));
        p.phase = phase == 0 ? 's' : phase == 1 ? 't' : 'f';
        p.enclosing = rng.bounded(2) == 0;
        points.push_back(p);
    }
    compareWithReference(points, 20000);
}

void TstFlowChain::pairsMatchReference()
{
    // What profilers write: nearly every id one "s" on the host and its "f" on the device a little
    // later, a few points apart (kept as pairs, see pairFlows()); among them ids used again, chains
    // with a "t", an "f" earlier than its "s", an "f" written before its "s", an "f" 2.2 s (over
    // 2^31 ns) and 42 hours (over 2^47 ns, no pair) after its "s", two starts of an id at one
    // time, and (in the two-thread load's small spans) pairs cut by a span's end.
    QRandomGenerator rng(7);
    std::vector<Point> points, later;
    for (int id = 0; id < 30000; ++id) {
        static const int kOffsets[] = { 0, 1, 3, 4, 7 };
        Point s { 0, qint64(rng.bounded(kSlices)) * 10 + kOffsets[rng.bounded(5)],
            int(rng.bounded(4)), int(rng.bounded(2)), id, 's', true };
        const int kind = int(rng.bounded(24));
        if (kind == 0)
            s.id = int(rng.bounded(std::uint32_t(id + 1))); // an id used again
        Point f = s;
        f.track = 1;
        f.phase = 'f';
        f.enclosing = rng.bounded(2) == 0;
        f.ts = s.ts + qint64(rng.bounded(40));
        if (kind == 1)
            f.ts = s.ts - 1 - qint64(rng.bounded(20)); // the end first
        if (kind == 2)
            f.ts = s.ts + 2200000;
        if (kind == 5)
            f.ts = s.ts + 150000000000;
        if (kind == 6)
            points.push_back(f);
        points.push_back(s);
        if (kind == 3) {
            Point t = s;
            t.track = 1;
            t.phase = 't';
            t.ts = s.ts + 1;
            points.push_back(t);
        }
        if (kind == 4) {
            Point other = s; // another start of the id at the same time, on the other track
            other.track = 1;
            points.push_back(other);
        }
        if (kind != 6)
            later.push_back(f);
        if (later.size() > std::size_t(rng.bounded(6))) {
            points.insert(points.end(), later.begin(), later.end());
            later.clear();
        }
    }
    points.insert(points.end(), later.begin(), later.end());
    compareWithReference(points, 10000);
}

QTEST_GUILESS_MAIN(TstFlowChain)
#include "tst_flowchain.moc"
