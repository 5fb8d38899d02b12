// TimelineView: mouse, wheel, keyboard and context-menu handling.
#include "widgets/timeline/timelineview.h"

#include "model/core/trace.h"
#include "widgets/timeline/timelinesearchbar.h"
#include "widgets/timeline/timelinetooltip.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
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
    // Room left around a range zoomed to by double-click, as a fraction of its span.
    constexpr double kSliceMargin = 0.1;

} // namespace

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
    if (event->matches(QKeySequence::Find)) {
        m_search->open();
        return;
    }
    if (event->key() == Qt::Key_F3) {
        if (event->modifiers() & Qt::ShiftModifier)
            m_search->findPrevious();
        else
            m_search->findNext();
        return;
    }
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
        else if (hasSelectedRange())
            clearSelectedRange();
        else
            selectEvent({}, false);
        viewport()->update();
        return;
    case Qt::Key_C:
        // Name -> Category -> Accelerator Core -> Name.
        setColorMode(colorMode() == TimelineColorMode::Name  ? TimelineColorMode::Category
                : colorMode() == TimelineColorMode::Category ? TimelineColorMode::AcceleratorCore
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
    m_pressPos = m_lastDragPos = pos;
    m_dragged = false;
    if (pos.x() < kHeaderWidth) {
        // A click folds or expands (on release); a drag moves the header (timelineviewarrangement).
        m_dragRow = headerRowAt(pos);
        m_drag = m_dragRow >= 0 ? Drag::Header : Drag::None;
        return;
    }
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
    if (m_drag == Drag::Header) {
        QString key;
        QString before;
        int lineY = -1;
        m_dropLineY = m_dragged && dropTarget(pos, &key, &before, &lineY) ? lineY : -1;
        if (m_dragged)
            viewport()->setCursor(Qt::DragMoveCursor);
        viewport()->update();
    } else if (m_drag == Drag::Range) {
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
    if (drag == Drag::Header) {
        m_dropLineY = -1;
        viewport()->update();
        QString key;
        QString before;
        int lineY = -1;
        if (!m_dragged)
            headerClicked(m_dragRow);
        else if (dropTarget(event->position().toPoint(), &key, &before, &lineY))
            m_arrangement->moveItem(key, before);
        m_dragRow = -1;
        return;
    }
    if (drag == Drag::Range) {
        const auto [start, end] = selectedRange();
        if (end > start)
            emit rangeSelected(start, end);
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

int TimelineView::headerRowAt(const QPoint &pos) const
{
    if (pos.x() >= kHeaderWidth || pos.y() < kRulerHeight)
        return -1;
    return m_layout.rowAt(pos.y() - kRulerHeight + verticalScrollBar()->value());
}

void TimelineView::contextMenuEvent(QContextMenuEvent *event)
{
    const int row = m_trace ? headerRowAt(event->pos()) : -1;
    if (row < 0) {
        if (!m_trace || event->pos().x() >= kHeaderWidth || event->pos().y() < kRulerHeight)
            return QAbstractScrollArea::contextMenuEvent(event);
        QMenu menu(this);
        addHeaderActions(menu, -1);
        menu.exec(event->globalPos());
        return;
    }
    const TimelineRow info = m_layout.rows()[static_cast<std::size_t>(row)];
    QMenu menu(this);
    if (info.kind == TimelineRowKind::Track && info.deep) {
        const TrackId track(info.index);
        if (info.hiddenLevels > 0)
            menu.addAction(tr("Show All %n Level(s)", nullptr, info.depth + info.hiddenLevels + 1),
                this, [this, track]() { setTrackExpanded(track, true); });
        else
            menu.addAction(tr("Show Only %n Level(s)", nullptr, TimelineLayout::kDefaultDepthCap),
                this, [this, track]() { setTrackExpanded(track, false); });
    }
    if (info.kind == TimelineRowKind::Track) {
        const TrackId track(info.index);
        const bool pinned = isTrackPinned(track);
        menu.addAction(pinned ? tr("Unpin") : tr("Pin to Top"), this,
            [this, track, pinned]() { setTrackPinned(track, !pinned); });
    }
    if (info.group >= 0) {
        const bool collapsed = m_layout.groups()[static_cast<std::size_t>(info.group)].collapsed;
        menu.addAction(collapsed ? tr("Expand Process") : tr("Collapse Process"), this,
            [this, group = info.group, collapsed]() { setGroupCollapsed(group, !collapsed); });
    }
    addHeaderActions(menu, row);
    menu.exec(event->globalPos());
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
                text = TimelineTooltip::folded(
                    *m_trace, m_depths, *slice, m_axis, toDrawList(pos).x());
        } else if (const TimelineDrawList::GapItem *gap = m_drawList.gapAt(toDrawList(pos))) {
            text = TimelineTooltip::gap(gap->start, gap->end, gap->idleNs, gap->count,
                gapCauseLabel(gap->cause), gap->device, m_axis.origin());
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

bool TimelineView::event(QEvent *event)
{
    // The view's own search wins over a window-wide Ctrl+F / F3 while the view has focus.
    if (event->type() == QEvent::ShortcutOverride) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->matches(QKeySequence::Find) || key->key() == Qt::Key_F3) {
            event->accept();
            return true;
        }
    }
    return QAbstractScrollArea::event(event);
}

} // namespace npuscope
