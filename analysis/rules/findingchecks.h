#pragma once

#include "analysis/parallel/clusterlinks.h"
#include "analysis/rules/findings.h"

#include <optional>

namespace npuscope {

// What a detector needs and whether the rank has it, so that a finding that did not fire reads
// "clear" only when it was looked for. Each function returns the check's not-checked reason
// and what to collect, or nullopt when the detector can run.
struct MissingData {
    QString reason; // what was missing: level, column, file
    QString collect; // what to collect so that it can be checked
};

std::optional<MissingData> missingKernelRows(const DetectorInput &in); // transdata-overhead
std::optional<MissingData> missingAcceleratorCore(const DetectorInput &in); // ai-cpu-fallback
std::optional<MissingData> missingBlockDim(const DetectorInput &in); // low-block-dim
std::optional<MissingData> missingWaitOrTrace(const DetectorInput &in); // host-bound
std::optional<MissingData> missingSteps(const DetectorInput &in); // comm, unaccounted time
std::optional<MissingData> missingProfilerInfo(const DetectorInput &in); // profiler-overhead
std::optional<MissingData> missingEnvVariables(const DetectorInput &in); // env-vars
std::optional<MissingData> missingOpState(const DetectorInput &in); // dynamic-shape
std::optional<MissingData> missingFrameworkApis(const DetectorInput &in); // affinity-api
// sync-stream, op-dispatch, memory-ops: the CANN API events of the trace.
std::optional<MissingData> missingCannApis(const DetectorInput &in);
// gc: GC events, else CANN API events to conjecture GC from the device's idle gaps.
std::optional<MissingData> missingGcEvents(const DetectorInput &in);
// dataloader, syncbn: the framework (host thread) events of the trace.
std::optional<MissingData> missingHostEvents(const DetectorInput &in);
// rank-imbalance: fewer than two ranks with steps.
std::optional<MissingData> missingRanks(const RankAnalysisList &ranks);
// pp-stage-imbalance: the layout has fewer than two pipeline stages (or none is known).
MissingData missingStages(const ParallelLayout &layout);
std::optional<MissingData> missingClusterLinks(const ClusterLinks &links); // slow-link
// What a slow-link verdict leaves out: links of ranks that were not collected; else empty.
QString unmappedNote(const ClusterLinks &links);

// What a check that ran rests on when part of it is a guess or a fallback (the Block Dim guess
// of the core count, a missing Wait Time column); empty otherwise.
QString checkNote(const QString &id, const DetectorInput &in);

// Where the step and communication numbers come from, as `rank`'s export names it:
// "step_trace_time.csv", "StepTraceTime in analysis.db", ... (translated).
QString stepTimeSource(StepSource source, const RankSource &rank);
QString commTimeSource(StepSource source, const RankSource &rank);

} // namespace npuscope
