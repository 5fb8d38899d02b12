#include "app/window/analysiscontroller.h"
#include "app/window/mainwindow.h"
#include "model/memory/memoryprofile.h"
#include "widgets/memory/memorypanel.h"
#include "widgets/timeline/timelineview.h"

#include <QDockWidget>
#include <QFileInfo>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>

using namespace npuscope;

namespace {

constexpr int kLoadTimeoutMs = 60000;
const QString kSample = QStringLiteral(NPUSCOPE_SAMPLES_DIR)
    + QStringLiteral("/ascend-2025-01/level1/rank0_ascend_pt");

} // namespace

// The Memory dock of the main window on a real profile: it opens at the allocator's peak, and an
// allocation picked there selects its lifetime and its operator on the timeline.
class TstMemoryView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QCoreApplication::setOrganizationName(QStringLiteral("npuscope-test")); }
    void allocationOnTheTimeline();
};

void TstMemoryView::allocationOnTheTimeline()
{
    if (!QFileInfo::exists(kSample))
        QSKIP("sample profile not present");
    QSettings().clear();
    MainWindow window;
    window.resize(1600, 1000);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy loaded(&window, &MainWindow::profileLoaded);
    window.openPath(kSample);
    QVERIFY(loaded.wait(kLoadTimeoutMs));
    QTRY_VERIFY_WITH_TIMEOUT(window.analysisController()->analysis(0), kLoadTimeoutMs);
    MemoryPanel *panel = window.memoryPanel();
    QTRY_VERIFY(panel->tree()->topLevelItemCount() > 0);
    QCOMPARE(panel->instant(), TimeNs(1736408883743242970)); // PTA's peak
    auto *dock = window.findChild<QDockWidget *>(QStringLiteral("MemoryDock"));
    QVERIFY(dock);
    dock->show();
    dock->raise();
    // aten::mm's tensors alive at the peak, as the allocation list says; the largest (144 MB,
    // never released) first.
    const MemoryAllocations &all = window.analysisController()->analysis(0)->memory->allocations;
    int mm = 0;
    for (const qint32 i : all.aliveAt(panel->instant()))
        mm += all.nameOf(i) == QLatin1String("aten::mm") ? 1 : 0;
    const auto groups = panel->tree()->findItems(QStringLiteral("aten::mm"), Qt::MatchExactly);
    QCOMPARE(groups.size(), 1);
    QTreeWidgetItem *group = groups.first();
    QCOMPARE(group->childCount(), mm);
    group->sortChildren(1, Qt::DescendingOrder);
    QTreeWidgetItem *first = group->child(0);
    QCOMPARE(first->text(1), QStringLiteral("144.00"));
    panel->tree()->expandItem(group);
    panel->tree()->setCurrentItem(first);
    const EventRef op = window.timelineView()->selectedEvent();
    QVERIFY(op.isValid());
    const Trace &trace = *window.timelineView()->trace();
    QCOMPARE(trace.strings.string(trace.event(op).name), QStringLiteral("aten::mm"));
    const auto [start, end] = window.timelineView()->selectedRange();
    QVERIFY(trace.event(op).start <= start && start <= trace.event(op).end());
    QVERIFY(end > start);
    QTest::qWait(200);
    window.grab().save(QStringLiteral("/tmp/npuscope-memory-window.png"));
    panel->setGroupedByFrame(true); // with_stack: the Python frames around the operators
    QVERIFY(panel->tree()->topLevelItemCount() > 0);
    QVERIFY(panel->tree()->findItems(QStringLiteral("(no Python frame)"), Qt::MatchExactly).size()
        < panel->tree()->topLevelItemCount());
    QTest::qWait(100);
    panel->grab().save(QStringLiteral("/tmp/npuscope-memory-frames.png"));
}

QTEST_MAIN(TstMemoryView)
#include "tst_memoryview.moc"
