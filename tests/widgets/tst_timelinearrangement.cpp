// The user's arrangement of the timeline: the layout it produces, header drags, hide / show,
// undo and reset, and what survives a new trace.
#include "model/core/trace.h"
#include "tracefixtures.h"
#include "widgets/timeline/timelinelayout.h"
#include "widgets/timeline/timelineview.h"

#include <QApplication>
#include <QContextMenuEvent>
#include <QDir>
#include <QMenu>
#include <QMouseEvent>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

using namespace npuscope;

namespace {

void sendMouse(QWidget *w, QEvent::Type type, QPoint pos, Qt::MouseButtons buttons)
{
    QMouseEvent event(
        type, QPointF(pos), w->mapToGlobal(QPointF(pos)), Qt::LeftButton, buttons, Qt::NoModifier);
    QCoreApplication::sendEvent(w, &event);
}

// Presses on a header at `from`, drags in a few steps and releases at `to` (viewport points).
void dragHeader(QWidget *viewport, QPoint from, QPoint to)
{
    sendMouse(viewport, QEvent::MouseButtonPress, from, Qt::LeftButton);
    for (int i = 1; i <= 4; ++i)
        sendMouse(viewport, QEvent::MouseMove, from + (to - from) * i / 4, Qt::LeftButton);
    sendMouse(viewport, QEvent::MouseButtonRelease, to, Qt::NoButton);
}

QStringList groupNames(const TimelineLayout &layout)
{
    QStringList names;
    for (const TimelineGroup &g : layout.groups())
        names << g.name;
    return names;
}

QStringList trackNames(const Trace &trace, const TimelineLayout &layout, const QString &group)
{
    QStringList names;
    for (const TimelineGroup &g : layout.groups())
        if (g.name == group)
            for (std::uint32_t t : g.tracks)
                names << trace.tracks[t].displayName();
    return names;
}

std::uint32_t trackNamed(const Trace &trace, const QString &process, const QString &thread)
{
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
        if (trace.tracks[t].processName == process && trace.tracks[t].displayName() == thread)
            return t;
    return UINT32_MAX;
}

const QStringList kDefaultGroups { QStringLiteral("Ascend Hardware"), QStringLiteral("HCCL"),
    QStringLiteral("Overlap Analysis"), QStringLiteral("CANN"),
    QStringLiteral("Python (3170820)") };

} // namespace

class TestTimelineArrangement : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void layoutFollowsArrangement();
    void dragMovesGroupAndTrack();
    void clickOnHeaderStillFolds();
    void hideShowUndoReset();
    void keptAcrossTraces();
    void revealShowsHiddenTrack();
    void dragShowsDropLine();
    void headerMenuOffersArrangement();
    void everythingHiddenCanComeBack();

private:
    std::unique_ptr<TimelineView> m_view;
    std::shared_ptr<const Trace> m_trace;
};

void TestTimelineArrangement::init()
{
    m_trace = test::makeTrainingStep(2);
    m_view = std::make_unique<TimelineView>();
    m_view->resize(1200, 800);
    m_view->setTrace(m_trace);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
}

void TestTimelineArrangement::cleanup() { m_view.reset(); }

void TestTimelineArrangement::layoutFollowsArrangement()
{
    const Trace &trace = *m_trace;
    TimelineLayout layout;
    layout.build(trace, {});
    QStringList names = groupNames(layout);
    names.removeAll(QStringLiteral("Device Metrics")); // counters only, last
    names.removeAll(QStringLiteral("AI Core Freq"));
    QCOMPARE(names.mid(0, kDefaultGroups.size()), kDefaultGroups);

    const std::uint32_t python
        = trackNamed(trace, QStringLiteral("Python (3170820)"), QStringLiteral("Thread 3170820"));
    const std::uint32_t stream3
        = trackNamed(trace, QStringLiteral("Ascend Hardware"), QStringLiteral("Stream 3"));
    QVERIFY(python < trace.tracks.size() && stream3 < trace.tracks.size());
    TimelineArrangement a;
    // CANN first, Stream 3 before Stream 2, the Python thread hidden (and with it its process:
    // it has no other track), the HCCL process collapsed.
    a.order = { TimelineArrangement::groupKey(QStringLiteral("CANN")),
        TimelineArrangement::trackKey(trace.tracks[stream3]) };
    a.hidden = { TimelineArrangement::trackKey(trace.tracks[python]) };
    a.collapsed = { TimelineArrangement::groupKey(QStringLiteral("HCCL")) };
    layout.build(trace, {}, {}, {}, {}, a);
    QCOMPARE(groupNames(layout).mid(0, 4),
        QStringList({ QStringLiteral("CANN"), QStringLiteral("Ascend Hardware"),
            QStringLiteral("HCCL"), QStringLiteral("Overlap Analysis") }));
    QVERIFY(!groupNames(layout).contains(QStringLiteral("Python (3170820)")));
    QCOMPARE(trackNames(trace, layout, QStringLiteral("Ascend Hardware")),
        QStringList({ QStringLiteral("Stream 3"), QStringLiteral("Stream 2") }));
    QCOMPARE(layout.trackRow(TrackId(python)), -1);
    QCOMPARE(layout.groupOfTrack(TrackId(python)), -1);
    double top = 0;
    double height = 0;
    QVERIFY(!layout.sliceY(TrackId(python), 0, &top, &height)); // not drawn anywhere
    QVERIFY(layout.groups()[2].collapsed);
    // The order shown, as the view saves it after a move: every group and track, in place.
    const QStringList order = layout.itemOrder(trace);
    QCOMPARE(order.first(), TimelineArrangement::groupKey(QStringLiteral("CANN")));
    QVERIFY(order.indexOf(TimelineArrangement::trackKey(trace.tracks[stream3]))
        < order.indexOf(TimelineArrangement::trackKey(trace.tracks[stream3 - 1])));
}

void TestTimelineArrangement::dragMovesGroupAndTrack()
{
    QSignalSpy changed(m_view->arrangementControl(), &TimelineArrangementControl::edited);
    const TimelineLayout &layout = m_view->layout();
    auto headerY = [&](const QString &name) {
        for (const TimelineGroup &g : layout.groups())
            if (g.name == name)
                return TimelineView::kRulerHeight
                    + layout.rows()[static_cast<std::size_t>(g.headerRow)].y + 5;
        return -1;
    };
    // The CANN process header dragged to the top: above the device.
    dragHeader(m_view->viewport(), { 60, headerY(QStringLiteral("CANN")) },
        { 60, TimelineView::kRulerHeight + 2 });
    QCOMPARE(groupNames(layout).first(), QStringLiteral("CANN"));
    QCOMPARE(changed.count(), 1);
    QVERIFY(!layout.groups().front().collapsed); // a drag is not a click

    // Stream 3 dragged above Stream 2, within its process.
    const std::uint32_t stream2
        = trackNamed(*m_trace, QStringLiteral("Ascend Hardware"), QStringLiteral("Stream 2"));
    const std::uint32_t stream3 = stream2 + 1;
    const int y2 = TimelineView::kRulerHeight
        + layout.rows()[std::size_t(layout.trackRow(TrackId(stream2)))].y;
    const int y3 = TimelineView::kRulerHeight
        + layout.rows()[std::size_t(layout.trackRow(TrackId(stream3)))].y;
    dragHeader(m_view->viewport(), { 60, y3 + 5 }, { 60, y2 + 2 });
    QCOMPARE(trackNames(*m_trace, layout, QStringLiteral("Ascend Hardware")),
        QStringList({ QStringLiteral("Stream 3"), QStringLiteral("Stream 2") }));
    QCOMPARE(changed.count(), 2);

    // A track cannot leave its process: dropped on another process, nothing moves.
    const int hccl = TimelineView::kRulerHeight
        + layout.rows()[std::size_t(layout.groups().back().headerRow)].y + 5;
    const TimelineArrangement before = m_view->arrangementControl()->arrangement();
    const int y3now = TimelineView::kRulerHeight
        + layout.rows()[std::size_t(layout.trackRow(TrackId(stream3)))].y;
    dragHeader(m_view->viewport(), { 60, y3now + 5 }, { 60, hccl });
    QCOMPARE(m_view->arrangementControl()->arrangement(), before);

    // Undo goes back one move at a time.
    QVERIFY(m_view->arrangementControl()->undo());
    QCOMPARE(trackNames(*m_trace, layout, QStringLiteral("Ascend Hardware")),
        QStringList({ QStringLiteral("Stream 2"), QStringLiteral("Stream 3") }));
    QCOMPARE(groupNames(layout).first(), QStringLiteral("CANN"));
    QVERIFY(m_view->arrangementControl()->undo());
    QCOMPARE(groupNames(layout).first(), QStringLiteral("Ascend Hardware"));
    QVERIFY(!m_view->arrangementControl()->undo());
}

void TestTimelineArrangement::clickOnHeaderStillFolds()
{
    const TimelineLayout &layout = m_view->layout();
    const int y = TimelineView::kRulerHeight + 5; // the first process header
    sendMouse(m_view->viewport(), QEvent::MouseButtonPress, { 60, y }, Qt::LeftButton);
    sendMouse(m_view->viewport(), QEvent::MouseButtonRelease, { 60, y }, Qt::NoButton);
    QVERIFY(layout.groups().front().collapsed);
    QVERIFY(m_view->arrangementControl()->arrangement().collapsed.contains(
        TimelineArrangement::groupKey(QStringLiteral("Ascend Hardware"))));
}

void TestTimelineArrangement::hideShowUndoReset()
{
    const TimelineLayout &layout = m_view->layout();
    const int rowsBefore = static_cast<int>(layout.rows().size());
    const std::uint32_t stream2
        = trackNamed(*m_trace, QStringLiteral("Ascend Hardware"), QStringLiteral("Stream 2"));
    const QString key = TimelineArrangement::trackKey(m_trace->tracks[stream2]);
    m_view->arrangementControl()->setItemHidden(key, true);
    QCOMPARE(layout.trackRow(TrackId(stream2)), -1);
    QCOMPARE(static_cast<int>(layout.rows().size()), rowsBefore - 1);
    m_view->arrangementControl()->setItemHidden(
        TimelineArrangement::groupKey(QStringLiteral("HCCL")), true);
    QVERIFY(!groupNames(layout).contains(QStringLiteral("HCCL")));
    QCOMPARE(m_view->arrangementControl()->arrangement().hidden.size(), 2);

    QVERIFY(m_view->arrangementControl()->undo()); // HCCL back
    QVERIFY(groupNames(layout).contains(QStringLiteral("HCCL")));
    QCOMPARE(layout.trackRow(TrackId(stream2)), -1);
    m_view->arrangementControl()->showAllItems();
    QVERIFY(layout.trackRow(TrackId(stream2)) >= 0);

    m_view->arrangementControl()->setItemHidden(key, true);
    m_view->arrangementControl()->resetArrangement();
    QVERIFY(m_view->arrangementControl()->arrangement().isEmpty());
    QCOMPARE(static_cast<int>(layout.rows().size()), rowsBefore);
    QVERIFY(m_view->arrangementControl()->undo()); // the reset itself can be undone
    QCOMPARE(layout.trackRow(TrackId(stream2)), -1);
}

void TestTimelineArrangement::keptAcrossTraces()
{
    TimelineArrangement a;
    a.order = { TimelineArrangement::groupKey(QStringLiteral("Python (3170820)")) };
    QSignalSpy changed(m_view->arrangementControl(), &TimelineArrangementControl::edited);
    m_view->arrangementControl()->setArrangement(a);
    QCOMPARE(changed.count(), 0); // restoring is not a change to save
    QCOMPARE(groupNames(m_view->layout()).first(), QStringLiteral("Python (3170820)"));
    m_view->setTrace(test::makeTrainingStep(3)); // another rank, the same names
    QCOMPARE(groupNames(m_view->layout()).first(), QStringLiteral("Python (3170820)"));
    QCOMPARE(m_view->arrangementControl()->arrangement(), a);
}

void TestTimelineArrangement::revealShowsHiddenTrack()
{
    const std::uint32_t stream2
        = trackNamed(*m_trace, QStringLiteral("Ascend Hardware"), QStringLiteral("Stream 2"));
    m_view->arrangementControl()->setItemHidden(
        TimelineArrangement::trackKey(m_trace->tracks[stream2]), true);
    QVERIFY(!m_trace->tracks[stream2].events.empty());
    m_view->selectEvent({ TrackId(stream2), 0 }, true);
    QVERIFY(m_view->layout().trackRow(TrackId(stream2)) >= 0);
    QVERIFY(m_view->arrangementControl()->arrangement().hidden.isEmpty());
}

void TestTimelineArrangement::dragShowsDropLine()
{
    // While a header is dragged a line in the highlight colour shows where it would go.
    const TimelineLayout &layout = m_view->layout();
    const TimelineGroup &cann = *std::find_if(layout.groups().begin(), layout.groups().end(),
        [](const TimelineGroup &g) { return g.name == QStringLiteral("CANN"); });
    const QPoint from(
        60, TimelineView::kRulerHeight + layout.rows()[std::size_t(cann.headerRow)].y + 5);
    const QPoint to(60, TimelineView::kRulerHeight + 3);
    QWidget *vp = m_view->viewport();
    sendMouse(vp, QEvent::MouseButtonPress, from, Qt::LeftButton);
    sendMouse(vp, QEvent::MouseMove, (from + to) / 2, Qt::LeftButton);
    sendMouse(vp, QEvent::MouseMove, to, Qt::LeftButton);
    const QImage image = m_view->grab().toImage().convertToFormat(QImage::Format_RGB32);
    const QString png = QDir(QCoreApplication::applicationDirPath())
                            .filePath(QStringLiteral("tst_timelinearrangement_drag.png"));
    QVERIFY(image.save(png));
    qInfo("wrote %s", qPrintable(png));
    const QRgb highlight = m_view->palette().color(QPalette::Highlight).rgb();
    int lit = 0;
    for (int x = 0; x < image.width(); x += 4)
        lit += image.pixel(x, TimelineView::kRulerHeight) == highlight;
    QVERIFY2(lit > image.width() / 8, qPrintable(QString::number(lit)));
    sendMouse(vp, QEvent::MouseButtonRelease, to, Qt::NoButton);
    QCOMPARE(layout.groups().front().name, QStringLiteral("CANN"));
}

void TestTimelineArrangement::headerMenuOffersArrangement()
{
    const TimelineLayout &layout = m_view->layout();
    const std::uint32_t stream2
        = trackNamed(*m_trace, QStringLiteral("Ascend Hardware"), QStringLiteral("Stream 2"));
    const QPoint at(60,
        TimelineView::kRulerHeight + layout.rows()[std::size_t(layout.trackRow(TrackId(stream2)))].y
            + 5);
    QStringList texts;
    // The menu runs its own loop: read it, save it and pick "Hide Track" from inside.
    QTimer::singleShot(100, this, [&]() {
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        QVERIFY(menu);
        menu->grab().save(QDir(QCoreApplication::applicationDirPath())
                              .filePath(QStringLiteral("tst_timelinearrangement_menu.png")));
        for (QAction *a : menu->actions())
            if (!a->isSeparator())
                texts << a->text();
        for (QAction *a : menu->actions())
            if (a->text() == TimelineView::tr("Hide Track"))
                a->trigger();
        menu->close();
    });
    QContextMenuEvent event(QContextMenuEvent::Mouse, at, m_view->viewport()->mapToGlobal(at));
    QCoreApplication::sendEvent(m_view->viewport(), &event);
    QVERIFY2(texts.contains(TimelineView::tr("Hide Track")), qPrintable(texts.join(u'|')));
    QVERIFY(texts.contains(TimelineView::tr("Show Hidden")));
    QVERIFY(texts.contains(TimelineView::tr("Reset Arrangement")));
    QCOMPARE(layout.trackRow(TrackId(stream2)), -1);
}

void TestTimelineArrangement::everythingHiddenCanComeBack()
{
    // With every process hidden there is no header left to right-click: the empty header
    // column still offers Show Hidden > Show All.
    QStringList keys; // each hide rebuilds the layout: collect the keys first
    for (const TimelineGroup &g : m_view->layout().groups())
        keys << g.itemKey;
    for (const QString &key : keys)
        m_view->arrangementControl()->setItemHidden(key, true);
    QCOMPARE(m_view->layout().rows().size(), std::size_t(0));
    bool shown = false;
    QTimer::singleShot(100, this, [&]() {
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        QVERIFY(menu);
        for (QAction *a : menu->actions())
            if (a->menu() && a->text() == TimelineView::tr("Show Hidden"))
                for (QAction *b : a->menu()->actions())
                    if (b->text() == TimelineView::tr("Show All")) {
                        b->trigger();
                        shown = true;
                    }
        menu->close();
    });
    const QPoint at(60, 300);
    QContextMenuEvent event(QContextMenuEvent::Mouse, at, m_view->viewport()->mapToGlobal(at));
    QCoreApplication::sendEvent(m_view->viewport(), &event);
    QVERIFY(shown);
    QVERIFY(m_view->arrangementControl()->arrangement().hidden.isEmpty());
    QVERIFY(!m_view->layout().rows().empty());
}

QTEST_MAIN(TestTimelineArrangement)
#include "tst_timelinearrangement.moc"
