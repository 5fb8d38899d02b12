#include "analysis/parallel/profilelayout.h"

namespace npuscope {

ParallelLayout profileLayout(const Profile &)
{
    // Filled from the ranks' metadata and communication once the model reads them.
    return parallelLayout(std::nullopt, {});
}

ClusterLinks profileLinks(const Profile &) { return {}; }

} // namespace npuscope
