#include "analysis/parallel/profilelayout.h"

#include <set>

namespace npuscope {

namespace {

    std::optional<ParallelArgs> argsOf(const Profile &profile)
    {
        for (const auto &rank : profile.ranks) {
            if (!rank->metadata.distributedArgs)
                continue;
            const DistributedArgs &d = *rank->metadata.distributedArgs;
            if (!d.worldSize)
                continue;
            return ParallelArgs { *d.worldSize, d.tensorParallel.value_or(1),
                d.pipelineParallel.value_or(1), d.dataParallel.value_or(1),
                d.contextParallel.value_or(1), d.expertParallel.value_or(1) };
        }
        return std::nullopt;
    }

    std::vector<NamedGroup> namedGroups(const Profile &profile)
    {
        std::vector<NamedGroup> out;
        std::set<QString> seen;
        for (const auto &rank : profile.ranks) {
            for (const ParallelGroup &g : rank->metadata.parallelGroups) {
                if (seen.insert(g.id).second)
                    out.push_back({ g.id, g.name, g.globalRanks });
            }
        }
        return out;
    }

    bool isP2p(const QString &kind)
    {
        return kind.compare(QLatin1String("p2p"), Qt::CaseInsensitive) == 0;
    }

    // The groups each rank's communication analysis names, with whether they carried p2p.
    std::vector<GroupSighting> sightings(const Profile &profile)
    {
        std::vector<GroupSighting> out;
        for (const auto &rank : profile.ranks) {
            if (!rank->comm)
                continue;
            std::set<std::pair<QString, bool>> seen;
            for (const CommOperation &op : rank->comm->ops) {
                if (!op.total && !op.group.isEmpty())
                    seen.insert({ op.group, isP2p(op.kind) });
            }
            for (const CommLink &l : rank->comm->links) {
                if (!l.group.isEmpty())
                    seen.insert({ l.group, isP2p(l.kind) });
            }
            for (const auto &[group, p2p] : seen)
                out.push_back({ group, p2p, rank->rank() });
        }
        return out;
    }

    MatrixLink matrixLink(int fileRank, const CommLink &l)
    {
        // "allreduce-total" counts; "allreduce-top1" splits the same total; a bare "allreduce"
        // (no class) counts as it is.
        const bool split = l.op.contains(QLatin1Char('-')) && !l.isTotal();
        return { fileRank, l.group, isP2p(l.kind), l.op.section(QLatin1Char('-'), 0, 0), !split,
            l.src, l.dst, l.transport, l.sizeMb, l.timeMs };
    }

} // namespace

ParallelLayout profileLayout(const Profile &profile)
{
    return parallelLayout(argsOf(profile), processGroups(sightings(profile), namedGroups(profile)));
}

ClusterLinks profileLinks(const Profile &profile)
{
    return profileLinks(profile, profileLayout(profile));
}

ClusterLinks profileLinks(const Profile &profile, const ParallelLayout &layout)
{
    std::vector<MatrixLink> entries;
    for (const auto &rank : profile.ranks) {
        if (!rank->comm)
            continue;
        for (const CommLink &l : rank->comm->links)
            entries.push_back(matrixLink(rank->rank(), l));
    }
    return clusterLinks(entries, layout.groups, namedGroups(profile));
}

} // namespace npuscope
