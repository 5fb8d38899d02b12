#include "tracefixtures.h"
#include "widgets/timeline/timelinecolors.h"
#include "widgets/timeline/timelinecounterindex.h"
#include "widgets/timeline/timelinedepthindex.h"
#include "widgets/timeline/timelinedrawlist.h"
#include "widgets/timeline/timelinelayout.h"

#include <QElapsedTimer>
#include <QTest>

#include <map>

using namespace npuscope;
using npuscope::test::TraceMaker;

namespace {

// Everything a draw list needs, around one trace.
struct Scene {
    explicit Scene(std::shared_ptr<const Trace> t, QSet<QString> collapsed = {})
        : trace(std::move(t))
    {
        layout.build(*trace, collapsed);
        colors.setTrace(trace.get());
        depths.reset(trace.get());
        counters.reset(trace.get());
    }

    const TimelineDrawList &build(
        TimeNs start, TimeNs end, int width, int viewHeight = 2000, EventRef selected = {})
    {
        TimelineDrawList::Frame f;
        f.trace = trace.get();
        f.layout = &layout;
        f.colors = &colors;
        f.depths = &depths;
        f.counters = useCounterIndex ? &counters : nullptr;
        f.axis = TimeAxis(start, end, width);
        f.viewHeight = viewHeight;
        f.selected = selected;
        f.gaps = gaps;
        axis = f.axis;
        list.build(f);
        return list;
    }

    std::shared_ptr<const Trace> trace;
    TimelineLayout layout;
    TimelineColors colors;
    TimelineDepthIndex depths;
    TimelineCounterIndex counters;
    bool useCounterIndex = true;
    TimelineDrawList list;
    TimeAxis axis;
    TimelineDrawList::Gaps gaps;
};

// 100 bursts of 10,000 events of 50 ns every 100 ns, one burst every 10 ms: 1 M events over 1 s.
std::shared_ptr<const Trace> makeBursts()
{
    TraceMaker m;
    const auto track = m.addTrack(
        QStringLiteral("Ascend Hardware"), QStringLiteral("Stream 7"), TrackKind::DeviceStream);
    m.trace().tracks[track].events.reserve(1'000'000);
    const char *names[] = { "MatMulV2", "Add", "TransData", "Cast" };
    for (int b = 0; b < 100; ++b)
        for (int i = 0; i < 10'000; ++i)
            m.addEvent(track, TimeNs(b) * 10'000'000 + TimeNs(i) * 100, 50, names[i % 4]);
    m.indexTracks();
    return m.finish();
}

// Slices of one row must come in x order without overlapping: one rectangle per place.
void checkRowsDisjoint(const std::vector<TimelineDrawList::Slice> &slices)
{
    std::map<float, float> rightEdge; // by y
    for (const auto &s : slices) {
        auto it = rightEdge.find(s.y);
        if (it != rightEdge.end())
            QVERIFY2(s.x >= it->second - 1.0f,
                qPrintable(QStringLiteral("x %1 < previous end %2").arg(s.x).arg(it->second)));
        rightEdge[s.y] = s.x + s.w;
    }
}

} // namespace

class TestTimelineDrawList : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void lodFrameCostsPixels_data();
    void lodFrameCostsPixels();
    void zoomedInShowsEventsAtTheirPixels();
    void backToBackWideEventsStaySeparate();
    void overlappingNonNestedEventsBothAppear();
    void nestedDepthsGetTheirOwnRows();
    void deepTracksAreCapped();
    void counterRowsProducePoints();
    void denseCounterFoldsToColumns();
    void counterIndexMatchesEverySample();
    void selectionAndFlowsAcrossTracks();
    void collapsedProcessShowsSummary();
    void rowsBelowTheViewAreSkipped();
    void gapsAtTheirPixelsMergedWhenDense();

private:
    std::unique_ptr<Scene> m_bursts;
};

void TestTimelineDrawList::initTestCase() { m_bursts = std::make_unique<Scene>(makeBursts()); }

void TestTimelineDrawList::lodFrameCostsPixels_data()
{
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    QTest::addColumn<int>("width");
    QTest::newRow("whole second, full HD") << qint64(0) << qint64(1'000'000'000) << 1920;
    QTest::newRow("one burst and a half") << qint64(9'950'000) << qint64(20'050'000) << 1920;
    QTest::newRow("inside one burst") << qint64(10'000'000) << qint64(10'100'000) << 1920;
    QTest::newRow("narrow window") << qint64(0) << qint64(1'000'000'000) << 300;
    QTest::newRow("4K") << qint64(0) << qint64(1'000'000'000) << 3840;
}

void TestTimelineDrawList::lodFrameCostsPixels()
{
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    QFETCH(int, width);
    QElapsedTimer timer;
    timer.start();
    const auto &slices = m_bursts->build(start, end, width).slices();
    qInfo("%zu slices for %d px in %lld us", slices.size(), width,
        static_cast<long long>(timer.nsecsElapsed() / 1000));
    QVERIFY(!slices.empty());
    QVERIFY2(slices.size() < static_cast<std::size_t>(4 * width),
        qPrintable(QString::number(slices.size())));
    checkRowsDisjoint(slices);
    // Every visible event is drawn: folded counts add up to at least the events in view.
    const Trace &trace = *m_bursts->trace;
    const std::size_t visible = trace.overlapping(TrackId(0), start, end).size();
    std::uint64_t counted = 0;
    for (const auto &s : slices)
        counted += s.count;
    QVERIFY2(counted >= visible, qPrintable(QStringLiteral("%1 < %2").arg(counted).arg(visible)));
    QVERIFY(counted <= trace.tracks[0].events.size());
    // Each burst in view is covered by a slice at its pixel.
    for (TimeNs b = 0; b < 100; ++b) {
        const TimeNs burst = b * 10'000'000 + 50'000;
        if (burst < start || burst > end)
            continue;
        const double x = m_bursts->axis.toPixel(burst);
        const bool covered = std::any_of(slices.begin(), slices.end(),
            [&](const auto &s) { return x >= s.x - 0.5 && x <= s.x + s.w + 0.5; });
        QVERIFY2(covered, qPrintable(QStringLiteral("burst %1 at x %2").arg(b).arg(x)));
    }
}

void TestTimelineDrawList::zoomedInShowsEventsAtTheirPixels()
{
    // 200 us over 1000 px: the 50 ns events of the first burst are 0.25 px, 100 ns apart, so
    // they fold; take a 2 us window instead: 2 ns per pixel, every event 25 px wide.
    const auto &slices = m_bursts->build(10'000'000, 10'002'000, 1000).slices();
    QCOMPARE(slices.size(), std::size_t(20));
    const Trace &trace = *m_bursts->trace;
    for (const auto &s : slices) {
        QCOMPARE(s.count, 1u);
        const Event &e = trace.event(s.event);
        QCOMPARE(s.x, static_cast<float>(m_bursts->axis.toPixel(e.start)));
        QCOMPARE(s.w, static_cast<float>(m_bursts->axis.durationToPixels(e.duration)));
        QCOMPARE(s.x, static_cast<float>((e.start - 10'000'000) / 2));
        QCOMPARE(s.w, 25.0f);
        QVERIFY(s.color < TimelineColors::kPaletteSize); // a plain colour, not a folded one
    }
}

void TestTimelineDrawList::backToBackWideEventsStaySeparate()
{
    // Back-to-back 1 ms kernels: the model's LOD merges them into one run at every level (no
    // gap), yet at 10 us per pixel each is 100 px wide and must be drawn and labelled alone.
    TraceMaker m;
    const auto track = m.addTrack(QStringLiteral("NPU"), QStringLiteral("Stream 2"));
    for (int i = 0; i < 100; ++i)
        m.addEvent(track, TimeNs(i) * 1'000'000, 1'000'000, i % 2 ? "Conv2D" : "MatMulV2");
    m.indexTracks();
    Scene scene(m.finish());
    QVERIFY(scene.trace->lodLevel(TrackId(0), 0, 25'000) != nullptr);
    const auto &slices = scene.build(20'500'000, 30'500'000, 1000).slices();
    QCOMPARE(slices.size(), std::size_t(11)); // 9 whole, one cut at each edge
    for (const auto &s : slices)
        QCOMPARE(s.count, 1u);
    QCOMPARE(slices[3].x, 250.0f);
    QCOMPARE(slices[3].w, 100.0f);
}

void TestTimelineDrawList::overlappingNonNestedEventsBothAppear()
{
    TraceMaker m;
    const auto track = m.addTrack(QStringLiteral("Python"), QStringLiteral("Thread 1"));
    m.addEvent(track, 0, 100'000, "first");
    m.addEvent(track, 50'000, 100'000, "second"); // starts inside "first", ends after it
    m.indexTracks();
    Scene scene(m.finish());
    const auto &slices = scene.build(0, 200'000, 1000).slices();
    QCOMPARE(slices.size(), std::size_t(2));
    QCOMPARE(slices[0].x, 0.0f);
    QCOMPARE(slices[0].w, 500.0f);
    QCOMPARE(slices[1].x, 250.0f);
    QCOMPARE(slices[1].w, 500.0f);
    QVERIFY(slices[0].y != slices[1].y);
}

void TestTimelineDrawList::nestedDepthsGetTheirOwnRows()
{
    TraceMaker m;
    const auto track = m.addTrack(QStringLiteral("Python"), QStringLiteral("Thread 1"));
    m.addEvent(track, 0, 1000, "step");
    m.addEvent(track, 100, 500, "forward");
    m.addEvent(track, 200, 100, "aten::add");
    m.indexTracks();
    Scene scene(m.finish());
    const auto &slices = scene.build(0, 1000, 1000).slices();
    QCOMPARE(slices.size(), std::size_t(3));
    const TimelineRow &row
        = scene.layout.rows()[static_cast<std::size_t>(scene.layout.trackRow(TrackId(0)))];
    QCOMPARE(row.height, TimelineLayout::trackHeight(2));
    for (int depth = 0; depth < 3; ++depth)
        QCOMPARE(slices[static_cast<std::size_t>(depth)].y,
            static_cast<float>(TimelineLayout::sliceTop(row, depth)));
}

// A with_stack host thread: 40 nested frames, each 10 ns shorter on both sides.
std::shared_ptr<const Trace> makeDeepStack(int levels = 40)
{
    TraceMaker m;
    const auto track = m.addTrack(QStringLiteral("Python"), QStringLiteral("Thread 1"));
    for (int d = 0; d < levels; ++d)
        m.addEvent(track, TimeNs(d) * 10, 1000 - TimeNs(d) * 20, "frame");
    m.indexTracks();
    return m.finish();
}

void TestTimelineDrawList::deepTracksAreCapped()
{
    Scene scene(makeDeepStack(40));
    QCOMPARE(scene.trace->tracks[0].maxDepth, 39);
    const auto cap = TimelineLayout::kDefaultDepthCap;
    auto row = [&]() {
        return scene.layout.rows()[static_cast<std::size_t>(scene.layout.trackRow(TrackId(0)))];
    };
    QCOMPARE(row().depth, cap - 1);
    QCOMPARE(row().hiddenLevels, 40 - cap);
    QVERIFY(row().deep);
    QCOMPARE(row().height, TimelineLayout::trackHeight(cap - 1));
    QCOMPARE(scene.build(0, 1000, 1000).slices().size(), std::size_t(cap));
    double top = 0;
    double height = 0;
    QVERIFY(scene.layout.sliceY(TrackId(0), cap - 1, &top, &height));
    QVERIFY(!scene.layout.sliceY(TrackId(0), cap, &top, &height)); // hidden

    scene.layout.build(*scene.trace, {}, { 0u });
    QCOMPARE(row().depth, 39);
    QCOMPARE(row().hiddenLevels, 0);
    QVERIFY(row().deep);
    QCOMPARE(row().height, TimelineLayout::trackHeight(39));
    QCOMPARE(scene.build(0, 1000, 1000).slices().size(), std::size_t(40));

    // Exactly at the cap nothing is hidden and there is nothing to expand.
    Scene shallow(makeDeepStack(cap));
    const TimelineRow &r
        = shallow.layout.rows()[static_cast<std::size_t>(shallow.layout.trackRow(TrackId(0)))];
    QCOMPARE(r.depth, cap - 1);
    QCOMPARE(r.hiddenLevels, 0);
    QVERIFY(!r.deep);
}

void TestTimelineDrawList::counterRowsProducePoints()
{
    TraceMaker m;
    m.addCounter(
        QStringLiteral("HBM"), QStringLiteral("Used"), { 0, 100, 200, 300 }, { 1, 4, 2, 4 });
    m.indexTracks();
    Scene scene(m.finish());
    const auto &list = scene.build(0, 400, 400);
    QCOMPARE(list.counterPlots().size(), std::size_t(1));
    const auto &plot = list.counterPlots().front();
    QCOMPARE(plot.count, std::size_t(4));
    const auto *c = &list.counterColumns()[plot.first];
    QCOMPARE(c[0].x, 0.0f);
    QCOMPARE(c[1].x, 100.0f);
    QCOMPARE(c[3].x, 300.0f);
    // The maximum sits at the top of the plot, zero at its baseline.
    QCOMPARE(c[1].yMax, plot.top);
    QCOMPARE(c[3].yMax, plot.top);
    QVERIFY(c[0].yMax > c[2].yMax); // 1 is lower on screen than 2
    QCOMPARE(c[0].yMax, plot.baseline - plot.height / 4);
}

void TestTimelineDrawList::denseCounterFoldsToColumns()
{
    TraceMaker m;
    std::vector<TimeNs> times;
    std::vector<double> values;
    for (int i = 0; i < 200'000; ++i) {
        times.push_back(TimeNs(i) * 10);
        values.push_back(i % 7);
    }
    m.addCounter(
        QStringLiteral("AI Core Freq"), QStringLiteral("MHz"), std::move(times), std::move(values));
    m.indexTracks();
    Scene scene(m.finish());
    const auto &list = scene.build(0, 2'000'000, 1000);
    QCOMPARE(list.counterPlots().size(), std::size_t(1));
    const auto &plot = list.counterPlots().front();
    QVERIFY(plot.count <= 1001);
    QVERIFY(plot.count >= 999);
    const auto &c = list.counterColumns()[plot.first + 500];
    QCOMPARE(c.yMax, plot.top); // 6 is the maximum
    QCOMPARE(c.yMin, plot.baseline); // 0 is the minimum
}

void TestTimelineDrawList::counterIndexMatchesEverySample()
{
    // Irregular times and random values: the indexed columns must equal the columns folded
    // sample by sample, at every zoom.
    TraceMaker m;
    std::mt19937 rng(11);
    std::vector<TimeNs> times;
    std::vector<double> values;
    TimeNs t = 1'000;
    for (int i = 0; i < 300'000; ++i) {
        t += 1 + TimeNs(rng() % 40);
        times.push_back(t);
        values.push_back(double(rng() % 1000) - 200.0);
    }
    m.addCounter(QStringLiteral("HBM"), QStringLiteral("MB"), times, values);
    m.indexTracks();
    Scene scene(m.finish());
    // Direct queries against a brute-force min/max.
    for (int q = 0; q < 200; ++q) {
        std::size_t a = rng() % values.size();
        std::size_t b = rng() % values.size();
        if (a > b)
            std::swap(a, b);
        const auto [lo, hi] = scene.counters.minMax(0, a, b + 1);
        QCOMPARE(lo,
            *std::min_element(
                values.begin() + std::ptrdiff_t(a), values.begin() + std::ptrdiff_t(b) + 1));
        QCOMPARE(hi,
            *std::max_element(
                values.begin() + std::ptrdiff_t(a), values.begin() + std::ptrdiff_t(b) + 1));
    }
    const TimeNs spans[][2]
        = { { 0, t + 100 }, { t / 3, t / 3 + t / 50 }, { t / 2, t / 2 + 40'000 } };
    for (const auto &span : spans) {
        scene.useCounterIndex = false;
        const auto plain = scene.build(span[0], span[1], 997);
        const std::vector<TimelineDrawList::CounterColumn> expected = plain.counterColumns();
        scene.useCounterIndex = true;
        const auto &indexed = scene.build(span[0], span[1], 997).counterColumns();
        QCOMPARE(indexed.size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            QCOMPARE(indexed[i].x, expected[i].x);
            QCOMPARE(indexed[i].yMin, expected[i].yMin);
            QCOMPARE(indexed[i].yMax, expected[i].yMax);
            QCOMPARE(indexed[i].yLast, expected[i].yLast);
        }
    }
}

void TestTimelineDrawList::selectionAndFlowsAcrossTracks()
{
    Scene scene(test::makeTrainingStep(1));
    const Trace &trace = *scene.trace;
    QVERIFY(!trace.flows.empty());
    const EventRef host = trace.flows.front().from;
    const EventRef kernel = trace.flows.front().to;
    QVERIFY(host.track != kernel.track);
    const auto &list = scene.build(trace.minTime, trace.maxTime, 1200, 2000, host);
    QVERIFY(list.hasSelection());
    QCOMPARE(list.selectionRect().x(), scene.axis.toPixel(trace.event(host).start));
    QCOMPARE(list.flows().size(), std::size_t(1));
    const auto &arrow = list.flows().front();
    QVERIFY(arrow.outgoing);
    QCOMPARE(arrow.to.x(), scene.axis.toPixel(trace.event(kernel).start));
    QVERIFY(arrow.to.y() < arrow.from.y()); // device streams are listed above the host thread
    // Selecting the kernel shows the same flow, incoming.
    const auto &back = scene.build(trace.minTime, trace.maxTime, 1200, 2000, kernel);
    QCOMPARE(back.flows().size(), std::size_t(1));
    QVERIFY(!back.flows().front().outgoing);
}

void TestTimelineDrawList::collapsedProcessShowsSummary()
{
    Scene open(test::makeTrainingStep(1));
    const auto &groups = open.layout.groups();
    const auto hardware = std::find_if(groups.begin(), groups.end(),
        [](const TimelineGroup &g) { return g.name == QStringLiteral("Ascend Hardware"); });
    QVERIFY(hardware != groups.end());
    Scene folded(open.trace, { hardware->key });
    QCOMPARE(folded.layout.rows().size(), open.layout.rows().size() - 2);
    const Trace &trace = *folded.trace;
    const auto &slices = folded.build(trace.minTime, trace.maxTime, 1200).slices();
    const TimelineRow &header = folded.layout.rows()[static_cast<std::size_t>(
        folded.layout.groups()[static_cast<std::size_t>(hardware - groups.begin())].headerRow)];
    const auto summaries = std::count_if(slices.begin(), slices.end(), [&](const auto &s) {
        return s.summary && s.y > header.y && s.y < header.y + header.height;
    });
    QVERIFY(summaries > 0);
}

void TestTimelineDrawList::rowsBelowTheViewAreSkipped()
{
    Scene scene(test::makeTrainingStep(1));
    const Trace &trace = *scene.trace;
    const auto &all = scene.build(trace.minTime, trace.maxTime, 1200, 5000).slices();
    const std::size_t total = all.size();
    // Only the first process header and the Python thread fit into 60 px.
    const auto &few = scene.build(trace.minTime, trace.maxTime, 1200, 60).slices();
    QVERIFY(few.size() < total);
    for (const auto &s : few)
        QVERIFY(s.y < 60);
}

// Stream gaps become hatched items over their track at their pixels, narrow neighbours merge
// into one item, device gaps go to the "Device idle" row, and without gaps nothing is emitted.
void TestTimelineDrawList::gapsAtTheirPixelsMergedWhenDense()
{
    TraceMaker m;
    const auto stream = m.addTrack(
        QStringLiteral("Ascend Hardware"), QStringLiteral("Stream 2"), TrackKind::DeviceStream);
    const auto other = m.addTrack(
        QStringLiteral("Ascend Hardware"), QStringLiteral("Stream 3"), TrackKind::DeviceStream);
    m.addEvent(stream, 0, 100'000, "MatMulV2");
    m.addEvent(stream, 300'000, 200'000, "Add");
    m.addEvent(other, 0, 900'000, "Cast");
    m.indexTracks();
    Scene scene(m.finish());
    auto gap = [](TrackId track, TimeNs start, TimeNs end, GapCause cause) {
        Gap g;
        g.start = start;
        g.end = end;
        g.track = track;
        g.stream = track.isValid() ? 2 : -1;
        g.cause = cause;
        return g;
    };
    std::vector<Gap> streamGaps { gap(TrackId(stream), 100'000, 300'000, GapCause::Host) };
    // 200 gaps of 100 ns every 500 ns from 600 µs: 0.1 px each at 1 px/µs.
    for (int i = 0; i < 200; ++i)
        streamGaps.push_back(gap(TrackId(stream), 600'000 + TimeNs(i) * 500,
            600'000 + TimeNs(i) * 500 + 100, i == 50 ? GapCause::Communication : GapCause::Host));
    std::vector<Gap> deviceGaps { gap(TrackId(), 920'000, 960'000, GapCause::HostSync) };
    scene.layout.build(*scene.trace, {}, {}, TrackId(stream));
    QVERIFY(scene.layout.deviceIdleRow() >= 0);

    // Gaps off: nothing.
    QVERIFY(scene.build(0, 1'000'000, 1000).gaps().empty());

    scene.gaps.stream = &streamGaps;
    scene.gaps.device = &deviceGaps;
    const auto &items = scene.build(0, 1'000'000, 1000).gaps();
    QCOMPARE(items.size(), std::size_t(3));
    const TimelineRow &streamRow
        = scene.layout.rows()[std::size_t(scene.layout.trackRow(TrackId(stream)))];
    const TimelineRow &idleRow = scene.layout.rows()[std::size_t(scene.layout.deviceIdleRow())];
    QVERIFY(idleRow.y < streamRow.y); // at the top of the group

    const auto &device = items[0];
    QVERIFY(device.device);
    QCOMPARE(device.x, 920.0f);
    QCOMPARE(device.w, 40.0f);
    QVERIFY(device.y >= float(idleRow.y) && device.y < float(idleRow.y + idleRow.height));
    QCOMPARE(device.cause, GapCause::HostSync);

    const auto &wide = items[1];
    QVERIFY(!wide.device);
    QCOMPARE(wide.x, 100.0f);
    QCOMPARE(wide.w, 200.0f);
    QCOMPARE(wide.y, float(streamRow.y));
    QCOMPARE(wide.h, float(streamRow.height));
    QCOMPARE(wide.count, 1u);
    QCOMPARE(wide.idleNs, TimeNs(200'000));
    QCOMPARE(wide.cause, GapCause::Host);

    const auto &dense = items[2];
    QCOMPARE(dense.count, 200u);
    QCOMPARE(dense.x, 600.0f);
    QVERIFY(dense.w >= 99.0f && dense.w <= 101.0f);
    QCOMPARE(dense.idleNs, TimeNs(200 * 100));
    QCOMPARE(scene.list.gapAt(QPointF(650, wide.y + 5)), &dense);
    QCOMPARE(scene.list.gapAt(QPointF(50, wide.y + 5)), nullptr);

    // Zoomed in on the dense run: the gaps come apart, and only the visible ones are emitted.
    const auto &zoomed = scene.build(600'000, 601'000, 1000).gaps();
    QCOMPARE(zoomed.size(), std::size_t(2));
    QCOMPARE(zoomed[0].x, 0.0f);
    QCOMPARE(zoomed[0].w, 100.0f);
    QCOMPARE(zoomed[1].x, 500.0f);

    // Nothing visible: no items.
    QVERIFY(scene.build(1'000'000, 2'000'000, 1000).gaps().empty());
}

QTEST_GUILESS_MAIN(TestTimelineDrawList)
#include "tst_timelinedrawlist.moc"
