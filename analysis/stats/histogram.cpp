#include "analysis/stats/histogram.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace npuscope {

qint64 Histogram::total() const { return std::accumulate(counts.begin(), counts.end(), qint64(0)); }

Histogram durationHistogram(const std::vector<TimeNs> &durations, int bins)
{
    Histogram h;
    if (durations.empty() || bins <= 0)
        return h;
    const auto [lo, hi] = std::minmax_element(durations.begin(), durations.end());
    const TimeNs min = std::max<TimeNs>(*lo, 0);
    const TimeNs max = std::max<TimeNs>(*hi, min);
    if (min == max) {
        h.edges = { min, max + 1 };
        h.counts = { qint64(durations.size()) };
        return h;
    }
    // Logarithmic bins need a positive lower edge: a zero duration starts at 1 ns.
    const double low = double(std::max<TimeNs>(min, 1));
    h.logarithmic = double(max) / low > 20.0;
    const int n = int(std::min<TimeNs>(bins, max - min + 1));
    h.edges.resize(std::size_t(n) + 1);
    for (int i = 0; i <= n; ++i) {
        const double f = double(i) / n;
        const double edge = h.logarithmic ? low * std::pow(double(max) / low, f)
                                          : double(min) + f * double(max - min);
        h.edges[std::size_t(i)] = TimeNs(std::llround(edge));
    }
    h.edges.front() = min;
    h.edges.back() = max + 1; // the last bin includes the maximum
    // Rounding may repeat an edge for tiny ranges: keep edges strictly increasing.
    h.edges.erase(std::unique(h.edges.begin(), h.edges.end()), h.edges.end());
    h.counts.assign(h.edges.size() - 1, 0);
    for (const TimeNs d : durations) {
        const auto it = std::upper_bound(h.edges.begin(), h.edges.end(), std::max<TimeNs>(d, 0));
        const auto bin = std::clamp<std::ptrdiff_t>(
            it - h.edges.begin() - 1, 0, std::ptrdiff_t(h.counts.size()) - 1);
        ++h.counts[std::size_t(bin)];
    }
    return h;
}

} // namespace npuscope
