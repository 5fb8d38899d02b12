#pragma once

#include "analysis/parallel/parallellayout.h"

#include <QString>
#include <QStringView>

#include <cstdint>
#include <optional>
#include <vector>

namespace npuscope {

// A rank's communication files name a group: communication.json and communication_matrix.json key
// each operation "<op>@<group id>" under "collective" or "p2p".
struct GroupSighting {
    QString id; // the HCCL group id ("3985310405473756128")
    bool p2p = false;
    int rank = -1; // global rank whose file names it
};

// An entry of profiler_metadata.json's parallel_group_info: "group_name_19": {"group_name": "pp",
// "global_ranks": [0, 2]}.
struct NamedGroup {
    QString key; // "group_name_19"
    QString name; // "pp"
    std::vector<int> ranks; // global_ranks; may be empty
};

// The id the communication files give the group whose parallel_group_info key is `key`: torch_npu
// hashes the key twice (polynomials 29 and 131 over its characters, 32 bits each) and joins the
// two halves, as the vendor's cluster analysis reads it back.
std::uint64_t hcclGroupId(QStringView key);

// The process groups of a run: every group that a rank's communication names, its ranks those
// whose files name it (or parallel_group_info's global_ranks where the group is there), its name
// the job's ("dp", "pp", ...) when parallel_group_info has it. Sorted by kind, size (largest
// first) and first rank.
std::vector<ProcessGroup> processGroups(
    const std::vector<GroupSighting> &sightings, const std::vector<NamedGroup> &named);

// The layout of a run: from distributed_args when they are there and consistent, else the stages
// inferred from the groups (inferStages), else unknown with the reason in `note`.
ParallelLayout parallelLayout(
    const std::optional<ParallelArgs> &args, std::vector<ProcessGroup> groups);

} // namespace npuscope
