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

} // namespace npuscope::bench
