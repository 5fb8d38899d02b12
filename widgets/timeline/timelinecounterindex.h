#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace npuscope {

class Trace;
struct CounterSeries;

// Min / max of every block of 16, 256, 4096, ... samples of each counter series, built on first
// use, so that a zoomed-out frame folds millions of samples into pixel columns in
// O(columns x log samples) instead of touching every sample.
class TimelineCounterIndex {
public:
    static constexpr int kFanOut = 16;

    void reset(const Trace *trace);
    // Min and max of values [first, last) of counter `counter` (first < last).
    std::pair<double, double> minMax(std::uint32_t counter, std::size_t first, std::size_t last);

private:
    struct Pyramid {
        bool built = false;
        std::vector<std::vector<std::pair<double, double>>> levels; // level l: blocks of 16^(l+1)
    };
    const Pyramid &pyramid(std::uint32_t counter);

    const Trace *m_trace = nullptr;
    std::vector<Pyramid> m_pyramids;
};

} // namespace npuscope
