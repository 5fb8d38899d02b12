#include "analysis/parallel/clusterlinks.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace npuscope {

namespace {

    using LocalMap = std::map<QString, std::map<int, int>>; // group -> local rank -> global

    LocalMap localToGlobal(
        const std::vector<MatrixLink> &entries, const std::vector<NamedGroup> &named)
    {
        LocalMap map;
        for (const MatrixLink &e : entries) {
            if (e.src == e.dst && e.src >= 0 && e.fileRank >= 0)
                map[e.group].emplace(e.src, e.fileRank);
        }
        for (const NamedGroup &n : named) {
            std::vector<int> ranks = n.ranks;
            std::sort(ranks.begin(), ranks.end());
            std::map<int, int> &m = map[QString::number(hcclGroupId(n.key))];
            for (std::size_t k = 0; k < ranks.size(); ++k)
                m.emplace(int(k), ranks[k]); // a self link, where there is one, stays
        }
        return map;
    }

    int globalRank(const LocalMap &map, const QString &group, int local)
    {
        const auto g = map.find(group);
        if (g == map.end())
            return -1;
        const auto r = g->second.find(local);
        return r == g->second.end() ? -1 : r->second;
    }

} // namespace

ClusterLinks clusterLinks(const std::vector<MatrixLink> &entries,
    const std::vector<ProcessGroup> &groups, const std::vector<NamedGroup> &named)
{
    const LocalMap map = localToGlobal(entries, named);
    std::map<QString, std::size_t> groupOrder;
    for (std::size_t i = 0; i < groups.size(); ++i)
        groupOrder.emplace(groups[i].id, i);
    using Key = std::tuple<std::size_t, QString, QString, int, int>;
    std::map<Key, ClusterLink> summed;
    ClusterLinks out;
    for (const MatrixLink &e : entries) {
        if (!e.total)
            continue;
        const int src = globalRank(map, e.group, e.src);
        const int dst = globalRank(map, e.group, e.dst);
        if (src < 0 || dst < 0) {
            ++out.unmapped;
            continue;
        }
        const auto order = groupOrder.find(e.group);
        const std::size_t g = order == groupOrder.end() ? groups.size() : order->second;
        ClusterLink &l = summed[Key { g, e.group, e.op, src, dst }];
        if (l.entries == 0) {
            l.group = e.group;
            l.op = e.op;
            l.src = src;
            l.dst = dst;
            if (g < groups.size()) {
                l.groupName = groups[g].name;
                l.groupRanks = groups[g].ranks;
            }
        }
        l.transport = e.transport;
        l.sizeMb += e.sizeMb;
        l.timeMs += e.timeMs;
        ++l.entries;
    }
    for (auto &[key, link] : summed)
        out.links.push_back(std::move(link));
    return out;
}

} // namespace npuscope
