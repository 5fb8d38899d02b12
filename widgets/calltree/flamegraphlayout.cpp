#include "widgets/calltree/flamegraphlayout.h"

#include <algorithm>

namespace npuscope {

void FlameGraphLayout::build(const CallTree &tree, FlameMetric metric)
{
    m_frames.clear();
    m_frameOfNode.assign(tree.nodes.size(), -1);
    m_total = 0;
    m_maxDepth = 0;
    const auto cost = [&](std::uint32_t n) {
        return double(
            metric == FlameMetric::Device ? tree.nodes[n].totalDevice : tree.nodes[n].totalHost);
    };
    // (node, x, depth, index of the frame whose subtree is open) on an explicit stack.
    struct Open {
        std::uint32_t node;
        double x;
        std::uint32_t depth;
    };
    std::vector<Open> stack;
    std::vector<std::uint32_t> path; // frames of the open subtrees, to set their end
    double x = 0;
    for (std::uint32_t r : tree.roots) {
        if (cost(r) > 0)
            stack.push_back({ r, x, 0 });
        x += cost(r);
    }
    m_total = x;
    std::reverse(stack.begin(), stack.end());
    while (!stack.empty()) {
        const Open o = stack.back();
        stack.pop_back();
        while (!path.empty() && m_frames[path.back()].depth >= o.depth) {
            m_frames[path.back()].end = static_cast<std::uint32_t>(m_frames.size());
            path.pop_back();
        }
        const auto index = static_cast<std::uint32_t>(m_frames.size());
        m_frames.push_back({ o.node, o.depth, 0, o.x, cost(o.node) });
        m_frameOfNode[o.node] = static_cast<int>(index);
        m_maxDepth = std::max(m_maxDepth, static_cast<int>(o.depth));
        path.push_back(index);
        const auto &children = tree.nodes[o.node].children;
        double cx = o.x;
        const std::size_t first = stack.size();
        for (std::uint32_t c : children) {
            if (cost(c) > 0)
                stack.push_back({ c, cx, o.depth + 1 });
            cx += cost(c);
        }
        std::reverse(stack.begin() + static_cast<std::ptrdiff_t>(first), stack.end());
    }
    for (std::uint32_t p : path)
        m_frames[p].end = static_cast<std::uint32_t>(m_frames.size());
}

int FlameGraphLayout::frameOf(std::uint32_t node) const
{
    return node < m_frameOfNode.size() ? m_frameOfNode[node] : -1;
}

void FlameGraphLayout::visible(
    double x0, double x1, double pixels, std::vector<Visible> &out, double minPixels) const
{
    out.clear();
    if (x1 <= x0 || pixels <= 0)
        return;
    const double scale = pixels / (x1 - x0);
    std::size_t i = 0;
    while (i < m_frames.size()) {
        const Frame &f = m_frames[i];
        if (f.width * scale < minPixels || f.x + f.width <= x0 || f.x >= x1) {
            i = f.end; // nothing below is wider or elsewhere
            continue;
        }
        out.push_back(
            { static_cast<std::uint32_t>(i), (f.x - x0) * scale, (f.x + f.width - x0) * scale });
        ++i;
    }
}

} // namespace npuscope
