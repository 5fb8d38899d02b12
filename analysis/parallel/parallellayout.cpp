#include "analysis/parallel/parallellayout.h"

#include <QCoreApplication>

#include <algorithm>
#include <set>

namespace npuscope {

namespace {

    struct Text {
        Q_DECLARE_TR_FUNCTIONS(ParallelLayout)
    };

    bool intersects(const std::set<int> &a, const std::set<int> &b)
    {
        return std::any_of(a.begin(), a.end(), [&](int r) { return b.count(r) > 0; });
    }

    // Adds `set` to `sets`, joined with every set it shares a rank with.
    void joinInto(std::vector<std::set<int>> &sets, std::set<int> set)
    {
        for (auto it = sets.begin(); it != sets.end();) {
            if (intersects(*it, set)) {
                set.insert(it->begin(), it->end());
                it = sets.erase(it);
            } else {
                ++it;
            }
        }
        sets.push_back(std::move(set));
    }

    // The ranks of each pipeline link, joined where links share a rank.
    std::vector<std::set<int>> pipelineLinks(const std::vector<ProcessGroup> &groups)
    {
        std::vector<std::set<int>> links;
        for (const ProcessGroup &g : groups) {
            if (g.p2p && g.name.startsWith(QLatin1String("pp"), Qt::CaseInsensitive))
                links.emplace_back(g.ranks.begin(), g.ranks.end());
        }
        std::vector<std::set<int>> joined;
        for (std::set<int> &link : links)
            joinInto(joined, std::move(link));
        return joined;
    }

    bool insideOneStage(const std::set<int> &group, const std::vector<std::set<int>> &links)
    {
        for (const std::set<int> &link : links) {
            int shared = 0;
            for (int r : group)
                shared += link.count(r) ? 1 : 0;
            if (shared > 1)
                return false;
        }
        return true;
    }

} // namespace

int ParallelLayout::stageOf(int rank) const
{
    for (std::size_t s = 0; s < stages.size(); ++s) {
        if (std::binary_search(stages[s].begin(), stages[s].end(), rank))
            return int(s);
    }
    return -1;
}

std::optional<ParallelLayout> megatronLayout(const ParallelArgs &a, QString *error)
{
    if (a.world < 1 || a.tp < 1 || a.pp < 1 || a.dp < 1 || a.cp < 1 || a.ep < 1) {
        *error = Text::tr("a parallel size is under 1");
        return std::nullopt;
    }
    if (a.world != a.tp * a.pp * a.dp) {
        *error = Text::tr("world_size %1 is not tensor %2 x pipeline %3 x data %4")
                     .arg(a.world)
                     .arg(a.tp)
                     .arg(a.pp)
                     .arg(a.dp);
        return std::nullopt;
    }
    if (a.dp % a.ep != 0 || a.tp * a.cp > a.world / a.pp) {
        *error = Text::tr("the expert or context parallel size does not divide the data "
                          "parallel ranks");
        return std::nullopt;
    }
    ParallelLayout layout;
    layout.source = ParallelLayout::Source::DistributedArgs;
    layout.index.resize(std::size_t(a.world));
    layout.stages.resize(std::size_t(a.pp));
    const int perStage = a.world / a.pp;
    const int stride = a.tp * a.cp;
    // A data-parallel group per stage and per offset under tp * cp; the i-th rank of each of them
    // makes model-parallel group i (the DP index). Its ranks run stage by stage: the PP index is
    // the stage (the vendor counts tp-sized pieces instead, which is the stage only when cp = 1).
    for (int i = 0; i < perStage / stride; ++i) {
        std::vector<int> model;
        for (int stage = 0; stage < a.pp; ++stage) {
            for (int k = 0; k < stride; ++k)
                model.push_back(stage * perStage + k + i * stride);
        }
        for (std::size_t j = 0; j < model.size(); ++j) {
            ParallelIndex &x = layout.index[std::size_t(model[j])];
            x.dp = i;
            x.pp = int(j) / stride;
            x.tp = int(j) % stride % a.tp;
        }
    }
    for (int r = 0; r < a.world; ++r)
        layout.stages[std::size_t(r / perStage)].push_back(r);
    return layout;
}

std::vector<std::vector<int>> inferStages(const std::vector<ProcessGroup> &groups)
{
    const std::vector<std::set<int>> links = pipelineLinks(groups);
    if (links.empty())
        return {};
    std::vector<std::set<int>> stages;
    for (const ProcessGroup &g : groups) {
        if (g.p2p || g.ranks.empty())
            continue;
        std::set<int> ranks(g.ranks.begin(), g.ranks.end());
        if (!insideOneStage(ranks, links))
            continue;
        joinInto(stages, std::move(ranks));
    }
    std::sort(stages.begin(), stages.end(),
        [](const std::set<int> &x, const std::set<int> &y) { return *x.begin() < *y.begin(); });
    std::vector<std::vector<int>> out;
    for (const std::set<int> &s : stages)
        out.emplace_back(s.begin(), s.end());
    return out;
}

} // namespace npuscope
