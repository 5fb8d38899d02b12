// The host call tree and the device time attributed to it. One pass per kind of link, each linear
// in what it walks (frame events, flows, kernel rows); the paths are interned in one hash table.
#include "analysis/calltree/calltree.h"

#include "analysis/calltree/calltreeframes.h"

#include <QCoreApplication>

#include <algorithm>
#include <unordered_map>

namespace npuscope {

namespace {

    constexpr std::uint32_t kNone = CallTreeNode::kNone;
    constexpr std::uint32_t kUnset = kNone - 1; // no node yet
    constexpr std::uint32_t kVisiting = kNone - 2; // on the resolve stack (a cycle when met)

    // Below this many kernel rows the launch search stays on the builder's thread.
    constexpr std::size_t kParallelLaunchRows = 1 << 16;
    constexpr std::size_t kLaunchParts = 2;

    EventRef eventOfRow(const KernelJoin *join, std::size_t row)
    {
        return join && row < join->rowToEvent.size() ? join->rowToEvent[row] : EventRef();
    }

    // The launching frames of the kernel rows: searched ahead, in kLaunchParts parts through
    // CallTreeOptions::parallel beside the builder's host costs, for a large kernel table (a
    // binary search of the flows per row, and often a search of a CANN thread: a large share of
    // the call tree); else one by one as the builder asks.
    struct Launches {
        std::vector<CallTreeLaunch> found; // by row when searched ahead, else empty
        LaunchCursor cursor; // of the rows searched one by one

        CallTreeLaunch at(const CallTreeFrames &frames, const KernelJoin *join, std::size_t row)
        {
            return found.empty() ? frames.launcherOf(eventOfRow(join, row), &cursor) : found[row];
        }
        void search(const CallTreeFrames &frames, const KernelJoin *join, std::size_t part)
        {
            const std::size_t from = found.size() * part / kLaunchParts;
            const std::size_t to = found.size() * (part + 1) / kLaunchParts;
            LaunchCursor partCursor;
            for (std::size_t row = from; row < to; ++row)
                found[row] = frames.launcherOf(eventOfRow(join, row), &partCursor);
        }
    };

    class Builder {
    public:
        Builder(CallTree &tree, const CallTreeFrames &frames, const CallTreeOptions &options)
            : m_tree(tree)
            , m_frames(frames)
            , m_options(options)
            , m_nodeOf(frames.size(), kUnset)
            , m_pathRule(frames.size(), PathRule::Nested)
        {
            m_children.reserve(4096);
        }

        void hostCosts();
        void deviceCosts(const KernelTable *kernels, const KernelJoin *join, Launches &launches);
        void finish();

    private:
        std::uint32_t resolve(std::uint32_t g);
        std::uint32_t child(std::uint32_t parent, StringId name);
        StringId pathName(StringId name);
        bool inRange(TimeNs t) const { return t >= m_options.from && t <= m_options.to; }

        CallTree &m_tree;
        const CallTreeFrames &m_frames;
        const CallTreeOptions &m_options;
        std::vector<std::uint32_t> m_nodeOf; // per frame event
        std::vector<PathRule> m_pathRule; // per frame event: the nearest graft above it
        std::unordered_map<std::uint64_t, std::uint32_t> m_children; // (parent, name) -> node
        std::vector<std::uint32_t> m_stack;
    };

    // The name a frame event adds to its path: every ProfilerStep#N the same (the first met), so
    // that the steps share one subtree (a per-step copy also made the tree, its hash table and
    // the time to build them grow with the number of steps).
    StringId Builder::pathName(StringId name)
    {
        if (name.value >= m_frames.stepName.size() || !m_frames.stepName[name.value])
            return name;
        if (!m_tree.stepName.isValid())
            m_tree.stepName = name;
        else if (name != m_tree.stepName)
            m_tree.mergedSteps = true;
        return m_tree.stepName;
    }

    std::uint32_t Builder::child(std::uint32_t parent, StringId name)
    {
        name = pathName(name);
        const std::uint64_t key = (std::uint64_t(parent) << 32) | name.value;
        const auto [it, added]
            = m_children.try_emplace(key, static_cast<std::uint32_t>(m_tree.nodes.size()));
        if (added) {
            CallTreeNode n;
            n.name = name;
            n.parent = parent;
            n.depth = parent == kNone ? 0 : m_tree.nodes[parent].depth + 1;
            m_tree.nodes.push_back(std::move(n));
        }
        return it->second;
    }

    // The node of frame event g: its parent's node (resolved first, iteratively) plus its name.
    // A cycle of grafts (a broken trace) is cut where it closes: that event becomes a root.
    std::uint32_t Builder::resolve(std::uint32_t g)
    {
        m_stack.clear();
        std::uint32_t x = g;
        while (x != kNone && m_nodeOf[x] == kUnset) {
            m_nodeOf[x] = kVisiting;
            m_stack.push_back(x);
            x = m_frames.parent[x];
        }
        std::uint32_t node = kNone;
        PathRule rule = PathRule::Nested;
        if (x != kNone && m_nodeOf[x] != kVisiting) {
            node = m_nodeOf[x];
            rule = m_pathRule[x];
        }
        for (auto it = m_stack.rbegin(); it != m_stack.rend(); ++it) {
            const std::uint32_t e = *it;
            if (m_frames.graft[e] != PathRule::Nested)
                rule = m_frames.graft[e];
            node = child(node, m_frames.event(e).name);
            m_nodeOf[e] = node;
            m_pathRule[e] = rule;
        }
        return m_nodeOf[g];
    }

    void Builder::hostCosts()
    {
        for (std::uint32_t g = 0; g < m_frames.size(); ++g) {
            const Event &e = m_frames.event(g);
            if (e.instant || !inRange(e.start))
                continue;
            CallTreeNode &n = m_tree.nodes[resolve(g)];
            ++n.calls;
            n.selfHost += std::max<TimeNs>(0, e.duration - m_frames.nestedChildNs[g]);
        }
    }

    void Builder::deviceCosts(
        const KernelTable *kernels, const KernelJoin *join, Launches &launches)
    {
        if (!kernels)
            return;
        const qsizetype rows = kernels->rowCount();
        m_tree.rowNode.assign(static_cast<std::size_t>(rows), kNone);
        m_tree.rowPathRule.assign(static_cast<std::size_t>(rows), PathRule::Nested);
        std::vector<std::pair<qint32, TimeNs>> unattributed;
        const bool fullRange
            = m_options.from == CallTreeOptions().from && m_options.to == CallTreeOptions().to;
        for (qsizetype r = 0; r < rows; ++r) {
            const auto row = static_cast<std::size_t>(r);
            const TimeNs start = kernels->start[row];
            if (start == Table::kMissingNs ? !fullRange : !inRange(start))
                continue;
            const TimeNs dur = kernels->duration[row];
            m_tree.totalDeviceNs += dur;
            const CallTreeLaunch launch = launches.at(m_frames, join, row);
            if (launch.rule == LaunchRule::Unattributed) {
                unattributed.emplace_back(static_cast<qint32>(r), dur);
                continue;
            }
            const std::uint32_t node = resolve(launch.frame);
            m_tree.nodes[node].selfDevice += dur;
            m_tree.rowNode[row] = node;
            m_tree.attributedDeviceNs += dur;
            const auto l = static_cast<std::size_t>(launch.rule);
            m_tree.rowPathRule[row] = m_pathRule[launch.frame];
            const auto p = static_cast<std::size_t>(m_pathRule[launch.frame]);
            ++m_tree.kernelsByRule[l][p];
            m_tree.deviceNsByRule[l][p] += dur;
        }
        if (rows == 0)
            return;
        m_tree.unattributed = static_cast<std::uint32_t>(m_tree.nodes.size());
        m_tree.nodes.emplace_back();
        for (const auto &[row, dur] : unattributed) {
            m_tree.nodes[m_tree.unattributed].selfDevice += dur;
            m_tree.rowNode[static_cast<std::size_t>(row)] = m_tree.unattributed;
            m_tree.unattributedDeviceNs += dur;
            const auto u = static_cast<std::size_t>(LaunchRule::Unattributed);
            ++m_tree.kernelsByRule[u][0];
            m_tree.deviceNsByRule[u][0] += dur;
        }
        m_tree.nodes[m_tree.unattributed].calls = static_cast<std::uint32_t>(unattributed.size());
    }

    // Totals bottom-up (children come after their parents), children and roots sorted by device
    // time, then host time, then name id (a stable order for equal costs).
    void Builder::finish()
    {
        auto &nodes = m_tree.nodes;
        for (CallTreeNode &n : nodes) {
            n.totalHost += n.selfHost;
            n.totalDevice += n.selfDevice;
        }
        for (std::size_t i = nodes.size(); i-- > 0;) {
            const std::uint32_t p = nodes[i].parent;
            if (p != kNone) {
                nodes[p].totalHost += nodes[i].totalHost;
                nodes[p].totalDevice += nodes[i].totalDevice;
            }
        }
        for (std::uint32_t i = 0; i < nodes.size(); ++i)
            (nodes[i].parent == kNone ? m_tree.roots : nodes[nodes[i].parent].children)
                .push_back(i);
        const auto heavier = [&](std::uint32_t a, std::uint32_t b) {
            if (nodes[a].totalDevice != nodes[b].totalDevice)
                return nodes[a].totalDevice > nodes[b].totalDevice;
            if (nodes[a].totalHost != nodes[b].totalHost)
                return nodes[a].totalHost > nodes[b].totalHost;
            return nodes[a].name.value < nodes[b].name.value;
        };
        std::sort(m_tree.roots.begin(), m_tree.roots.end(), heavier);
        for (CallTreeNode &n : nodes)
            std::sort(n.children.begin(), n.children.end(), heavier);
        m_tree.eventNode = std::move(m_nodeOf);
        for (std::uint32_t &n : m_tree.eventNode)
            if (n == kUnset || n == kVisiting)
                n = kNone;
    }

} // namespace

CallTree buildCallTree(std::shared_ptr<const Trace> trace, const KernelTable *kernels,
    const KernelJoin *join, const CallTreeOptions &options)
{
    CallTree tree;
    tree.trace = trace;
    const CallTreeFrames frames
        = trace ? CallTreeFrames(*trace, options.backwardUnderForward) : CallTreeFrames();
    tree.source = frames.source;
    tree.frameTracks = frames.tracks;
    tree.trackOffset = frames.offset;
    Builder b(tree, frames, options);
    Launches launches;
    const std::size_t rows = kernels ? std::size_t(kernels->rowCount()) : 0;
    if (options.parallel && join && rows >= kParallelLaunchRows) {
        launches.found.resize(rows);
        options.parallel(1 + kLaunchParts, [&](std::size_t task) {
            if (task == 0)
                b.hostCosts();
            else
                launches.search(frames, join, task - 1);
        });
    } else {
        b.hostCosts();
    }
    b.deviceCosts(kernels, join, launches);
    b.finish();
    return tree;
}

CallTree buildCallTree(const RankProfile &rank, const CallTreeOptions &options)
{
    return buildCallTree(rank.trace, rank.kernels.get(), &rank.join, options);
}

QString CallTree::nodeName(std::uint32_t node) const
{
    if (node >= nodes.size())
        return {};
    if (node == unattributed || !trace)
        return QCoreApplication::translate("CallTree", "[kernels no host frame launched]");
    if (mergedSteps && nodes[node].name == stepName)
        return QStringLiteral("ProfilerStep#*");
    return QString::fromUtf8(trace->strings.view(nodes[node].name));
}

std::uint32_t CallTree::nodeOfEvent(EventRef ref) const
{
    if (!ref.isValid())
        return kNone;
    for (std::size_t t = 0; t < frameTracks.size(); ++t)
        if (frameTracks[t] == ref.track) {
            const std::size_t g = trackOffset[t] + ref.index;
            return g < trackOffset[t + 1] ? eventNode[g] : kNone;
        }
    return kNone;
}

std::vector<bool> CallTree::subtree(std::uint32_t node) const
{
    std::vector<bool> in(nodes.size(), false);
    if (node >= nodes.size())
        return in;
    // Children come after their parents: one pass in node order.
    in[node] = true;
    for (std::size_t i = node + 1; i < nodes.size(); ++i)
        in[i] = nodes[i].parent != kNone && in[nodes[i].parent];
    return in;
}

std::vector<qint32> CallTree::rowsUnder(std::uint32_t node) const
{
    const std::vector<bool> in = subtree(node);
    std::vector<qint32> rows;
    for (std::size_t r = 0; r < rowNode.size(); ++r)
        if (rowNode[r] != kNone && in[rowNode[r]])
            rows.push_back(static_cast<qint32>(r));
    return rows;
}

std::vector<EventRef> CallTree::eventsOf(std::uint32_t node) const
{
    std::vector<EventRef> events;
    for (std::size_t t = 0; t < frameTracks.size(); ++t)
        for (std::uint32_t g = trackOffset[t]; g < trackOffset[t + 1]; ++g)
            if (eventNode[g] == node)
                events.push_back({ frameTracks[t], g - trackOffset[t] });
    return events;
}

QString callTreeSourceName(CallTreeSource source)
{
    switch (source) {
    case CallTreeSource::PythonFrames:
        return QCoreApplication::translate("CallTree", "Python frames and framework ops");
    case CallTreeSource::FrameworkOps:
        return QCoreApplication::translate(
            "CallTree", "Framework ops (no Python frames collected)");
    case CallTreeSource::CannCalls:
        return QCoreApplication::translate("CallTree", "CANN calls (no framework thread)");
    case CallTreeSource::None:
        break;
    }
    return QCoreApplication::translate("CallTree", "No host frames");
}

QString launchRuleName(LaunchRule rule)
{
    switch (rule) {
    case LaunchRule::Flow:
        return QCoreApplication::translate("CallTree", "Launch flow from a host op");
    case LaunchRule::CannThread:
        return QCoreApplication::translate("CallTree", "CANN launch inside a host op");
    case LaunchRule::Unattributed:
        break;
    }
    return QCoreApplication::translate("CallTree", "No launch found");
}

QString pathRuleName(PathRule rule)
{
    switch (rule) {
    case PathRule::Nested:
        return QCoreApplication::translate("CallTree", "Nested on its own thread");
    case PathRule::ForwardBackward:
        return QCoreApplication::translate("CallTree", "Backward under its forward op (fwdbwd)");
    case PathRule::TaskQueue:
        return QCoreApplication::translate("CallTree", "Dequeued under its enqueue");
    case PathRule::Caller:
        return QCoreApplication::translate("CallTree", "Under the frame waiting for it");
    case PathRule::Sequence:
        return QCoreApplication::translate(
            "CallTree", "Backward under its forward op (sequence number)");
    }
    return {};
}

QString launchRuleKey(LaunchRule rule)
{
    static const char *const kKeys[] = { "flow", "cann_thread", "unattributed" };
    return QString::fromLatin1(kKeys[static_cast<int>(rule)]);
}

QString pathRuleKey(PathRule rule)
{
    static const char *const kKeys[]
        = { "nested", "forward_backward", "task_queue", "caller", "sequence" };
    return QString::fromLatin1(kKeys[static_cast<int>(rule)]);
}

} // namespace npuscope
