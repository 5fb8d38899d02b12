#include "widgets/timeline/timeaxis.h"

#include "model/core/durationtext.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace npuscope {

namespace {

    constexpr TimeNs kMaxStep = TimeNs(1) << 60; // beyond any trace (~36 years)

    TimeNs pow10(int e)
    {
        TimeNs v = 1;
        while (e-- > 0)
            v *= 10;
        return v;
    }

    TimeNs floorDiv(TimeNs a, TimeNs b)
    {
        const TimeNs q = a / b;
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
    }

} // namespace

TimeAxis::TimeAxis(TimeNs start, TimeNs end, int width)
    : m_start(start)
    , m_end(end)
    , m_width(std::max(1, width))
    , m_origin(start)
{
    clamp();
}

void TimeAxis::setWidth(int width) { m_width = std::max(1, width); }

void TimeAxis::setLimits(TimeNs start, TimeNs end)
{
    if (end - start < kMinSpan) {
        const TimeNs grow = kMinSpan - (end - start);
        start -= grow / 2;
        end = start + kMinSpan;
    }
    m_limitStart = start;
    m_limitEnd = end;
    clamp();
}

void TimeAxis::clearLimits() { m_limitStart = m_limitEnd = 0; }

void TimeAxis::setRange(TimeNs start, TimeNs end)
{
    if (end < start)
        std::swap(start, end);
    m_start = start;
    m_end = end;
    clamp();
}

void TimeAxis::clamp()
{
    if (m_end - m_start < kMinSpan) {
        const TimeNs centre = m_start + (m_end - m_start) / 2;
        m_start = centre - kMinSpan / 2;
        m_end = m_start + kMinSpan;
    }
    if (!hasLimits())
        return;
    if (m_end - m_start >= m_limitEnd - m_limitStart) {
        m_start = m_limitStart;
        m_end = m_limitEnd;
        return;
    }
    if (m_start < m_limitStart) {
        m_end += m_limitStart - m_start;
        m_start = m_limitStart;
    } else if (m_end > m_limitEnd) {
        m_start -= m_end - m_limitEnd;
        m_end = m_limitEnd;
    }
}

double TimeAxis::nsPerPixel() const { return static_cast<double>(span()) / m_width; }

double TimeAxis::toPixel(TimeNs t) const
{
    // Subtract in integers first: absolute epoch nanoseconds do not fit a double's mantissa.
    return static_cast<double>(t - m_start) * m_width / static_cast<double>(span());
}

TimeNs TimeAxis::toTime(double x) const { return m_start + std::llround(x * nsPerPixel()); }

double TimeAxis::durationToPixels(TimeNs d) const
{
    return static_cast<double>(d) * m_width / static_cast<double>(span());
}

void TimeAxis::zoom(double factor, double anchorX)
{
    if (!(factor > 0))
        return;
    const TimeNs anchor = toTime(anchorX);
    double newSpan = std::max(static_cast<double>(span()) * factor, double(kMinSpan));
    if (hasLimits())
        newSpan = std::min(newSpan, static_cast<double>(m_limitEnd - m_limitStart));
    const TimeNs spanNs = std::llround(newSpan);
    const TimeNs start = anchor - std::llround(anchorX / m_width * newSpan);
    setRange(start, start + spanNs);
}

void TimeAxis::pan(double dx)
{
    const TimeNs shift = std::llround(dx * nsPerPixel());
    setRange(m_start + shift, m_end + shift);
}

TimeNs TimeAxis::tickStep(double minPixels) const { return niceStep(minPixels * nsPerPixel()); }

TimeNs TimeAxis::firstTick(TimeNs step) const
{
    step = std::max<TimeNs>(1, step);
    const TimeNs rel = m_start - m_origin;
    return m_origin - floorDiv(-rel, step) * step;
}

QString TimeAxis::tickLabel(TimeNs t, TimeNs step) const
{
    const TimeNs magnitude = std::max(std::abs(m_start - m_origin), std::abs(m_end - m_origin));
    return formatOffset(t - m_origin, step, magnitude);
}

TimeNs TimeAxis::niceStep(double minNs)
{
    for (TimeNs decade = 1; decade <= kMaxStep; decade *= 10) {
        for (TimeNs mantissa : { 1, 2, 5 }) {
            if (static_cast<double>(decade * mantissa) >= minNs)
                return decade * mantissa;
        }
    }
    return kMaxStep;
}

QString TimeAxis::formatOffset(TimeNs offset, TimeNs step, TimeNs magnitude)
{
    step = std::max<TimeNs>(1, step);
    const int unit = durationUnitExponent(std::max(std::abs(magnitude), step));
    // Fewest decimals that still tell neighbouring ticks apart.
    int decimals = 0;
    while (decimals < unit && step % pow10(unit - decimals) != 0)
        ++decimals;
    const TimeNs unitNs = pow10(unit);
    const TimeNs absOffset = offset < 0 ? -offset : offset;
    QString text = QString::number(absOffset / unitNs);
    if (decimals > 0) {
        const TimeNs frac = (absOffset % unitNs) / pow10(unit - decimals);
        text += QLatin1Char('.') + QString::number(frac).rightJustified(decimals, QLatin1Char('0'));
    }
    if (offset < 0)
        text.prepend(QLatin1Char('-'));
    return text + durationUnitSuffix(unit);
}

} // namespace npuscope
