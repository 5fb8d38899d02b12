#pragma once

#include "analysis/compare/comparison.h"

#include <QHash>
#include <QSet>
#include <QWidget>

namespace npuscope {

class TimelineView;

// Paints over one timeline of the compare view, after the timeline itself: slices of matched
// kernels tinted faster (green) or slower (red), unmatched ones outlined ("only in base" /
// "only in new"), highlighted ones framed. Reads the timeline's draw list of the frame just
// painted, so a frame costs one hash lookup per visible slice and the timeline painter needs
// no hook.
class CompareTintOverlay : public QWidget {
    Q_OBJECT

public:
    explicit CompareTintOverlay(TimelineView *view);

    // Keys: KernelJoin::key(event).
    void setTints(QHash<quint64, MatchChange> tints);
    void setHighlighted(QSet<quint64> events);
    const QHash<quint64, MatchChange> &tints() const { return m_tints; }
    const QSet<quint64> &highlighted() const { return m_highlighted; }
    int paintedTints() const { return m_painted; } // slices tinted in the last frame (tests)

    static QColor tintColor(MatchChange change);

protected:
    void paintEvent(QPaintEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    TimelineView *m_view;
    QHash<quint64, MatchChange> m_tints;
    QSet<quint64> m_highlighted;
    int m_painted = 0;
};

} // namespace npuscope
