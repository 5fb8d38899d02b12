#pragma once

#include "analysis/parallel/processgroups.h"

#include <QString>

#include <vector>

namespace npuscope {

// One link of one operation type as a rank's communication_matrix.json gives it: under
// "<op>-<stat>@<group id>" the key "src-dst" in the group's own (local) rank numbers.
struct MatrixLink {
    int fileRank = -1; // global rank whose file holds it
    QString group; // the HCCL group id
    bool p2p = false;
    QString op; // operation type: "allreduce", "batchsendrecv", ...
    // Whether the entry counts: "-total" and unsplit entries do; "-top1", "-middle",
    // "-bottom2" ... split the same total by size class and would count it twice.
    bool total = true;
    int src = -1; // local ranks
    int dst = -1;
    QString transport; // "HCCS", "RDMA", "PCIE", "SIO", "LOCAL", ...
    double sizeMb = 0; // Transit Size(MB)
    double timeMs = 0; // Transit Time(ms)
};

// A link between two global ranks for one operation type of one group, summed over its steps.
struct ClusterLink {
    QString group; // HCCL group id
    QString groupName; // the job's name of the group ("dp"); empty when unknown
    std::vector<int> groupRanks; // global ranks of the group, ascending
    QString op;
    int src = -1; // global ranks
    int dst = -1;
    QString transport; // the last one seen
    double sizeMb = 0;
    double timeMs = 0;
    int entries = 0; // matrix entries summed (steps x files)

    // MB per ms is GB/s, as the vendor's matrix computes it; 0 without time.
    double bandwidthGBs() const { return timeMs > 0 ? sizeMb / timeMs : 0; }
};

struct ClusterLinks {
    std::vector<ClusterLink> links; // by group (as `groups`), op, src, dst
    // Links whose local ranks no file of the run or parallel_group_info maps to global ranks
    // (a group with ranks that were not collected): left out.
    int unmapped = 0;
};

// The links of a run: local ranks become global ones through the "k-k" self link in the file of
// global rank R (k is R's place in the group), else through parallel_group_info's global ranks
// in ascending order (the vendor maps only through the self links). Only total entries count.
ClusterLinks clusterLinks(const std::vector<MatrixLink> &entries,
    const std::vector<ProcessGroup> &groups, const std::vector<NamedGroup> &named);

} // namespace npuscope
