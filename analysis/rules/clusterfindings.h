#pragma once

#include "analysis/parallel/parallellayout.h"
#include "analysis/rules/findings.h"

namespace npuscope {

// Findings across the ranks of a run, knowing its parallel layout.

// rank-imbalance: per-step compute, exposed communication and free time compared across ranks;
// with pipeline stages, only among the ranks of one stage (ranks of different stages do different
// work: that is pp-stage-imbalance).
std::optional<Finding> findRankImbalance(
    const Profile &profile, const RankAnalysisList &ranks, const ParallelLayout &layout);

// pp-stage-imbalance: the pipeline stages' compute per step (each the maximum over the stage's
// ranks, as the vendor's stage rows) differ by 5% of the mean step or more.
std::optional<Finding> findStageImbalance(
    const Profile &profile, const RankAnalysisList &ranks, const ParallelLayout &layout);

} // namespace npuscope
