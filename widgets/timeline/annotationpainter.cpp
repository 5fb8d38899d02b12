#include "widgets/timeline/annotationpainter.h"

#include "model/core/trace.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace npuscope {

namespace {

    constexpr double kLabelPad = 4; // text to label frame
    constexpr double kLabelMaxWidth = 320; // longer labels are elided
    constexpr double kPinRadius = 4;
    constexpr double kArrowHead = 9;
    constexpr double kHitSlop = 4; // px around thin lines that still count as a hit
    constexpr int kRangeFillAlpha = 38;
    // Pixels beyond the area kept as is: QPainter misbehaves far outside the device.
    constexpr double kFar = 4000;

    QColor colorOf(const Annotation &a)
    {
        const QColor c(a.color);
        return c.isValid() ? c : QColor(Annotation().color);
    }

    double clampX(const AnnotationFrame &f, double x)
    {
        return std::clamp(x, f.area.left() - kFar, f.area.right() + kFar);
    }

    double xOf(const AnnotationFrame &f, TimeNs t)
    {
        return clampX(f, f.area.left() + f.axis.toPixel(t));
    }

    // Vertical span of a list of tracks (first..last shown), or false when none is shown.
    bool span(const AnnotationFrame &f, const QStringList &tracks, double *top, double *bottom)
    {
        bool any = false;
        for (const QString &key : tracks) {
            double t = 0;
            double b = 0;
            if (!f.trackSpan || !f.trackSpan(key, &t, &b))
                continue;
            *top = any ? std::min(*top, t) : t;
            *bottom = any ? std::max(*bottom, b) : b;
            any = true;
        }
        return any;
    }

    QString labelText(const Annotation &a, const QFontMetricsF &fm)
    {
        return fm.elidedText(a.text.simplified(), Qt::ElideRight, kLabelMaxWidth);
    }

    // A label box whose top-left is at `at`, moved inside the area when it can be.
    QRectF labelBox(
        const AnnotationFrame &f, const QFontMetricsF &fm, const QString &text, QPointF at)
    {
        if (text.isEmpty())
            return {};
        QRectF r(at, QSizeF(fm.horizontalAdvance(text) + 2 * kLabelPad, fm.height() + 2));
        if (r.right() > f.area.right())
            r.moveRight(f.area.right());
        if (r.left() < f.area.left())
            r.moveLeft(f.area.left());
        if (r.bottom() > f.area.bottom())
            r.moveBottom(f.area.bottom());
        if (r.top() < f.area.top())
            r.moveTop(f.area.top());
        return r;
    }

    double distanceToSegment(QPointF p, const QLineF &l)
    {
        const QPointF d = l.p2() - l.p1();
        const double len2 = d.x() * d.x() + d.y() * d.y();
        const double t
            = len2 > 0 ? std::clamp(QPointF::dotProduct(p - l.p1(), d) / len2, 0.0, 1.0) : 0.0;
        const QPointF c = l.p1() + t * d;
        return std::hypot(p.x() - c.x(), p.y() - c.y());
    }

} // namespace

QHash<QString, std::uint32_t> AnnotationPainter::trackIndex(const Trace &trace)
{
    QHash<QString, std::uint32_t> index;
    for (std::uint32_t i = 0; i < trace.tracks.size(); ++i)
        index.insert(annotationTrackKey(trace.tracks[i]), i); // a repeated name: the last wins
    return index;
}

AnnotationPainter::Shape AnnotationPainter::shape(const Annotation &a, const AnnotationFrame &f)
{
    Shape s;
    const QFontMetricsF fm(f.font);
    const QString text = labelText(a, fm);
    const double x0 = xOf(f, a.start);
    const double x1 = xOf(f, a.end);
    double top = f.area.top();
    double bottom = f.area.bottom();
    switch (a.kind) {
    case AnnotationKind::Note: {
        const bool onTrack = span(f, a.tracks.mid(0, 1), &top, &bottom);
        if (!onTrack && !a.tracks.isEmpty())
            return s; // its track is filtered out or collapsed away
        s.line = QLineF(x0, top, x0, bottom);
        s.body = QRectF(x0 - kPinRadius, top, 2 * kPinRadius, 2 * kPinRadius);
        s.label = labelBox(f, fm, text, QPointF(x0 + kPinRadius + 2, top));
        s.visible = x0 >= f.area.left() - kPinRadius && x0 <= f.area.right() + kPinRadius;
        break;
    }
    case AnnotationKind::Range:
        s.body = QRectF(QPointF(std::min(x0, x1), top), QPointF(std::max(x0, x1), bottom));
        s.label
            = labelBox(f, fm, text, QPointF(std::max(s.body.left(), f.area.left()) + 2, top + 2));
        s.visible = s.body.right() >= f.area.left() && s.body.left() <= f.area.right();
        break;
    case AnnotationKind::Box:
        if (!span(f, a.tracks, &top, &bottom))
            return s;
        s.body = QRectF(
            QPointF(std::min(x0, x1) - 2, top + 1), QPointF(std::max(x0, x1) + 2, bottom - 1));
        s.label = labelBox(f, fm, text, QPointF(s.body.left(), s.body.top() - fm.height() - 3));
        s.visible = s.body.intersects(f.area);
        break;
    case AnnotationKind::Arrow: {
        double t0 = 0;
        double b0 = 0;
        double t1 = 0;
        double b1 = 0;
        const QString from = a.tracks.value(0);
        const QString to = a.tracks.value(1, from);
        const bool hasFrom = !from.isEmpty() && span(f, { from }, &t0, &b0);
        const bool hasTo = !to.isEmpty() && span(f, { to }, &t1, &b1);
        if ((!from.isEmpty() && !hasFrom) || (!to.isEmpty() && !hasTo))
            return s;
        const double y0 = hasFrom ? (t0 + b0) / 2 : f.area.top() + fm.height() * 2;
        const double y1 = hasTo ? (t1 + b1) / 2 : y0;
        s.line = QLineF(x0, y0, x1, y1);
        s.label = labelBox(f, fm, text, QPointF(x0 + 3, y0 - fm.height() - 4));
        s.visible = QRectF(s.line.p1(), s.line.p2())
                        .normalized()
                        .adjusted(-1, -1, 1, 1)
                        .intersects(f.area);
        break;
    }
    }
    return s;
}

void AnnotationPainter::paint(
    QPainter &p, const std::vector<Annotation> &items, const AnnotationFrame &f)
{
    p.save();
    p.setClipRect(f.area);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setFont(f.font);
    // Ranges first: their bands are the background of everything else.
    for (const Annotation &a : items)
        if (a.kind == AnnotationKind::Range)
            paintOne(p, a, f);
    for (const Annotation &a : items)
        if (a.kind != AnnotationKind::Range)
            paintOne(p, a, f);
    p.restore();
}

void AnnotationPainter::paintOne(QPainter &p, const Annotation &a, const AnnotationFrame &f)
{
    const Shape s = shape(a, f);
    if (!s.visible)
        return;
    const QColor color = colorOf(a);
    const double width = a.id != 0 && a.id == f.selected ? 3.0 : 2.0;
    QPen pen(color, width);
    switch (a.kind) {
    case AnnotationKind::Note:
        p.setPen(QPen(color, 1.5, Qt::DashLine));
        p.drawLine(s.line);
        p.setPen(QPen(color.darker(130), 1));
        p.setBrush(color);
        p.drawEllipse(s.body);
        break;
    case AnnotationKind::Range: {
        QColor fill = color;
        fill.setAlpha(kRangeFillAlpha);
        p.fillRect(s.body, fill);
        p.setPen(QPen(color, width / 2 + 0.5));
        p.drawLine(QLineF(s.body.topLeft(), s.body.bottomLeft()));
        p.drawLine(QLineF(s.body.topRight(), s.body.bottomRight()));
        break;
    }
    case AnnotationKind::Box:
        p.setPen(pen);
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(s.body, 3, 3);
        break;
    case AnnotationKind::Arrow: {
        p.setPen(pen);
        p.drawLine(s.line);
        if (s.line.length() > 1) {
            const double angle = std::atan2(s.line.dy(), s.line.dx());
            const QPointF tip = s.line.p2();
            QPainterPath head;
            head.moveTo(tip);
            head.lineTo(tip - QPointF(std::cos(angle - 0.45), std::sin(angle - 0.45)) * kArrowHead);
            head.lineTo(tip - QPointF(std::cos(angle + 0.45), std::sin(angle + 0.45)) * kArrowHead);
            head.closeSubpath();
            p.fillPath(head, color);
        }
        break;
    }
    }
    if (s.label.isEmpty())
        return;
    QColor background = f.palette.color(QPalette::Base);
    background.setAlpha(235);
    p.setPen(QPen(color, width / 2 + 0.5));
    p.setBrush(background);
    p.drawRoundedRect(s.label, 3, 3);
    p.setPen(f.palette.color(QPalette::Text));
    p.drawText(s.label.adjusted(kLabelPad, 0, -kLabelPad + 1, 0), Qt::AlignVCenter | Qt::AlignLeft,
        labelText(a, QFontMetricsF(f.font)));
}

quint64 AnnotationPainter::annotationAt(
    const std::vector<Annotation> &items, const AnnotationFrame &f, QPointF pos)
{
    if (!f.area.contains(pos))
        return 0;
    // Labels and outlines are what a user aims at; a range's band only counts at its label or
    // edges so that clicks inside it still reach the slices underneath.
    for (auto it = items.rbegin(); it != items.rend(); ++it) {
        const Shape s = shape(*it, f);
        if (!s.visible)
            continue;
        if (s.label.adjusted(-1, -1, 1, 1).contains(pos))
            return it->id;
        switch (it->kind) {
        case AnnotationKind::Note:
            if (s.body.adjusted(-kHitSlop, -kHitSlop, kHitSlop, kHitSlop).contains(pos)
                || distanceToSegment(pos, s.line) <= kHitSlop)
                return it->id;
            break;
        case AnnotationKind::Range:
            if (std::abs(pos.x() - s.body.left()) <= kHitSlop
                || std::abs(pos.x() - s.body.right()) <= kHitSlop)
                return it->id;
            break;
        case AnnotationKind::Box: {
            const QRectF outer = s.body.adjusted(-kHitSlop, -kHitSlop, kHitSlop, kHitSlop);
            const QRectF inner = s.body.adjusted(kHitSlop, kHitSlop, -kHitSlop, -kHitSlop);
            if (outer.contains(pos) && !inner.contains(pos))
                return it->id;
            break;
        }
        case AnnotationKind::Arrow:
            if (distanceToSegment(pos, s.line) <= kHitSlop)
                return it->id;
            break;
        }
    }
    return 0;
}

} // namespace npuscope
