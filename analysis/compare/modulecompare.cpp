#include "analysis/compare/modulecompare.h"

#include "analysis/compare/sequencematch.h"

#include <algorithm>
#include <deque>

namespace npuscope {

namespace {

    constexpr std::uint32_t kNone = ModuleNode::kNone;

    std::vector<QString> pathsOf(const ModuleTree &tree, const std::vector<std::uint32_t> &nodes)
    {
        std::vector<QString> paths;
        paths.reserve(nodes.size());
        for (std::uint32_t n : nodes)
            paths.push_back(tree.nodes[n].path);
        return paths;
    }

    // Every pair below the two lists of siblings, breadth first (SequencePreMatching
    // ._matching_all_modules).
    void pairAll(const ModuleTree &base, const ModuleTree &next,
        const std::vector<std::uint32_t> &baseTop, const std::vector<std::uint32_t> &newTop,
        std::vector<std::pair<std::uint32_t, std::uint32_t>> &out)
    {
        std::deque<
            std::pair<const std::vector<std::uint32_t> *, const std::vector<std::uint32_t> *>>
            todo { { &baseTop, &newTop } };
        static const std::vector<std::uint32_t> none;
        while (!todo.empty()) {
            const auto [b, n] = todo.front();
            todo.pop_front();
            for (const SequencePair &p : matchSequences(pathsOf(base, *b), pathsOf(next, *n))) {
                const std::uint32_t x = p.base >= 0 ? (*b)[std::size_t(p.base)] : kNone;
                const std::uint32_t y = p.next >= 0 ? (*n)[std::size_t(p.next)] : kNone;
                out.emplace_back(x, y);
                todo.emplace_back(x != kNone ? &base.nodes[x].children : &none,
                    y != kNone ? &next.nodes[y].children : &none);
            }
        }
    }

    ModuleDiffRow rowOf(
        const ModuleTree &base, const ModuleTree &next, std::uint32_t b, std::uint32_t n)
    {
        ModuleDiffRow r;
        r.baseNode = b;
        r.newNode = n;
        const ModuleNode &m = b != kNone ? base.nodes[b] : next.nodes[n];
        r.path = m.path;
        r.moduleClass = m.moduleClass;
        r.level = m.level;
        r.backward = m.backward;
        if (b != kNone) {
            r.baseTotalNs = base.nodes[b].totalDeviceNs;
            r.baseSelfNs = base.nodes[b].selfDeviceNs;
        }
        if (n != kNone) {
            r.newTotalNs = next.nodes[n].totalDeviceNs;
            r.newSelfNs = next.nodes[n].selfDeviceNs;
        }
        return r;
    }

} // namespace

std::vector<ModuleDiffRow> compareModules(const ModuleTree &base, const ModuleTree &next)
{
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
    if (base.isEmpty() || next.isEmpty())
        return {};
    pairAll(base, next, base.forwardRoots, next.forwardRoots, pairs);
    pairAll(base, next, base.backwardRoots, next.backwardRoots, pairs);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> withBase, onlyNew;
    for (const auto &p : pairs)
        (p.first != kNone ? withBase : onlyNew).push_back(p);
    std::stable_sort(withBase.begin(), withBase.end(), [&](const auto &x, const auto &y) {
        return base.nodes[x.first].start < base.nodes[y.first].start;
    });
    std::stable_sort(onlyNew.begin(), onlyNew.end(), [&](const auto &x, const auto &y) {
        return next.nodes[x.second].start < next.nodes[y.second].start;
    });
    std::vector<ModuleDiffRow> rows;
    std::size_t k = 0;
    for (const auto &[b, n] : withBase) {
        // ModuleComparator._compare: new-only modules go before the next paired one.
        while (n != kNone && k < onlyNew.size()
            && next.nodes[onlyNew[k].second].start < next.nodes[n].start)
            rows.push_back(rowOf(base, next, kNone, onlyNew[k++].second));
        rows.push_back(rowOf(base, next, b, n));
    }
    for (; k < onlyNew.size(); ++k)
        rows.push_back(rowOf(base, next, kNone, onlyNew[k].second));
    return rows;
}

} // namespace npuscope
