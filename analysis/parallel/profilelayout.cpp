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

} // namespace

ParallelLayout profileLayout(const Profile &profile)
{
    return parallelLayout(argsOf(profile), processGroups({}, namedGroups(profile)));
}

ClusterLinks profileLinks(const Profile &) { return {}; }

} // namespace npuscope
