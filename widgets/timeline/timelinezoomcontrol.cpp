#include "widgets/timeline/timelinezoomcontrol.h"

#include <algorithm>

namespace npuscope {

TimelineZoomControl::TimelineZoomControl(QObject *parent)
    : QObject(parent)
{
}

void TimelineZoomControl::apply(const TimeAxis &axis)
{
    const bool changed = axis.start() != m_axis.start() || axis.end() != m_axis.end();
    m_axis = axis;
    if (changed)
        emit rangeChanged(m_axis.start(), m_axis.end());
}

void TimelineZoomControl::setRange(TimeNs start, TimeNs end)
{
    TimeAxis axis = m_axis;
    axis.setRange(start, end);
    apply(axis);
}

void TimelineZoomControl::zoomTo(TimeNs start, TimeNs end, bool burst)
{
    pushHistory(burst);
    setRange(start, end);
}

void TimelineZoomControl::pushHistory(bool burst) { m_history.push(range(), burst); }

bool TimelineZoomControl::undo()
{
    const auto previous = m_history.pop();
    if (previous)
        setRange(previous->first, previous->second);
    return previous.has_value();
}

void TimelineZoomControl::clearHistory() { m_history.clear(); }

void TimelineZoomControl::setLimits(TimeNs start, TimeNs end)
{
    TimeAxis axis = m_axis;
    axis.setLimits(start, end);
    const bool changed = axis.limitStart() != m_axis.limitStart()
        || axis.limitEnd() != m_axis.limitEnd() || !m_axis.hasLimits();
    apply(axis);
    if (changed)
        emit limitsChanged();
}

void TimelineZoomControl::clearLimits()
{
    if (!m_axis.hasLimits())
        return;
    TimeAxis axis = m_axis;
    axis.clearLimits();
    apply(axis);
    emit limitsChanged();
}

void TimelineZoomControl::setSelection(TimeNs start, TimeNs end)
{
    const TimeNs lo = std::min(start, end);
    const TimeNs hi = std::max(start, end);
    if (m_hasSelection && lo == m_selectionStart && hi == m_selectionEnd)
        return;
    m_hasSelection = true;
    m_selectionStart = lo;
    m_selectionEnd = hi;
    emit selectionChanged();
}

void TimelineZoomControl::clearSelection()
{
    if (!m_hasSelection)
        return;
    m_hasSelection = false;
    emit selectionChanged();
}

} // namespace npuscope
