#include "widgets/timeline/timelineview.h"

#include "model/profile/profile.h"
#include "widgets/timeline/timelinecoreclasses.h"

#include "model/core/trace.h"
#include "widgets/timeline/timelinesearchbar.h"
#include "widgets/timeline/timelinetooltip.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace npuscope {

namespace {

    // Room left around the trace and around a slice zoomed to, as a fraction of the span.
    constexpr double kTraceMargin = 0.02;
    constexpr double kSliceMargin = 0.1;

} // namespace

TimelineView::TimelineView(QWidget *parent)
    : QAbstractScrollArea(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setFrameShape(QFrame::NoFrame);
    viewport()->setMouseTracking(true);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(kHeaderWidth + 200, kRulerHeight + 100);
    m_axis.setWidth(std::max(1, viewport()->width() - kHeaderWidth));
    m_ownZoom = new TimelineZoomControl(this);
    setZoomControl(nullptr);
    m_arrangement = new TimelineArrangementControl(this);
    m_gaps = new TimelineGapOverlay(this);
    const auto relayout = [this]() {
        rebuildLayout();
        viewport()->update();
    };
    connect(m_arrangement, &TimelineArrangementControl::changed, this, relayout);
    connect(m_gaps, &TimelineGapOverlay::changed, this, relayout);

    m_search = new TimelineSearchControl(
        new TimelineSearchBar(this), [this]() { return m_selected; }, this);
    connect(m_search, &TimelineSearchControl::layoutChanged, this, &TimelineView::layoutSearchBar);
    connect(
        m_search, &TimelineSearchControl::resultChanged, viewport(), qOverload<>(&QWidget::update));
    connect(m_search, &TimelineSearchControl::matchChosen, this,
        [this](EventRef ref) { selectEvent(ref, true); });
    connect(m_search, &TimelineSearchControl::closed, this,
        [this]() { setFocus(Qt::OtherFocusReason); });
}

TimelineView::~TimelineView() = default;

void TimelineView::setTrace(std::shared_ptr<const Trace> trace)
{
    m_trace = std::move(trace);
    const Trace *t = m_trace.get();
    m_colors.setTrace(t);
    m_colors.setCoreClasses({});
    m_coreClassesBuilt = false;
    m_coreLegend.clear();
    m_pinnedTracks.clear();
    m_depths.reset(t);
    m_counterIndex.reset(t);
    m_painter.reset(t);
    m_drawList.clear();
    m_zoom->clearHistory();
    m_zoom->clearSelection();
    m_selected = {};
    {
        const QSignalBlocker blocker(m_gaps); // laid out just below
        m_gaps->clear(); // they belong to the previous trace
    }
    rebuildLayout();
    m_search->setTrace(t);
    if (t) {
        const TimeNs span = std::max<TimeNs>(t->maxTime - t->minTime, TimeAxis::kMinSpan);
        const auto margin = static_cast<TimeNs>(static_cast<double>(span) * kTraceMargin);
        m_axis.setOrigin(t->minTime);
        setTimeLimits(t->minTime - margin, t->maxTime + margin);
        setAxisRange(t->minTime - margin, t->maxTime + margin);
    } else {
        m_zoom->clearLimits();
    }
    syncAxis();
    verticalScrollBar()->setValue(0);
    viewport()->update();
}

void TimelineView::rebuildLayout()
{
    // The "Device idle" row goes into the group of the device streams the gaps are on.
    const TrackId idleTrack = m_gaps->idleRowTrack(m_trace.get());
    if (m_trace)
        m_layout.build(*m_trace, {}, {}, idleTrack, m_pinnedTracks, m_arrangement->arrangement());
    else
        m_layout.clear();
    m_arrangement->setShownOrder(m_trace ? m_layout.itemOrder(*m_trace) : QStringList());
    updateScrollBar();
}

void TimelineView::updateScrollBar()
{
    const int visible = std::max(0, viewport()->height() - kRulerHeight);
    QScrollBar *bar = verticalScrollBar();
    bar->setRange(0, std::max(0, m_layout.totalHeight() - visible));
    bar->setPageStep(visible);
    bar->setSingleStep(TimelineLayout::kSliceHeight * 2);
}

void TimelineView::setZoomControl(TimelineZoomControl *control)
{
    if (m_zoom)
        disconnect(m_zoom, nullptr, this, nullptr);
    m_zoom = control ? control : m_ownZoom;
    if (m_zoom != m_ownZoom) // a shared control may go first: back to the view's own
        connect(m_zoom, &QObject::destroyed, this, [this]() {
            // Teardown (the session goes before its window's views): switch back quietly, the
            // receivers of visibleRangeChanged may be half destroyed.
            const QSignalBlocker quiet(this);
            m_zoom = nullptr;
            setZoomControl(nullptr);
        });
    connect(m_zoom, &TimelineZoomControl::rangeChanged, this, &TimelineView::syncAxis);
    connect(m_zoom, &TimelineZoomControl::limitsChanged, this, &TimelineView::syncAxis);
    connect(
        m_zoom, &TimelineZoomControl::selectionChanged, viewport(), qOverload<>(&QWidget::update));
    syncAxis();
}

void TimelineView::setTimeOffset(TimeNs offset)
{
    m_offset = offset;
    syncAxis();
}

void TimelineView::syncAxis()
{
    TimeAxis axis = m_axis;
    if (m_zoom->hasLimits())
        axis.setLimits(m_zoom->limitStart() + m_offset, m_zoom->limitEnd() + m_offset);
    else
        axis.clearLimits();
    axis.setRange(m_zoom->start() + m_offset, m_zoom->end() + m_offset);
    const bool changed = axis.start() != m_axis.start() || axis.end() != m_axis.end();
    m_axis = axis;
    viewport()->update();
    if (changed)
        emit visibleRangeChanged(m_axis.start(), m_axis.end());
}

void TimelineView::setAxisRange(TimeNs start, TimeNs end)
{
    m_zoom->setRange(start - m_offset, end - m_offset);
}

void TimelineView::setVisibleRange(TimeNs start, TimeNs end)
{
    pushZoom(false);
    setAxisRange(start, end);
}

void TimelineView::setTimeLimits(TimeNs start, TimeNs end)
{
    m_zoom->setLimits(start - m_offset, end - m_offset);
}

void TimelineView::setTimeOrigin(TimeNs origin)
{
    m_axis.setOrigin(origin);
    viewport()->update();
}

void TimelineView::pushZoom(bool burst) { m_zoom->pushHistory(burst); }

bool TimelineView::undoZoom() { return m_zoom->undo(); }

void TimelineView::zoomToFit()
{
    if (!m_axis.hasLimits())
        return;
    pushZoom(false);
    setAxisRange(m_axis.limitStart(), m_axis.limitEnd());
}

void TimelineView::zoomAt(double factor, double x)
{
    pushZoom(true);
    TimeAxis axis = m_axis;
    axis.zoom(factor, x);
    setAxisRange(axis.start(), axis.end());
}

void TimelineView::panBy(double dx)
{
    TimeAxis axis = m_axis;
    axis.pan(dx);
    setAxisRange(axis.start(), axis.end());
}

void TimelineView::fitSelection()
{
    const auto [rangeStart, rangeEnd] = selectedRange();
    if (hasSelectedRange() && rangeEnd > rangeStart) {
        setVisibleRange(rangeStart, rangeEnd);
    } else if (m_selected.isValid()) {
        const Event &e = m_trace->event(m_selected);
        const auto margin = std::max<TimeNs>(
            static_cast<TimeNs>(static_cast<double>(e.duration) * kSliceMargin), 50);
        setVisibleRange(e.start - margin, e.end() + margin);
    }
}

void TimelineView::setSelectedRange(TimeNs start, TimeNs end)
{
    m_zoom->setSelection(start - m_offset, end - m_offset);
}

void TimelineView::clearSelectedRange() { m_zoom->clearSelection(); }

void TimelineView::setColorMode(TimelineColorMode mode)
{
    if (mode == TimelineColorMode::AcceleratorCore && !m_coreClassesBuilt && m_trace) {
        m_coreClassesBuilt = true;
        if (m_kernelRank && m_kernelRank->kernels && m_kernelRank->trace == m_trace)
            m_colors.setCoreClasses(
                kernelCoreClasses(*m_trace, *m_kernelRank->kernels, m_kernelRank->join));
        m_coreLegend = m_colors.coreLegend();
    }
    m_colors.setMode(mode);
    viewport()->update();
}

void TimelineView::setKernelSource(std::shared_ptr<const RankProfile> rank)
{
    m_kernelRank = std::move(rank);
    m_coreClassesBuilt = false;
    m_colors.setCoreClasses({});
    m_coreLegend.clear();
    if (colorMode() == TimelineColorMode::AcceleratorCore)
        setColorMode(TimelineColorMode::AcceleratorCore);
}

void TimelineView::setTrackPinned(TrackId track, bool pinned)
{
    if (!m_trace || track.value >= m_trace->tracks.size() || pinned == isTrackPinned(track))
        return;
    if (pinned)
        m_pinnedTracks.push_back(track.value);
    else
        std::erase(m_pinnedTracks, track.value);
    rebuildLayout();
    viewport()->update();
}

bool TimelineView::isTrackPinned(TrackId track) const
{
    return std::find(m_pinnedTracks.begin(), m_pinnedTracks.end(), track.value)
        != m_pinnedTracks.end();
}

void TimelineView::selectEvent(EventRef ref, bool reveal)
{
    if (ref.isValid()
        && (!m_trace || ref.track.value >= m_trace->tracks.size()
            || ref.index >= m_trace->tracks[ref.track.value].events.size()))
        ref = {};
    const bool changed = ref != m_selected;
    m_selected = ref;
    if (reveal && ref.isValid())
        revealEvent(ref);
    viewport()->update();
    if (changed)
        emit eventSelected(ref);
}

void TimelineView::revealEvent(EventRef ref)
{
    if (m_layout.groupOfTrack(ref.track) < 0) { // hidden by the user: shown again
        const Track &track = m_trace->tracks[ref.track.value];
        m_arrangement->showItems({ TimelineArrangement::trackKey(track),
            TimelineArrangement::groupKey(track.processName) });
    }
    const int group = m_layout.groupOfTrack(ref.track);
    if (group >= 0 && m_layout.groups()[static_cast<std::size_t>(group)].collapsed)
        setGroupCollapsed(group, false);
    const Event &e = m_trace->event(ref);
    if (static_cast<int>(e.depth) >= TimelineLayout::kDefaultDepthCap)
        setTrackExpanded(ref.track, true);
    double top = 0;
    double height = 0;
    if (m_layout.sliceY(ref.track, static_cast<int>(e.depth), &top, &height)) {
        const int visible = viewport()->height() - kRulerHeight;
        QScrollBar *bar = verticalScrollBar();
        if (top < bar->value() || top + height > bar->value() + visible)
            bar->setValue(static_cast<int>(top + height / 2) - visible / 2);
    }
    if (e.start >= m_axis.start() && e.end() <= m_axis.end())
        return;
    if (e.duration < m_axis.span() * 8 / 10) {
        const TimeNs centre = e.start + e.duration / 2;
        setVisibleRange(centre - m_axis.span() / 2, centre + m_axis.span() / 2);
    } else {
        const auto margin = static_cast<TimeNs>(static_cast<double>(e.duration) * kSliceMargin);
        setVisibleRange(e.start - margin, e.end() + margin);
    }
}

void TimelineView::followFlow(bool forward)
{
    if (!m_trace || !m_selected.isValid())
        return;
    const auto flows = forward ? m_trace->flowsFrom(m_selected) : m_trace->flowsTo(m_selected);
    if (flows.empty())
        return;
    const Flow &flow = m_trace->flows[flows.front()];
    selectEvent(forward ? flow.to : flow.from, true);
}

TimelineDrawList::Frame TimelineView::frame(const TimeAxis &axis, int viewHeight)
{
    TimelineDrawList::Frame f;
    f.trace = m_trace.get();
    f.layout = &m_layout;
    f.colors = &m_colors;
    f.depths = &m_depths;
    f.counters = &m_counterIndex;
    f.axis = axis;
    f.scrollY = verticalScrollBar()->value();
    f.viewHeight = viewHeight;
    f.selected = m_selected;
    if (m_gaps->isVisible()) {
        f.gaps.stream = &m_gaps->streamGaps();
        f.gaps.device = &m_gaps->deviceGaps();
    }
    return f;
}

TimelineScene TimelineView::scene(
    const TimelineDrawList &list, const TimeAxis &axis, QSize size) const
{
    TimelineScene s;
    s.trace = m_trace.get();
    s.layout = &m_layout;
    s.colors = &m_colors;
    s.drawList = &list;
    s.axis = axis;
    s.size = size;
    s.headerWidth = kHeaderWidth;
    s.rulerHeight = kRulerHeight;
    s.scrollY = verticalScrollBar()->value();
    s.palette = palette();
    s.font = font();
    s.hasRange = hasSelectedRange();
    std::tie(s.rangeStart, s.rangeEnd) = selectedRange();
    s.hoverRow = m_hoverRow;
    s.showHelp = m_showHelp;
    s.search = m_search->result().matches.empty() ? nullptr : &m_search->result();
    s.emptyText = tr("No trace loaded");
    if (colorMode() == TimelineColorMode::AcceleratorCore)
        s.legend = m_coreLegend;
    if (m_mousePos.x() >= kHeaderWidth && m_drag != Drag::Pan) {
        s.cursorX = m_mousePos.x() - kHeaderWidth;
        if (m_mousePos.y() >= kRulerHeight)
            s.mouse = toDrawList(m_mousePos);
    }
    return s;
}

void TimelineView::paintEvent(QPaintEvent *)
{
    QPainter p(viewport());
    const QSize size = viewport()->size();
    m_drawList.build(frame(m_axis, size.height() - kRulerHeight));
    m_painter.paint(p, scene(m_drawList, m_axis, size));
    if (m_dropLineY >= kRulerHeight) { // where a dragged header would go
        p.fillRect(
            QRect(0, m_dropLineY - 1, size.width(), 3), palette().color(QPalette::Highlight));
    }
}

void TimelineView::render(QPainter &painter, QSize size)
{
    TimeAxis axis = m_axis;
    axis.setWidth(std::max(1, size.width() - kHeaderWidth));
    TimelineDrawList list;
    list.build(frame(axis, size.height() - kRulerHeight));
    TimelineScene s = scene(list, axis, size);
    s.cursorX = -1;
    s.mouse = { -1, -1 };
    s.hoverRow = -1;
    m_painter.paint(painter, s);
}

QImage TimelineView::renderToImage(QSize size, qreal devicePixelRatio)
{
    QImage image(size * devicePixelRatio, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(devicePixelRatio);
    QPainter p(&image);
    render(p, size);
    return image;
}

void TimelineView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    layoutSearchBar();
    m_axis.setWidth(std::max(1, viewport()->width() - kHeaderWidth));
    updateScrollBar();
}

void TimelineView::layoutSearchBar()
{
    TimelineSearchBar *bar = m_search->bar();
    const int height = m_search->isOpen() ? bar->sizeHint().height() : 0;
    setViewportMargins(0, 0, 0, height);
    bar->setGeometry(0, this->height() - height, width(), height);
}

void TimelineView::scrollContentsBy(int, int) { viewport()->update(); }

} // namespace npuscope
