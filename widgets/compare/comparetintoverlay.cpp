#include "widgets/compare/comparetintoverlay.h"

#include "model/profile/profile.h"
#include "widgets/timeline/timelineview.h"

#include <QEvent>
#include <QPainter>

namespace npuscope {

CompareTintOverlay::CompareTintOverlay(TimelineView *view)
    : QWidget(view->viewport())
    , m_view(view)
{
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setGeometry(view->viewport()->rect());
    view->viewport()->installEventFilter(this);
    show();
}

void CompareTintOverlay::setTints(QHash<quint64, MatchChange> tints)
{
    m_tints = std::move(tints);
    update();
}

void CompareTintOverlay::setHighlighted(QSet<quint64> events)
{
    m_highlighted = std::move(events);
    update();
}

QColor CompareTintOverlay::tintColor(MatchChange change)
{
    switch (change) {
    case MatchChange::Slower:
        return QColor(229, 57, 53);
    case MatchChange::Faster:
        return QColor(67, 160, 71);
    case MatchChange::OnlyBase:
    case MatchChange::OnlyNew:
        return QColor(142, 36, 170, 230);
    case MatchChange::Same:
        break;
    }
    return QColor(0, 0, 0, 0);
}

bool CompareTintOverlay::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        setGeometry(m_view->viewport()->rect());
    return QWidget::eventFilter(watched, event);
}

void CompareTintOverlay::paintEvent(QPaintEvent *)
{
    m_painted = 0;
    if (m_tints.isEmpty() && m_highlighted.isEmpty())
        return;
    QPainter p(this);
    const QPointF origin(TimelineView::kHeaderWidth, TimelineView::kRulerHeight);
    p.setClipRect(QRectF(origin, QSizeF(width() - origin.x(), height() - origin.y())));
    for (const TimelineDrawList::Slice &s : m_view->drawList().slices()) {
        if (s.count != 1 || !s.event.isValid() || s.summary)
            continue;
        const quint64 key = KernelJoin::key(s.event);
        const QRectF r(origin.x() + s.x, origin.y() + s.y, std::max(1.0f, s.w), s.h);
        const auto it = m_tints.constFind(key);
        if (it != m_tints.cend() && *it != MatchChange::Same) {
            ++m_painted;
            if (*it == MatchChange::OnlyBase || *it == MatchChange::OnlyNew) {
                // Unmatched: a dashed frame and a diagonal hatch, so it reads without colour.
                p.setPen(QPen(tintColor(*it), 2, Qt::DashLine));
                p.setBrush(QBrush(tintColor(*it), Qt::BDiagPattern));
                p.drawRect(r.adjusted(1, 1, -1, -1));
            } else {
                // A wash over the slice and a solid bar under it: kernel colours include reds
                // and greens, the bar reads whatever the slice colour.
                QColor wash = tintColor(*it);
                wash.setAlpha(90);
                p.fillRect(r, wash);
                p.fillRect(
                    QRectF(r.left(), r.bottom() - 3, r.width(), 3), tintColor(*it).darker(110));
            }
        }
        if (m_highlighted.contains(key)) {
            p.setPen(QPen(QColor(255, 193, 7), 3));
            p.setBrush(Qt::NoBrush);
            p.drawRect(r.adjusted(-1, -1, 1, 1));
        }
    }
}

} // namespace npuscope
