#include "widgets/timeline/timelinedrawlist.h"

#include "model/core/trace.h"
#include "widgets/timeline/timelinecolors.h"
#include "widgets/timeline/timelinecounterindex.h"
#include "widgets/timeline/timelinedepthindex.h"
#include "widgets/timeline/timelinelayout.h"
#include "widgets/timeline/timelineoccupancy.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace npuscope {

namespace {

    // Slices are clipped a little outside the time area so that their edges never show, while
    // coordinates stay small (QPainter misbehaves with coordinates far beyond the device).
    constexpr double kClipMargin = 2.0;
    // A slice is drawn at least this wide so that a lone 10 ns kernel stays visible.
    constexpr double kMinSliceWidth = 1.0;
    // Counter charts leave a little air above their maximum.
    constexpr float kCounterPadding = 3.0f;

} // namespace

void TimelineDrawList::clear()
{
    m_slices.clear();
    m_coverage.clear();
    m_columns.clear();
    m_plots.clear();
    m_flows.clear();
    m_gaps.clear();
    m_hasSelection = false;
    m_selectionRect = {};
    m_pending = {};
}

void TimelineDrawList::build(const Frame &frame)
{
    clear();
    m_frame = frame;
    if (!frame.trace || !frame.layout || !frame.colors || !frame.depths)
        return;
    const TimelineLayout &layout = *frame.layout;
    const auto &rows = layout.rows();
    for (std::size_t r
         = static_cast<std::size_t>(std::max(0, layout.rowAt(std::max(0, frame.scrollY))));
         r < rows.size(); ++r) {
        const TimelineRow &row = rows[r];
        if (row.y >= frame.scrollY + frame.viewHeight)
            break;
        const double top = row.y - frame.scrollY;
        switch (row.kind) {
        case TimelineRowKind::Process: {
            const TimelineGroup &group = layout.groups()[static_cast<std::size_t>(row.group)];
            if (group.collapsed)
                for (std::uint32_t t : group.tracks)
                    addTrack(t, top + 4, 0, true);
            break;
        }
        case TimelineRowKind::Track:
            if (const auto *gaps = frame.gaps.stream; gaps && !gaps->empty()) {
                const auto lo = std::lower_bound(gaps->begin(), gaps->end(), row.index,
                    [](const Gap &g, std::uint32_t v) { return g.track.value < v; });
                const auto hi = std::upper_bound(lo, gaps->end(), row.index,
                    [](std::uint32_t v, const Gap &g) { return v < g.track.value; });
                if (lo != hi)
                    addGaps(&*lo, &*lo + (hi - lo), top, row.height, false);
            }
            addTrack(row.index, TimelineLayout::sliceTop(row, 0) - frame.scrollY, row.depth, false);
            break;
        case TimelineRowKind::Counter:
            addCounter(row);
            break;
        case TimelineRowKind::DeviceIdle:
            if (const auto *gaps = frame.gaps.device)
                addGaps(gaps->data(), gaps->data() + gaps->size(), top + 2, row.height - 4, true);
            break;
        }
    }
    addSelection();
    addFlows();
}

void TimelineDrawList::addTrack(std::uint32_t track, double top, int maxDepth, bool summary)
{
    const double height
        = summary ? TimelineLayout::kProcessHeight - 8 : TimelineLayout::kSliceHeight;
    for (int depth = 0; depth <= maxDepth; ++depth) {
        const double y = top + depth * TimelineLayout::kSliceHeight;
        if (y + height < 0)
            continue;
        if (y >= m_frame.viewHeight)
            break;
        addDepth(TrackId(track), depth, y, height, summary);
    }
}

void TimelineDrawList::addDepth(TrackId track, int depth, double top, double height, bool summary)
{
    m_sliceTop = top;
    m_sliceHeight = height;
    m_summary = summary;
    const TimelineDepthSequence seq = m_frame.depths->sequence(track, depth);
    if (seq.size() == 0)
        return;
    m_seq = &seq;
    const TimeAxis &axis = m_frame.axis;
    const auto maxResolution = static_cast<TimeNs>(axis.nsPerPixel() * kLodPx);
    if (const LodLevel *level = m_frame.trace->lodLevel(track, depth, maxResolution))
        addRuns(track, *level, seq);
    else
        walkEvents(track, seq, axis.start(), axis.end());
    flush();
    m_seq = nullptr;
}

// Zoomed out: the model's runs, each one block. Runs merge by gap, not by width, so a run of
// back-to-back kernels can be wide; such a run is opened and its events walked instead.
void TimelineDrawList::addRuns(
    TrackId track, const LodLevel &level, const TimelineDepthSequence &seq)
{
    const TimeAxis &axis = m_frame.axis;
    const auto &runs = level.runs;
    auto it = std::partition_point(
        runs.begin(), runs.end(), [&](const LodRun &r) { return r.end < axis.start(); });
    for (; it != runs.end() && it->start <= axis.end(); ++it) {
        const double x0 = axis.toPixel(it->start);
        const double x1 = axis.toPixel(it->end);
        if (it->count > 1 && x1 - x0 >= kFoldPx)
            walkEvents(
                track, seq, std::max(it->start, axis.start()), std::min(it->end, axis.end()));
        else
            push(x0, x1, it->count, { track, it->first }, it->count > 1 || x1 - x0 < kFoldPx);
    }
}

// Events of one depth overlapping [t0, t1]: wide ones one by one, narrow neighbours folded into
// blocks. Each fold step jumps (binary search) at least kFoldPx ahead, so the cost is
// O(pixels / kFoldPx * log n) whatever the number of events (Tracy's DrawZoneLevel).
void TimelineDrawList::walkEvents(
    TrackId track, const TimelineDepthSequence &seq, TimeNs t0, TimeNs t1)
{
    const TimeAxis &axis = m_frame.axis;
    const auto foldNs = static_cast<TimeNs>(std::ceil(kFoldPx * axis.nsPerPixel()));
    const std::size_t n = seq.firstStartingAfter(t1);
    std::size_t i = seq.firstEndingAtOrAfter(t0, 0, n);
    while (i < n) {
        const Event &e = seq.at(i);
        const double x0 = axis.toPixel(e.start);
        if (axis.toPixel(e.end()) - x0 >= kFoldPx) {
            push(x0, axis.toPixel(e.end()), 1, { track, seq.eventIndex(i) }, false);
            ++i;
            continue;
        }
        const std::size_t first = i++;
        TimeNs blockEnd = e.end();
        while (i < n) {
            const std::size_t j = seq.firstEndingAtOrAfter(blockEnd + foldNs, i, n);
            if (j > i) {
                blockEnd = std::max(blockEnd, seq.at(j - 1).end());
                i = j;
                if (i >= n)
                    break;
            }
            const Event &next = seq.at(i);
            const double nx0 = axis.toPixel(next.start);
            if (axis.toPixel(next.end()) - nx0 >= kFoldPx
                || nx0 - axis.toPixel(blockEnd) >= kFoldPx)
                break;
            blockEnd = std::max(blockEnd, next.end());
            ++i;
        }
        push(x0, axis.toPixel(blockEnd), static_cast<std::uint32_t>(i - first),
            { track, seq.eventIndex(first) }, true);
    }
}

// Neighbouring narrow items (LOD runs or folded blocks) closer than kFoldPx merge, so a depth
// yields at most about width / kFoldPx items.
void TimelineDrawList::push(
    double x0, double x1, std::uint32_t count, EventRef first, bool mergeable)
{
    Pending &p = m_pending;
    if (p.active && p.mergeable && mergeable && x0 - p.x1 < kFoldPx) {
        p.x1 = std::max(p.x1, x1);
        p.count += count;
        return;
    }
    flush();
    p = { true, mergeable, x0, x1, count, first };
}

void TimelineDrawList::flush()
{
    Pending &p = m_pending;
    if (!p.active)
        return;
    p.active = false;
    const double width = m_frame.axis.width();
    // Events touching the range only at an edge (ending exactly at its start) show nothing.
    if (p.x0 >= width || std::max(p.x1, p.x0 + kMinSliceWidth) <= 0)
        return;
    const double x0 = std::max(p.x0, -kClipMargin);
    const double x1 = std::min(std::max(p.x1, p.x0 + kMinSliceWidth), width + kClipMargin);
    std::uint16_t color = m_frame.colors->colorIndex(p.first, m_frame.trace->event(p.first));
    if (p.count > 1)
        color = TimelineColors::foldedIndex(color);
    Slice slice { static_cast<float>(x0), static_cast<float>(x1 - x0),
        static_cast<float>(m_sliceTop), static_cast<float>(m_sliceHeight), p.count, p.first, color,
        m_summary };
    if (p.count > 1)
        addCoverage(slice, p.x0, std::max(p.x1, p.x0 + kMinSliceWidth));
    m_slices.push_back(slice);
}

// A folded block's pixel columns, each with the busy share of its depth: drawn solid from its
// first event to its last, the block would hide how busy the stream is and every gap in it.
void TimelineDrawList::addCoverage(Slice &slice, double x0, double x1)
{
    if (!m_seq || !m_seq->hasBusy())
        return;
    const double width = m_frame.axis.width();
    const int c0 = static_cast<int>(std::floor(std::max(x0, 0.0)));
    const int c1 = static_cast<int>(std::ceil(std::min(x1, width)));
    if (c1 <= c0)
        return;
    slice.coverX = c0;
    slice.coverFirst = static_cast<std::uint32_t>(m_coverage.size());
    slice.coverCount = static_cast<std::uint32_t>(c1 - c0);
    TimelineOccupancy::columns(*m_seq, m_frame.axis, c0, c1, &m_coverage);
}

double TimelineDrawList::inkWidth(const Slice &slice) const
{
    if (slice.coverCount == 0)
        return slice.w;
    const auto first = m_coverage.begin() + slice.coverFirst;
    return std::accumulate(first, first + slice.coverCount, 0.0);
}

void TimelineDrawList::addCounter(const TimelineRow &row)
{
    const CounterSeries &series = m_frame.trace->counters[row.index];
    const auto &times = series.times;
    if (times.empty() || series.values.size() != times.size())
        return;
    const TimeAxis &axis = m_frame.axis;
    CounterPlot plot;
    plot.counter = row.index;
    plot.top = static_cast<float>(row.y - m_frame.scrollY) + kCounterPadding;
    plot.height = static_cast<float>(row.height) - 2 * kCounterPadding;
    plot.baseline = plot.top + plot.height;
    plot.first = m_columns.size();
    const double lo = std::min(0.0, series.minValue);
    const double range = std::max(series.maxValue - lo, 1e-12);
    auto mapY = [&](double v) {
        return static_cast<float>(plot.baseline - (v - lo) / range * plot.height);
    };
    // The sample in effect at the left edge, then every sample up to the right edge, folded
    // into pixel columns (min / max per column when dense).
    std::size_t k = static_cast<std::size_t>(
        std::upper_bound(times.begin(), times.end(), axis.start()) - times.begin());
    k = k > 0 ? k - 1 : 0;
    const double width = axis.width();
    const auto visible = static_cast<std::size_t>(
        std::upper_bound(times.begin() + std::ptrdiff_t(k), times.end(), axis.end()) - times.begin()
        - std::ptrdiff_t(k));
    if (m_frame.counters && double(visible) > kDenseSamplesPerPx * width) {
        addCounterColumns(plot, k, lo, range);
        return;
    }
    CounterColumn col { -1, 0, 0, 0 };
    for (; k < times.size() && times[k] <= axis.end(); ++k) {
        const auto x = static_cast<float>(
            std::clamp(std::floor(axis.toPixel(std::max(times[k], axis.start()))), 0.0, width));
        const float y = mapY(series.values[k]);
        if (x != col.x) {
            if (col.x >= 0)
                m_columns.push_back(col);
            col = { x, y, y, y };
        } else {
            // Screen y grows downwards: the largest value has the smallest y.
            col.yMin = std::max(col.yMin, y);
            col.yMax = std::min(col.yMax, y);
            col.yLast = y;
        }
    }
    if (col.x >= 0)
        m_columns.push_back(col);
    plot.count = m_columns.size() - plot.first;
    const TimeNs last = std::max(times.back(), m_frame.trace->maxTime);
    plot.endX = static_cast<float>(std::clamp(axis.toPixel(last), 0.0, width));
    if (plot.count > 0)
        m_plots.push_back(plot);
}

void TimelineDrawList::addCounterColumns(CounterPlot plot, std::size_t k, double lo, double range)
{
    const CounterSeries &series = m_frame.trace->counters[plot.counter];
    const auto &times = series.times;
    const TimeAxis &axis = m_frame.axis;
    const double width = axis.width();
    auto mapY = [&](double v) {
        return static_cast<float>(plot.baseline - (v - lo) / range * plot.height);
    };
    // The same pixel of a sample as addCounter's, so that both paths draw the same columns.
    auto pixelOf = [&](TimeNs t) {
        return std::clamp(std::floor(axis.toPixel(std::max(t, axis.start()))), 0.0, width);
    };
    const auto stop = static_cast<std::size_t>(
        std::upper_bound(times.begin() + std::ptrdiff_t(k), times.end(), axis.end())
        - times.begin());
    while (k < stop) {
        const double x = pixelOf(times[k]);
        // The first sample of the next column: a binary search, then exact to pixelOf().
        auto end
            = static_cast<std::size_t>(std::upper_bound(times.begin() + std::ptrdiff_t(k),
                                           times.begin() + std::ptrdiff_t(stop), axis.toTime(x + 1))
                - times.begin());
        while (end < stop && pixelOf(times[end]) <= x)
            ++end;
        while (end > k + 1 && pixelOf(times[end - 1]) > x)
            --end;
        const auto [minValue, maxValue] = m_frame.counters->minMax(plot.counter, k, end);
        // Screen y grows downwards: the largest value has the smallest y.
        m_columns.push_back({ static_cast<float>(x), mapY(minValue), mapY(maxValue),
            mapY(series.values[end - 1]) });
        k = end;
    }
    plot.count = m_columns.size() - plot.first;
    const TimeNs last = std::max(times.back(), m_frame.trace->maxTime);
    plot.endX = static_cast<float>(std::clamp(axis.toPixel(last), 0.0, width));
    if (plot.count > 0)
        m_plots.push_back(plot);
}

// Gaps [first, last) sorted by start, visible ones only (binary search to the first), narrow
// neighbours merged: O(visible gaps), at most about width / kGapMergePx items per row.
void TimelineDrawList::addGaps(
    const Gap *first, const Gap *last, double top, double height, bool device)
{
    const TimeAxis &axis = m_frame.axis;
    const double width = axis.width();
    const Gap *it
        = std::partition_point(first, last, [&](const Gap &g) { return g.end <= axis.start(); });
    GapItem cur;
    bool active = false;
    TimeNs longest = 0;
    auto finish = [&] {
        if (!active)
            return;
        const double x0 = std::max(static_cast<double>(cur.x), -kClipMargin);
        const double x1 = std::min(static_cast<double>(cur.x + cur.w), width + kClipMargin);
        cur.x = static_cast<float>(x0);
        cur.w = static_cast<float>(std::max(x1 - x0, kMinSliceWidth));
        m_gaps.push_back(cur);
    };
    for (; it != last && it->start < axis.end(); ++it) {
        const double x0 = axis.toPixel(it->start);
        const double x1 = axis.toPixel(it->end);
        const double curX1 = cur.x + cur.w;
        if (active && x0 - curX1 < kGapMergePx
            && (x1 - x0 < kGapMergePx || curX1 - cur.x < kGapMergePx)) {
            cur.w = static_cast<float>(std::max(curX1, x1) - cur.x);
            cur.end = it->end;
            cur.idleNs += it->duration();
            ++cur.count;
            if (it->duration() > longest) {
                longest = it->duration();
                cur.cause = it->cause;
            }
            continue;
        }
        finish();
        active = true;
        longest = it->duration();
        cur = { static_cast<float>(x0), static_cast<float>(x1 - x0), static_cast<float>(top),
            static_cast<float>(height), 1, it->start, it->end, it->duration(), it->cause, device };
    }
    finish();
}

const TimelineDrawList::GapItem *TimelineDrawList::gapAt(QPointF p) const
{
    for (auto it = m_gaps.rbegin(); it != m_gaps.rend(); ++it)
        if (p.y() >= it->y && p.y() < it->y + it->h && p.x() >= it->x && p.x() < it->x + it->w)
            return &*it;
    return nullptr;
}

bool TimelineDrawList::eventCentre(EventRef ref, bool atEnd, QPointF *p) const
{
    const Trace &trace = *m_frame.trace;
    if (!ref.isValid() || ref.track.value >= trace.tracks.size()
        || ref.index >= trace.tracks[ref.track.value].events.size())
        return false;
    const Event &e = trace.event(ref);
    double top = 0;
    double height = 0;
    if (!m_frame.layout->sliceY(ref.track, static_cast<int>(e.depth), &top, &height))
        return false;
    *p = QPointF(
        m_frame.axis.toPixel(atEnd ? e.end() : e.start), top - m_frame.scrollY + height / 2);
    return true;
}

void TimelineDrawList::addSelection()
{
    const EventRef sel = m_frame.selected;
    QPointF start;
    if (!eventCentre(sel, false, &start))
        return;
    const Event &e = m_frame.trace->event(sel);
    double top = 0;
    double height = 0;
    m_frame.layout->sliceY(sel.track, static_cast<int>(e.depth), &top, &height);
    const double width = m_frame.axis.width();
    const double x0 = std::max(start.x(), -kClipMargin);
    const double x1
        = std::min(std::max(m_frame.axis.toPixel(e.end()), start.x() + 2.0), width + kClipMargin);
    if (x1 < x0)
        return;
    m_hasSelection = true;
    m_selectionRect = QRectF(x0, top - m_frame.scrollY, x1 - x0, height);
}

void TimelineDrawList::addFlows()
{
    const EventRef sel = m_frame.selected;
    if (!sel.isValid() || !m_hasSelection)
        return;
    const Trace &trace = *m_frame.trace;
    auto add = [&](std::uint32_t index, bool outgoing) {
        const Flow &flow = trace.flows[index];
        QPointF from;
        QPointF to;
        if (eventCentre(flow.from, false, &from) && eventCentre(flow.to, false, &to))
            m_flows.push_back({ from, to, index, outgoing });
    };
    for (std::uint32_t f : trace.flowsFrom(sel))
        add(f, true);
    for (std::uint32_t f : trace.flowsTo(sel))
        add(f, false);
}

const TimelineDrawList::Slice *TimelineDrawList::sliceAt(QPointF p) const
{
    // Exact hits first, then a pixel of slack so that 1-px slivers can be hovered too.
    for (const double slack : { 0.0, 1.0 }) {
        for (auto it = m_slices.rbegin(); it != m_slices.rend(); ++it) {
            if (p.y() >= it->y && p.y() < it->y + it->h && p.x() >= it->x - slack
                && p.x() < it->x + it->w + slack)
                return &*it;
        }
    }
    return nullptr;
}

} // namespace npuscope
