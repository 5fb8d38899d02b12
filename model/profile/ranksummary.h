#pragma once

#include "model/core/progress.h"
#include "model/profile/profile.h"

#include <memory>
#include <vector>

namespace npuscope {

// The part of a rank that a profile of hundreds of ranks can afford to read for every rank:
// profiler_info.json, profiler_metadata.json, step_trace_time.csv (one row per step, a few KiB)
// and the communication statistics (communication.json and communication_matrix.json, or the
// analysis database's tables), which the cluster overview, its links and layout, and the
// cross-rank findings need. trace_view.json (tens to hundreds of MiB),
// kernel_details.csv and operator_details.csv (MiBs each) and the other CSVs are left for
// loadRank() when the user opens the rank. The result has RankProfile::summaryOnly set and the
// same source, config, step table and notCollected as loadRank() gives.
std::shared_ptr<const RankProfile> loadRankSummary(const RankSource &source);

// Reads rank.source.profilerInfo into rank.config (the rank number too, when the folder name
// had none), or notes profiler_info.json as not collected. Shared with loadRank().
// Also reads rank.source.profilerMetadata into rank.metadata.
void readRankConfig(RankProfile &rank);
// The rank's communication statistics into rank.comm (left null when there are none); what
// cannot be read goes to rank.issues. Shared with loadRank().
void readRankCommFiles(RankProfile &rank);
struct DatabaseContents;
// The database's META_DATA into rank.metadata when no profiler_metadata.json was read.
void readDatabaseMetadata(RankProfile &rank, const DatabaseContents &db);

// loadRankSummary() of every rank on `threads` threads (0: all cores), in `sources` order.
// `progress` counts ranks; a false answer stops early and sets *cancelled (the result is then
// incomplete and must not be used).
// `rank` itself when it is complete, else loadRank() of its source (no progress, no cancel):
// for workers that need the full rank of a lazily loaded profile.
std::shared_ptr<const RankProfile> ensureFullRank(const std::shared_ptr<const RankProfile> &rank);

std::vector<std::shared_ptr<const RankProfile>> loadRankSummaries(
    const std::vector<RankSource> &sources, int threads, const ProgressFn &progress,
    bool *cancelled);

} // namespace npuscope
