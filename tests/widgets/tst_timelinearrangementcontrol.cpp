// The arrangement and its undo history without a view: what an edit changes, what it signals,
// what can be undone, and moves relative to the order the view shows.
#include "widgets/timeline/timelinearrangementcontrol.h"

#include <QMenu>
#include <QSignalSpy>
#include <QTest>

using namespace npuscope;

class TestTimelineArrangementControl : public QObject {
    Q_OBJECT

private slots:
    void editsSignalAndUndo();
    void replacingIsNotAnEdit();
    void foldingIsNotUndone();
    void movesNeedTheShownOrder();
    void historyIsBounded();
    void menuFollowsState();
};

namespace {

const QString kCann = QStringLiteral("g:CANN");
const QString kHccl = QStringLiteral("g:HCCL");
const QString kHw = QStringLiteral("g:Ascend Hardware");
const QString kStream = QStringLiteral("t:Ascend Hardware / Stream 2");

} // namespace

void TestTimelineArrangementControl::editsSignalAndUndo()
{
    TimelineArrangementControl control;
    QSignalSpy changed(&control, &TimelineArrangementControl::changed);
    QSignalSpy edited(&control, &TimelineArrangementControl::edited);
    QVERIFY(!control.canUndo());
    control.setItemHidden(kStream, true);
    control.setItemHidden(kHccl, true);
    QCOMPARE(control.arrangement().hidden, QSet<QString>({ kStream, kHccl }));
    QCOMPARE(changed.count(), 2);
    QCOMPARE(edited.count(), 2);
    control.setItemHidden(kHccl, true); // no change: no signal, no undo step
    QCOMPARE(edited.count(), 2);
    control.showItems({ kStream, kHccl }); // one step
    QVERIFY(control.arrangement().hidden.isEmpty());
    QVERIFY(control.undo());
    QCOMPARE(control.arrangement().hidden.size(), 2);
    QVERIFY(control.undo());
    QCOMPARE(control.arrangement().hidden, QSet<QString>({ kStream }));
    control.resetArrangement();
    QVERIFY(control.arrangement().isEmpty());
    QVERIFY(control.undo()); // the reset itself
    QCOMPARE(control.arrangement().hidden, QSet<QString>({ kStream }));
    QVERIFY(control.undo());
    QVERIFY(!control.undo());
    QVERIFY(control.arrangement().isEmpty());
}

void TestTimelineArrangementControl::replacingIsNotAnEdit()
{
    TimelineArrangementControl control;
    control.setItemHidden(kStream, true);
    QSignalSpy changed(&control, &TimelineArrangementControl::changed);
    QSignalSpy edited(&control, &TimelineArrangementControl::edited);
    TimelineArrangement saved;
    saved.collapsed.insert(kCann);
    control.setArrangement(saved);
    QCOMPARE(control.arrangement(), saved);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(edited.count(), 0); // nothing to save back
    QVERIFY(!control.canUndo()); // the history belonged to the previous arrangement
}

void TestTimelineArrangementControl::foldingIsNotUndone()
{
    TimelineArrangementControl control;
    QSignalSpy edited(&control, &TimelineArrangementControl::edited);
    control.setCollapsed(kCann, true);
    control.setExpanded(kStream, true);
    QVERIFY(control.arrangement().collapsed.contains(kCann));
    QVERIFY(control.arrangement().expanded.contains(kStream));
    QCOMPARE(edited.count(), 2); // saved, but a click undoes it, not Undo
    QVERIFY(!control.canUndo());
    control.setCollapsed(kCann, false);
    QVERIFY(control.arrangement().collapsed.isEmpty());
}

void TestTimelineArrangementControl::movesNeedTheShownOrder()
{
    TimelineArrangementControl control;
    QVERIFY(!control.moveItem(kCann, kHw)); // nothing shown yet
    control.setShownOrder({ kHw, kStream, kHccl, kCann });
    QVERIFY(control.moveItem(kCann, kHw));
    QCOMPARE(control.arrangement().order, QStringList({ kCann, kHw, kStream, kHccl }));
    QVERIFY(!control.moveItem(kCann, kCann));
    QVERIFY(!control.moveItem(QStringLiteral("g:unknown"), kHw));
    QVERIFY(!control.moveItem(kCann, QStringLiteral("g:unknown")));
    // An item placed earlier but not shown now (hidden, another rank's) is kept, after those
    // shown; a move that leaves the order as it was is no move.
    control.setShownOrder({ kCann, kHw, kHccl });
    QVERIFY(!control.moveItem(kHccl, {}));
    QVERIFY(control.moveItem(kCann, {})); // to the end
    QCOMPARE(control.arrangement().order, QStringList({ kHw, kHccl, kStream, kCann }));
    QVERIFY(control.undo());
    QVERIFY(control.undo());
    QVERIFY(control.arrangement().order.isEmpty());
}

void TestTimelineArrangementControl::historyIsBounded()
{
    TimelineArrangementControl control;
    for (int i = 0; i < 60; ++i)
        control.setItemHidden(QStringLiteral("t:p / %1").arg(i), true);
    int undone = 0;
    while (control.undo())
        ++undone;
    QCOMPARE(undone, 50);
    QCOMPARE(control.arrangement().hidden.size(), 10); // the oldest steps are gone
}

void TestTimelineArrangementControl::menuFollowsState()
{
    TimelineArrangementControl control;
    QMenu empty;
    control.addActions(empty);
    QCOMPARE(empty.actions().size(), 3);
    for (QAction *a : empty.actions())
        QVERIFY(!a->isEnabled()); // nothing hidden, nothing to undo, the default already
    control.setItemHidden(kHccl, true);
    QMenu menu;
    control.addActions(menu);
    QMenu *hidden = menu.actions().front()->menu();
    QVERIFY(hidden && hidden->isEnabled());
    QCOMPARE(hidden->actions().size(), 3); // HCCL, a line, Show All
    QCOMPARE(hidden->actions().front()->text(), QStringLiteral("HCCL"));
    hidden->actions().front()->trigger();
    QVERIFY(control.arrangement().hidden.isEmpty());
    menu.actions()[1]->trigger(); // Undo: hidden again
    QVERIFY(control.arrangement().hidden.contains(kHccl));
    menu.actions()[2]->trigger(); // Reset
    QVERIFY(control.arrangement().isEmpty());
}

QTEST_MAIN(TestTimelineArrangementControl)
#include "tst_timelinearrangementcontrol.moc"
