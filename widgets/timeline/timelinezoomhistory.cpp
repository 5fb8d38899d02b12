#include "widgets/timeline/timelinezoomhistory.h"

namespace npuscope {

void TimelineZoomHistory::push(Range current, bool burst)
{
    const bool sameBurst = burst && m_inBurst && m_last.isValid() && m_last.elapsed() < kBurstMs;
    m_inBurst = burst;
    m_last.start();
    if (sameBurst)
        return;
    m_ranges.push_back(current);
    if (m_ranges.size() > kMaxSize)
        m_ranges.erase(m_ranges.begin());
}

std::optional<TimelineZoomHistory::Range> TimelineZoomHistory::pop()
{
    m_inBurst = false;
    if (m_ranges.empty())
        return std::nullopt;
    const Range r = m_ranges.back();
    m_ranges.pop_back();
    return r;
}

void TimelineZoomHistory::clear()
{
    m_ranges.clear();
    m_inBurst = false;
}

} // namespace npuscope
