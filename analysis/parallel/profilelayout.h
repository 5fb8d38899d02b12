#pragma once

#include "analysis/parallel/clusterlinks.h"
#include "analysis/parallel/processgroups.h"
#include "model/profile/profile.h"

namespace npuscope {

// The parallel layout of a loaded run: distributed_args and parallel_group_info of the ranks'
// profiler_metadata.json, and the groups their communication files name.
ParallelLayout profileLayout(const Profile &profile);
// The links of the ranks' communication_matrix.json (or analysis.db) in global ranks.
ClusterLinks profileLinks(const Profile &profile);
ClusterLinks profileLinks(const Profile &profile, const ParallelLayout &layout);

} // namespace npuscope
