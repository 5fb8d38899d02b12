#include "model/core/durationtext.h"
#include "model/trace/traceloader.h"
#include "tracefixtures.h"
#include "widgets/timeline/timelinesearchbar.h"
#include "widgets/timeline/timelinetooltip.h"
#include "widgets/timeline/timelineview.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QLineEdit>
#include <QMouseEvent>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>

#include <set>

using namespace npuscope;

namespace {

QString outputPath(const QString &name)
{
    return QDir(QCoreApplication::applicationDirPath()).filePath(name);
}

// Colours of the plain palette that occur in the time area of an image.
std::set<QRgb> sliceColorsIn(const QImage &image)
{
    TimelineColors colors;
    std::set<QRgb> palette;
    for (int i = 0; i < TimelineColors::kPaletteSize; ++i)
        palette.insert(colors.color(i).rgb());
    std::set<QRgb> found;
    const QImage img = image.convertToFormat(QImage::Format_RGB32);
    for (int y = TimelineView::kRulerHeight; y < img.height(); ++y)
        for (int x = TimelineView::kHeaderWidth; x < img.width(); ++x)
            if (palette.count(img.pixel(x, y) | 0xff000000u))
                found.insert(img.pixel(x, y) | 0xff000000u);
    return found;
}

// Pixels of a region that stand out from its most common colour (text, lines, marks).
int inkPixels(const QImage &image, const QRect &r)
{
    const QImage img = image.convertToFormat(QImage::Format_RGB32).copy(r);
    std::map<QRgb, int> histogram;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x)
            ++histogram[img.pixel(x, y)];
    const QRgb background
        = std::max_element(histogram.begin(), histogram.end(), [](auto a, auto b) {
              return a.second < b.second;
          })->first;
    int ink = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x)
            if (std::abs(qGray(img.pixel(x, y)) - qGray(background)) > 80)
                ++ink;
    return ink;
}

void sendMouse(QWidget *w, QEvent::Type type, QPoint pos, Qt::MouseButton button,
    Qt::MouseButtons buttons, Qt::KeyboardModifiers modifiers = {})
{
    QMouseEvent event(type, QPointF(pos), w->mapToGlobal(QPointF(pos)), button, buttons, modifiers);
    QCoreApplication::sendEvent(w, &event);
}

} // namespace

class TestTimelineView : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void rendersTracksAndColours();
    void rendersZoomedInWithLabelsAndFlows();
    void rendersWithDarkPalette();
    void rendersRealSample_data();
    void rendersRealSample();
    void emptyViewPaints();
    void keyboardZoomUndoAndFit();
    void keyboardPan();
    void wheelZoomsAtCursor();
    void clickSelectsAndFollowsFlow();
    void shiftDragSelectsRangeAndFFits();
    void doubleClickZoomsToSlice();
    void tooltipDescribesSlice();
    void headerClickCollapsesProcess();
    void selectEventRevealsIt();
    void helpToggles();
    void searchFindsAndSteps();
    void deepTrackExpandsFromHeader();
    void rendersGapsWithTooltipAndToggle();
    void deviceTracksComeFirst();
    void expandedTrackIsRemembered();
    void deviceStreamsFold();

private:
    std::unique_ptr<TimelineView> m_view;
    std::shared_ptr<const Trace> m_trace;
};

void TestTimelineView::init()
{
    m_trace = test::makeTrainingStep(3);
    m_view = std::make_unique<TimelineView>();
    m_view->resize(1200, 600);
    m_view->setTrace(m_trace);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
}

void TestTimelineView::cleanup() { m_view.reset(); }

void TestTimelineView::rendersTracksAndColours()
{
    const QImage image = m_view->grab().toImage();
    QVERIFY(image.save(outputPath(QStringLiteral("timelineview_overview.png"))));
    qInfo("saved %s", qPrintable(outputPath(QStringLiteral("timelineview_overview.png"))));
    QCOMPARE(image.size(), QSize(1200, 600));
    const auto colors = sliceColorsIn(image);
    QVERIFY2(colors.size() >= 5, qPrintable(QString::number(colors.size())));
    // Track and process names are painted in the header column, the ruler has labels.
    QVERIFY(inkPixels(image,
                QRect(0, TimelineView::kRulerHeight, TimelineView::kHeaderWidth,
                    image.height() - TimelineView::kRulerHeight))
        > 400);
    QVERIFY(inkPixels(image,
                QRect(TimelineView::kHeaderWidth, 0, image.width() - TimelineView::kHeaderWidth,
                    TimelineView::kRulerHeight))
        > 100);
    // The same through renderToImage, at twice the pixel density.
    const QImage hiDpi = m_view->renderToImage(QSize(1200, 600), 2.0);
    QCOMPARE(hiDpi.size(), QSize(2400, 1200));
    QVERIFY(sliceColorsIn(hiDpi).size() >= 5);
}

void TestTimelineView::rendersZoomedInWithLabelsAndFlows()
{
    const Trace &trace = *m_trace;
    const Flow &flow = trace.flows[5];
    const Event &from = trace.event(flow.from);
    m_view->setVisibleRange(from.start - 100'000, from.start + 900'000);
    m_view->selectEvent(flow.from, false);
    QVERIFY(!m_view->grab().isNull()); // paints, filling the draw list
    QCOMPARE(m_view->drawList().flows().size(), std::size_t(1));
    const QImage image = m_view->grab().toImage();
    QVERIFY(image.save(outputPath(QStringLiteral("timelineview_zoomed.png"))));
    QVERIFY(sliceColorsIn(image).size() >= 5);
    // Labels: slices wide enough carry their names; count slices that do.
    int labelled = 0;
    for (const auto &s : m_view->drawList().slices())
        if (s.count == 1 && s.w > 80)
            ++labelled;
    QVERIFY(labelled > 5);
}

void TestTimelineView::rendersWithDarkPalette()
{
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x2b, 0x2d, 0x30));
    dark.setColor(QPalette::WindowText, QColor(0xdf, 0xe1, 0xe5));
    dark.setColor(QPalette::Base, QColor(0x1e, 0x1f, 0x22));
    dark.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    dark.setColor(QPalette::Text, QColor(0xdf, 0xe1, 0xe5));
    dark.setColor(QPalette::Highlight, QColor(0x35, 0x74, 0xf0));
    dark.setColor(QPalette::HighlightedText, Qt::white);
    m_view->setPalette(dark);
    const Flow &flow = m_trace->flows[5];
    const Event &from = m_trace->event(flow.from);
    m_view->setVisibleRange(from.start - 100'000, from.start + 900'000);
    m_view->selectEvent(flow.from, false);
    const QImage image = m_view->grab().toImage();
    QVERIFY(image.save(outputPath(QStringLiteral("timelineview_dark.png"))));
    QVERIFY(sliceColorsIn(image).size() >= 5);
    // The background follows the palette: the empty area below the rows is the dark Base.
    QCOMPARE(image.pixelColor(image.width() - 5, image.height() - 5), dark.color(QPalette::Base));
    QVERIFY(inkPixels(image,
                QRect(0, TimelineView::kRulerHeight, TimelineView::kHeaderWidth,
                    image.height() - TimelineView::kRulerHeight))
        > 400);
}

void TestTimelineView::rendersRealSample_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("png");
    QTest::addColumn<QString>("expectedTrack");
    QTest::newRow("ascend level1")
        << QStringLiteral(
               "ascend-2025-01/level1/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json")
        << QStringLiteral("timelineview_ascend.png") << QStringLiteral("Ascend Hardware");
    QTest::newRow("kineto gpu") << QStringLiteral("kineto/worker0.1623143089861.pt.trace.json.gz")
                                << QStringLiteral("timelineview_kineto.png")
                                << QStringLiteral("stream 7");
}

// Real torch_npu and Kineto output (../shared/samples, absent from a fresh clone).
void TestTimelineView::rendersRealSample()
{
    QFETCH(QString, file);
    QFETCH(QString, png);
    QFETCH(QString, expectedTrack);
    const QString path = QDir(QStringLiteral(NPUSCOPE_SAMPLES_DIR)).filePath(file);
    if (!QFileInfo::exists(path))
        QSKIP("sample profiles not available");
    const TraceLoadResult loaded = loadTrace(path);
    QVERIFY(loaded.trace);
    m_view->setTrace(loaded.trace);
    const QImage image = m_view->grab().toImage();
    QVERIFY(image.save(outputPath(png)));
    QVERIFY2(
        sliceColorsIn(image).size() >= 4, qPrintable(QString::number(sliceColorsIn(image).size())));
    bool found = false;
    for (const TimelineGroup &g : m_view->layout().groups())
        found = found || g.name.contains(expectedTrack, Qt::CaseInsensitive);
    for (const Track &t : loaded.trace->tracks)
        found = found || t.displayName().contains(expectedTrack, Qt::CaseInsensitive);
    QVERIFY2(found, qPrintable(expectedTrack));
    // Zoomed out or in, the frame stays O(pixels).
    QVERIFY(m_view->drawList().slices().size() < std::size_t(4 * 1200 * 20));
}

void TestTimelineView::emptyViewPaints()
{
    TimelineView empty;
    empty.resize(600, 300);
    const QImage image = empty.grab().toImage();
    QCOMPARE(image.size(), QSize(600, 300));
    QVERIFY(inkPixels(image, image.rect()) > 20); // "No trace loaded"
}

void TestTimelineView::keyboardZoomUndoAndFit()
{
    QSignalSpy changed(m_view.get(), &TimelineView::visibleRangeChanged);
    const auto whole = m_view->visibleRange();
    QTest::keyClick(m_view.get(), Qt::Key_W);
    const auto zoomed = m_view->visibleRange();
    QVERIFY(zoomed.second - zoomed.first < whole.second - whole.first);
    QCOMPARE(changed.count(), 1);
    QTest::keyClick(m_view.get(), Qt::Key_W);
    QTest::keyClick(m_view.get(), Qt::Key_W);
    QVERIFY(m_view->visibleRange().second - m_view->visibleRange().first
        < zoomed.second - zoomed.first);
    // One Backspace undoes the whole burst of W presses.
    QTest::keyClick(m_view.get(), Qt::Key_Backspace);
    QCOMPARE(m_view->visibleRange(), whole);
    QTest::keyClick(m_view.get(), Qt::Key_S);
    QCOMPARE(m_view->visibleRange(), whole); // already showing everything
    m_view->setVisibleRange(whole.first + 1'000'000, whole.first + 2'000'000);
    QTest::keyClick(m_view.get(), Qt::Key_0, Qt::ControlModifier);
    QCOMPARE(m_view->visibleRange(), whole);
    QTest::keyClick(m_view.get(), Qt::Key_Backspace);
    QCOMPARE(
        m_view->visibleRange(), std::make_pair(whole.first + 1'000'000, whole.first + 2'000'000));
}

void TestTimelineView::keyboardPan()
{
    const auto whole = m_view->visibleRange();
    m_view->setVisibleRange(whole.first + 1'000'000, whole.first + 2'000'000);
    QTest::keyClick(m_view.get(), Qt::Key_D);
    const auto right = m_view->visibleRange();
    QVERIFY(right.first > whole.first + 1'000'000);
    QCOMPARE(right.second - right.first, 1'000'000);
    QTest::keyClick(m_view.get(), Qt::Key_A);
    QCOMPARE(
        m_view->visibleRange(), std::make_pair(whole.first + 1'000'000, whole.first + 2'000'000));
}

void TestTimelineView::wheelZoomsAtCursor()
{
    const auto axis = m_view->axis();
    const QPoint pos(TimelineView::kHeaderWidth + 300, 200);
    const TimeNs under = axis.toTime(300);
    QWheelEvent wheel(QPointF(pos), m_view->viewport()->mapToGlobal(QPointF(pos)), QPoint(),
        QPoint(0, 240), Qt::NoButton, Qt::ControlModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(m_view->viewport(), &wheel);
    QVERIFY(m_view->axis().span() < axis.span());
    QVERIFY(std::abs(m_view->axis().toTime(300) - under) <= m_view->axis().nsPerPixel() + 1);
    // A plain wheel scrolls the tracks instead.
    const auto before = m_view->visibleRange();
    QWheelEvent plain(QPointF(pos), m_view->viewport()->mapToGlobal(QPointF(pos)), QPoint(),
        QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(m_view->viewport(), &plain);
    QCOMPARE(m_view->visibleRange(), before);
}

void TestTimelineView::clickSelectsAndFollowsFlow()
{
    const Trace &trace = *m_trace;
    const Flow &flow = trace.flows[3];
    const Event &from = trace.event(flow.from);
    m_view->setVisibleRange(from.start - 50'000, from.start + 950'000);
    m_view->grab();
    const auto &slices = m_view->drawList().slices();
    const auto slice = std::find_if(
        slices.begin(), slices.end(), [&](const auto &s) { return s.event == flow.from; });
    QVERIFY(slice != slices.end());
    QSignalSpy selected(m_view.get(), &TimelineView::eventSelected);
    const QPoint pos(TimelineView::kHeaderWidth + static_cast<int>(slice->x + slice->w / 2),
        TimelineView::kRulerHeight + static_cast<int>(slice->y + slice->h / 2));
    QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, pos);
    QCOMPARE(selected.count(), 1);
    QCOMPARE(m_view->selectedEvent(), flow.from);
    QCOMPARE(selected.front().front().value<EventRef>(), flow.from);
    QTest::keyClick(m_view.get(), Qt::Key_Right, Qt::ControlModifier);
    QCOMPARE(m_view->selectedEvent(), flow.to);
    QTest::keyClick(m_view.get(), Qt::Key_Left, Qt::ControlModifier);
    QCOMPARE(m_view->selectedEvent(), flow.from);
    QTest::keyClick(m_view.get(), Qt::Key_Escape);
    QVERIFY(!m_view->selectedEvent().isValid());
}

void TestTimelineView::shiftDragSelectsRangeAndFFits()
{
    QSignalSpy ranges(m_view.get(), &TimelineView::rangeSelected);
    const TimeAxis axis = m_view->axis();
    QWidget *vp = m_view->viewport();
    const int x0 = TimelineView::kHeaderWidth + 200;
    const int x1 = TimelineView::kHeaderWidth + 500;
    sendMouse(vp, QEvent::MouseButtonPress, { x0, 100 }, Qt::LeftButton, Qt::LeftButton,
        Qt::ShiftModifier);
    sendMouse(vp, QEvent::MouseMove, { x1, 120 }, Qt::NoButton, Qt::LeftButton, Qt::ShiftModifier);
    sendMouse(vp, QEvent::MouseButtonRelease, { x1, 120 }, Qt::LeftButton, Qt::NoButton,
        Qt::ShiftModifier);
    QCOMPARE(ranges.count(), 1);
    QCOMPARE(ranges.front()[0].value<TimeNs>(), axis.toTime(200));
    QCOMPARE(ranges.front()[1].value<TimeNs>(), axis.toTime(500));
    QCOMPARE(m_view->visibleRange(), std::make_pair(axis.start(), axis.end())); // no pan
    const QImage image = m_view->grab().toImage();
    QVERIFY(image.save(outputPath(QStringLiteral("timelineview_range.png"))));
    QTest::keyClick(m_view.get(), Qt::Key_F);
    QCOMPARE(m_view->visibleRange(), std::make_pair(axis.toTime(200), axis.toTime(500)));
    QTest::keyClick(m_view.get(), Qt::Key_Backspace);
    QCOMPARE(m_view->visibleRange(), std::make_pair(axis.start(), axis.end()));
}

void TestTimelineView::doubleClickZoomsToSlice()
{
    m_view->grab();
    const auto &slices = m_view->drawList().slices();
    // The widest single slice: a ProfilerStep.
    const auto widest
        = std::max_element(slices.begin(), slices.end(), [](const auto &a, const auto &b) {
              return (a.count == 1 ? a.w : 0) < (b.count == 1 ? b.w : 0);
          });
    QVERIFY(widest != slices.end() && widest->count == 1);
    const Event &e = m_trace->event(widest->event);
    const QPoint pos(TimelineView::kHeaderWidth + static_cast<int>(widest->x + widest->w / 2),
        TimelineView::kRulerHeight + static_cast<int>(widest->y + widest->h / 2));
    QTest::mouseDClick(m_view->viewport(), Qt::LeftButton, {}, pos);
    const auto range = m_view->visibleRange();
    QVERIFY(range.first <= e.start && range.second >= e.end());
    QVERIFY(range.second - range.first <= e.duration * 13 / 10);
}

void TestTimelineView::tooltipDescribesSlice()
{
    const Trace &trace = *m_trace;
    const EventRef kernel = trace.flows[2].to;
    const Event &e = trace.event(kernel);
    const TimeNs origin = trace.minTime;
    const QString text = TimelineTooltip::slice(trace, kernel, origin, true);
    QVERIFY2(text.contains(trace.strings.string(e.name)), qPrintable(text));
    QVERIFY(text.contains(formatDuration(e.duration)));
    QVERIFY(text.contains(QStringLiteral("Ascend Hardware / Stream")));
    QVERIFY(text.contains(TimelineTooltip::relativeTime(e.start, origin)));
    TimelineOccupancy::Summary block;
    block.count = 1234;
    block.span = 5000;
    block.busy = 1250;
    block.largest = { kernel.index };
    const QString folded
        = TimelineTooltip::folded(trace, kernel.track, e.start, block, block, origin);
    QVERIFY2(
        folded.contains(QLocale().toString(1234) + QStringLiteral(" events")), qPrintable(folded));
    QVERIFY2(folded.contains(QStringLiteral("25.0%")), qPrintable(folded));
    QVERIFY2(folded.contains(trace.strings.string(e.name)), qPrintable(folded));
    // Hovering the slice shows it.
    m_view->setVisibleRange(e.start - 10 * e.duration, e.end() + 10 * e.duration);
    m_view->grab();
    const auto &slices = m_view->drawList().slices();
    const auto slice = std::find_if(
        slices.begin(), slices.end(), [&](const auto &s) { return s.event == kernel; });
    QVERIFY(slice != slices.end());
    const QPoint pos(TimelineView::kHeaderWidth + static_cast<int>(slice->x + slice->w / 2),
        TimelineView::kRulerHeight + static_cast<int>(slice->y + slice->h / 2));
    QHelpEvent help(QEvent::ToolTip, pos, m_view->viewport()->mapToGlobal(pos));
    QCoreApplication::sendEvent(m_view->viewport(), &help);
    QVERIFY2(QToolTip::text().contains(trace.strings.string(e.name)), qPrintable(QToolTip::text()));
}

void TestTimelineView::headerClickCollapsesProcess()
{
    const std::size_t rows = m_view->layout().rows().size();
    // The first process header (the device streams) sits right under the ruler; its tracks
    // follow.
    const std::size_t tracks = m_view->layout().groups().front().tracks.size();
    QVERIFY(tracks > 0);
    const QPoint header(40, TimelineView::kRulerHeight + TimelineLayout::kProcessHeight / 2);
    QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, header);
    QCOMPARE(m_view->layout().rows().size(), rows - tracks);
    QVERIFY(m_view->layout().groups().front().collapsed);
    QVERIFY(!m_view->grab().isNull());
    QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, header);
    QCOMPARE(m_view->layout().rows().size(), rows);
}

void TestTimelineView::selectEventRevealsIt()
{
    int hardware = -1;
    for (std::size_t g = 0; g < m_view->layout().groups().size(); ++g)
        if (m_view->layout().groups()[g].name == QLatin1String("Ascend Hardware"))
            hardware = int(g);
    QVERIFY(hardware >= 0);
    m_view->setGroupCollapsed(hardware, true);
    const Flow &flow = m_trace->flows.back();
    m_view->setVisibleRange(m_trace->minTime, m_trace->minTime + 100'000);
    QSignalSpy selected(m_view.get(), &TimelineView::eventSelected);
    m_view->selectEvent(flow.to, true);
    QCOMPARE(selected.count(), 1);
    m_view->selectEvent(flow.to, true);
    QCOMPARE(selected.count(), 1); // no signal without a change
    QVERIFY(!m_view->layout().groups()[std::size_t(hardware)].collapsed);
    const Event &e = m_trace->event(flow.to);
    const auto range = m_view->visibleRange();
    QVERIFY(range.first <= e.start && range.second >= e.end());
    m_view->grab();
    QVERIFY(m_view->drawList().hasSelection());
}

void TestTimelineView::helpToggles()
{
    QVERIFY(!m_view->isHelpVisible());
    QTest::keyClick(m_view.get(), Qt::Key_Question);
    QVERIFY(m_view->isHelpVisible());
    const QImage image = m_view->grab().toImage();
    QVERIFY(image.save(outputPath(QStringLiteral("timelineview_help.png"))));
    QTest::keyClick(m_view.get(), Qt::Key_Escape);
    QVERIFY(!m_view->isHelpVisible());
}

void TestTimelineView::searchFindsAndSteps()
{
    QTest::keyClick(m_view.get(), Qt::Key_F, Qt::ControlModifier);
    TimelineSearchBar *bar = m_view->searchControl()->bar();
    QVERIFY(bar->isVisible());
    auto *edit = bar->findChild<QLineEdit *>();
    QVERIFY(edit && edit->hasFocus());
    QTest::keyClicks(edit, QStringLiteral("matmul"));

    // aten::matmul ops and their MatMulV2 kernels, in start order.
    const auto &matches = m_view->searchControl()->result().matches;
    int expected = 0;
    for (const Track &t : m_trace->tracks)
        for (const Event &e : t.events)
            expected += m_trace->strings.string(e.name).contains(
                QStringLiteral("matmul"), Qt::CaseInsensitive);
    QVERIFY(expected > 2);
    QCOMPARE(static_cast<int>(matches.size()), expected);
    QCOMPARE(bar->statusText(), TimelineSearchBar::tr("%n match(es)", nullptr, expected));
    for (std::size_t i = 1; i < matches.size(); ++i)
        QVERIFY(m_trace->event(matches[i - 1]).start <= m_trace->event(matches[i]).start);

    QVERIFY(m_view->grab().save(outputPath(QStringLiteral("timelineview_search_overview.png"))));

    QTest::keyClick(edit, Qt::Key_Return);
    QCOMPARE(m_view->selectedEvent(), matches[0]);
    QCOMPARE(
        bar->statusText(), TimelineSearchBar::tr("%1 of %n match(es)", nullptr, expected).arg(1));
    QTest::keyClick(edit, Qt::Key_F3);
    QCOMPARE(m_view->selectedEvent(), matches[1]);
    QTest::keyClick(edit, Qt::Key_Return, Qt::ShiftModifier);
    QCOMPARE(m_view->selectedEvent(), matches[0]);
    QTest::keyClick(edit, Qt::Key_F3, Qt::ShiftModifier); // wraps to the last
    QCOMPARE(m_view->selectedEvent(), matches.back());

    // Zoomed to a match, it is outlined in the highlight colour.
    const Event &e = m_trace->event(matches[0]);
    m_view->selectEvent({}, false);
    m_view->setVisibleRange(e.start - e.duration, e.end() + e.duration);
    const QImage image = m_view->grab().toImage();
    QVERIFY(image.save(outputPath(QStringLiteral("timelineview_search.png"))));
    qInfo("saved %s", qPrintable(outputPath(QStringLiteral("timelineview_search.png"))));
    const QRgb highlight = m_view->palette().color(QPalette::Highlight).rgb() | 0xff000000u;
    int outlined = 0;
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    for (int y = TimelineView::kRulerHeight; y < rgb.height(); ++y)
        for (int x = TimelineView::kHeaderWidth; x < rgb.width(); ++x)
            outlined += (rgb.pixel(x, y) | 0xff000000u) == highlight;
    QVERIFY2(outlined > 100, qPrintable(QString::number(outlined)));

    // Regex mode, an invalid pattern, then Esc closes the bar and clears the highlight.
    m_view->searchControl()->setQuery(QStringLiteral("^aten::(matmul"), TimelineSearchMode::Regex);
    QVERIFY(!m_view->searchControl()->result().error.isEmpty());
    QCOMPARE(bar->statusText(), TimelineSearchBar::tr("Invalid pattern"));
    m_view->searchControl()->setQuery(QStringLiteral("^MatMulV2$"), TimelineSearchMode::Regex);
    QVERIFY(!m_view->searchControl()->result().matches.empty());
    QTest::keyClick(edit, Qt::Key_Escape);
    QVERIFY(!bar->isVisible());
    QVERIFY(m_view->searchControl()->result().matches.empty());
}

void TestTimelineView::deepTrackExpandsFromHeader()
{
    // A with_stack Python thread, 40 frames deep, above a device stream.
    test::TraceMaker m;
    const auto python = m.addTrack(QStringLiteral("Python"), QStringLiteral("Thread 1"));
    const auto stream = m.addTrack(
        QStringLiteral("Ascend Hardware"), QStringLiteral("Stream 2"), TrackKind::DeviceStream, 1);
    for (int d = 0; d < 40; ++d)
        m.addEvent(
            python, TimeNs(d) * 1000, 100'000 - TimeNs(d) * 2000, "frame_" + std::to_string(d));
    m.addEvent(stream, 10'000, 50'000, "MatMulV2");
    m.indexTracks();
    const auto trace = m.finish();
    m_view->setTrace(trace);
    const TrackId track(python);
    auto row = [&]() {
        return m_view->layout().rows()[static_cast<std::size_t>(m_view->layout().trackRow(track))];
    };
    QCOMPARE(row().hiddenLevels, 40 - TimelineLayout::kDefaultDepthCap);
    const QImage capped = m_view->grab().toImage();
    QVERIFY(capped.save(outputPath(QStringLiteral("timelineview_depthcap.png"))));
    // "+28 levels" is painted at the right of the track's header.
    const QRect header(TimelineView::kHeaderWidth / 2, TimelineView::kRulerHeight + row().y,
        TimelineView::kHeaderWidth / 2 - 2, TimelineLayout::kSliceHeight);
    QVERIFY(inkPixels(capped, header) > 20);

    const QPoint click(40, TimelineView::kRulerHeight + row().y + 10);
    sendMouse(m_view->viewport(), QEvent::MouseButtonPress, click, Qt::LeftButton, Qt::LeftButton);
    sendMouse(m_view->viewport(), QEvent::MouseButtonRelease, click, Qt::LeftButton, {});
    QVERIFY(m_view->isTrackExpanded(track));
    QCOMPARE(row().hiddenLevels, 0);
    QCOMPARE(row().height, TimelineLayout::trackHeight(39));
    sendMouse(m_view->viewport(), QEvent::MouseButtonPress, click, Qt::LeftButton, Qt::LeftButton);
    sendMouse(m_view->viewport(), QEvent::MouseButtonRelease, click, Qt::LeftButton, {});
    QVERIFY(!m_view->isTrackExpanded(track));

    // Selecting a hidden frame (search, flows, tables) expands its track to reveal it.
    EventRef deep;
    for (std::uint32_t i = 0; i < trace->tracks[python].events.size(); ++i)
        if (trace->tracks[python].events[i].depth == 30)
            deep = { track, i };
    QVERIFY(deep.isValid());
    m_view->selectEvent(deep, true);
    QVERIFY(m_view->isTrackExpanded(track));
    QVERIFY(!m_view->grab().isNull());
    QVERIFY(m_view->drawList().hasSelection());
}

// The processes of ascend-2025-01 level1 with their process_sort_index: the Python thread (sort
// 0, 34 levels deep with with_stack) would come first and fill the first screen.
static std::shared_ptr<const Trace> makeLevel1Like()
{
    test::TraceMaker m;
    const auto python = m.addTrack(QStringLiteral("Python"), QStringLiteral("Thread 1"));
    const auto cann
        = m.addTrack(QStringLiteral("CANN"), QStringLiteral("Thread 1"), TrackKind::Cann, 7);
    const auto stream = m.addTrack(
        QStringLiteral("Ascend Hardware"), QStringLiteral("Stream 2"), TrackKind::DeviceStream, 13);
    const auto hccl = m.addTrack(QStringLiteral("HCCL"), QStringLiteral("Group 0 Communication"),
        TrackKind::Communication, 15);
    const auto overlap = m.addTrack(QStringLiteral("Overlap Analysis"), QStringLiteral("Computing"),
        TrackKind::OverlapAnalysis, 23);
    m.addCounter(
        QStringLiteral("AI Core Freq"), QStringLiteral("MHz"), { 0, 50'000 }, { 1800, 1800 }, 14);
    for (int d = 0; d < 34; ++d)
        m.addEvent(
            python, TimeNs(d) * 1000, 100'000 - TimeNs(d) * 2000, "frame_" + std::to_string(d));
    m.addEvent(cann, 5'000, 10'000, "aclnnMatmul");
    m.addEvent(stream, 10'000, 50'000, "MatMulV2");
    m.addEvent(hccl, 60'000, 20'000, "hcom_allReduce_");
    m.addEvent(overlap, 10'000, 50'000, "Computing");
    m.indexTracks();
    return m.finish();
}

void TestTimelineView::deviceTracksComeFirst()
{
    const auto trace = makeLevel1Like();
    m_view->resize(1920, 1080);
    m_view->setTrace(trace);
    const TimelineLayout &layout = m_view->layout();
    QStringList groups;
    for (const TimelineGroup &g : layout.groups())
        groups << g.name;
    QCOMPARE(groups,
        QStringList({ QStringLiteral("Ascend Hardware"), QStringLiteral("HCCL"),
            QStringLiteral("Overlap Analysis"), QStringLiteral("CANN"), QStringLiteral("Python"),
            QStringLiteral("AI Core Freq") }));
    // The first device stream sits right under its header, on the first screen.
    const TimelineRow &stream
        = layout.rows()[static_cast<std::size_t>(layout.trackRow(TrackId(2)))];
    QCOMPARE(stream.y, TimelineLayout::kProcessHeight);
    QCOMPARE(m_view->verticalScrollBar()->value(), 0);
    // The 34-level Python stack shows a few levels until expanded.
    const TimelineRow &python
        = layout.rows()[static_cast<std::size_t>(layout.trackRow(TrackId(0)))];
    QCOMPARE(python.hiddenLevels, 34 - TimelineLayout::kDefaultDepthCap);
    QVERIFY(python.height <= 4 * TimelineLayout::kSliceHeight + 2 * TimelineLayout::kTrackPadding);
    // Everything fits the first screen at 1080p.
    QVERIFY2(layout.totalHeight() <= 1080 - TimelineView::kRulerHeight,
        qPrintable(QString::number(layout.totalHeight())));
}

void TestTimelineView::expandedTrackIsRemembered()
{
    m_view->setTrace(makeLevel1Like());
    m_view->setTrackExpanded(TrackId(0), true);
    // The same profile loaded again (or another run with the same threads): still expanded.
    m_view->setTrace(makeLevel1Like());
    QVERIFY(m_view->isTrackExpanded(TrackId(0)));
    const TimelineLayout &layout = m_view->layout();
    QCOMPARE(layout.rows()[static_cast<std::size_t>(layout.trackRow(TrackId(0)))].hiddenLevels, 0);
    m_view->setTrackExpanded(TrackId(0), false);
    m_view->setTrace(makeLevel1Like());
    QVERIFY(!m_view->isTrackExpanded(TrackId(0)));
}

void TestTimelineView::deviceStreamsFold()
{
    // ascend-2025-01 level1's "Stream 4" stacks its overlapping HCCL tasks 15 levels deep, half
    // the first screen: device tracks fold like host stacks (issue 41), "+N levels" in the
    // header, expanded on request and remembered by name for the next trace.
    auto make = [] {
        test::TraceMaker m;
        const auto stream = m.addTrack(QStringLiteral("Ascend Hardware"),
            QStringLiteral("Stream 4"), TrackKind::DeviceStream, 1);
        const auto hccl = m.addTrack(QStringLiteral("HCCL"),
            QStringLiteral("Group 0 Communication"), TrackKind::Communication, 2);
        const auto python = m.addTrack(QStringLiteral("Python"), QStringLiteral("Thread 1"));
        for (const auto track : { stream, hccl, python })
            for (int d = 0; d < 15; ++d)
                m.addEvent(track, TimeNs(d) * 100, 10'000 - TimeNs(d) * 200, "task");
        m.indexTracks();
        return m.finish();
    };
    m_view->setTrace(make());
    auto row = [&](std::uint32_t t) {
        const TimelineLayout &layout = m_view->layout();
        return layout.rows()[static_cast<std::size_t>(layout.trackRow(TrackId(t)))];
    };
    const int cap = TimelineLayout::kDefaultDepthCap;
    for (std::uint32_t track : { 0u, 1u, 2u }) {
        QVERIFY(row(track).deep);
        QCOMPARE(row(track).depth, cap - 1);
        QCOMPARE(row(track).hiddenLevels, 15 - cap);
        QCOMPARE(row(track).height, TimelineLayout::trackHeight(cap - 1));
    }
    m_view->setTrackExpanded(TrackId(0), true);
    QCOMPARE(row(0).hiddenLevels, 0);
    QCOMPARE(row(0).depth, 14);
    m_view->setTrace(make()); // another rank, or the profile opened again
    QVERIFY(m_view->isTrackExpanded(TrackId(0)));
    QCOMPARE(row(0).height, TimelineLayout::trackHeight(14));
    QCOMPARE(row(1).hiddenLevels, 15 - cap);
}

// Idle time between the kernels of each device stream (over 2 µs) and of both streams together,
// causes in turn, as findGaps would report them.
static std::pair<std::vector<Gap>, std::vector<Gap>> gapsOf(const Trace &trace)
{
    constexpr TimeNs kMin = 2'000;
    std::vector<Gap> streamGaps;
    std::vector<std::pair<TimeNs, TimeNs>> busy;
    int n = 0;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (track.kind != TrackKind::DeviceStream)
            continue;
        for (std::size_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            busy.emplace_back(e.start, e.end());
            if (i + 1 < track.events.size() && track.events[i + 1].start - e.end() > kMin) {
                Gap g;
                g.start = e.end();
                g.end = track.events[i + 1].start;
                g.track = TrackId(t);
                g.cause = static_cast<GapCause>(n++ % kGapCauseCount);
                streamGaps.push_back(g);
            }
        }
    }
    std::sort(busy.begin(), busy.end());
    std::vector<Gap> deviceGaps;
    TimeNs end = busy.empty() ? 0 : busy.front().second;
    for (const auto &[s, e] : busy) {
        if (s - end > kMin) {
            Gap g;
            g.start = end;
            g.end = s;
            g.cause = s - end > 100'000 ? GapCause::Communication : GapCause::Host;
            deviceGaps.push_back(g);
        }
        end = std::max(end, e);
    }
    return { std::move(streamGaps), std::move(deviceGaps) };
}

// Gaps: hatched bands on the device streams and a "Device idle" row at the top of the Ascend
// Hardware group, a tooltip with the duration and the cause, none when switched off.
void TestTimelineView::rendersGapsWithTooltipAndToggle()
{
    auto [streamGaps, deviceGaps] = gapsOf(*m_trace);
    QVERIFY(!streamGaps.empty());
    QVERIFY(!deviceGaps.empty());
    QVERIFY(m_view->gapOverlay()->isVisible());
    const std::size_t rows = m_view->layout().rows().size();
    m_view->gapOverlay()->setGaps(streamGaps, deviceGaps);
    QCOMPARE(m_view->layout().rows().size(), rows + 1);
    const int idleRow = m_view->layout().deviceIdleRow();
    QVERIFY(idleRow >= 0);
    const TimelineRow &idle = m_view->layout().rows()[std::size_t(idleRow)];
    QCOMPARE(idle.kind, TimelineRowKind::DeviceIdle);
    QCOMPARE(
        m_view->layout().groups()[std::size_t(idle.group)].name, QStringLiteral("Ascend Hardware"));
    QCOMPARE(m_view->layout().groups()[std::size_t(idle.group)].headerRow, idleRow - 1);

    // The first step, where the gaps are several pixels wide and some carry their duration.
    m_view->setVisibleRange(m_trace->minTime, m_trace->minTime + 2'500'000);
    const QImage image = m_view->grab().toImage();
    QVERIFY(image.save(outputPath(QStringLiteral("timelineview_gaps.png"))));
    qInfo("saved %s", qPrintable(outputPath(QStringLiteral("timelineview_gaps.png"))));
    const auto &items = m_view->drawList().gaps();
    QVERIFY(std::any_of(items.begin(), items.end(), [](const auto &g) { return g.device; }));
    // The widest single stream gap: at the pixels of its gap, with its cause.
    const TimelineDrawList::GapItem *item = nullptr;
    for (const auto &g : items)
        if (!g.device && g.count == 1 && (!item || g.w > item->w))
            item = &g;
    QVERIFY(item && item->w > 20);
    const auto gap = std::find_if(streamGaps.begin(), streamGaps.end(),
        [&](const Gap &g) { return g.start == item->start && g.end == item->end; });
    QVERIFY(gap != streamGaps.end());
    QCOMPARE(item->cause, gap->cause);
    QVERIFY(std::abs(item->x - m_view->axis().toPixel(gap->start)) < 0.01);
    const QPoint centre(TimelineView::kHeaderWidth + static_cast<int>(item->x + item->w / 2),
        TimelineView::kRulerHeight + static_cast<int>(item->y + item->h / 2));
    QHelpEvent help(QEvent::ToolTip, centre, m_view->viewport()->mapToGlobal(centre));
    QCoreApplication::sendEvent(m_view->viewport(), &help);
    const QString tip = QToolTip::text();
    QVERIFY2(tip.contains(formatDuration(gap->duration())), qPrintable(tip));
    QVERIFY2(tip.contains(gapCauseLabel(gap->cause)), qPrintable(tip));

    m_view->gapOverlay()->setVisible(false);
    QVERIFY(!m_view->grab().isNull());
    QVERIFY(m_view->drawList().gaps().empty());
    QCOMPARE(m_view->layout().deviceIdleRow(), -1);
    QCOMPARE(m_view->layout().rows().size(), rows);
    m_view->gapOverlay()->setVisible(true);
    m_view->gapOverlay()->clear();
    QCOMPARE(m_view->layout().deviceIdleRow(), -1);
}

QTEST_MAIN(TestTimelineView)
#include "tst_timelineview.moc"
