#pragma once

#include "model/core/types.h"

#include <QElapsedTimer>

#include <optional>
#include <utility>
#include <vector>

namespace npuscope {

// The ranges Backspace goes back to. Zoom steps closer together than kBurstMs (a run of wheel
// notches or W presses) form one gesture and are recorded once.
class TimelineZoomHistory {
public:
    using Range = std::pair<TimeNs, TimeNs>;

    static constexpr qint64 kBurstMs = 800;
    static constexpr std::size_t kMaxSize = 100;

    // Records `current` before a zoom; `burst` marks steps of a continuous gesture.
    void push(Range current, bool burst);
    std::optional<Range> pop();
    void clear();
    std::size_t size() const { return m_ranges.size(); }

private:
    std::vector<Range> m_ranges;
    QElapsedTimer m_last;
    bool m_inBurst = false;
};

} // namespace npuscope
