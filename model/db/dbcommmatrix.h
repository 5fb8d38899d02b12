#pragma once

#include "model/core/issue.h"

#include <QString>

#include <vector>

namespace npuscope {

// One row of analysis.db's CommAnalyzerMatrix (communication_analyzer.db likewise): what
// communication_matrix.json holds as {step: {type: {"op@group": {"src-dst": {...}}}}}.
struct DbCommMatrixRow {
    QString op; // "allreduce-total", "allreduce-top1", ...
    QString group; // group_name
    QString kind; // type: "collective", "p2p"
    int src = -1, dst = -1; // ranks inside the group
    double sizeMb = 0; // transit_size
    double timeMs = 0; // transit_time
    QString transport; // transport_type: "HCCS", "RDMA", "LOCAL"
    QString step; // "step50"
    QString opName; // op_name: the operation of a "-top1", "-middle", ... row; may be empty
    double bandwidthGBs = 0; // bandwidth
};

// Read-only and immutable, as every profiler database. An absent table gives no rows; rows whose
// ranks are not numbers are skipped; problems go to `issues`, naming the file and table.
std::vector<DbCommMatrixRow> readCommMatrixTable(const QString &path, IssueList *issues);

} // namespace npuscope
