#pragma once

#include "model/core/issue.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace npuscope {

// Where the files of one rank are. Empty paths mean "not collected".
struct RankSource {
    int rank = -1; // -1 when unknown
    QString dir; // the *ascend_pt folder (or the folder holding the files)
    QString profilerInfo;
    QString traceView; // trace_view.json or a Kineto *.json[.gz]
    QString kernelDetails;
    QString operatorDetails;
    QString stepTraceTime;
    QString opStatistic;
    QString apiStatistic;
    QStringList otherCsv; // memory_record.csv, l2_cache.csv, ...
    QString communication; // communication.json
    QString communicationMatrix;
    bool kineto = false;

    QString label() const; // "rank 0", or the folder name
};

struct ProfileSource {
    QString path; // what the user opened
    std::vector<RankSource> ranks; // sorted by rank, then folder
    IssueList issues;
};

// Accepts: a parent of several *ascend_pt folders, one *ascend_pt folder, its
// ASCEND_PROFILER_OUTPUT, a single trace_view.json / Kineto *.json[.gz], or a kernel_details.csv.
ProfileSource discoverProfile(const QString &path);

} // namespace npuscope
