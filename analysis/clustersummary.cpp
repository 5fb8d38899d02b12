#include "analysis/clustersummary.h"

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
            r.wallNs += s.wallNs;
        }
        r.steps = int(analysis->steps.size());
        r.computeNs /= r.steps;
        r.commNotOverlappedNs /= r.steps;
        r.freeNs /= r.steps;
        r.wallNs /= r.steps;
        return r;
    }

    int indexOfRankId(const ClusterSummary &summary, const Profile &profile, double rankId)
    {
        for (std::size_t i = 0; i < summary.ranks.size(); ++i)
            if (profile.ranks[std::size_t(summary.ranks[i].rankIndex)]->rank() == int(rankId))
                return int(i);
        return -1;
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
        if (f.id != QLatin1String(FindingId::kRankImbalance))
            continue;
        summary.imbalance = f.title;
        summary.slowest = indexOfRankId(summary, profile, f.metric(u"slowest_rank", -1));
        summary.fastest = indexOfRankId(summary, profile, f.metric(u"fastest_rank", -1));
        summary.lagNs = TimeNs(f.metric(u"compute_lag"));
        if (summary.slowest >= 0 && summary.fastest >= 0)
            return summary;
    }
    // No imbalance finding (or ranks without ids): compare the wall time per step.
    summary.slowest = summary.fastest = -1;
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

} // namespace npuscope
