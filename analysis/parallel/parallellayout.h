#pragma once

#include <QString>

#include <optional>
#include <vector>

namespace npuscope {

// The parallel sizes a training job declares (Megatron / MindSpeed: profiler_metadata.json's
// distributed_args). world == tp * pp * dp, as Megatron requires; cp and ep refine the groups.
struct ParallelArgs {
    int world = 0;
    int tp = 1; // tensor_model_parallel_size
    int pp = 1; // pipeline_model_parallel_size
    int dp = 1; // data_parallel_size
    int cp = 1; // context_parallel_size
    int ep = 1; // expert_model_parallel_size
};

// A process group as the job names it (parallel_group_info: "dp", "dp_cp", "pp", "tp", "mp",
// "embd", "default_group") or as the communication of the ranks shows it.
struct ProcessGroup {
    QString name; // the job's name for it ("pp"); empty when unknown
    QString id; // the group's key where it was read ("group_name_19", an HCCL group id)
    std::vector<int> ranks; // global ranks, ascending
    bool p2p = false; // point-to-point (send / receive) rather than collective
};

// Where a global rank sits in the parallel layout.
struct ParallelIndex {
    int dp = -1;
    int pp = -1;
    int tp = -1;
};

struct ParallelLayout {
    enum class Source : std::uint8_t { None, DistributedArgs, CommunicationGroups };
    Source source = Source::None;
    QString note; // why it is unknown, or what it was inferred from
    std::vector<ParallelIndex> index; // by global rank; empty unless from DistributedArgs
    std::vector<std::vector<int>> stages; // pipeline stages, each its global ranks, ascending
    std::vector<ProcessGroup> groups;

    bool known() const { return source != Source::None; }
    // The stage holding `rank`, or -1.
    int stageOf(int rank) const;
};

// Megatron's rank order (tensor fastest, then context, data, pipeline slowest), as the vendor's
// cluster analysis partitions a job: per global rank its DP, PP and TP index, and the stages.
// nullopt with *error set when the sizes do not describe a layout (world != tp * pp * dp, a size
// under 1, dp not a multiple of ep).
std::optional<ParallelLayout> megatronLayout(const ParallelArgs &args, QString *error);

// The stages inferred from the groups that communicated, as the vendor's cluster analysis infers
// them without distributed_args: the point-to-point groups whose name starts with "pp" link the
// stages; every collective group that holds at most one rank of each such link lies inside a
// stage, and overlapping ones are joined. Empty when no pipeline link is there.
std::vector<std::vector<int>> inferStages(const std::vector<ProcessGroup> &groups);

} // namespace npuscope
