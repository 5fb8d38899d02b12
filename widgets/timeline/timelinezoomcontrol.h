#pragma once

#include "model/core/types.h"
#include "widgets/timeline/timeaxis.h"
#include "widgets/timeline/timelinezoomhistory.h"

#include <QObject>

#include <utility>

namespace npuscope {

// The visible time range, its limits, the zoom history and the range selection of one or more
// timelines (after Qt Creator's TimelineZoomControl). A TimelineView changes them through it and
// repaints on its signals; the compare window's two panes share one control, so zooming, panning,
// Backspace and a range selection in either pane move both. Times are on the control's clock; a
// view adds its own offset (TimelineView::setTimeOffset), which lines up two runs' clocks.
class TimelineZoomControl : public QObject {
    Q_OBJECT

public:
    using Range = std::pair<TimeNs, TimeNs>;

    explicit TimelineZoomControl(QObject *parent = nullptr);

    TimeNs start() const { return m_axis.start(); }
    TimeNs end() const { return m_axis.end(); }
    Range range() const { return { start(), end() }; }
    bool hasLimits() const { return m_axis.hasLimits(); }
    TimeNs limitStart() const { return m_axis.limitStart(); }
    TimeNs limitEnd() const { return m_axis.limitEnd(); }

    // Sets the range, clamped to TimeAxis::kMinSpan and the limits (as TimeAxis does).
    void setRange(TimeNs start, TimeNs end);
    // setRange after recording the current range in the history (Backspace goes back to it);
    // `burst`: a step of a continuous gesture (wheel notches), recorded once.
    void zoomTo(TimeNs start, TimeNs end, bool burst = false);
    void pushHistory(bool burst);
    bool undo(); // false when the history is empty
    void clearHistory();
    std::size_t historySize() const { return m_history.size(); }

    void setLimits(TimeNs start, TimeNs end); // re-clamps the range
    void clearLimits();

    // The shift+drag range selection.
    void setSelection(TimeNs start, TimeNs end);
    void clearSelection();
    bool hasSelection() const { return m_hasSelection; }
    Range selection() const { return { m_selectionStart, m_selectionEnd }; }

signals:
    void rangeChanged(npuscope::TimeNs start, npuscope::TimeNs end);
    void limitsChanged();
    void selectionChanged();

private:
    void apply(const TimeAxis &axis);

    TimeAxis m_axis; // its width and origin are not used
    TimelineZoomHistory m_history;
    bool m_hasSelection = false;
    TimeNs m_selectionStart = 0;
    TimeNs m_selectionEnd = 0;
};

} // namespace npuscope
