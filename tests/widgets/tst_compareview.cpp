#include "model/annotations/annotations.h"
#include "model/profile/profileloader.h"
#include "widgets/compare/comparediffmodel.h"
#include "widgets/compare/compareoverallmodel.h"
#include "widgets/compare/comparesummarymodel.h"
#include "widgets/compare/comparetintoverlay.h"
#include "widgets/compare/compareview.h"
#include "widgets/compare/moduleflamegraph.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/timeline/timelinezoomcontrol.h"

#include "../analysis/generatedpair.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

using namespace npuscope;
using namespace npuscope::test;

namespace {

CompareView::Side side(const GeneratedRun &run, const QString &title)
{
    return { run.profile->ranks[0], std::make_shared<const RankAnalysis>(analyseRank(run.rank())),
        title, {}, {} };
}

// Pixels of the image region that are mostly red (the "slower" tint over any slice colour).
int reddish(const QImage &image, const QRect &area)
{
    int n = 0;
    for (int y = area.top(); y <= area.bottom(); y += 2) {
        for (int x = area.left(); x <= area.right(); x += 2) {
            const QColor c = image.pixelColor(x, y);
            n += c.red() > 170 && c.green() < 110 && c.blue() < 110 ? 1 : 0;
        }
    }
    return n;
}

} // namespace

class TstCompareView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void rendersBothTimelinesAligned();
    void zoomFollows();
    void oneZoomControl();
    void sidesKeepTheirArrangement();
    void models();
    void highlightRow();
    void renamedRowHighlightsBothSides();
    void swapSides();
    void alignOnEvent();
    void tracksScrollTogether();
    void summaryReadable();
    void categoriesAndModulesOnSamples();

private:
    std::unique_ptr<GeneratedPair> m_pair; // the new run's MatMulV2 kernels are twice as long
};

void TstCompareView::initTestCase()
{
    m_pair = generatePair({}, { QString(), QStringLiteral("MatMulV2"), 2.0 });
    QVERIFY(m_pair->ok());
    QVERIFY(m_pair->base.rank().trace);
}

void TstCompareView::rendersBothTimelinesAligned()
{
    CompareView view;
    QString error;
    QVERIFY2(view.setRuns(side(m_pair->base, QStringLiteral("base")),
                 side(m_pair->next, QStringLiteral("new")), QString(), &error),
        qPrintable(error));
    view.resize(1600, 1100);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QImage image = view.grab().toImage();
    const QString png = QDir::temp().filePath(QStringLiteral("npuscope_compareview.png"));
    QVERIFY(image.save(png));
    qInfo("compare view rendered to %s", qPrintable(png));

    TimelineView *b = view.baseTimeline();
    TimelineView *n = view.newTimeline();
    QVERIFY(!b->drawList().slices().empty());
    QVERIFY(!n->drawList().slices().empty());
    // One axis: both show the same span from their step's start.
    QCOMPARE(
        b->visibleRange().first - view.baseOrigin(), n->visibleRange().first - view.newOrigin());
    QCOMPARE(b->visibleRange().second - b->visibleRange().first,
        n->visibleRange().second - n->visibleRange().first);
    QCOMPARE(b->timeOrigin(), view.baseOrigin());
    QCOMPARE(n->timeOrigin(), view.newOrigin());
    QCOMPARE(view.baseOrigin(), m_pair->base.truth().steps[0].startNs);
    QCOMPARE(view.newOrigin(), m_pair->next.truth().steps[0].startNs);
    // The slower MatMuls are tinted on both sides, and the tint shows in the picture.
    QVERIFY(view.baseOverlay()->paintedTints() > 0);
    QVERIFY(view.newOverlay()->paintedTints() > 0);
    const QRect newArea(
        n->mapTo(&view, QPoint(TimelineView::kHeaderWidth, TimelineView::kRulerHeight)),
        n->size() - QSize(TimelineView::kHeaderWidth, TimelineView::kRulerHeight));
    QVERIFY(reddish(image, newArea) > 20);
}

void TstCompareView::zoomFollows()
{
    CompareView view;
    QVERIFY(view.setRuns(
        side(m_pair->base, QStringLiteral("base")), side(m_pair->next, QStringLiteral("new"))));
    view.resize(1200, 900);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const TimeNs from = 200'000, to = 900'000; // relative to the step start
    view.newTimeline()->setVisibleRange(view.newOrigin() + from, view.newOrigin() + to);
    QCOMPARE(view.baseTimeline()->visibleRange().first, view.baseOrigin() + from);
    QCOMPARE(view.baseTimeline()->visibleRange().second, view.baseOrigin() + to);
    view.baseTimeline()->setVisibleRange(view.baseOrigin() + 2 * from, view.baseOrigin() + to);
    QCOMPARE(view.newTimeline()->visibleRange().first, view.newOrigin() + 2 * from);
}

void TstCompareView::oneZoomControl()
{
    // Both timelines read and change one TimelineZoomControl (issue 20): one range on the base
    // clock, one zoom history, one range selection; the new run's view is offset.
    CompareView view;
    QVERIFY(view.setRuns(
        side(m_pair->base, QStringLiteral("base")), side(m_pair->next, QStringLiteral("new"))));
    TimelineZoomControl *zoom = view.zoomControl();
    QVERIFY(zoom);
    QCOMPARE(view.baseTimeline()->zoomControl(), zoom);
    QCOMPARE(view.newTimeline()->zoomControl(), zoom);
    QCOMPARE(view.newTimeline()->timeOffset(), view.newOrigin() - view.baseOrigin());
    QCOMPARE(view.baseTimeline()->timeOffset(), TimeNs(0));
    zoom->clearHistory();
    const auto shown = view.baseTimeline()->visibleRange();
    view.newTimeline()->setVisibleRange(view.newOrigin() + 1'000, view.newOrigin() + 50'000);
    QCOMPARE(zoom->range(),
        TimelineZoomControl::Range(view.baseOrigin() + 1'000, view.baseOrigin() + 50'000));
    QCOMPARE(zoom->historySize(), std::size_t(1)); // one step, not one per view
    QVERIFY(view.baseTimeline()->undoZoom());
    QCOMPARE(view.baseTimeline()->visibleRange(), shown);
    QCOMPARE(view.newTimeline()->visibleRange().first,
        shown.first + view.newOrigin() - view.baseOrigin());
    view.baseTimeline()->setSelectedRange(view.baseOrigin(), view.baseOrigin() + 10'000);
    QVERIFY(view.newTimeline()->hasSelectedRange());
    QCOMPARE(view.newTimeline()->selectedRange().first, view.newOrigin());
}

void TstCompareView::sidesKeepTheirArrangement()
{
    // Each pane shows its profile's saved arrangement; a change is reported for that profile.
    CompareView::Side base = side(m_pair->base, QStringLiteral("base"));
    CompareView::Side next = side(m_pair->next, QStringLiteral("new"));
    base.profilePath = QStringLiteral("/runs/base");
    next.profilePath = QStringLiteral("/runs/new");
    const Trace &trace = *base.rank->trace;
    QString hostProcess;
    for (const Track &t : trace.tracks)
        if (t.kind == TrackKind::HostThread)
            hostProcess = t.processName;
    QVERIFY(!hostProcess.isEmpty());
    base.arrangement.order = { TimelineArrangement::groupKey(hostProcess) };
    CompareView view;
    QVERIFY(view.setRuns(base, next));
    QCOMPARE(view.baseTimeline()->layout().groups().front().name, hostProcess);
    QVERIFY(view.newTimeline()->layout().groups().front().name != hostProcess);
    QSignalSpy changed(&view, &CompareView::arrangementChanged);
    view.newTimeline()->arrangementControl()->resetArrangement(); // nothing to reset: no change
    QCOMPARE(changed.count(), 0);
    view.baseTimeline()->arrangementControl()->resetArrangement();
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.front().at(0).toString(), QStringLiteral("/runs/base"));
    QVERIFY(changed.front().at(1).value<TimelineArrangement>().isEmpty());
    view.swapSides(); // the arrangements go with their runs
    QCOMPARE(view.newTimeline()->arrangementControl()->arrangement(), TimelineArrangement());
}

void TstCompareView::models()
{
    CompareView view;
    QVERIFY(view.setRuns(
        side(m_pair->base, QStringLiteral("base")), side(m_pair->next, QStringLiteral("new"))));
    QAbstractItemModelTester byType(
        view.byTypeModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester byName(
        view.byNameModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester summary(
        view.summaryModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    const CompareDiffModel *m = view.byTypeModel();
    QCOMPARE(m->rowCount(), int(view.comparison().byType.size()));
    QCOMPARE(m->data(m->index(0, CompareDiffModel::Key)).toString(), QStringLiteral("MatMulV2"));
    QVERIFY(m->data(m->index(0, CompareDiffModel::Delta)).toString().startsWith(QLatin1Char('+')));
    QCOMPARE(m->data(m->index(0, CompareDiffModel::Delta), Qt::UserRole).toLongLong(),
        view.comparison().byType[0].deltaNs());
    const CompareSummaryModel *s = view.summaryModel();
    QCOMPARE(
        s->data(s->index(1, CompareSummaryModel::Measure)).toString(), QStringLiteral("Step time"));
    QVERIFY(
        s->data(s->index(1, CompareSummaryModel::Change)).toString().startsWith(QLatin1Char('+')));
    // Set again (a step change): the testers check the reset.
    QVERIFY(view.setStep(QStringLiteral("2")));
}

void TstCompareView::highlightRow()
{
    CompareView view;
    QVERIFY(view.setRuns(
        side(m_pair->base, QStringLiteral("base")), side(m_pair->next, QStringLiteral("new"))));
    view.highlightRow(CompareView::RowKind::Type, QStringLiteral("MatMulV2"));
    const qint64 matmuls = m_pair->base.truth().typeRows.at(QStringLiteral("MatMulV2"));
    QCOMPARE(qint64(view.baseOverlay()->highlighted().size()), matmuls);
    QCOMPARE(qint64(view.newOverlay()->highlighted().size()), matmuls);
    view.highlightRow(CompareView::RowKind::Bucket, QStringLiteral("communication"));
    QCOMPARE(qint64(view.baseOverlay()->highlighted().size()), m_pair->base.truth().commOps);
}

// A By Name row that joins renumbered names (the database of ascend-2025-01/level1 against its
// text twin: hcom_allReduce__586_0_1 / __210_0_1) frames each side's own kernel when selected.
void TstCompareView::renamedRowHighlightsBothSides()
{
    const QString samples = QStringLiteral(NPUSCOPE_SAMPLES_DIR);
    if (!QDir(samples).exists())
        QSKIP("samples not present");
    const LoadResult text
        = loadProfile(samples + QStringLiteral("/ascend-2025-01/level1/rank0_ascend_pt"));
    const LoadResult db
        = loadProfile(samples + QStringLiteral("/ascend-2025-01-db/level1/rank0_ascend_pt"));
    QVERIFY(text.profile && !text.profile->ranks.empty());
    QVERIFY(db.profile && !db.profile->ranks.empty());
    auto sideOf = [](const LoadResult &r, const QString &title) {
        const auto &rank = r.profile->ranks[0];
        return CompareView::Side { rank, std::make_shared<const RankAnalysis>(analyseRank(*rank)),
            title, {}, {} };
    };
    CompareView view;
    QVERIFY(view.setRuns(sideOf(text, QStringLiteral("text")), sideOf(db, QStringLiteral("db"))));
    const CompareDiffModel *names = view.byNameModel();
    int row = -1;
    for (int r = 0; r < names->rowCount() && row < 0; ++r)
        row = names->rowAt(r)->key == QLatin1String("hcom_allReduce__586_0_1") ? r : -1;
    QVERIFY(row >= 0);
    QCOMPARE(names->rowAt(row)->newKey, QStringLiteral("hcom_allReduce__210_0_1"));
    QTableView *table = nullptr;
    for (QTableView *t : view.findChildren<QTableView *>()) {
        const auto *proxy = qobject_cast<const QSortFilterProxyModel *>(t->model());
        table = proxy && proxy->sourceModel() == names ? t : table;
    }
    QVERIFY(table);
    const auto *proxy = static_cast<const QSortFilterProxyModel *>(table->model());
    table->selectionModel()->setCurrentIndex(proxy->mapFromSource(names->index(row, 0)),
        QItemSelectionModel::SelectCurrent | QItemSelectionModel::Rows);
    QCOMPARE(view.baseOverlay()->highlighted().size(), 1);
    QCOMPARE(view.newOverlay()->highlighted().size(), 1);
}

void TstCompareView::swapSides()
{
    CompareView view;
    QVERIFY(view.setRuns(
        side(m_pair->base, QStringLiteral("base")), side(m_pair->next, QStringLiteral("new"))));
    const TimeNs baseWall = view.comparison().base.wallNs;
    const TimeNs newWall = view.comparison().next.wallNs;
    view.swapSides();
    QCOMPARE(view.comparison().base.wallNs, newWall);
    QCOMPARE(view.comparison().next.wallNs, baseWall);
    QVERIFY(view.comparison().byType.front().deltaNs() < 0); // MatMulV2 is now faster
}

void TstCompareView::alignOnEvent()
{
    CompareView view;
    QVERIFY(view.setRuns(
        side(m_pair->base, QStringLiteral("base")), side(m_pair->next, QStringLiteral("new"))));
    view.resize(1200, 900);
    // The 10th matched kernel: both timelines then count from it and its partner.
    const KernelPair pair = view.comparison().match.pairs.at(10);
    const RankProfile &b = m_pair->base.rank();
    const RankProfile &n = m_pair->next.rank();
    QVERIFY(view.alignOnEvent(b.join.rowToEvent[std::size_t(pair.baseRow)]));
    QCOMPARE(view.baseOrigin(), b.kernels->start[std::size_t(pair.baseRow)]);
    QCOMPARE(view.newOrigin(), n.kernels->start[std::size_t(pair.newRow)]);
    QCOMPARE(view.baseTimeline()->visibleRange().first - view.baseOrigin(),
        view.newTimeline()->visibleRange().first - view.newOrigin());
    // Selecting on the new side aligns on the same pair.
    view.newTimeline()->selectEvent(n.join.rowToEvent[std::size_t(pair.newRow)], false);
    QVERIFY(view.alignOnSelection());
    QCOMPARE(view.newOrigin(), n.kernels->start[std::size_t(pair.newRow)]);
    QVERIFY(!view.alignOnEvent(EventRef {}));
}

// Both panes put the device first, and scrolling one brings the other to the same track, found
// by name (a track's y may differ between the runs).
void TstCompareView::tracksScrollTogether()
{
    CompareView view;
    QVERIFY(view.setRuns(
        side(m_pair->base, QStringLiteral("base")), side(m_pair->next, QStringLiteral("new"))));
    view.resize(1200, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    TimelineView *b = view.baseTimeline();
    TimelineView *n = view.newTimeline();
    for (TimelineView *v : { b, n }) {
        const TimelineGroup &first = v->layout().groups().front();
        QVERIFY(!first.tracks.empty());
        QCOMPARE(v->trace()->tracks[first.tracks.front()].kind, TrackKind::DeviceStream);
    }
    QVERIFY2(b->verticalScrollBar()->maximum() > 0, "the test needs a view that scrolls");
    // The last track of the base run that the new run has too, as far down as both can scroll.
    const auto &rows = b->layout().rows();
    for (int r = static_cast<int>(rows.size()) - 1; r >= 0; --r) {
        if (rows[std::size_t(r)].kind != TimelineRowKind::Track
            || rows[std::size_t(r)].y + 5 > b->verticalScrollBar()->maximum())
            continue;
        const QString key = annotationTrackKey(b->trace()->tracks[rows[std::size_t(r)].index]);
        int match = -1;
        const auto &theirs = n->layout().rows();
        for (int m = 0; m < static_cast<int>(theirs.size()); ++m)
            if (theirs[std::size_t(m)].kind == TimelineRowKind::Track
                && annotationTrackKey(n->trace()->tracks[theirs[std::size_t(m)].index]) == key)
                match = m;
        if (match < 0 || theirs[std::size_t(match)].y + 5 > n->verticalScrollBar()->maximum())
            continue;
        b->verticalScrollBar()->setValue(rows[std::size_t(r)].y + 5);
        QCOMPARE(n->verticalScrollBar()->value(), theirs[std::size_t(match)].y + 5);
        n->verticalScrollBar()->setValue(0);
        QCOMPARE(b->verticalScrollBar()->value(), 0);
        return;
    }
    QFAIL("no track of the base run to scroll to");
}

// At the compare window's size on a 1080p screen every summary row shows, and the run columns
// wrap their text (kernel names, finding titles) instead of eliding it.
void TstCompareView::summaryReadable()
{
    CompareView view;
    QVERIFY(view.setRuns(
        side(m_pair->base, QStringLiteral("base")), side(m_pair->next, QStringLiteral("new"))));
    view.resize(1920, 1020);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTableView *summary = nullptr;
    for (QTableView *t : view.findChildren<QTableView *>())
        if (t->model() == view.summaryModel())
            summary = t;
    QVERIFY(summary);
    QTRY_VERIFY(summary->isVisible());
    const int rows = summary->model()->rowCount();
    QVERIFY(rows >= 10);
    const QModelIndex last = summary->model()->index(rows - 1, 0);
    QVERIFY2(summary->visualRect(last).bottom() < summary->viewport()->height(),
        qPrintable(QStringLiteral("%1 >= %2")
                       .arg(summary->visualRect(last).bottom())
                       .arg(summary->viewport()->height())));
    // The item delegate's text margin on each side (QCommonStyle).
    const int margin
        = summary->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, summary) + 1;
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < CompareSummaryModel::ColumnCount; ++c) {
            const QModelIndex i = summary->model()->index(r, c);
            const QRect cell = summary->visualRect(i);
            const QRect text
                = summary->fontMetrics().boundingRect(QRect(0, 0, cell.width() - 2 * margin, 10000),
                    Qt::TextWordWrap, i.data().toString());
            QVERIFY2(text.width() <= cell.width() && text.height() <= cell.height(),
                qPrintable(i.data().toString()));
        }
    }
}

// The level1 and level2 collections of one job (ascend-2025-01, rank 0): the category table
// and the module flame graph are filled, and selecting a category or a module frames its
// kernels on both timelines. The Modules tab is saved as a picture to look at.
void TstCompareView::categoriesAndModulesOnSamples()
{
    const QString samples = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-01/");
    if (!QDir(samples).exists())
        QSKIP("samples not present");
    auto sampleSide = [](const QString &path, const QString &title) -> CompareView::Side {
        const LoadResult loaded = loadProfile(path);
        if (!loaded.profile || loaded.profile->ranks.empty())
            return {};
        const auto rank = loaded.profile->ranks[0];
        return { rank, std::make_shared<const RankAnalysis>(analyseRank(*rank)), title, {}, {} };
    };
    const CompareView::Side base
        = sampleSide(samples + QStringLiteral("level1/rank0_ascend_pt"), QStringLiteral("level1"));
    const CompareView::Side next
        = sampleSide(samples + QStringLiteral("level2/rank0_ascend_pt"), QStringLiteral("level2"));
    QVERIFY(base.rank && next.rank);
    CompareView view;
    QVERIFY(view.setRuns(base, next));
    QAbstractItemModelTester tester(
        view.overallModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    const RunComparison &c = view.comparison();
    QCOMPARE(view.overallModel()->rowCount(), int(c.overall.size()));
    int convBackward = -1;
    for (int i = 0; i < int(c.overall.size()); ++i)
        convBackward
            = c.overall[std::size_t(i)].key == QLatin1String("conv_backward") ? i : convBackward;
    QVERIFY(convBackward >= 0);
    view.highlightCategory(convBackward);
    QCOMPARE(qint64(view.baseOverlay()->highlighted().size()),
        c.overall[std::size_t(convBackward)].baseCount);
    QCOMPARE(qint64(view.newOverlay()->highlighted().size()),
        c.overall[std::size_t(convBackward)].newCount);

    int sequential = -1;
    for (int i = 0; i < int(c.modules.size()) && sequential < 0; ++i)
        sequential
            = c.modules[std::size_t(i)].path.endsWith(QLatin1String("/Sequential_0")) ? i : -1;
    QVERIFY(sequential >= 0);
    view.highlightModule(sequential);
    const ModuleDiffRow &m = c.modules[std::size_t(sequential)];
    QCOMPARE(qint64(view.baseOverlay()->highlighted().size()),
        qint64(c.baseModules.kernelsUnder(m.baseNode).size()) + 1);
    QVERIFY(view.newOverlay()->highlighted().size() > 1);
    QCOMPARE(view.moduleFlameGraph()->selectedRow(), sequential);

    ModuleFlameGraph *flame = view.moduleFlameGraph();
    QVERIFY(!flame->boxes().empty());
    auto *tabs = view.findChild<QTabWidget *>();
    QVERIFY(tabs);
    tabs->setCurrentIndex(tabs->count() - 1);
    view.resize(1600, 1100);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QImage image = view.grab().toImage();
    const QString png = QDir::temp().filePath(QStringLiteral("npuscope_compare_modules.png"));
    QVERIFY(image.save(png));
    qInfo("compare view with the module flame graph rendered to %s", qPrintable(png));
    // The Sequential_0 box spans most of the forward pass on the new side: found under a click.
    const int at = flame->rowAt(QPoint(flame->width() / 10, 20 * 2 + 10));
    QVERIFY(at >= 0);
}

QTEST_MAIN(TstCompareView)
#include "tst_compareview.moc"
