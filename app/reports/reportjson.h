#pragma once

#include "analysis/rank/analysedrank.h"
#include "model/profile/profile.h"

#include <QJsonObject>

#include <vector>

namespace npuscope {

// The report of `npuscope report --json` (shape in the Foundation issue). The text report is
// rendered from the same object so the two can never disagree.
// `options`: what the analysis cannot read from the profile (the device's memory size).
// `timings`, when given, receives how long the analysis and the building of the object took.
struct ReportTimings {
    // every rank's analysis, call tree and kernel aggregations (in parallel), the cross-rank
    // findings
    double analysisSeconds = 0;
    double jsonSeconds = 0; // the report object built from them
};
QJsonObject profileReportJson(const Profile &profile, int top, const FindingOptions &options = {},
    ReportTimings *timings = nullptr);
// One rank's report, from its analysis and call tree (computed there when not yet).
QJsonObject rankReportJson(const AnalysedRank &rank, int top);
// Same, from the parts: the analysis (findings, gaps, the step breakdown), the call tree and the
// kernel table's part (kernels, top_kernels, by_*).
QJsonObject rankReportJson(const RankProfile &rank, const RankAnalysis &analysis,
    const CallTree &tree, const QJsonObject &kernels, int top);

// Microseconds as a JSON number, from exact nanoseconds.
double nsToUs(TimeNs ns);

} // namespace npuscope
