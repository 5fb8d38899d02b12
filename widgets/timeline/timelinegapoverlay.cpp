#include "widgets/timeline/timelinegapoverlay.h"

#include "model/core/trace.h"

#include <algorithm>

namespace npuscope {

TimelineGapOverlay::TimelineGapOverlay(QObject *parent)
    : QObject(parent)
{
}

void TimelineGapOverlay::setGaps(std::vector<Gap> streamGaps, std::vector<Gap> deviceGaps)
{
    std::erase_if(streamGaps, [](const Gap &g) { return !g.track.isValid(); });
    std::stable_sort(streamGaps.begin(), streamGaps.end(), [](const Gap &a, const Gap &b) {
        return a.track != b.track ? a.track < b.track : a.start < b.start;
    });
    std::stable_sort(deviceGaps.begin(), deviceGaps.end(),
        [](const Gap &a, const Gap &b) { return a.start < b.start; });
    m_streamGaps = std::move(streamGaps);
    m_deviceGaps = std::move(deviceGaps);
    emit changed();
}

void TimelineGapOverlay::clear() { setGaps({}, {}); }

void TimelineGapOverlay::setVisible(bool visible)
{
    if (m_visible == visible)
        return;
    m_visible = visible;
    emit changed();
}

TrackId TimelineGapOverlay::idleRowTrack(const Trace *trace) const
{
    if (m_visible && !m_streamGaps.empty() && trace
        && m_streamGaps.front().track.value < trace->tracks.size())
        return m_streamGaps.front().track;
    return {};
}

} // namespace npuscope
