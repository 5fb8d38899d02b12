#include "widgets/timeline/timelinecounterindex.h"

#include "model/core/trace.h"

#include <algorithm>

namespace npuscope {

void TimelineCounterIndex::reset(const Trace *trace)
{
    m_trace = trace;
    m_pyramids.assign(trace ? trace->counters.size() : 0, Pyramid());
}

const TimelineCounterIndex::Pyramid &TimelineCounterIndex::pyramid(std::uint32_t counter)
{
    Pyramid &p = m_pyramids[counter];
    if (p.built)
        return p;
    p.built = true;
    const std::vector<double> &values = m_trace->counters[counter].values;
    // Level 0 from the samples, each further level from the one below.
    std::vector<std::pair<double, double>> below;
    below.reserve(values.size());
    for (double v : values)
        below.emplace_back(v, v);
    while (below.size() > std::size_t(kFanOut)) {
        std::vector<std::pair<double, double>> level((below.size() + kFanOut - 1) / kFanOut);
        for (std::size_t b = 0; b < level.size(); ++b) {
            const std::size_t from = b * kFanOut;
            const std::size_t to = std::min(below.size(), from + kFanOut);
            auto mm = below[from];
            for (std::size_t i = from + 1; i < to; ++i) {
                mm.first = std::min(mm.first, below[i].first);
                mm.second = std::max(mm.second, below[i].second);
            }
            level[b] = mm;
        }
        p.levels.push_back(level);
        below = std::move(level);
    }
    return p;
}

std::pair<double, double> TimelineCounterIndex::minMax(
    std::uint32_t counter, std::size_t first, std::size_t last)
{
    const std::vector<double> &values = m_trace->counters[counter].values;
    const Pyramid &p = pyramid(counter);
    std::pair<double, double> mm { values[first], values[first] };
    auto take = [&mm](std::pair<double, double> v) {
        mm.first = std::min(mm.first, v.first);
        mm.second = std::max(mm.second, v.second);
    };
    // Greedy from the left: the biggest aligned block that fits, else one sample.
    std::size_t i = first;
    while (i < last) {
        std::size_t span = 1;
        int level = -1;
        while (level + 1 < int(p.levels.size())) {
            const std::size_t next = span * kFanOut;
            if (i % next != 0 || i + next > last)
                break;
            span = next;
            ++level;
        }
        if (level < 0)
            take({ values[i], values[i] });
        else
            take(p.levels[std::size_t(level)][i / span]);
        i += span;
    }
    return mm;
}

} // namespace npuscope
