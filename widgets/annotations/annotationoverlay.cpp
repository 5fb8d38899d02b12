#include "widgets/annotations/annotationoverlay.h"

#include "model/core/trace.h"
#include "widgets/timeline/timelineview.h"

#include <QEvent>
#include <QPainter>
#include <QScrollBar>

namespace npuscope {

AnnotationOverlay::AnnotationOverlay(TimelineView *view)
    : QWidget(view->viewport())
    , m_view(view)
{
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setGeometry(view->viewport()->rect());
    view->viewport()->installEventFilter(this);
    connect(view, &TimelineView::visibleRangeChanged, this, qOverload<>(&QWidget::update));
    connect(
        view->verticalScrollBar(), &QScrollBar::valueChanged, this, qOverload<>(&QWidget::update));
    raise();
    show(); // the view may be on screen already
}

void AnnotationOverlay::setAnnotations(std::vector<Annotation> items)
{
    m_items = std::move(items);
    update();
}

void AnnotationOverlay::setSelected(quint64 id)
{
    m_selected = id;
    update();
}

bool AnnotationOverlay::eventFilter(QObject *watched, QEvent *event)
{
    // Zoom, pan, collapse and expand repaint the viewport, and with it this child (it is not
    // opaque); only its size has to follow.
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        setGeometry(m_view->viewport()->rect());
    return QWidget::eventFilter(watched, event);
}

void AnnotationOverlay::refreshTracks()
{
    const Trace *trace = m_view->trace().get();
    if (trace == m_tracksOf)
        return;
    m_tracksOf = trace;
    m_tracks = trace ? AnnotationPainter::trackIndex(*trace) : QHash<QString, std::uint32_t>();
}

AnnotationFrame AnnotationOverlay::frame() const
{
    const_cast<AnnotationOverlay *>(this)->refreshTracks();
    AnnotationFrame f;
    f.axis = m_view->axis();
    f.area = QRectF(TimelineView::kHeaderWidth, TimelineView::kRulerHeight,
        width() - TimelineView::kHeaderWidth, height() - TimelineView::kRulerHeight);
    const TimelineLayout *layout = &m_view->layout();
    const int scroll = m_view->verticalScrollBar()->value();
    f.trackSpan = [this, layout, scroll](const QString &key, double *top, double *bottom) {
        const auto it = m_tracks.constFind(key);
        if (it == m_tracks.constEnd())
            return false;
        int row = layout->trackRow(TrackId(*it));
        if (row < 0) { // collapsed: the process header
            const int group = layout->groupOfTrack(TrackId(*it));
            row = group >= 0 ? layout->groups()[static_cast<std::size_t>(group)].headerRow : -1;
        }
        if (row < 0)
            return false;
        const TimelineRow &r = layout->rows()[static_cast<std::size_t>(row)];
        *top = TimelineView::kRulerHeight + r.y - scroll;
        *bottom = *top + r.height;
        return true;
    };
    f.font = font();
    f.palette = palette();
    f.selected = m_selected;
    return f;
}

quint64 AnnotationOverlay::annotationAt(QPointF pos) const
{
    return AnnotationPainter::annotationAt(m_items, frame(), pos);
}

void AnnotationOverlay::paintEvent(QPaintEvent *)
{
    if (m_items.empty() || !m_view->trace())
        return;
    QPainter p(this);
    AnnotationPainter::paint(p, m_items, frame());
}

} // namespace npuscope
