#pragma once

#include "analysis/findings.h"

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
    TimeNs wallNs = 0; // the step's wall time
};

struct ClusterSummary {
    std::vector<ClusterRank> ranks; // in Profile::ranks order
    int slowest = -1; // index in `ranks`; -1 with fewer than two ranks with steps
    int fastest = -1;
    TimeNs lagNs = 0; // how far the slowest rank lags the fastest, per step
    QString imbalance; // the rank-imbalance finding's title when there is one
};

// Per-rank means of the step breakdowns (step_trace_time.csv, or the trace's steps) that
// analyseRank() computed; `analyses[i]` may be null (rank not analysed yet). The slowest rank and
// its lag come from the rank-imbalance finding in `profileFindings` when it fired (compute time,
// as the finding measures), else from the wall time per step.
ClusterSummary summariseCluster(const Profile &profile,
    const std::vector<std::shared_ptr<const RankAnalysis>> &analyses,
    const std::vector<Finding> &profileFindings);

} // namespace npuscope
