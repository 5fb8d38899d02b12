#include "model/filereader.h"
#include "model/traceloader.h"

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

} // namespace

void TstFlowChain::matchesReference()
{
    QRandomGenerator rng(5);
    constexpr int kSlices = 4000;
    QByteArray json = "[";
    // Host slices [10 i, 10 i + 5) and device slices [10 i + 3, 10 i + 5) µs: gaps on both.
    for (int i = 0; i < kSlices; ++i) {
        json += QStringLiteral(R"({"ph": "X", "name": "h%1", "pid": 1, "tid": 1, "ts": %2, "dur": 5},)")
                    .arg(i).arg(10 * i).toUtf8();
        json += QStringLiteral(R"({"ph": "X", "name": "d%1", "pid": 2, "tid": 2, "ts": %2, "dur": 2},)")
                    .arg(i).arg(10 * i + 3).toUtf8();
    }
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
            // Another point of an earlier point's id at its time: the phase, then the file order
            // decide their order.
            const Point &earlier = points[rng.bounded(std::uint32_t(points.size()))];
            p.ts = earlier.ts;
            p.category = earlier.category;
            p.id = earlier.id;
        }
        const int phase = int(rng.bounded(3));
        p.phase = phase == 0 ? 's' : phase == 1 ? 't' : 'f';
        p.enclosing = rng.bounded(2) == 0;
        points.push_back(p);
        json += QStringLiteral(R"({"ph": "%1", "name": "n%2", "cat": "%3", "id": %4, "pid": %5, "tid": %5, "ts": %6%7},)")
                    .arg(QChar::fromLatin1(p.phase))
                    .arg(p.name)
                    .arg(QLatin1String(kCategories[p.category]))
                    .arg(QString::fromLatin1(idText(p)))
                    .arg(p.track + 1)
                    .arg(p.ts)
                    .arg(p.enclosing ? QStringLiteral(R"(, "bp": "e")") : QString())
                    .toUtf8();
    }
    json.chop(1);
    json += "]";

    TraceLoadOptions one;
    one.threads = 1;
    const TraceLoadResult r = loadTrace(TraceSource::fromMemory(json, QStringLiteral("flows.json")), one);
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
            const auto next = std::find_if(ev.begin(), ev.end(), [&](const Event &e) { return e.start >= ns; });
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
    // file order; each step or end continues from the last start or step.
    std::vector<std::size_t> order(points.size());
    for (std::size_t k = 0; k < order.size(); ++k)
        order[k] = k;
    const auto rank = [](char phase) { return phase == 's' ? 0 : phase == 't' ? 1 : 2; };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const Point &x = points[a], &y = points[b];
        return std::tuple(x.category, x.id, x.ts, rank(x.phase)) < std::tuple(y.category, y.id, y.ts, rank(y.phase));
    });
    std::vector<FlowTuple> want;
    for (std::size_t i = 0; i < order.size();) {
        const Point &first = points[order[i]];
        EventRef previous;
        for (; i < order.size() && points[order[i]].category == first.category && points[order[i]].id == first.id; ++i) {
            const Point &p = points[order[i]];
            const EventRef now = ref[order[i]];
            if (p.phase != 's' && previous.isValid() && now.isValid())
                want.emplace_back(QStringLiteral("n%1").arg(p.name), QLatin1String(kCategories[p.category]),
                                  int(previous.track.value), previous.index, int(now.track.value), now.index);
            if (p.phase != 'f')
                previous = now;
        }
    }
    QVERIFY(want.size() > 20000); // many chains, or this compares little
    std::vector<FlowTuple> got;
    for (const Flow &f : t.flows)
        got.emplace_back(t.strings.string(f.name), t.strings.string(f.category), int(f.from.track.value),
                         f.from.index, int(f.to.track.value), f.to.index);
    std::sort(want.begin(), want.end());
    std::sort(got.begin(), got.end());
    QCOMPARE(got.size(), want.size());
    QVERIFY(got == want);
    bool reported = false;
    for (const Issue &i : r.issues)
        reported = reported || i.message.startsWith(QString::number(unbound) + QLatin1String(" flow ends"));
    QVERIFY2(reported, "the count of unbound flow ends");

    // Two threads and small spans give the same flows in the same order.
    TraceLoadOptions two;
    two.threads = 2;
    two.chunkBytes = 1 << 16;
    const TraceLoadResult r2 = loadTrace(TraceSource::fromMemory(json, QStringLiteral("flows.json")), two);
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

QTEST_GUILESS_MAIN(TstFlowChain)
#include "tst_flowchain.moc"
