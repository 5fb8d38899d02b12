#pragma once

#include "analysis/parallel/clusterlinks.h"
#include "analysis/rules/findings.h"

namespace npuscope {

// slow-link: a link between two ranks that moves its data well under the bandwidth of its peers.
// Peers are the links of the same operation type over the same transport in the groups of the
// same name (every dp group's reduce over HCCS, say): in a collective every link of a group
// carries the same operations, so their bandwidths should agree, and a lone slow one points at
// that link or the cards at its ends, not at the sizes moved. A link is slow under 80% of its
// peers' median (critical under 50%); links of less than 1 MB, whose time is latency, and LOCAL
// copies are not judged. msprof-analyze's slow link analysis only prints the spread (max - min)
// of each rank's SDMA and RDMA bandwidth, with no threshold and no link named.
std::optional<Finding> findSlowLinks(const Profile &profile, const ClusterLinks &links);

// The links findSlowLinks() judges, with their peers' median bandwidth in GB/s.
struct JudgedLink {
    const ClusterLink *link = nullptr;
    double peerMedianGBs = 0;
    int peers = 0; // links in its peer set, itself included
};
std::vector<JudgedLink> judgeLinks(const ClusterLinks &links);

} // namespace npuscope
