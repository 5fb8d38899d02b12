#pragma once

// Helpers shared by the benchmark programs.

#include <algorithm>
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

} // namespace npuscope::bench
