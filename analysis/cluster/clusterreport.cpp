#include "analysis/cluster/clusterreport.h"

#include <algorithm>
#include <cmath>

namespace npuscope {

namespace {

    std::optional<TimeNs> meanBubble(const RankProfile &rank)
    {
        if (!rank.stepTrace)
            return std::nullopt;
        const Table &t = *rank.stepTrace;
        const int column = t.findColumn(u"Bubble");
        double sum = 0;
        int n = 0;
        for (qsizetype row = 0; column >= 0 && row < t.rowCount(); ++row) {
            const double us = t.number(row, column);
            if (!std::isnan(us)) {
                sum += us;
                ++n;
            }
        }
        if (n == 0)
            return std::nullopt;
        return TimeNs(std::llround(sum / n * 1000.0));
    }

    ClusterReport::Rank rankRow(
        int index, const RankProfile &profile, const RankAnalysis *a, const ParallelLayout &layout)
    {
        ClusterReport::Rank r;
        r.rank = profile.rank();
        r.rankIndex = index;
        if (r.rank >= 0 && std::size_t(r.rank) < layout.index.size())
            r.index = layout.index[std::size_t(r.rank)];
        r.stage = layout.stageOf(r.rank);
        r.bubbleNs = meanBubble(profile);
        if (!a || a->steps.empty())
            return r;
        for (const StepBreakdown &s : a->steps) {
            r.computeNs += s.computeNs;
            r.commNotOverlappedNs += s.commNotOverlappedNs;
            r.freeNs += s.freeNs;
            r.wallNs += s.wallNs;
        }
        r.steps = int(a->steps.size());
        r.computeNs /= r.steps;
        r.commNotOverlappedNs /= r.steps;
        r.freeNs /= r.steps;
        r.wallNs /= r.steps;
        return r;
    }

    ClusterReport::Stage stageRow(
        int index, const std::vector<int> &ranks, const std::vector<ClusterReport::Rank> &rows)
    {
        ClusterReport::Stage s;
        s.index = index;
        s.ranks = ranks;
        for (const ClusterReport::Rank &r : rows) {
            if (r.stage != index || r.steps == 0)
                continue;
            s.computeNs = std::max(s.computeNs, r.computeNs);
            s.commNotOverlappedNs = std::max(s.commNotOverlappedNs, r.commNotOverlappedNs);
            s.freeNs = std::max(s.freeNs, r.freeNs);
            s.wallNs = std::max(s.wallNs, r.wallNs);
            if (r.bubbleNs)
                s.bubbleNs = std::max(s.bubbleNs.value_or(0), *r.bubbleNs);
        }
        return s;
    }

} // namespace

ClusterReport buildClusterReport(const Profile &profile, const std::vector<RankAnalysis> &analyses,
    const ParallelLayout &layout, ClusterLinks links)
{
    return buildClusterReport(profile, analysisList(analyses), layout, std::move(links));
}

ClusterReport buildClusterReport(const Profile &profile, const RankAnalysisList &analyses,
    const ParallelLayout &layout, ClusterLinks links)
{
    ClusterReport c;
    c.source = layout.source;
    c.note = layout.note;
    for (std::size_t i = 0; i < profile.ranks.size(); ++i)
        c.ranks.push_back(rankRow(
            int(i), *profile.ranks[i], i < analyses.size() ? analyses[i] : nullptr, layout));
    for (std::size_t s = 0; s < layout.stages.size(); ++s)
        c.stages.push_back(stageRow(int(s), layout.stages[s], c.ranks));
    c.groups = layout.groups;
    c.links = std::move(links);
    return c;
}

} // namespace npuscope
