#include "analysis/compare/moduletree.h"

#include "analysis/compare/launchflows.h"

#include <QRegularExpression>

#include <algorithm>

namespace npuscope {

namespace {

    constexpr std::string_view kModulePrefix = "nn.Module:";
    constexpr std::string_view kBackwardPrefix = "[ BACKWARD ]";

    bool inRange(TimeNs t, TimeNs from, TimeNs to) { return from >= to || (t >= from && t <= to); }

    // A module slice, or a launch: a device event and when its host op started.
    struct Item {
        TimeNs start = 0;
        TimeNs end = 0;
        bool module = false;
        QString name;
        EventRef event; // the slice, or the device event
    };

    bool isHostOp(std::string_view category)
    {
        // GPUProfilingParser.TORCH_OP_CAT and torch_npu's "cpu_op", any case.
        std::string c(category);
        std::transform(c.begin(), c.end(), c.begin(),
            [](unsigned char ch) { return char(ch >= 'A' && ch <= 'Z' ? ch + 32 : ch); });
        return c == "cpu_op" || c == "user_annotation" || c == "cuda_runtime" || c == "operator"
            || c == "runtime";
    }

    // TraceEventBean.is_optimizer: the name starts with "optimizer", any case.
    bool isOptimizer(std::string_view name)
    {
        constexpr std::string_view kOptimizer = "optimizer";
        if (name.size() < kOptimizer.size())
            return false;
        for (std::size_t i = 0; i < kOptimizer.size(); ++i) {
            const char c = name[i] >= 'A' && name[i] <= 'Z' ? char(name[i] + 32) : name[i];
            if (c != kOptimizer[i])
                return false;
        }
        return true;
    }

    std::vector<Item> forwardModules(const Trace &trace, TimeNs from, TimeNs to)
    {
        const StringId python = trace.strings.find("python_function");
        std::vector<Item> items;
        for (const Track &t : trace.tracks) {
            if (t.kind != TrackKind::HostThread)
                continue;
            for (std::uint32_t i = 0; i < t.events.size(); ++i) {
                const Event &e = t.events[i];
                if (e.instant || !inRange(e.start, from, to))
                    continue;
                const std::string_view name = trace.strings.view(e.name);
                const bool module
                    = python.isValid() && e.category == python && name.starts_with(kModulePrefix);
                if (module)
                    items.push_back({ e.start, e.end(), true,
                        QString::fromUtf8(name.substr(kModulePrefix.size())).trimmed(),
                        { t.id, i } });
                else if (isOptimizer(name) && isHostOp(trace.strings.view(e.category)))
                    items.push_back(
                        { e.start, e.end(), true, QString::fromUtf8(name), { t.id, i } });
            }
        }
        return items;
    }

    std::vector<Item> launches(const Trace &trace, TimeNs from, TimeNs to)
    {
        const LaunchFlows flows(trace);
        std::vector<Item> items;
        for (const Flow &f : trace.flows) {
            if (!flows.isLaunch(f))
                continue;
            const TrackKind kind = trace.track(f.to.track).kind;
            if (kind != TrackKind::DeviceStream && kind != TrackKind::Communication)
                continue;
            const Event &host = trace.event(f.from);
            if (inRange(host.start, from, to))
                items.push_back({ host.start, host.start, false, {}, f.to });
        }
        return items;
    }

    QString classOf(const QString &name)
    {
        static const QRegularExpression number(QStringLiteral("_[0-9]+$"));
        QString last = name.section(QLatin1Char('/'), -1);
        return last.remove(number);
    }

    // Nests the modules by time and gives each launch to the innermost module running then
    // (TreeBuilder.build_module_tree); returns the top-level nodes.
    std::vector<std::uint32_t> nest(
        const Trace &trace, std::vector<Item> items, bool backward, ModuleTree &tree)
    {
        std::stable_sort(items.begin(), items.end(), [](const Item &a, const Item &b) {
            if (a.start != b.start)
                return a.start < b.start;
            return a.module && !b.module; // a module before the launches at its start
        });
        std::vector<std::uint32_t> roots, stack;
        for (const Item &item : items) {
            while (!stack.empty() && item.start > tree.nodes[stack.back()].end)
                stack.pop_back();
            if (item.module) {
                ModuleNode n;
                n.name = item.name;
                n.parent = stack.empty() ? ModuleNode::kNone : stack.back();
                n.path = stack.empty() ? item.name : tree.nodes[n.parent].path + u'/' + item.name;
                n.moduleClass = classOf(item.name);
                n.level = int(stack.size()) + 2;
                n.backward = backward;
                n.event = item.event;
                n.start = item.start;
                n.end = item.end;
                const auto id = std::uint32_t(tree.nodes.size());
                (stack.empty() ? roots : tree.nodes[n.parent].children).push_back(id);
                tree.nodes.push_back(std::move(n));
                stack.push_back(id);
                continue;
            }
            if (stack.empty())
                continue;
            const TimeNs ns = trace.event(item.event).duration;
            tree.nodes[stack.back()].selfDeviceNs += ns;
            tree.nodes[stack.back()].kernels.push_back(item.event);
            for (std::uint32_t s : stack)
                tree.nodes[s].totalDeviceNs += ns;
        }
        return roots;
    }

    // The innermost forward module with start < t < end (ModuleNode.find_module_call).
    std::uint32_t moduleAt(const ModuleTree &tree, TimeNs t)
    {
        std::uint32_t found = ModuleNode::kNone;
        const std::vector<std::uint32_t> *level = &tree.forwardRoots;
        while (!level->empty()) {
            auto it = std::upper_bound(level->begin(), level->end(), t,
                [&](TimeNs x, std::uint32_t n) { return x < tree.nodes[n].start; });
            if (it == level->begin())
                break;
            const ModuleNode &n = tree.nodes[*(it - 1)];
            if (!(n.start < t && t < n.end))
                break;
            found = *(it - 1);
            level = &n.children;
        }
        return found;
    }

    std::vector<Item> backwardOps(const Trace &trace, const ModuleTree &tree)
    {
        const StringId fwdbwd = trace.strings.find("fwdbwd");
        std::vector<Item> items;
        if (!fwdbwd.isValid())
            return items;
        for (const Flow &f : trace.flows) {
            if (f.category != fwdbwd || !f.from.isValid() || !f.to.isValid())
                continue;
            const Event &op = trace.event(f.to);
            if (op.instant || !isHostOp(trace.strings.view(op.category)))
                continue;
            const std::uint32_t m = moduleAt(tree, trace.event(f.from).start);
            if (m == ModuleNode::kNone)
                continue;
            items.push_back({ op.start, op.end(), true,
                QString::fromUtf8(kBackwardPrefix) + u'/' + tree.nodes[m].path, f.to });
        }
        return items;
    }

} // namespace

std::vector<EventRef> ModuleTree::kernelsUnder(std::uint32_t node) const
{
    std::vector<EventRef> out;
    std::vector<std::uint32_t> todo { node };
    while (!todo.empty()) {
        const ModuleNode &n = nodes[todo.back()];
        todo.pop_back();
        out.insert(out.end(), n.kernels.begin(), n.kernels.end());
        todo.insert(todo.end(), n.children.begin(), n.children.end());
    }
    return out;
}

ModuleTree buildModuleTree(const Trace &trace, TimeNs from, TimeNs to)
{
    ModuleTree tree;
    std::vector<Item> modules = forwardModules(trace, from, to);
    const bool anyModule = std::any_of(modules.begin(), modules.end(), [](const Item &i) {
        return !i.name.startsWith(QLatin1String("Optimizer"), Qt::CaseInsensitive);
    });
    if (!anyModule)
        return tree;
    const std::vector<Item> launched = launches(trace, from, to);
    modules.insert(modules.end(), launched.begin(), launched.end());
    tree.forwardRoots = nest(trace, std::move(modules), false, tree);
    std::vector<Item> backward = backwardOps(trace, tree);
    if (!backward.empty()) {
        backward.insert(backward.end(), launched.begin(), launched.end());
        tree.backwardRoots = nest(trace, std::move(backward), true, tree);
    }
    return tree;
}

} // namespace npuscope
