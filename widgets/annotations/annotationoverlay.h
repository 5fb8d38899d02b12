#pragma once

#include "model/annotations/annotations.h"
#include "widgets/timeline/annotationpainter.h"

#include <QHash>
#include <QWidget>

#include <vector>

namespace npuscope {

class TimelineView;

// Draws annotations over a TimelineView without changing it: a transparent child of its
// viewport that follows its axis, layout and scroll position (so annotations move with zoom
// and pan). Mouse events pass through to the timeline.
class AnnotationOverlay : public QWidget {
    Q_OBJECT

public:
    explicit AnnotationOverlay(TimelineView *view);

    void setAnnotations(std::vector<Annotation> items); // of the rank shown
    const std::vector<Annotation> &annotations() const { return m_items; }
    void setSelected(quint64 id);

    // The geometry the overlay paints with, in viewport coordinates.
    AnnotationFrame frame() const;
    // Id of the annotation under a viewport point, or 0.
    quint64 annotationAt(QPointF pos) const;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void refreshTracks();

    TimelineView *m_view;
    std::vector<Annotation> m_items;
    quint64 m_selected = 0;
    QHash<QString, std::uint32_t> m_tracks; // annotationTrackKey -> track index
    const void *m_tracksOf = nullptr; // the trace m_tracks was built for
};

} // namespace npuscope
