#pragma once

#include "analysis/compare/apicompare.h"
#include "analysis/compare/kernelmatch.h"
#include "analysis/compare/memorycompare.h"
#include "analysis/compare/modulecompare.h"
#include "analysis/compare/overallmetrics.h"
#include "analysis/compare/workbuckets.h"
#include "analysis/rules/findings.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace npuscope {

// One run as the comparison sees it: a rank and its analysis (analyseRank()).
struct CompareInput {
    const RankProfile *rank = nullptr;
    const RankAnalysis *analysis = nullptr;
};

// A matched kernel whose duration changed by less than this share is "the same": repeated
// collections of one model vary by a few percent per kernel even with fixed seeds and inputs
// (the article, section 6.1, warns of 900 vs 1100 us when they are not fixed).
constexpr double kDefaultChangeThreshold = 0.10;

struct CompareOptions {
    // Step ids to compare ("50"). Empty baseStep: the first step both runs have (or, when no id
    // is shared, the first step of each). Empty newStep: the same id as baseStep.
    QString baseStep;
    QString newStep;
    double changeThreshold = kDefaultChangeThreshold;
};

// The compared step of one side: the columns of the article's baseline table (section 6.3:
// step time, top-1 kernel and its time, AI_CPU share) and what explains the rest.
struct StepSummary {
    QString stepId; // empty when the run has no steps (then the whole run is compared)
    int stepIndex = -1; // in RankAnalysis::steps; -1 for the whole run
    TimeNs start = 0; // absolute start of the step (its first task when the host step is unknown)
    // The host step's range (a ProfilerStep#N slice), both 0 when there is none: then the
    // breakdowns (overall, modules) take the whole run.
    TimeNs rangeStart = 0;
    TimeNs rangeEnd = 0;
    TimeNs wallNs = 0;
    TimeNs deviceBusyNs = 0;
    TimeNs kernelSumNs = 0; // sum of compute durations
    TimeNs freeNs = 0;
    TimeNs commNotOverlappedNs = 0;
    qint64 kernelCount = 0; // rows of the step, communication included
    QString topKernel; // the longest compute kernel of the step
    TimeNs topKernelNs = 0;
    qint32 topKernelRow = -1;
    TimeNs aiCpuNs = 0;
    TimeNs transDataNs = 0;
    double aiCpuShare = 0; // of kernelSumNs, as the ai-cpu-fallback finding
    double transDataShare = 0; // of kernelSumNs, as the transdata-overhead finding
};

// One row of a diff table (by Type, by Name or by work bucket) over the compared steps.
struct DiffRow {
    QString key; // the Type, the Name, or workBucketKey()
    QString label; // shown text: the key, or workBucketName(), or "base name → new name"
    TimeNs baseNs = 0;
    TimeNs newNs = 0;
    qint64 baseCount = 0;
    qint64 newCount = 0;
    // By Name: the new run's name when the kernel match paired differently named kernels
    // (joinRenamedRows()); empty when it is the key.
    QString newKey;

    TimeNs deltaNs() const { return newNs - baseNs; }
    bool hasDeltaPct() const { return baseNs != 0; }
    double deltaPct() const
    {
        return hasDeltaPct() ? 100.0 * double(newNs - baseNs) / double(baseNs) : 0;
    }
};

// Largest |delta| first; rows of equal |delta| keep their order.
void sortByDelta(std::vector<DiffRow> &rows);

struct FindingChange {
    QString id;
    FindingSeverity severity = FindingSeverity::Warning;
    QString title;
};

enum class MatchChange : std::uint8_t { Same, Faster, Slower, OnlyBase, OnlyNew };

// Faster / Slower when the new duration differs from the base one by more than threshold
// (a share of the base duration); Same otherwise.
MatchChange classifyChange(TimeNs base, TimeNs next, double threshold);

struct RunComparison {
    QString error; // set when nothing could be compared (a chosen step is missing, no kernels)
    StepSummary base;
    StepSummary next;
    bool stepsByPosition = false; // the runs share no step id: their first steps are compared
    bool crossBackend = false; // a Kineto trace against an Ascend profile: compare buckets
    std::vector<qint32> baseRows; // kernel rows of the compared steps, ascending
    std::vector<qint32> newRows;
    std::vector<DiffRow> byType; // all sorted by |delta|, largest first
    std::vector<DiffRow> byName;
    std::vector<DiffRow> byBucket;
    std::vector<FindingChange> appeared; // finding ids the new run has and the base has not
    std::vector<FindingChange> resolved; // and the other way round
    KernelMatch match; // kernels of the compared steps
    qint64 faster = 0; // matched pairs beyond the threshold
    qint64 slower = 0;
    // msprof-analyze compare's OverallMetrics and ModuleCompare over the compared steps.
    OverallMetrics baseOverall;
    OverallMetrics newOverall;
    std::vector<OverallRow> overall;
    ModuleTree baseModules;
    ModuleTree newModules;
    std::vector<ModuleDiffRow> modules;
    std::vector<ApiDiffRow> apis; // msprof-analyze compare's ApiCompare
    // msprof-analyze compare's MemoryCompareStatistic; operator_memory.csv (the database's
    // OP_MEMORY) of each run, empty when that run did not collect it (profile_memory=False).
    std::vector<MemoryDiffRow> memory;
    QString baseMemorySource;
    QString newMemorySource;

    bool ok() const { return error.isEmpty(); }
    bool hasStepDeltaPct() const { return base.wallNs != 0; }
    double stepDeltaPct() const
    {
        return hasStepDeltaPct() ? 100.0 * double(next.wallNs - base.wallNs) / double(base.wallNs)
                                 : 0;
    }
};

// Compares one step of two runs (or two ranks of one run). Findings are compared over the
// whole runs: they are computed per rank, not per step.
RunComparison compareRuns(
    const CompareInput &base, const CompareInput &next, const CompareOptions &options = {});

// The step ids of an analysis, in time order.
QStringList stepIds(const RankAnalysis &analysis);

// True for a PyTorch Kineto trace (GPU names), false for an Ascend profile.
bool isKinetoRun(const RankProfile &rank);

} // namespace npuscope
