#pragma once

#include "model/profile/profile.h"

#include <QJsonObject>

#include <memory>
#include <vector>

namespace npuscope {

// A rank's summary (what loadRankSummary() reads: profiler_info.json, profiler_metadata.json,
// step_trace_time.csv and the communication statistics) carried inside npuscope's own
// `report --json`, as `ranks[].rank_summary`, and read back from it. A job of thousands of
// ranks is reported one rank at a time where each rank lies; the folder of those reports then
// opens as the run (cluster view, `report --summaries`) without the rank folders.
//
// {"format": 1, "profiler_info": {...} | null, "profiler_metadata": {...} | null,
//  "step_trace_time": "CSV text" | null, "communication": {...} | null,
//  "communication_matrix": {...} | null, "ai_cores": n | null, "npu_name": "..."}
// profiler_info is the file as written; the others are rebuilt from what was read (a database
// export's tables included) in the shape of the profiler's own files, so that the same readers
// read them back. The rank, its folder, not_collected and issues are the rank object's own keys.
QJsonObject rankSummaryJson(const RankProfile &rank);

// The ranks whose summaries the report at `path` carries, as sources to load with
// loadRankSummary() (`reportSummary` set, `dir` the rank folder the report was made from). A
// file that is not such a report gives none and an issue that says why.
std::vector<RankSource> reportSummarySources(const QString &path, IssueList *issues);

// The rank `source` names, read from its report: RankProfile::summaryOnly, as
// loadRankSummary() gives for the rank folder itself. `report`, when given, is that report
// already parsed (readReportObject()), for a report that carries many ranks.
std::shared_ptr<RankProfile> loadReportSummary(
    const RankSource &source, const QJsonObject *report = nullptr);
// The report at `path` parsed; null when it cannot be read (loadReportSummary() then says why).
std::shared_ptr<const QJsonObject> readReportObject(const QString &path);

} // namespace npuscope
