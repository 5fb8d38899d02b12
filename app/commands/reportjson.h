#pragma once

#include "analysis/findings.h"
#include "model/profile/profile.h"

#include <QJsonObject>

namespace npuscope {

// The report of `npuscope report --json` (shape in the Foundation issue). The text report is
// rendered from the same object so the two can never disagree.
// `options`: what the analysis cannot read from the profile (the device's memory size).
QJsonObject profileReportJson(const Profile &profile, int top, const FindingOptions &options = {});
QJsonObject rankReportJson(const RankProfile &rank, int top);
// Same, from an analysis already made (analyseRank()): findings, gaps and the step breakdown.
QJsonObject rankReportJson(const RankProfile &rank, const RankAnalysis &analysis, int top);

// Microseconds as a JSON number, from exact nanoseconds.
double nsToUs(TimeNs ns);

} // namespace npuscope
