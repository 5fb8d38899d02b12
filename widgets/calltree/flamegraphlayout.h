#pragma once

#include "analysis/calltree/calltree.h"

#include <vector>

namespace npuscope {

// What a flame graph frame's width stands for.
enum class FlameMetric : std::uint8_t { Device, Host };

// A call tree laid out as a flame graph (roots on top, callees below): each frame a span of the
// metric, children side by side from their parent's left edge. Frames in pre-order, each with the
// end of its subtree, so that a frame too narrow to draw skips its whole subtree: a frame costs
// O(frames drawn), not O(frames).
class FlameGraphLayout {
public:
    struct Frame {
        std::uint32_t node = 0;
        std::uint32_t depth = 0;
        std::uint32_t end = 0; // index after the last frame of its subtree
        double x = 0; // metric ns from the left edge of everything
        double width = 0;
    };
    struct Visible {
        std::uint32_t frame = 0; // index in frames()
        double left = 0; // pixels
        double right = 0;
    };

    void build(const CallTree &tree, FlameMetric metric);
    const std::vector<Frame> &frames() const { return m_frames; }
    double total() const { return m_total; }
    int maxDepth() const { return m_maxDepth; }
    // The frame of `node`, or -1 when it has no width.
    int frameOf(std::uint32_t node) const;

    // The frames that overlap [x0, x1) (metric units) and are at least minPixels wide when that
    // range spans `pixels`, in pre-order.
    void visible(double x0, double x1, double pixels, std::vector<Visible> &out,
        double minPixels = 0.5) const;

private:
    std::vector<Frame> m_frames;
    std::vector<int> m_frameOfNode;
    double m_total = 0;
    int m_maxDepth = 0;
};

} // namespace npuscope
