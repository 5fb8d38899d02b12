#pragma once

#include "model/core/types.h"

#include <QCoreApplication>
#include <QString>

namespace npuscope {

// The time <-> pixel mapping of a timeline: a visible range [start, end] in ns drawn over
// `width` pixels, kept inside limits (the whole trace plus a margin) and never narrower than
// kMinSpan. Labels are relative to an origin (profile start or a step start). A plain value
// type so that the math is table-tested without a widget (the habit of Hotspot's TimeLineData).
class TimeAxis {
    Q_DECLARE_TR_FUNCTIONS(npuscope::TimeAxis)

public:
    // 100 ns over a full-HD width is ~0.05 ns per pixel: finer than any profiler timestamp.
    static constexpr TimeNs kMinSpan = 100;

    TimeAxis() = default;
    TimeAxis(TimeNs start, TimeNs end, int width);

    TimeNs start() const { return m_start; }
    TimeNs end() const { return m_end; }
    TimeNs span() const { return m_end - m_start; }
    int width() const { return m_width; }
    TimeNs origin() const { return m_origin; }
    TimeNs limitStart() const { return m_limitStart; }
    TimeNs limitEnd() const { return m_limitEnd; }
    bool hasLimits() const { return m_limitEnd > m_limitStart; }

    void setWidth(int width);
    void setOrigin(TimeNs origin) { m_origin = origin; }
    // Limits the range to [start, end] (widened to kMinSpan if needed), then re-clamps it.
    void setLimits(TimeNs start, TimeNs end);
    void clearLimits();
    // Sets the visible range, clamped to the minimum span and the limits.
    void setRange(TimeNs start, TimeNs end);

    double nsPerPixel() const;
    double toPixel(TimeNs t) const;
    TimeNs toTime(double x) const;
    double durationToPixels(TimeNs d) const;

    // Scales the span by `factor` (< 1 zooms in) keeping the time under pixel `anchorX` fixed.
    void zoom(double factor, double anchorX);
    // Moves the view by `dx` pixels (positive shows later times).
    void pan(double dx);

    // Smallest 1-2-5 step whose ticks are at least `minPixels` apart.
    TimeNs tickStep(double minPixels) const;
    // First tick (a multiple of `step` from the origin) at or after the range start.
    TimeNs firstTick(TimeNs step) const;
    // Label of the tick at absolute time t; one unit for the whole ruler.
    QString tickLabel(TimeNs t, TimeNs step) const;

    // Smallest 1-2-5 step (1, 2, 5, 10, 20, ...) that is >= minNs; at least 1.
    static TimeNs niceStep(double minNs);
    // `offset` in the unit suited to `magnitude`, with enough decimals to resolve `step`.
    static QString formatOffset(TimeNs offset, TimeNs step, TimeNs magnitude);

private:
    void clamp();

    TimeNs m_start = 0;
    TimeNs m_end = kMinSpan;
    int m_width = 1;
    TimeNs m_origin = 0;
    TimeNs m_limitStart = 0;
    TimeNs m_limitEnd = 0;
};

} // namespace npuscope
