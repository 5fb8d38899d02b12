#pragma once

#include "model/core/types.h"
#include "widgets/common/metatypes.h"
#include "widgets/timeline/timeaxis.h"
#include "widgets/timeline/timelinearrangementcontrol.h"
#include "widgets/timeline/timelinecolors.h"
#include "widgets/timeline/timelinecounterindex.h"
#include "widgets/timeline/timelinedepthindex.h"
#include "widgets/timeline/timelinedrawlist.h"
#include "widgets/timeline/timelinegapoverlay.h"
#include "widgets/timeline/timelinelayout.h"
#include "widgets/timeline/timelinepainter.h"
#include "widgets/timeline/timelinesearchcontrol.h"
#include "widgets/timeline/timelinezoomcontrol.h"

#include <QAbstractScrollArea>
#include <QImage>
#include <QMetaType>
#include <QSet>

#include <memory>
#include <utility>
#include <vector>

class QMenu;

namespace npuscope {

class Trace;
struct RankProfile;

// The zoomable multi-stream timeline: process groups of slice tracks and counter charts under a
// time ruler. Holds the trace read-only; every frame builds a TimelineDrawList (O(pixels) with
// level of detail) and paints it with TimelinePainter.
class TimelineView : public QAbstractScrollArea {
    Q_OBJECT

public:
    static constexpr int kHeaderWidth = 220;
    static constexpr int kRulerHeight = 26;

    explicit TimelineView(QWidget *parent = nullptr);
    ~TimelineView() override;

    void setTrace(std::shared_ptr<const Trace> trace);
    const std::shared_ptr<const Trace> &trace() const { return m_trace; }

    // The visible range, its limits, the zoom history and the range selection live in a
    // TimelineZoomControl: the view's own, or one shared with other views (null: back to its
    // own). The view's times are the control's plus timeOffset().
    void setZoomControl(TimelineZoomControl *control);
    TimelineZoomControl *zoomControl() const { return m_zoom; }
    void setTimeOffset(TimeNs offset);
    TimeNs timeOffset() const { return m_offset; }

    // Visible time range, absolute ns. setVisibleRange records the old range in the zoom
    // history so that Backspace goes back to it.
    void setVisibleRange(TimeNs start, TimeNs end);
    std::pair<TimeNs, TimeNs> visibleRange() const { return { m_axis.start(), m_axis.end() }; }
    const TimeAxis &axis() const { return m_axis; }

    // Ruler labels are relative to this time (default: the trace's first event; a step start).
    void setTimeOrigin(TimeNs origin);
    TimeNs timeOrigin() const { return m_axis.origin(); }

    // Selects a slice (an invalid ref clears); with `reveal`, expands its process, scrolls to
    // its track and brings it into the visible range.
    void selectEvent(EventRef ref, bool reveal = true);
    EventRef selectedEvent() const { return m_selected; }

    // The shift+drag range selection.
    void setSelectedRange(TimeNs start, TimeNs end);
    void clearSelectedRange();
    bool hasSelectedRange() const { return m_zoom->hasSelection(); }
    std::pair<TimeNs, TimeNs> selectedRange() const
    {
        const auto [start, end] = m_zoom->selection();
        return { start + m_offset, end + m_offset };
    }

    // Idle intervals painted on the device stream tracks (hatched) and in a "Device idle" row:
    // findGaps' streamGaps and deviceGaps, while the overlay is visible (default on).
    TimelineGapOverlay *gapOverlay() const { return m_gaps; }

    void setColorMode(TimelineColorMode mode);
    TimelineColorMode colorMode() const { return m_colors.mode(); }
    // The kernels of the rank shown, for TimelineColorMode::AcceleratorCore (classified when
    // that mode is first used). Null: the mode colours by category only.
    void setKernelSource(std::shared_ptr<const RankProfile> rank);

    // Pinned tracks are shown first, in a "Pinned" group, in the order they were pinned.
    void setTrackPinned(TrackId track, bool pinned);
    bool isTrackPinned(TrackId track) const;
    const std::vector<std::uint32_t> &pinnedTracks() const { return m_pinnedTracks; }

    // Process groups by TimelineLayout group index.
    void setGroupCollapsed(int group, bool collapsed);
    // Tracks deeper than TimelineLayout::kDefaultDepthCap show the cap and "+N levels" in
    // the header; clicking it (or the header's context menu) expands the track to every level.
    // The choice is kept by track name in the arrangement, for the next trace shown.
    void setTrackExpanded(TrackId track, bool expanded);
    bool isTrackExpanded(TrackId track) const;
    const TimelineLayout &layout() const { return m_layout; }

    // The user's arrangement: order, hidden items, collapsed groups and expanded tracks, by name,
    // so it is kept across traces (ranks, a reload), with its undo history. Headers are dragged
    // to reorder (a process among processes, a track within its process); the header menu
    // hides, shows again, undoes and resets (timelineviewarrangement.cpp). The control's
    // edited() signals every change by the user, to be saved.
    TimelineArrangementControl *arrangementControl() const { return m_arrangement; }

    // Search by event name (Ctrl+F opens the find bar). Matches are outlined on the timeline;
    // the control's findNext / findPrevious select and reveal them in start order, wrapping.
    TimelineSearchControl *searchControl() const { return m_search; }

    void zoomToFit(); // Ctrl+0: the whole trace
    // How far zoom and pan may go (setTrace sets the trace's extent). Compare mode widens it so
    // that two traces of different lengths share one axis.
    void setTimeLimits(TimeNs start, TimeNs end);
    bool undoZoom(); // Backspace; false when the history is empty
    bool isHelpVisible() const { return m_showHelp; }

    // The draw list of the last painted frame (for tests and hit testing).
    const TimelineDrawList &drawList() const { return m_drawList; }

    // Paints the current view at `size` (logical pixels), e.g. for export or tests.
    QImage renderToImage(QSize size, qreal devicePixelRatio = 1.0);
    void render(QPainter &painter, QSize size);

signals:
    void eventSelected(npuscope::EventRef ref);
    void visibleRangeChanged(npuscope::TimeNs start, npuscope::TimeNs end);
    void rangeSelected(npuscope::TimeNs start, npuscope::TimeNs end);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void leaveEvent(QEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    bool event(QEvent *event) override;

private:
    enum class Drag { None, Pan, Range, Header };

    void rebuildLayout();
    void updateScrollBar();
    void setAxisRange(TimeNs start, TimeNs end);
    void syncAxis(); // m_axis from the zoom control
    void pushZoom(bool burst);
    void zoomAt(double factor, double x);
    void panBy(double dx);
    void fitSelection();
    void followFlow(bool forward);
    void revealEvent(EventRef ref);
    bool handleNavigationKey(QKeyEvent *event);
    TimelineDrawList::Frame frame(const TimeAxis &axis, int viewHeight);
    TimelineScene scene(const TimelineDrawList &list, const TimeAxis &axis, QSize size) const;
    double timeX(const QPoint &pos) const; // x in the time area
    double anchorX() const; // mouse x in the time area, or its centre
    QPointF toDrawList(const QPoint &pos) const;
    void updateHover(const QPoint &pos);
    int headerRowAt(const QPoint &pos) const; // layout row under a header-column point, or -1
    void headerClicked(int row);
    // Where a header dragged from m_dragRow would drop at `pos`: the key to move and the key to
    // put it before (empty: the end); *lineY the viewport y of the drop line. False: nowhere.
    bool dropTarget(const QPoint &pos, QString *key, QString *before, int *lineY) const;
    void addHeaderActions(QMenu &menu, int row); // Hide, then the arrangement's actions
    void layoutSearchBar();

    std::shared_ptr<const Trace> m_trace;
    TimelineLayout m_layout;
    TimelineColors m_colors;
    std::shared_ptr<const RankProfile> m_kernelRank; // for the AcceleratorCore colours
    bool m_coreClassesBuilt = false;
    TimelineLegend m_coreLegend;
    std::vector<std::uint32_t> m_pinnedTracks;
    TimelineDepthIndex m_depths;
    TimelineCounterIndex m_counterIndex;
    TimelineDrawList m_drawList;
    TimelinePainter m_painter;
    TimeAxis m_axis;
    TimelineArrangementControl *m_arrangement = nullptr;
    int m_dragRow = -1; // the header row dragged (Drag::Header)
    int m_dropLineY = -1; // viewport y of the drop line while dragging a header
    TimelineZoomControl *m_ownZoom = nullptr;
    TimelineZoomControl *m_zoom = nullptr; // m_ownZoom or a shared one
    TimeNs m_offset = 0; // view time = zoom control time + m_offset
    EventRef m_selected;
    Drag m_drag = Drag::None;
    QPoint m_pressPos;
    QPoint m_lastDragPos;
    TimeNs m_rangeAnchor = 0;
    bool m_dragged = false;
    QPoint m_mousePos { -1, -1 };
    int m_hoverRow = -1;
    bool m_showHelp = false;
    TimelineSearchControl *m_search = nullptr;
    TimelineGapOverlay *m_gaps = nullptr;
};

} // namespace npuscope
