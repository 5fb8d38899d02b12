#pragma once

#include "analysis/parallel/clusterlinks.h"
#include "analysis/rules/findings.h"

#include <optional>
#include <vector>

namespace npuscope {

// A run of several ranks seen as its parallel layout: what `report` writes as "cluster" and the
// Cluster tab shows. Times are per step, the mean over the rank's steps.
struct ClusterReport {
    struct Rank {
        int rank = -1; // global rank
        int rankIndex = -1; // in Profile::ranks
        ParallelIndex index; // -1 each where the layout has none
        int stage = -1;
        int steps = 0;
        TimeNs computeNs = 0, commNotOverlappedNs = 0, freeNs = 0, wallNs = 0;
        // step_trace_time.csv's Bubble (the pipeline's receive waits), mean per step; unset
        // without that column
        std::optional<TimeNs> bubbleNs;
    };
    // A pipeline stage as the vendor's stage rows: each time the maximum over its ranks.
    struct Stage {
        int index = 0;
        std::vector<int> ranks; // global ranks, all of the stage (loaded or not)
        TimeNs computeNs = 0, commNotOverlappedNs = 0, freeNs = 0, wallNs = 0;
        std::optional<TimeNs> bubbleNs;
    };

    ParallelLayout::Source source = ParallelLayout::Source::None;
    QString note; // where the layout comes from, or why it is unknown
    std::vector<Rank> ranks; // in Profile::ranks order
    std::vector<Stage> stages;
    std::vector<ProcessGroup> groups;
    ClusterLinks links;
};

ClusterReport buildClusterReport(const Profile &profile, const std::vector<RankAnalysis> &analyses,
    const ParallelLayout &layout, ClusterLinks links);
ClusterReport buildClusterReport(const Profile &profile, const RankAnalysisList &analyses,
    const ParallelLayout &layout, ClusterLinks links);

} // namespace npuscope
