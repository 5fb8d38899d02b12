#pragma once

// Helpers shared by the benchmark programs.

#include <algorithm>
#include <cmath>
#include <vector>

namespace npuscope::bench {

inline double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

// The median of one field of a run's samples: medianOf(samples, [](const S &s) { ... }).
template <class T, class F> double medianOf(const std::vector<T> &samples, F field)
{
    std::vector<double> v;
    for (const T &x : samples)
        v.push_back(field(x));
    return median(std::move(v));
}

// The q-quantile (0..1) of sorted values by nearest rank.
inline double nearestRank(const std::vector<double> &sorted, double q)
{
    if (sorted.empty())
        return 0;
    const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(sorted.size())));
    return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1];
}

} // namespace npuscope::bench
