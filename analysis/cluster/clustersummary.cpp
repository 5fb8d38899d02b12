#include "analysis/cluster/clustersummary.h"

#include <algorithm>
#include <tuple>

namespace npuscope {

namespace {

    ClusterRank meanOfSteps(int index, const RankProfile &rank, const RankAnalysis *analysis)
    {
        ClusterRank r;
        r.rankIndex = index;
        r.label = rank.label();
        if (!analysis || analysis->steps.empty())
            return r;
        for (const StepBreakdown &s : analysis->steps) {
            r.computeNs += s.computeNs;
            r.commNotOverlappedNs += s.commNotOverlappedNs;
            r.freeNs += s.freeNs;
            r.preparingNs += s.preparingNs;
            r.wallNs += s.wallNs;
        }
        r.steps = int(analysis->steps.size());
        r.computeNs /= r.steps;
        r.commNotOverlappedNs /= r.steps;
        r.freeNs /= r.steps;
        r.preparingNs /= r.steps;
        r.wallNs /= r.steps;
        return r;
    }

} // namespace

ClusterSummary summariseCluster(const Profile &profile,
    const std::vector<std::shared_ptr<const RankAnalysis>> &analyses,
    const std::vector<Finding> &profileFindings)
{
    ClusterSummary summary;
    for (std::size_t i = 0; i < profile.ranks.size(); ++i)
        summary.ranks.push_back(meanOfSteps(
            int(i), *profile.ranks[i], i < analyses.size() ? analyses[i].get() : nullptr));

    for (const Finding &f : profileFindings) {
        if (f.id == QLatin1String(FindingId::kRankImbalance))
            summary.imbalance = f.title;
        else if (f.id == QLatin1String(FindingId::kPpStageImbalance))
            summary.stageImbalance = f.title;
    }
    // The slowest rank and its lag are the tallest and the shortest bar: the wall time per step.
    // Not the finding's compute lag: in synchronous training the ranks' steps take the same wall
    // time and the lag shows as communication on the fast ranks, which the finding's title says.
    for (std::size_t i = 0; i < summary.ranks.size(); ++i) {
        const ClusterRank &r = summary.ranks[i];
        if (r.steps == 0)
            continue;
        if (summary.slowest < 0 || r.wallNs > summary.ranks[std::size_t(summary.slowest)].wallNs)
            summary.slowest = int(i);
        if (summary.fastest < 0 || r.wallNs < summary.ranks[std::size_t(summary.fastest)].wallNs)
            summary.fastest = int(i);
    }
    if (summary.slowest < 0 || summary.slowest == summary.fastest) {
        summary.slowest = summary.fastest = -1;
        return summary;
    }
    summary.lagNs = summary.ranks[std::size_t(summary.slowest)].wallNs
        - summary.ranks[std::size_t(summary.fastest)].wallNs;
    return summary;
}

void placeRanks(ClusterSummary &summary, const Profile &profile, const ParallelLayout &layout)
{
    summary.stages = layout.stages.size() > 1 ? int(layout.stages.size()) : 0;
    for (ClusterRank &r : summary.ranks) {
        const int rank = profile.ranks[std::size_t(r.rankIndex)]->rank();
        r.stage = summary.stages ? layout.stageOf(rank) : -1;
        r.dpIndex = rank >= 0 && std::size_t(rank) < layout.index.size()
            ? layout.index[std::size_t(rank)].dp
            : -1;
    }
    const int slowest
        = summary.slowest >= 0 ? summary.ranks[std::size_t(summary.slowest)].rankIndex : -1;
    const int fastest
        = summary.fastest >= 0 ? summary.ranks[std::size_t(summary.fastest)].rankIndex : -1;
    std::stable_sort(
        summary.ranks.begin(), summary.ranks.end(), [](const ClusterRank &a, const ClusterRank &b) {
            return std::tie(a.stage, a.dpIndex, a.rankIndex)
                < std::tie(b.stage, b.dpIndex, b.rankIndex);
        });
    for (std::size_t i = 0; i < summary.ranks.size(); ++i) {
        if (summary.ranks[i].rankIndex == slowest)
            summary.slowest = int(i);
        if (summary.ranks[i].rankIndex == fastest)
            summary.fastest = int(i);
    }
}

} // namespace npuscope
