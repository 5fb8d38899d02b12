#include "analysis/calltree/calltreeviews.h"

#include <algorithm>
#include <unordered_map>

namespace npuscope {

namespace {

    constexpr std::uint32_t kNone = CallTreeNode::kNone;

    // The identity of a frame across paths: its name, or the unattributed entry.
    std::uint32_t frameKey(const CallTree &tree, std::uint32_t node)
    {
        return node == tree.unattributed ? kNone : tree.nodes[node].name.value;
    }

    bool sameNameAbove(const CallTree &tree, std::uint32_t node)
    {
        const std::uint32_t key = frameKey(tree, node);
        for (std::uint32_t p = tree.nodes[node].parent; p != kNone; p = tree.nodes[p].parent)
            if (frameKey(tree, p) == key)
                return true;
        return false;
    }

    template <class T> bool heavier(const T &a, const T &b)
    {
        if (a.totalDevice != b.totalDevice)
            return a.totalDevice > b.totalDevice;
        return a.totalHost > b.totalHost;
    }

    // What a derived view keeps of the tree it is made from.
    void copySummary(const CallTree &from, CallTree &to)
    {
        to.source = from.source;
        to.trace = from.trace;
        to.totalDeviceNs = from.totalDeviceNs;
        to.attributedDeviceNs = from.attributedDeviceNs;
        to.unattributedDeviceNs = from.unattributedDeviceNs;
        to.kernelsByRule = from.kernelsByRule;
        to.deviceNsByRule = from.deviceNsByRule;
        to.stepName = from.stepName;
        to.mergedSteps = from.mergedSteps;
    }

} // namespace

std::vector<FlatFrame> flatFrames(const CallTree &tree)
{
    std::unordered_map<std::uint32_t, std::size_t> index;
    std::vector<FlatFrame> frames;
    for (std::uint32_t n = 0; n < tree.nodes.size(); ++n) {
        const CallTreeNode &node = tree.nodes[n];
        const auto [it, added] = index.try_emplace(frameKey(tree, n), frames.size());
        if (added) {
            frames.emplace_back();
            frames.back().firstNode = n;
        }
        FlatFrame &f = frames[it->second];
        f.calls += node.calls;
        f.selfHost += node.selfHost;
        f.selfDevice += node.selfDevice;
        if (!sameNameAbove(tree, n)) {
            f.totalHost += node.totalHost;
            f.totalDevice += node.totalDevice;
        }
    }
    std::stable_sort(frames.begin(), frames.end(), heavier<FlatFrame>);
    return frames;
}

CallTree flatTree(const CallTree &tree)
{
    CallTree flat;
    copySummary(tree, flat);
    const std::vector<FlatFrame> frames = flatFrames(tree);
    std::unordered_map<std::uint32_t, std::uint32_t> byKey;
    for (const FlatFrame &f : frames) {
        const auto n = static_cast<std::uint32_t>(flat.nodes.size());
        byKey[frameKey(tree, f.firstNode)] = n;
        if (f.firstNode == tree.unattributed)
            flat.unattributed = n;
        CallTreeNode node;
        node.name = tree.nodes[f.firstNode].name;
        node.calls = f.calls;
        node.selfHost = f.selfHost;
        node.totalHost = f.totalHost;
        node.selfDevice = f.selfDevice;
        node.totalDevice = f.totalDevice;
        flat.nodes.push_back(std::move(node));
        flat.roots.push_back(n);
    }
    flat.rowNode.assign(tree.rowNode.size(), kNone);
    for (std::size_t r = 0; r < tree.rowNode.size(); ++r)
        if (tree.rowNode[r] != kNone)
            flat.rowNode[r] = byKey[frameKey(tree, tree.rowNode[r])];
    flat.rowPathRule = tree.rowPathRule;
    return flat;
}

CallTree bottomUpTree(const CallTree &tree)
{
    CallTree up;
    copySummary(tree, up);
    std::unordered_map<std::uint64_t, std::uint32_t> childOf;
    std::vector<std::uint32_t> chainEnd(tree.nodes.size(), kNone);
    for (std::uint32_t n = 0; n < tree.nodes.size(); ++n) {
        const CallTreeNode &leaf = tree.nodes[n];
        if (leaf.selfHost == 0 && leaf.selfDevice == 0 && leaf.calls == 0)
            continue;
        std::uint32_t at = kNone;
        for (std::uint32_t p = n; p != kNone; p = tree.nodes[p].parent) {
            const std::uint64_t key = (std::uint64_t(at) << 32) | frameKey(tree, p);
            const auto [it, added]
                = childOf.try_emplace(key, static_cast<std::uint32_t>(up.nodes.size()));
            if (added) {
                CallTreeNode v;
                v.name = tree.nodes[p].name;
                v.parent = at;
                v.depth = at == kNone ? 0 : up.nodes[at].depth + 1;
                if (p == tree.unattributed)
                    up.unattributed = it->second;
                up.nodes.push_back(std::move(v));
            }
            at = it->second;
            CallTreeNode &v = up.nodes[at];
            v.totalHost += leaf.selfHost;
            v.totalDevice += leaf.selfDevice;
            if (p == n) {
                v.selfHost += leaf.selfHost;
                v.selfDevice += leaf.selfDevice;
                v.calls += leaf.calls;
            }
        }
        chainEnd[n] = at;
    }
    for (std::uint32_t i = 0; i < up.nodes.size(); ++i)
        (up.nodes[i].parent == kNone ? up.roots : up.nodes[up.nodes[i].parent].children)
            .push_back(i);
    const auto order
        = [&](std::uint32_t a, std::uint32_t b) { return heavier(up.nodes[a], up.nodes[b]); };
    std::stable_sort(up.roots.begin(), up.roots.end(), order);
    for (CallTreeNode &v : up.nodes)
        std::stable_sort(v.children.begin(), v.children.end(), order);
    up.rowNode.assign(tree.rowNode.size(), kNone);
    for (std::size_t r = 0; r < tree.rowNode.size(); ++r)
        if (tree.rowNode[r] != kNone)
            up.rowNode[r] = chainEnd[tree.rowNode[r]];
    up.rowPathRule = tree.rowPathRule;
    return up;
}

QString callTreeText(const CallTree &tree, int maxDepth, TimeNs minDeviceNs, TimeNs minHostNs)
{
    QString out;
    const auto us = [](TimeNs ns) { return QString::number(double(ns) / 1000.0, 'f', 3); };
    std::vector<std::uint32_t> stack(tree.roots.rbegin(), tree.roots.rend());
    while (!stack.empty()) {
        const std::uint32_t n = stack.back();
        stack.pop_back();
        const CallTreeNode &node = tree.nodes[n];
        if (static_cast<int>(node.depth) > maxDepth
            || (node.totalDevice < minDeviceNs && node.totalHost < minHostNs))
            continue;
        out += QString(static_cast<qsizetype>(node.depth) * 2, QLatin1Char(' ')) % tree.nodeName(n)
            % QStringLiteral("  device ") % us(node.totalDevice) % QLatin1Char('/')
            % us(node.selfDevice) % QStringLiteral("  host ") % us(node.totalHost)
            % QLatin1Char('/') % us(node.selfHost) % QStringLiteral("  calls ")
            % QString::number(node.calls) % QLatin1Char('\n');
        stack.insert(stack.end(), node.children.rbegin(), node.children.rend());
    }
    return out;
}

std::vector<std::uint32_t> topDeviceFrames(const CallTree &tree, int top)
{
    std::vector<std::uint32_t> nodes;
    for (std::uint32_t n = 0; n < tree.nodes.size(); ++n)
        if (tree.nodes[n].selfDevice > 0)
            nodes.push_back(n);
    std::stable_sort(nodes.begin(), nodes.end(), [&](std::uint32_t a, std::uint32_t b) {
        return tree.nodes[a].selfDevice > tree.nodes[b].selfDevice;
    });
    if (top >= 0 && nodes.size() > static_cast<std::size_t>(top))
        nodes.resize(static_cast<std::size_t>(top));
    return nodes;
}

} // namespace npuscope
