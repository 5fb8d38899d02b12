#pragma once

#include "model/core/progress.h"
#include "model/core/types.h"

#include <QList>
#include <QString>
#include <QStringView>

#include <map>
#include <optional>
#include <vector>

namespace npuscope {

// Problems the generator can plant into an otherwise clean profile, one per analysis finding.
// MemoryLeak and Fragmentation imply GeneratorOptions::memory.
enum class Plant {
    TransData,
    AiCpu,
    HostBound,
    LowBlockDim,
    CommNotOverlapped,
    MemoryLeak,
    Fragmentation
};

// "transdata", "aicpu", "hostbound", "lowblockdim", "commnotoverlapped", "memoryleak",
// "fragmentation" (case-insensitive).
std::optional<Plant> plantFromName(QStringView name);
QString plantName(Plant plant);
QList<Plant> allPlants();
// Comma-separated names, "all" or "none"/empty. Unknown names: nullopt and *error says which.
std::optional<QList<Plant>> plantsFromList(QStringView list, QString *error = nullptr);

// What the generator writes per rank: the profiler's text export (trace_view.json and CSVs),
// its SQLite database (ascend_pytorch_profiler_{rank}.db and analysis.db, export_type db), or
// both, as torch_npu 7.2 does by default.
enum class GeneratorFormat { Text, Db, Both };

// "text", "db", "both" (case-insensitive).
std::optional<GeneratorFormat> generatorFormatFromName(QStringView name);

struct GeneratorOptions {
    QString outDir;
    qint64 events = 20000; // approximate trace_view.json events per rank
    int ranks = 1;
    quint64 seed = 1;
    QList<Plant> plants;
    int steps = 3; // active profiler steps
    int deviceCores = 24; // AI cores of the simulated NPU; clean kernels use a multiple of it
    int layers = 0; // model layers per step; 0: as many as `events` needs. Fixed for run pairs.
    // Kernels of this Type run slowKernelFactor times longer: a known regression for compare.
    QString slowKernelType;
    double slowKernelFactor = 1.0;
    GeneratorFormat format = GeneratorFormat::Text;
    // Rank r's device runs (1 + r x rankSlowdownPermille / 1000) times longer: a planted rank
    // imbalance. Off by default, so that ranks are balanced unless a test asks for it.
    int rankSlowdownPermille = 0;
    // Write the profile_memory files (memory_record.csv, operator_memory.csv, npu_module_mem.csv;
    // in the database MEMORY_RECORD, OP_MEMORY, NPU_MODULE_MEM) and say profile_memory in
    // profiler_info.
    bool memory = false;
    // with_stack: the database gets PYTORCH_CALLCHAINS, a Python call stack of 9 to 23 frames
    // for every framework op (trace_view.json does not get them).
    bool withStack = false;
};

// What the written step_trace_time.csv says for one step, exactly (all ns).
struct StepTruth {
    int stepId = 0;
    TimeNs startNs = 0; // ProfilerStep#N start (host clock)
    TimeNs wallNs = 0; // ProfilerStep#N duration
    TimeNs firstTaskNs = 0; // start of the step's first device task
    TimeNs computingNs = 0; // union of compute tasks
    TimeNs commNs = 0; // union of communication tasks
    TimeNs overlappedNs = 0; // communication during which compute runs
    TimeNs commNotOverlappedNs = 0; // communication while no compute runs
    TimeNs freeNs = 0; // device idle within [firstTaskNs, step end]
    TimeNs stageNs = 0; // step end - firstTaskNs
    TimeNs preparingNs = 0; // firstTaskNs - startNs
    qint64 kernelRows = 0; // kernel_details rows of the step, HCCL rows included
};

// Exact numbers of one generated rank, for tests that check what an analysis finds.
// "Compute" rows are kernel_details rows other than HCCL ones.
struct RankTruth {
    int rank = 0;
    QString dir; // the rank{r}_ascend_pt folder
    qint64 traceEvents = 0; // elements of the trace_view.json array (0: no text written)
    qint64 traceBytes = 0;
    QString dbPath; // ascend_pytorch_profiler_{rank}.db; empty when no database was written
    qint64 dbBytes = 0;
    qint64 dbRows = 0; // rows of every table
    qint64 hostOps = 0; // Python cpu_op X events, ProfilerStep#N included
    qint64 kernelRows = 0; // kernel_details rows, HCCL rows included
    qint64 computeKernels = 0;
    TimeNs kernelTotalNs = 0; // sum of Duration over compute rows
    TimeNs firstTaskNs = 0;
    TimeNs lastTaskEndNs = 0;
    qint64 transDataKernels = 0;
    TimeNs transDataNs = 0;
    qint64 aiCpuKernels = 0;
    TimeNs aiCpuNs = 0;
    qint64 aiCpuOver20us = 0; // AI_CPU rows with Duration > 20 us
    qint64 hostGaps = 0; // planted host stalls
    TimeNs hostGapNs = 0; // sum of the planted kernels' Wait Time
    qint64 waitOver10xKernels = 0; // compute rows with Wait Time >= 10 x Duration (any cause)
    qint64 lowBlockDimKernels = 0; // AI_CORE rows with Block Dim below deviceCores
    TimeNs lowBlockDimNs = 0;
    qint64 commOps = 0; // HCCL rows
    TimeNs commNs = 0;
    TimeNs commNotOverlappedNs = 0;
    std::vector<TimeNs> stepWallNs;
    std::vector<StepTruth> steps;
    std::map<QString, TimeNs> typeNs; // sum of Duration per Type, HCCL rows included
    std::map<QString, qint64> typeRows;
    // Device ns of every task (HCCL included) by the name of the host op that launched it, and
    // of those launched from the autograd thread: the truth of the call tree's attribution.
    std::map<QString, TimeNs> launcherNs;
    TimeNs backwardLaunchNs = 0;
};

struct GeneratorResult {
    bool ok = false;
    QString error;
    std::vector<RankTruth> ranks;
};

// Writes a torch_npu-shaped profile (one rank{r}_ascend_pt folder per rank) under outDir.
// Deterministic for given options; streams every file, so memory stays constant whatever the
// size. progress gets (trace events written, estimated total); returning false cancels and
// the result has ok = false (files already written are left as they are).
GeneratorResult generateProfile(const GeneratorOptions &options, const ProgressFn &progress = {});

} // namespace npuscope
