// The gaps a timeline shows, without a view: their order, what is dropped, when the view must lay
// out again, and which process gets the "Device idle" row.
#include "tracefixtures.h"
#include "widgets/timeline/timelinegapoverlay.h"

#include <QSignalSpy>
#include <QTest>

using namespace npuscope;

class TestTimelineGapOverlay : public QObject {
    Q_OBJECT

private slots:
    void sortsAndDropsTracklessGaps();
    void visibilitySignalsOnChange();
    void idleRowFollowsTheFirstStream();
};

namespace {

Gap gap(TimeNs start, TimeNs end, TrackId track = {})
{
    Gap g;
    g.start = start;
    g.end = end;
    g.track = track;
    return g;
}

} // namespace

void TestTimelineGapOverlay::sortsAndDropsTracklessGaps()
{
    TimelineGapOverlay overlay;
    QSignalSpy changed(&overlay, &TimelineGapOverlay::changed);
    overlay.setGaps({ gap(500, 600, TrackId(2)), gap(100, 200, TrackId(2)), gap(50, 60),
                        gap(300, 400, TrackId(1)) },
        { gap(900, 950), gap(10, 20) });
    QCOMPARE(changed.count(), 1);
    const auto &stream = overlay.streamGaps();
    QCOMPARE(stream.size(), std::size_t(3)); // the one without a track has nowhere to go
    QCOMPARE(stream[0].track, TrackId(1)); // by track, then start
    QCOMPARE(stream[1].start, TimeNs(100));
    QCOMPARE(stream[2].start, TimeNs(500));
    QCOMPARE(overlay.deviceGaps().front().start, TimeNs(10)); // by start
    overlay.clear();
    QVERIFY(overlay.streamGaps().empty() && overlay.deviceGaps().empty());
    QCOMPARE(changed.count(), 2);
}

void TestTimelineGapOverlay::visibilitySignalsOnChange()
{
    TimelineGapOverlay overlay;
    QVERIFY(overlay.isVisible()); // on by default
    QSignalSpy changed(&overlay, &TimelineGapOverlay::changed);
    overlay.setVisible(true);
    QCOMPARE(changed.count(), 0);
    overlay.setVisible(false);
    QVERIFY(!overlay.isVisible());
    QCOMPARE(changed.count(), 1);
}

void TestTimelineGapOverlay::idleRowFollowsTheFirstStream()
{
    const std::shared_ptr<const Trace> trace = test::makeTrainingStep(1);
    const auto stream = TrackId(std::uint32_t(trace->tracks.size() - 1));
    TimelineGapOverlay overlay;
    QVERIFY(!overlay.idleRowTrack(trace.get()).isValid()); // no gaps
    overlay.setGaps({ gap(100, 200, stream) }, {});
    QCOMPARE(overlay.idleRowTrack(trace.get()), stream);
    QVERIFY(!overlay.idleRowTrack(nullptr).isValid());
    overlay.setGaps({ gap(100, 200, TrackId(std::uint32_t(trace->tracks.size()))) }, {});
    QVERIFY(!overlay.idleRowTrack(trace.get()).isValid()); // not a track of this trace
    overlay.setGaps({ gap(100, 200, stream) }, {});
    overlay.setVisible(false);
    QVERIFY(!overlay.idleRowTrack(trace.get()).isValid()); // hidden: no row
}

QTEST_MAIN(TestTimelineGapOverlay)
#include "tst_timelinegapoverlay.moc"
