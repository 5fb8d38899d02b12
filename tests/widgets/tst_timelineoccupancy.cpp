#include "exportink.h"
#include "tracefixtures.h"
#include "widgets/timeline/timelinecolors.h"
#include "widgets/timeline/timelinedepthindex.h"
#include "widgets/timeline/timelinedrawlist.h"
#include "widgets/timeline/timelineexporter.h"
#include "widgets/timeline/timelinelayout.h"
#include "widgets/timeline/timelineoccupancy.h"

#include <QImage>
#include <QTest>

#include <map>
#include <random>

using namespace npuscope;
using npuscope::test::TraceMaker;

namespace {

constexpr TimeNs kUs = 1'000;
constexpr TimeNs kMs = 1'000'000;

// A stream whose busy share changes below pixel resolution, with gaps of 1 to 10 pixels at 1000
// pixels for its 300 ms: 3 us every 10 us (30%), 7 us every 10 us (70%), gaps, then random
// kernels; and a host thread of 100 us ops every 200 us, each with a 20 us child (depth 1: 10%).
std::shared_ptr<const Trace> makeMixed()
{
    TraceMaker m;
    const auto stream = m.addTrack(
        QStringLiteral("Ascend Hardware"), QStringLiteral("Stream 1"), TrackKind::DeviceStream);
    const auto host = m.addTrack(QStringLiteral("Python"), QStringLiteral("Thread 1"));
    for (TimeNs t = 0; t < 100 * kMs; t += 10 * kUs)
        m.addEvent(stream, t, 3 * kUs, "Add");
    for (TimeNs t = 100 * kMs; t < 200 * kMs; t += 10 * kUs)
        m.addEvent(stream, t, 7 * kUs, "Mul");
    // Bursts of 1 ms at 50% separated by gaps of 0.3, 0.6, ... 3 ms (1 to 10 pixels).
    TimeNs t = 200 * kMs;
    for (int gap = 1; gap <= 10; ++gap) {
        for (const TimeNs end = t + kMs; t < end; t += 10 * kUs)
            m.addEvent(stream, t, 5 * kUs, "Cast");
        t += gap * 300 * kUs;
    }
    std::mt19937_64 rng(3);
    while (t < 300 * kMs) {
        const TimeNs d = TimeNs(1 + rng() % 9) * kUs;
        m.addEvent(stream, t, d, "Relu");
        t += d + TimeNs(1 + rng() % 9) * kUs;
    }
    for (TimeNs op = 0; op < 300 * kMs; op += 200 * kUs) {
        m.addEvent(host, op, 100 * kUs, "aten::add");
        m.addEvent(host, op + 40 * kUs, 20 * kUs, "aclnnAdd");
    }
    m.indexTracks();
    return m.finish();
}

// makeMixed() drawn whole at 1000 pixels.
struct MixedScene {
    MixedScene()
    {
        layout.build(*trace, {});
        colors.setTrace(trace.get());
        depths.reset(trace.get());
        frame.trace = trace.get();
        frame.layout = &layout;
        frame.colors = &colors;
        frame.depths = &depths;
        frame.axis = TimeAxis(0, 300 * kMs, 1000);
        frame.viewHeight = 2000;
        list.build(frame);
    }

    std::shared_ptr<const Trace> trace = makeMixed();
    TimelineLayout layout;
    TimelineColors colors;
    TimelineDepthIndex depths;
    TimelineDrawList::Frame frame;
    TimelineDrawList list;
};

// The time of [t0, t1) the events of one depth cover, by brute force.
TimeNs trueBusy(const Track &track, int depth, TimeNs t0, TimeNs t1)
{
    TimeNs busy = 0;
    for (const Event &e : track.events)
        if (static_cast<int>(e.depth) == depth)
            busy += std::max<TimeNs>(0, std::min(e.end(), t1) - std::max(e.start, t0));
    return busy;
}

double trueCoverage(const Track &track, int depth, TimeNs t0, TimeNs t1)
{
    return double(trueBusy(track, depth, t0, t1)) / double(t1 - t0);
}

} // namespace

class TestTimelineOccupancy : public QObject {
    Q_OBJECT

private slots:
    void coverageEqualsTrueBusyShare();
    void gapsAreNeverPaintedOver();
    void busyBeforeMatchesSums();
    void summaryListsLongest();
    void halfBusyStreamHasHalfTheInk();
};

// Per pixel column and depth, the drawn busy share equals the true one within 1%.
void TestTimelineOccupancy::coverageEqualsTrueBusyShare()
{
    const MixedScene scene;
    const auto &trace = scene.trace;
    const auto &list = scene.list;
    const TimelineDrawList::Frame &f = scene.frame;
    int checked = 0;
    double worst = 0;
    for (const auto &s : list.slices()) {
        if (s.coverCount == 0)
            continue;
        const Track &track = trace->tracks[s.event.track.value];
        const int depth = static_cast<int>(trace->event(s.event).depth);
        for (std::uint32_t i = 0; i < s.coverCount; ++i) {
            const int c = s.coverX + static_cast<int>(i);
            const double truth = trueCoverage(track, depth, f.axis.toTime(c), f.axis.toTime(c + 1));
            const double drawn = list.coverage()[s.coverFirst + i];
            worst = std::max(worst, std::abs(drawn - truth));
            QVERIFY2(std::abs(drawn - truth) <= 0.01,
                qPrintable(QStringLiteral("track %1 depth %2 column %3: drawn %4, true %5")
                               .arg(s.event.track.value)
                               .arg(depth)
                               .arg(c)
                               .arg(drawn)
                               .arg(truth)));
            ++checked;
        }
    }
    // The stream's 1000 columns, less its gaps, and the host thread's two depths.
    QVERIFY2(checked > 2500, qPrintable(QString::number(checked)));
    qInfo("%d columns, worst difference %.4f", checked, worst);
}

// A column inside a gap is never painted, by a solid slice or by occupancy; a column with
// anything in it is.
void TestTimelineOccupancy::gapsAreNeverPaintedOver()
{
    const MixedScene scene;
    const auto &trace = scene.trace;
    const auto &list = scene.list;
    const TimelineDrawList::Frame &f = scene.frame;
    const Track &stream = trace->tracks[0];
    std::vector<bool> painted(1000, false);
    for (const auto &s : list.slices()) {
        if (s.event.track.value != 0)
            continue;
        if (s.coverCount == 0) {
            for (int c = static_cast<int>(std::floor(s.x)); c < s.x + s.w; ++c)
                if (c >= 0 && c < 1000)
                    painted[static_cast<std::size_t>(c)] = true;
            continue;
        }
        for (std::uint32_t i = 0; i < s.coverCount; ++i)
            if (list.coverage()[s.coverFirst + i] > 0)
                painted[static_cast<std::size_t>(s.coverX) + i] = true;
    }
    int gapColumns = 0;
    for (int c = 0; c < 1000; ++c) {
        const double truth = trueCoverage(stream, 0, f.axis.toTime(c), f.axis.toTime(c + 1));
        QVERIFY2(painted[static_cast<std::size_t>(c)] == (truth > 0),
            qPrintable(QStringLiteral("column %1: true share %2").arg(c).arg(truth)));
        gapColumns += truth == 0 ? 1 : 0;
    }
    // Gaps of 1 to 10 pixels (0.3 to 3 ms): at least 45 whole columns between them.
    QVERIFY2(gapColumns >= 45, qPrintable(QString::number(gapColumns)));
}

void TestTimelineOccupancy::busyBeforeMatchesSums()
{
    const auto trace = makeMixed();
    TimelineDepthIndex depths;
    depths.reset(trace.get());
    for (std::uint32_t track = 0; track < 2; ++track)
        for (int depth = 0; depth <= trace->tracks[track].maxDepth; ++depth) {
            const TimelineDepthSequence seq = depths.sequence(TrackId(track), depth);
            QVERIFY(seq.hasBusy());
            std::size_t hint = 0;
            for (TimeNs t = -kMs; t <= 301 * kMs; t += 7'777'777) {
                const TimeNs expected = trueBusy(trace->tracks[track], depth, -kMs, t);
                QCOMPARE(seq.busyBefore(t, &hint), expected);
                // A guess past the answer searches back.
                std::size_t far = 1'000'000;
                QCOMPARE(seq.busyBefore(t, &far), expected);
            }
        }
}

void TestTimelineOccupancy::summaryListsLongest()
{
    const auto trace = makeMixed();
    TimelineDepthIndex depths;
    depths.reset(trace.get());
    const TimelineDepthSequence seq = depths.sequence(TrackId(0), 0);
    // The random part: the three longest of [250 ms, 260 ms) against a brute-force sort.
    const auto s = TimelineOccupancy::summarize(seq, 250 * kMs, 260 * kMs, 3);
    std::vector<TimeNs> durations;
    std::uint32_t count = 0;
    for (const Event &e : trace->tracks[0].events)
        if (e.end() > 250 * kMs && e.start < 260 * kMs) {
            durations.push_back(e.duration);
            ++count;
        }
    std::sort(durations.rbegin(), durations.rend());
    QCOMPARE(s.count, count);
    QCOMPARE(s.largest.size(), std::size_t(3));
    for (std::size_t i = 0; i < 3; ++i)
        QCOMPARE(trace->tracks[0].events[s.largest[i]].duration, durations[i]);
    QVERIFY(
        std::abs(s.busyShare() - trueCoverage(trace->tracks[0], 0, 250 * kMs, 260 * kMs)) < 1e-9);
}

// The held-out case: one stream runs a single 1 s kernel, another 10 us kernels every 20 us (50%
// busy) over the same second. Exported whole with the default options, the half-busy stream must
// carry about half the ink of the busy one (drawn solid, it carried 1.11 times as much).
void TestTimelineOccupancy::halfBusyStreamHasHalfTheInk()
{
    TraceMaker m;
    const auto busy = m.addTrack(
        QStringLiteral("Ascend Hardware"), QStringLiteral("Stream 1"), TrackKind::DeviceStream);
    const auto half = m.addTrack(
        QStringLiteral("Ascend Hardware"), QStringLiteral("Stream 2"), TrackKind::DeviceStream);
    m.addEvent(busy, 0, 1'000 * kMs, "LongKernel");
    for (TimeNs t = 0; t < 1'000 * kMs; t += 20 * kUs)
        m.addEvent(half, t, 10 * kUs, "ShortKernel");
    m.indexTracks();
    TimelineExportOptions options;
    options.trace = m.finish();
    TimelineExporter exporter(options);
    const QImage image = exporter.toImage();
    // The background comes from the time area left of the trace's start.
    const TimeAxis axis(
        exporter.start(), exporter.end(), options.width - TimelineExporter::kHeaderWidth);
    QVERIFY2(axis.toPixel(0) > 2, qPrintable(QString::number(axis.toPixel(0))));
    double inks[2];
    for (const std::uint32_t track : { busy, half }) {
        const int row = exporter.layout().trackRow(TrackId(track));
        QVERIFY(row >= 0 && exporter.rowY(row) >= 0);
        const int height = exporter.layout().rows()[static_cast<std::size_t>(row)].height;
        inks[track == busy ? 0 : 1] = test::inkInBand(
            image, TimelineExporter::kRulerHeight + exporter.rowY(row), height - 1);
    }
    const double ratio = inks[1] / inks[0];
    qInfo("ink: busy %.0f, half-busy %.0f, ratio %.3f", inks[0], inks[1], ratio);
    QVERIFY2(inks[0] > 1000, qPrintable(QString::number(inks[0])));
    QVERIFY2(ratio >= 0.35 && ratio <= 0.65, qPrintable(QString::number(ratio)));
}

QTEST_MAIN(TestTimelineOccupancy)
#include "tst_timelineoccupancy.moc"
