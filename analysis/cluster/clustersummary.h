#pragma once

#include "analysis/parallel/parallellayout.h"
#include "analysis/rules/findings.h"

#include <memory>
#include <vector>

namespace npuscope {

// One rank of a multi-rank run, as the cluster overview compares them: mean times per step.
struct ClusterRank {
    int rankIndex = -1; // in Profile::ranks
    QString label; // "rank 3"
    int steps = 0; // steps averaged; 0 when the rank has no step data
    TimeNs computeNs = 0; // Computing
    TimeNs commNotOverlappedNs = 0; // Communication (Not Overlapped)
    TimeNs freeNs = 0; // Free
    TimeNs preparingNs = 0; // Preparing: step start to its first device task
    TimeNs wallNs = 0; // the step's wall time
    int stage = -1; // pipeline stage; -1 when the layout has no stages
    int dpIndex = -1; // data-parallel index; -1 unless distributed_args gave it
};

struct ClusterSummary {
    std::vector<ClusterRank> ranks; // in Profile::ranks order
    int slowest = -1; // index in `ranks` (longest wall time per step); -1 with fewer than two
    int fastest = -1; // ranks with steps, or when they all take the same time
    TimeNs lagNs = 0; // wall time per step of the slowest rank minus that of the fastest
    QString imbalance; // the rank-imbalance finding's title when there is one
    QString stageImbalance; // the pp-stage-imbalance finding's title when there is one
    int stages = 0; // pipeline stages of the layout; 0 when unknown
};

// Per-rank means of the step breakdowns (step_trace_time.csv, or the trace's steps) that
// analyseRank() computed; `analyses[i]` may be null (rank not analysed yet). The slowest rank and
// its lag come from the wall time per step, as the overview's bars show it; the rank-imbalance
// finding in `profileFindings`, when it fired, only lends its title (which names the spread that
// explains the difference: compute, exposed communication or idle time).
ClusterSummary summariseCluster(const Profile &profile,
    const std::vector<std::shared_ptr<const RankAnalysis>> &analyses,
    const std::vector<Finding> &profileFindings);

// Gives each rank its stage and DP index from `layout` and orders the ranks by stage, then DP
// index, then position in the profile (slowest and fastest follow their ranks).
void placeRanks(ClusterSummary &summary, const Profile &profile, const ParallelLayout &layout);

} // namespace npuscope
