#pragma once

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
};

struct ClusterSummary {
    std::vector<ClusterRank> ranks; // in Profile::ranks order
    int slowest = -1; // index in `ranks` (longest wall time per step); -1 with fewer than two
    int fastest = -1; // ranks with steps, or when they all take the same time
    TimeNs lagNs = 0; // wall time per step of the slowest rank minus that of the fastest
    QString imbalance; // the rank-imbalance finding's title when there is one
};

// Per-rank means of the step breakdowns (step_trace_time.csv, or the trace's steps) that
// analyseRank() computed; `analyses[i]` may be null (rank not analysed yet). The slowest rank and
// its lag come from the wall time per step, as the overview's bars show it; the rank-imbalance
// finding in `profileFindings`, when it fired, only lends its title (which names the spread that
// explains the difference: compute, exposed communication or idle time).
ClusterSummary summariseCluster(const Profile &profile,
    const std::vector<std::shared_ptr<const RankAnalysis>> &analyses,
    const std::vector<Finding> &profileFindings);

} // namespace npuscope
