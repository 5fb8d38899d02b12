#pragma once

#include "model/annotations/annotations.h"
#include "widgets/timeline/timeaxis.h"

#include <QFont>
#include <QHash>
#include <QLineF>
#include <QPalette>
#include <QRectF>

#include <functional>
#include <vector>

class QPainter;

namespace npuscope {

class Trace;

// Where annotations land: the time axis and the vertical span of each track, in the painter's
// coordinates. The timeline view and the image export lay tracks out differently (the export
// stacks only the tracks asked for), so the track lookup is a function.
struct AnnotationFrame {
    TimeAxis axis;
    QRectF area; // the time area: axis pixel 0 is at area.left(); annotations are clipped to it
    // Top and bottom (painter y) of a track named by annotationTrackKey(); false when not shown.
    std::function<bool(const QString &trackKey, double *top, double *bottom)> trackSpan;
    QFont font;
    QPalette palette;
    quint64 selected = 0; // drawn with a heavier outline
};

// Draws annotations over a timeline (notes, ranges, boxes, arrows with their labels) and finds
// the one under a point. Shared by the timeline overlay and the export so that both look alike.
class AnnotationPainter {
public:
    // The pieces of one annotation on screen.
    struct Shape {
        bool visible = false;
        QRectF body; // range band, box outline, note pin; empty for an arrow
        QLineF line; // arrow shaft, note pin line
        QRectF label; // label box; empty when there is no text
    };

    static Shape shape(const Annotation &a, const AnnotationFrame &frame);
    static void paint(
        QPainter &p, const std::vector<Annotation> &items, const AnnotationFrame &frame);
    // Id of the topmost annotation under `pos` (labels first), or 0.
    static quint64 annotationAt(
        const std::vector<Annotation> &items, const AnnotationFrame &frame, QPointF pos);

    // annotationTrackKey() -> Trace::tracks index, for AnnotationFrame::trackSpan.
    static QHash<QString, std::uint32_t> trackIndex(const Trace &trace);

private:
    static void paintOne(QPainter &p, const Annotation &a, const AnnotationFrame &frame);
};

} // namespace npuscope
