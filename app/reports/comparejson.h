#pragma once

#include "analysis/compare/comparison.h"

#include <QJsonObject>

namespace npuscope {

// What the comparison object needs to say about each run besides the RunComparison.
struct CompareRunInfo {
    QString path;
    const RankProfile *rank = nullptr;
    const RankAnalysis *analysis = nullptr;
};

// The object of `npuscope compare --json` (shape in issue 5):
// {"base": {...}, "new": {...}, "step_time_us": {"base", "new", "delta_pct"},
//  "by_type": [{"type", "base_us", "new_us", "delta_us", "delta_pct", "base_count",
//  "new_count"}], "by_name": [...], "by_bucket": [...], "matching": {...},
//  "findings": {"appeared": [], "resolved": []}, ...}. delta_pct is null when the base is 0.
// The text output is rendered from the same object (renderComparisonText).
QJsonObject comparisonJson(const RunComparison &c, const CompareRunInfo &base,
    const CompareRunInfo &next, const CompareOptions &options);

// The readable form of a comparisonJson() object; tables keep their first `top` rows.
QString renderComparisonText(const QJsonObject &comparison, int top);

} // namespace npuscope
