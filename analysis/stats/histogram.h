#pragma once

#include "model/core/types.h"

#include <QtGlobal>

#include <vector>

namespace npuscope {

// Durations binned for a histogram. Kernel durations of one name span orders of magnitude
// (a cached launch against a cold one), so bins are logarithmic when max/min > 20 and linear
// otherwise. Bin i covers [edges[i], edges[i + 1]); the last bin includes the maximum.
struct Histogram {
    std::vector<TimeNs> edges; // bins + 1 ascending edges
    std::vector<qint64> counts; // per bin
    bool logarithmic = false;

    qint64 total() const;
};

// At most `bins` bins; fewer when there are fewer distinct durations. Empty input: no bins.
Histogram durationHistogram(const std::vector<TimeNs> &durations, int bins = 20);

} // namespace npuscope
