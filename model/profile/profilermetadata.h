#pragma once

#include "model/core/issue.h"

#include <QJsonObject>
#include <QString>

#include <optional>
#include <utility>
#include <vector>

namespace npuscope {

// One communication group of parallel_group_info: {"group_name_5": {"group_name": "dp_cp",
// "group_rank": 0, "global_ranks": [0, 1]}}.
struct ParallelGroup {
    QString id; // the key, "group_name_5": what the communication files name the group by
    QString name; // "dp_cp", "tp", "default_group"; empty when not recorded
    std::optional<int> groupRank; // this rank's index in the group
    std::vector<int> globalRanks; // as written
};

// distributed_args (Megatron-style jobs): the parallel sizes and this rank's place.
struct DistributedArgs {
    std::optional<int> tensorParallel; // tensor_model_parallel_size
    std::optional<int> pipelineParallel; // pipeline_model_parallel_size
    std::optional<int> dataParallel; // data_parallel_size
    std::optional<int> contextParallel; // context_parallel_size
    std::optional<int> expertParallel; // expert_model_parallel_size
    std::optional<bool> sequenceParallel;
    std::optional<int> rank;
    std::optional<int> worldSize;
    // Every key as written, the value as compact JSON text (numbers, true/false, "text"), in key
    // order: the keys above and any other.
    std::vector<std::pair<QString, QString>> all;
};

// profiler_metadata.json beside profiler_info.json, or the META_DATA table of the profiler's
// database (the same keys, each value a JSON text). Every part optional: torch_npu writes
// ENV_VARIABLES, Megatron's hooks add distributed_args and parallel_group_info.
struct ProfilerMetadata {
    bool found = false; // a file or table was read
    QString path; // the file, or the database whose META_DATA was read
    bool hasEnvVariables = false; // ENV_VARIABLES was recorded (its values may all be empty)
    // ENV_VARIABLES in key order; the value as text ("" for a variable that was not set).
    std::vector<std::pair<QString, QString>> envVariables;
    std::optional<DistributedArgs> distributedArgs;
    std::vector<ParallelGroup> parallelGroups; // in key order
    // The other keys (not schema versions), the value as compact JSON text.
    std::vector<std::pair<QString, QString>> other;

    // The value of an environment variable; nullopt when not recorded.
    std::optional<QString> env(QStringView name) const;
    const ParallelGroup *group(QStringView id) const;
};

// Problems become issues with the file and the byte (not JSON) or the key (a wrong type); what
// could be read is kept.
ProfilerMetadata readProfilerMetadata(const QString &path, IssueList *issues);
ProfilerMetadata parseProfilerMetadata(
    const QByteArray &json, const QString &path, IssueList *issues);
// The file's object already parsed (npuscope's report carries it: reportsummary.h).
ProfilerMetadata profilerMetadataFromJson(
    const QJsonObject &root, const QString &path, IssueList *issues);
// META_DATA's (name, value) rows; `path` is the database.
ProfilerMetadata profilerMetadataFromRows(
    const std::vector<std::pair<QString, QString>> &rows, const QString &path, IssueList *issues);

} // namespace npuscope
