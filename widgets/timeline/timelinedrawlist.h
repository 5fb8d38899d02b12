#pragma once

#include "analysis/timeline/gaps.h"
#include "model/core/types.h"
#include "widgets/timeline/timeaxis.h"

#include <QPointF>
#include <QRectF>

#include <cstdint>
#include <vector>

namespace npuscope {

class Trace;
class TimelineColors;
class TimelineCounterIndex;
class TimelineDepthIndex;
class TimelineDepthSequence;
class TimelineLayout;
struct LodLevel;
struct TimelineRow;

// What one frame of the timeline draws, computed without painting (the Tracy habit: build a
// draw list, then draw it), so that level of detail and geometry are tested directly.
// Coordinates: x in pixels from the left of the time area, y in pixels from the top of the
// track area (content y minus the vertical scroll offset).
class TimelineDrawList {
public:
    struct Slice {
        float x = 0;
        float w = 0;
        float y = 0;
        float h = 0;
        std::uint32_t count = 1; // events folded into this block; 1 = one event
        EventRef event; // the (first) event
        std::uint16_t color = 0; // TimelineColors index
        bool summary = false; // drawn in a collapsed process header
        // Folded blocks are drawn as occupancy: the busy share of pixel columns [coverX,
        // coverX + coverCount) is coverage()[coverFirst + i]. coverCount 0: drawn solid.
        std::int32_t coverX = 0;
        std::uint32_t coverFirst = 0;
        std::uint32_t coverCount = 0;
    };
    // One pixel column of a counter chart: min / max of the values shown in it, and the value in
    // effect at its right edge. Values are mapped to y already.
    struct CounterColumn {
        float x = 0;
        float yMin = 0;
        float yMax = 0;
        float yLast = 0;
    };
    struct CounterPlot {
        std::uint32_t counter = 0;
        float top = 0;
        float height = 0;
        float baseline = 0;
        float endX = 0; // where the last value stops
        std::size_t first = 0; // range in counterColumns()
        std::size_t count = 0;
    };
    struct FlowArrow {
        QPointF from;
        QPointF to;
        std::uint32_t flow = 0;
        bool outgoing = true; // from the selected event
    };
    // Idle time of a device stream (hatched band over its track) or of the whole device (in the
    // layout's DeviceIdle row). Gaps narrower than kGapMergePx merge.
    struct GapItem {
        float x = 0;
        float w = 0;
        float y = 0;
        float h = 0;
        std::uint32_t count = 1; // gaps merged into this item
        TimeNs start = 0;
        TimeNs end = 0;
        TimeNs idleNs = 0; // sum of the merged gaps' durations
        GapCause cause = GapCause::Unknown; // of the longest merged gap
        bool device = false; // device-wide idle time
    };
    // The gaps to draw: stream gaps sorted by track, then start; device gaps by start.
    struct Gaps {
        const std::vector<Gap> *stream = nullptr;
        const std::vector<Gap> *device = nullptr;
    };
    struct Frame {
        const Trace *trace = nullptr;
        const TimelineLayout *layout = nullptr;
        const TimelineColors *colors = nullptr;
        TimelineDepthIndex *depths = nullptr;
        TimelineCounterIndex *counters = nullptr; // null: counters are folded sample by sample
        TimeAxis axis;
        int scrollY = 0;
        int viewHeight = 0;
        EventRef selected;
        Gaps gaps; // empty: no gaps drawn
    };

    // Below this width (px) events fold into "N events" blocks; Tracy's MinVisSize is 3.
    static constexpr double kFoldPx = 3.0;
    // Counters with more visible samples per pixel than this use TimelineCounterIndex.
    static constexpr double kDenseSamplesPerPx = 8.0;
    // Level of detail: runs merged over gaps up to ~2.5 px look the same as the events.
    static constexpr double kLodPx = 2.5;
    // Gaps narrower than this merge with their neighbours.
    static constexpr double kGapMergePx = 2.0;

    void build(const Frame &frame);
    void clear();

    const std::vector<Slice> &slices() const { return m_slices; }
    const std::vector<float> &coverage() const { return m_coverage; }
    // The pixels' worth of ink a slice lays down: its width, or its columns' busy shares.
    double inkWidth(const Slice &slice) const;
    const std::vector<CounterColumn> &counterColumns() const { return m_columns; }
    const std::vector<CounterPlot> &counterPlots() const { return m_plots; }
    const std::vector<FlowArrow> &flows() const { return m_flows; }
    const std::vector<GapItem> &gaps() const { return m_gaps; }
    // Topmost gap item under a point, or nullptr.
    const GapItem *gapAt(QPointF p) const;
    bool hasSelection() const { return m_hasSelection; }
    QRectF selectionRect() const { return m_selectionRect; }

    // Topmost slice under a point (draw-list coordinates), or nullptr.
    const Slice *sliceAt(QPointF p) const;

private:
    struct Pending {
        bool active = false;
        bool mergeable = false;
        double x0 = 0;
        double x1 = 0;
        std::uint32_t count = 0;
        EventRef first;
    };

    void addTrack(std::uint32_t track, double top, int maxDepth, bool summary);
    void addDepth(TrackId track, int depth, double top, double height, bool summary);
    void addRuns(TrackId track, const LodLevel &level, const TimelineDepthSequence &seq);
    void walkEvents(TrackId track, const TimelineDepthSequence &seq, TimeNs t0, TimeNs t1);
    void push(double x0, double x1, std::uint32_t count, EventRef first, bool mergeable);
    void flush();
    void addCoverage(Slice &slice, double x0, double x1);
    void addCounter(const TimelineRow &row);
    // Dense counters: one binary search and one min/max query per pixel column.
    // `k`: the sample in effect at the left edge; values map to y as in addCounter.
    void addCounterColumns(CounterPlot plot, std::size_t k, double lo, double range);
    void addGaps(const Gap *first, const Gap *last, double top, double height, bool device);
    void addSelection();
    void addFlows();
    bool eventCentre(EventRef ref, bool atEnd, QPointF *p) const;

    Frame m_frame;
    Pending m_pending;
    double m_sliceTop = 0;
    double m_sliceHeight = 0;
    bool m_summary = false;
    const TimelineDepthSequence *m_seq = nullptr; // of the depth being added
    std::vector<Slice> m_slices;
    std::vector<float> m_coverage;
    std::vector<CounterColumn> m_columns;
    std::vector<CounterPlot> m_plots;
    std::vector<FlowArrow> m_flows;
    std::vector<GapItem> m_gaps;
    bool m_hasSelection = false;
    QRectF m_selectionRect;
};

} // namespace npuscope
