#include "widgets/timelineview.h"

#include "model/trace.h"
#include "widgets/timelinetooltip.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace npuscope {

namespace {

    // One W/S press or wheel notch scales the span by this much (Perfetto and Tracy use ~0.8-0.9).
    constexpr double kZoomStep = 0.8;
    constexpr double kWheelZoomPerNotch = 0.85;
    constexpr double kPanFraction = 0.15; // of the width per A/D press
    constexpr int kDragThresholdPx = 3;
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
}

TimelineView::~TimelineView() = default;

void TimelineView::setTrace(std::shared_ptr<const Trace> trace)
{
    m_trace = std::move(trace);
    const Trace *t = m_trace.get();
    m_colors.setTrace(t);
    m_depths.reset(t);
    m_painter.reset(t);
    m_drawList.clear();
    m_zoomHistory.clear();
    m_selected = {};
    m_hasRange = false;
    m_collapsed.clear();
    rebuildLayout();
    TimeAxis axis = m_axis;
    if (t) {
        const TimeNs span = std::max<TimeNs>(t->maxTime - t->minTime, TimeAxis::kMinSpan);
        const auto margin = static_cast<TimeNs>(static_cast<double>(span) * kTraceMargin);
        axis.setOrigin(t->minTime);
        axis.setLimits(t->minTime - margin, t->maxTime + margin);
        axis.setRange(t->minTime - margin, t->maxTime + margin);
    } else {
        axis.clearLimits();
    }
    applyAxis(axis);
    verticalScrollBar()->setValue(0);
    viewport()->update();
}

void TimelineView::rebuildLayout()
{
    if (m_trace)
        m_layout.build(*m_trace, m_collapsed);
    else
        m_layout.clear();
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

void TimelineView::applyAxis(const TimeAxis &axis)
{
    const bool changed = axis.start() != m_axis.start() || axis.end() != m_axis.end();
    m_axis = axis;
    viewport()->update();
    if (changed)
        emit visibleRangeChanged(m_axis.start(), m_axis.end());
}

void TimelineView::setAxisRange(TimeNs start, TimeNs end)
{
    TimeAxis axis = m_axis;
    axis.setRange(start, end);
    applyAxis(axis);
}

void TimelineView::setVisibleRange(TimeNs start, TimeNs end)
{
    pushZoom(false);
    setAxisRange(start, end);
}

void TimelineView::setTimeOrigin(TimeNs origin)
{
    m_axis.setOrigin(origin);
    viewport()->update();
}

void TimelineView::pushZoom(bool burst)
{
    m_zoomHistory.push({ m_axis.start(), m_axis.end() }, burst);
}

bool TimelineView::undoZoom()
{
    const auto range = m_zoomHistory.pop();
    if (range)
        setAxisRange(range->first, range->second);
    return range.has_value();
}

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
    applyAxis(axis);
}

void TimelineView::panBy(double dx)
{
    TimeAxis axis = m_axis;
    axis.pan(dx);
    applyAxis(axis);
}

void TimelineView::fitSelection()
{
    if (m_hasRange && m_rangeEnd > m_rangeStart) {
        setVisibleRange(m_rangeStart, m_rangeEnd);
    } else if (m_selected.isValid()) {
        const Event &e = m_trace->event(m_selected);
        const auto margin = std::max<TimeNs>(
            static_cast<TimeNs>(static_cast<double>(e.duration) * kSliceMargin), 50);
        setVisibleRange(e.start - margin, e.end() + margin);
    }
}

void TimelineView::setSelectedRange(TimeNs start, TimeNs end)
{
    m_hasRange = true;
    m_rangeStart = std::min(start, end);
    m_rangeEnd = std::max(start, end);
    viewport()->update();
}

void TimelineView::clearSelectedRange()
{
    m_hasRange = false;
    viewport()->update();
}

void TimelineView::setColorMode(TimelineColorMode mode)
{
    m_colors.setMode(mode);
    viewport()->update();
}

void TimelineView::setGroupCollapsed(int group, bool collapsed)
{
    const auto &groups = m_layout.groups();
    if (group < 0 || group >= static_cast<int>(groups.size()))
        return;
    const QString key = groups[static_cast<std::size_t>(group)].key;
    if (collapsed)
        m_collapsed.insert(key);
    else
        m_collapsed.remove(key);
    rebuildLayout();
    viewport()->update();
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
    const int group = m_layout.groupOfTrack(ref.track);
    if (group >= 0 && m_layout.groups()[static_cast<std::size_t>(group)].collapsed)
        setGroupCollapsed(group, false);
    const Event &e = m_trace->event(ref);
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
    f.axis = axis;
    f.scrollY = verticalScrollBar()->value();
    f.viewHeight = viewHeight;
    f.selected = m_selected;
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
    s.hasRange = m_hasRange;
    s.rangeStart = m_rangeStart;
    s.rangeEnd = m_rangeEnd;
    s.hoverRow = m_hoverRow;
    s.showHelp = m_showHelp;
    s.emptyText = tr("No trace loaded");
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
    m_axis.setWidth(std::max(1, viewport()->width() - kHeaderWidth));
    updateScrollBar();
}

void TimelineView::scrollContentsBy(int, int) { viewport()->update(); }

double TimelineView::timeX(const QPoint &pos) const { return pos.x() - kHeaderWidth; }

double TimelineView::anchorX() const
{
    if (m_mousePos.x() >= kHeaderWidth && viewport()->rect().contains(m_mousePos))
        return timeX(m_mousePos);
    return m_axis.width() / 2.0;
}

QPointF TimelineView::toDrawList(const QPoint &pos) const
{
    return QPointF(pos.x() - kHeaderWidth, pos.y() - kRulerHeight);
}

void TimelineView::wheelEvent(QWheelEvent *event)
{
    const QPoint pos = event->position().toPoint();
    if (event->modifiers() & Qt::ControlModifier) {
        const double notches = event->angleDelta().y() / 120.0;
        if (notches != 0)
            zoomAt(std::pow(kWheelZoomPerNotch, notches),
                pos.x() >= kHeaderWidth ? timeX(pos) : m_axis.width() / 2.0);
        event->accept();
        return;
    }
    // Horizontal wheels and trackpads pan; Shift turns a vertical wheel into a horizontal one.
    const int dx = (event->modifiers() & Qt::ShiftModifier) ? event->angleDelta().y()
                                                            : event->angleDelta().x();
    if (dx != 0) {
        panBy(-dx * m_axis.width() / 1200.0);
        event->accept();
        return;
    }
    QAbstractScrollArea::wheelEvent(event);
}

bool TimelineView::handleNavigationKey(QKeyEvent *event)
{
    const bool ctrl = event->modifiers() & Qt::ControlModifier;
    switch (event->key()) {
    case Qt::Key_W:
        zoomAt(kZoomStep, anchorX());
        return true;
    case Qt::Key_S:
        zoomAt(1 / kZoomStep, anchorX());
        return true;
    case Qt::Key_A:
        panBy(-m_axis.width() * kPanFraction);
        return true;
    case Qt::Key_D:
        panBy(m_axis.width() * kPanFraction);
        return true;
    case Qt::Key_0:
        if (!ctrl)
            return false;
        zoomToFit();
        return true;
    case Qt::Key_Backspace:
        undoZoom();
        return true;
    case Qt::Key_F:
        fitSelection();
        return true;
    case Qt::Key_Right:
    case Qt::Key_Left:
        if (!ctrl)
            return false;
        followFlow(event->key() == Qt::Key_Right);
        return true;
    default:
        return false;
    }
}

void TimelineView::keyPressEvent(QKeyEvent *event)
{
    if (m_trace && handleNavigationKey(event)) {
        event->accept();
        return;
    }
    switch (event->key()) {
    case Qt::Key_Question:
        m_showHelp = !m_showHelp;
        viewport()->update();
        return;
    case Qt::Key_Escape:
        if (m_showHelp)
            m_showHelp = false;
        else if (m_hasRange)
            clearSelectedRange();
        else
            selectEvent({}, false);
        viewport()->update();
        return;
    case Qt::Key_C:
        setColorMode(colorMode() == TimelineColorMode::Name ? TimelineColorMode::Category
                                                            : TimelineColorMode::Name);
        return;
    default:
        QAbstractScrollArea::keyPressEvent(event);
    }
}

void TimelineView::mousePressEvent(QMouseEvent *event)
{
    const QPoint pos = event->position().toPoint();
    m_mousePos = pos;
    if (event->button() != Qt::LeftButton || !m_trace)
        return;
    m_showHelp = false;
    if (pos.x() < kHeaderWidth && pos.y() >= kRulerHeight) {
        const int row = m_layout.rowAt(pos.y() - kRulerHeight + verticalScrollBar()->value());
        if (row >= 0
            && m_layout.rows()[static_cast<std::size_t>(row)].kind == TimelineRowKind::Process) {
            const int group = m_layout.rows()[static_cast<std::size_t>(row)].group;
            setGroupCollapsed(group, !m_layout.groups()[static_cast<std::size_t>(group)].collapsed);
        }
        return;
    }
    m_pressPos = m_lastDragPos = pos;
    m_dragged = false;
    m_drag = (event->modifiers() & Qt::ShiftModifier) ? Drag::Range : Drag::Pan;
    if (m_drag == Drag::Range) {
        m_rangeAnchor = m_axis.toTime(timeX(pos));
        setSelectedRange(m_rangeAnchor, m_rangeAnchor);
    }
}

void TimelineView::mouseMoveEvent(QMouseEvent *event)
{
    const QPoint pos = event->position().toPoint();
    m_mousePos = pos;
    if (m_drag == Drag::None) {
        updateHover(pos);
        viewport()->update();
        return;
    }
    if ((pos - m_pressPos).manhattanLength() > kDragThresholdPx)
        m_dragged = true;
    if (m_drag == Drag::Range) {
        setSelectedRange(m_rangeAnchor, m_axis.toTime(timeX(pos)));
    } else if (m_dragged) {
        const QPoint delta = pos - m_lastDragPos;
        if (delta.x() != 0)
            panBy(-delta.x());
        if (delta.y() != 0)
            verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
        viewport()->setCursor(Qt::ClosedHandCursor);
    }
    m_lastDragPos = pos;
}

void TimelineView::mouseReleaseEvent(QMouseEvent *event)
{
    const Drag drag = std::exchange(m_drag, Drag::None);
    viewport()->unsetCursor();
    if (event->button() != Qt::LeftButton || !m_trace)
        return;
    if (drag == Drag::Range) {
        if (m_rangeEnd > m_rangeStart)
            emit rangeSelected(m_rangeStart, m_rangeEnd);
        else
            clearSelectedRange();
        return;
    }
    if (drag == Drag::Pan && !m_dragged) {
        const TimelineDrawList::Slice *slice
            = m_drawList.sliceAt(toDrawList(event->position().toPoint()));
        selectEvent(
            slice && slice->count == 1 && !slice->summary ? slice->event : EventRef(), false);
    }
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !m_trace)
        return;
    const QPoint pos = event->position().toPoint();
    if (pos.x() < kHeaderWidth)
        return mousePressEvent(event); // a fast second click on a process header folds again
    const TimelineDrawList::Slice *slice = m_drawList.sliceAt(toDrawList(pos));
    if (!slice)
        return;
    TimeNs start = m_axis.toTime(slice->x);
    TimeNs end = m_axis.toTime(slice->x + slice->w);
    if (slice->count == 1) {
        const Event &e = m_trace->event(slice->event);
        start = e.start;
        end = e.end();
    }
    const auto margin = std::max<TimeNs>(
        static_cast<TimeNs>(static_cast<double>(end - start) * kSliceMargin), 50);
    setVisibleRange(start - margin, end + margin);
}

void TimelineView::leaveEvent(QEvent *event)
{
    m_mousePos = { -1, -1 };
    m_hoverRow = -1;
    viewport()->update();
    QAbstractScrollArea::leaveEvent(event);
}

void TimelineView::updateHover(const QPoint &pos)
{
    const int row = pos.y() >= kRulerHeight
        ? m_layout.rowAt(pos.y() - kRulerHeight + verticalScrollBar()->value())
        : -1;
    m_hoverRow = row;
}

bool TimelineView::viewportEvent(QEvent *event)
{
    if (event->type() != QEvent::ToolTip || !m_trace)
        return QAbstractScrollArea::viewportEvent(event);
    const auto *help = static_cast<QHelpEvent *>(event);
    const QPoint pos = help->pos();
    QString text;
    if (pos.x() >= kHeaderWidth && pos.y() >= kRulerHeight) {
        if (const TimelineDrawList::Slice *slice = m_drawList.sliceAt(toDrawList(pos))) {
            if (slice->count == 1 && !slice->summary)
                text = TimelineTooltip::slice(*m_trace, slice->event, m_axis.origin(), true);
            else
                text = TimelineTooltip::folded(*m_trace, slice->event, slice->count,
                    m_axis.toTime(slice->x), m_axis.toTime(slice->x + slice->w), m_axis.origin());
        } else if (m_hoverRow >= 0) {
            const TimelineRow &row = m_layout.rows()[static_cast<std::size_t>(m_hoverRow)];
            if (row.kind == TimelineRowKind::Counter)
                text = TimelineTooltip::counter(
                    *m_trace, row.index, m_axis.toTime(timeX(pos)), m_axis.origin());
        }
    }
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(help->globalPos(), text, viewport());
    return true;
}

} // namespace npuscope
