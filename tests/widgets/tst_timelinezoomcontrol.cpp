// TimelineZoomControl on its own, and two timelines sharing one (as the compare window's panes
// do): one range, one history, one selection, each view on its own clock.
#include "model/core/trace.h"
#include "tracefixtures.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/timeline/timelinezoomcontrol.h"

#include <QMouseEvent>
#include <QSignalSpy>
#include <QTest>

using namespace npuscope;

class TestTimelineZoomControl : public QObject {
    Q_OBJECT

private slots:
    void clampsLikeTheAxis();
    void historyAndSelection();
    void viewsShareOneControl();
    void ownControlByDefault();
};

void TestTimelineZoomControl::clampsLikeTheAxis()
{
    TimelineZoomControl zoom;
    QSignalSpy range(&zoom, &TimelineZoomControl::rangeChanged);
    QSignalSpy limits(&zoom, &TimelineZoomControl::limitsChanged);
    zoom.setLimits(1'000, 101'000);
    QCOMPARE(limits.count(), 1);
    zoom.setRange(0, 200'000); // wider than the limits: the limits
    QCOMPARE(zoom.range(), TimelineZoomControl::Range(1'000, 101'000));
    zoom.setRange(50'000, 50'010); // narrower than the minimum span
    QCOMPARE(zoom.end() - zoom.start(), TimeAxis::kMinSpan);
    // The same as a TimeAxis with those limits.
    TimeAxis axis;
    axis.setLimits(1'000, 101'000);
    axis.setRange(50'000, 50'010);
    QCOMPARE(zoom.start(), axis.start());
    const int before = static_cast<int>(range.count());
    zoom.setRange(zoom.start(), zoom.end()); // no change, no signal
    QCOMPARE(static_cast<int>(range.count()), before);
    zoom.setRange(95'000, 120'000); // slides back inside
    QCOMPARE(zoom.range(), TimelineZoomControl::Range(76'000, 101'000));
    QCOMPARE(range.last().at(0).value<TimeNs>(), TimeNs(76'000));
}

void TestTimelineZoomControl::historyAndSelection()
{
    TimelineZoomControl zoom;
    zoom.setLimits(0, 1'000'000);
    zoom.setRange(0, 1'000'000);
    zoom.zoomTo(100'000, 200'000);
    zoom.zoomTo(150'000, 160'000);
    QCOMPARE(zoom.historySize(), std::size_t(2));
    QVERIFY(zoom.undo());
    QCOMPARE(zoom.range(), TimelineZoomControl::Range(100'000, 200'000));
    QVERIFY(zoom.undo());
    QCOMPARE(zoom.range(), TimelineZoomControl::Range(0, 1'000'000));
    QVERIFY(!zoom.undo());

    QSignalSpy selection(&zoom, &TimelineZoomControl::selectionChanged);
    zoom.setSelection(500, 200); // normalised
    QVERIFY(zoom.hasSelection());
    QCOMPARE(zoom.selection(), TimelineZoomControl::Range(200, 500));
    zoom.setSelection(200, 500);
    QCOMPARE(selection.count(), 1);
    zoom.clearSelection();
    QVERIFY(!zoom.hasSelection());
    QCOMPARE(selection.count(), 2);
}

void TestTimelineZoomControl::viewsShareOneControl()
{
    // Two runs whose clocks differ by 5 ms: the second view is offset by that much.
    constexpr TimeNs kShift = 5'000'000;
    const auto base = test::makeTrainingStep(2);
    const auto next = test::makeTrainingStep(2, 11);
    TimelineZoomControl zoom;
    TimelineView a;
    TimelineView b;
    for (TimelineView *v : { &a, &b }) {
        v->resize(1000, 400);
        v->setZoomControl(&zoom);
    }
    a.setTrace(base);
    b.setTrace(next);
    b.setTimeOffset(kShift);
    a.setTimeLimits(base->minTime - 1'000'000, base->maxTime + 1'000'000);
    a.setVisibleRange(base->minTime, base->minTime + 400'000);
    QCOMPARE(b.visibleRange().first, base->minTime + kShift);
    QCOMPARE(b.visibleRange().second, base->minTime + 400'000 + kShift);

    // A key zoom in the second view moves the first; Backspace in the first undoes it for both.
    QSignalSpy aChanged(&a, &TimelineView::visibleRangeChanged);
    const auto before = a.visibleRange();
    QTest::keyClick(&b, Qt::Key_W);
    QVERIFY(a.visibleRange().second - a.visibleRange().first < before.second - before.first);
    QCOMPARE(b.visibleRange().first, a.visibleRange().first + kShift);
    QCOMPARE(aChanged.count(), 1);
    QTest::keyClick(&a, Qt::Key_Backspace);
    QCOMPARE(a.visibleRange(), before);

    // A range selected on one is the same stretch of the step on the other.
    b.setSelectedRange(base->minTime + kShift + 1'000, base->minTime + kShift + 9'000);
    QVERIFY(a.hasSelectedRange());
    QCOMPARE(a.selectedRange(),
        std::make_pair(base->minTime + TimeNs(1'000), base->minTime + TimeNs(9'000)));
    a.clearSelectedRange();
    QVERIFY(!b.hasSelectedRange());
}

void TestTimelineZoomControl::ownControlByDefault()
{
    TimelineView a;
    TimelineView b;
    QVERIFY(a.zoomControl() != nullptr);
    QVERIFY(a.zoomControl() != b.zoomControl());
    TimelineZoomControl shared;
    a.setZoomControl(&shared);
    QCOMPARE(a.zoomControl(), &shared);
    a.setZoomControl(nullptr); // back to its own
    QVERIFY(a.zoomControl() != &shared);
    shared.setRange(0, 10'000); // no longer followed
    QVERIFY(a.visibleRange() != std::make_pair(TimeNs(0), TimeNs(10'000)));
    // A shared control that goes away first leaves the view on its own again.
    auto *gone = new TimelineZoomControl;
    b.setZoomControl(gone);
    gone->setRange(5'000, 9'000);
    QCOMPARE(b.visibleRange(), std::make_pair(TimeNs(5'000), TimeNs(9'000)));
    // ...quietly: at teardown the receivers of visibleRangeChanged may be half destroyed.
    QSignalSpy moved(&b, &TimelineView::visibleRangeChanged);
    delete gone;
    QCOMPARE(moved.count(), 0);
    QVERIFY(b.zoomControl() != nullptr);
    b.setVisibleRange(1'000, 2'000);
    QCOMPARE(b.zoomControl()->start(), TimeNs(1'000));
}

QTEST_MAIN(TestTimelineZoomControl)
#include "tst_timelinezoomcontrol.moc"
