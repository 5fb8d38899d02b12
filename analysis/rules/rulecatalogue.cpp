#include "analysis/rules/rulecatalogue.h"

#include "analysis/rules/aicoreefficiency.h"
#include "analysis/rules/commfindings.h"
#include "analysis/rules/computefindings.h"
#include "analysis/rules/findingchecks.h"
#include "analysis/rules/findings.h"
#include "analysis/rules/frameworkfindings.h"
#include "analysis/rules/fusibleops.h"
#include "analysis/rules/hostfindings.h"
#include "analysis/rules/kernelfindings.h"
#include "analysis/rules/memoryfindings.h"
#include "analysis/rules/setupfindings.h"
#include "analysis/rules/thresholds.h"
#include "analysis/rules/timefindings.h"

#include <QLatin1StringView>

namespace npuscope {

namespace {

    constexpr char kAdvisor[] = "msprof-analyze advisor";

    std::optional<Finding> findProfilerOverheadOf(const DetectorInput &in)
    {
        return findProfilerOverhead(in.rank.config);
    }

    // The numbers of each rule, with their source. Values are thresholds.h's constants, so this
    // table cannot disagree with what the detectors use.
    constexpr RuleThreshold kTransData[] = {
        { "share", kTransDataShare, "ratio",
            "ours: no tool publishes a bar for format conversions; the 10% msprof-analyze's "
            "overall summary uses for free time, as a conversion is time the model does not need" },
        { "share_critical", kTransDataCritical, "ratio",
            "ours: a quarter of compute time, to be fixed first" },
    };
    constexpr RuleThreshold kAiCpu[] = {
        { "long_task", double(kAiCpuLongTaskNs), "ns",
            "msprof-analyze advisor AicpuChecker _MIN_TASK_DURATION (20 us)" },
        { "share_critical", kAiCpuCritical, "ratio",
            "the article, section 6.3: its baseline had 12% AI_CPU share before optimisation" },
    };
    constexpr RuleThreshold kHostBound[] = {
        { "wait_ratio", double(kHostBoundWaitRatio), "times",
            "the article, sections 4.2 and 8: a kernel is starved when its Wait Time is several "
            "times its Duration; 10 keeps only clear stalls" },
        { "min_wait", double(kHostBoundMinWaitNs), "ns",
            "ours: a launch costs the host a few us; shorter waits are launch noise" },
        { "comm_covered_fraction", kHostBoundCommCoveredFraction, "ratio",
            "ours: a wait at least half under a collective waits for the collective" },
        { "share", kStepShare, "ratio",
            "msprof-analyze overall summary: free time above 10% of the end-to-end time" },
        { "share_critical", kStepShareCritical, "ratio", "ours" },
    };
    constexpr RuleThreshold kLowBlockDim[] = {
        { "min_task", double(kLowBlockDimMinNs), "ns",
            "msprof-analyze advisor AicpuChecker's 20 us bar for a task worth looking at; "
            "BlockDimChecker (block_dim_checker.py) flags Block Dim not a multiple of the cores" },
        { "share", kLowBlockDimShare, "ratio", "ours: a few short tails raise no finding" },
        { "share_critical", kLowBlockDimCritical, "ratio", "ours" },
    };
    constexpr RuleThreshold kCommNotOverlapped[] = {
        { "share", kStepShare, "ratio",
            "msprof-analyze overall summary: 10% of the end-to-end time" },
        { "serial_share", kSerialCommShare, "ratio",
            "msprof-analyze cluster SlowRankAnalyzer RATIO_THRESHOLD (5%), when no communication "
            "overlaps computation at all" },
        { "share_critical", kStepShareCritical, "ratio", "ours" },
    };
    constexpr RuleThreshold kUnaccounted[] = {
        { "share", kStepShare, "ratio",
            "msprof-analyze overall summary: 10% of the end-to-end time" },
        { "share_critical", kStepShareCritical, "ratio",
            "ours: the article's 800 ms step has 62% unaccounted" },
    };
    constexpr RuleThreshold kOverhead[] = {
        { "max_active_steps", kMaxActiveSteps, "count",
            "the article, section 2.2: 3 active steps are enough; from 6 on, room for repeats" },
    };
    constexpr RuleThreshold kRankImbalance[] = {
        { "spread", kRankSpread, "ratio",
            "msprof-analyze cluster SlowRankAnalyzer RATIO_THRESHOLD: spread over 5% of the mean "
            "step" },
        { "spread_critical", kRankSpreadCritical, "ratio", "ours" },
    };
    constexpr RuleThreshold kSlowLink[] = {
        { "peer_ratio", kSlowLinkRatio, "ratio",
            "ours: msprof-analyze's slow link analysis prints the spread with no threshold; 80% "
            "of the peers' median, as the advisor's bandwidth threshold 0.8" },
        { "peer_ratio_critical", kSlowLinkCritical, "ratio", "ours" },
        { "min_size", kSlowLinkMinMb, "MB", "ours: a smaller link's time is latency" },
    };
    constexpr RuleThreshold kNearCapacity[] = {
        { "share", kCapacityShare, "ratio",
            "CANN PYTORCH_NPU_ALLOC_CONF garbage_collection_threshold example 0.8" },
        { "share_critical", kCapacityShareCritical, "ratio",
            "ours: one more activation buffer does not fit" },
    };
    constexpr RuleThreshold kFragmentation[] = {
        { "ratio", kFragmentationRatio, "times",
            "ours: PyTorch's out-of-memory message says reserved >> allocated with no number; a "
            "third of the reserve idle" },
        { "ratio_critical", kFragmentationRatioCritical, "times", "ours" },
        { "min_idle", kFragmentationMinIdleMb, "MB", "ours: less cannot decide an out-of-memory" },
    };
    constexpr RuleThreshold kGrowth[] = {
        { "min_kept", double(kGrowthMinBytes), "bytes", "ours" },
        { "min_pairs", double(kGrowthMinPairs), "count", "ours: growth over consecutive steps" },
    };
    constexpr RuleThreshold kLarge[] = {
        { "share_of_peak", kLargeShare, "ratio", "ours: such a tensor moves the peak on its own" },
    };
    constexpr RuleThreshold kEnvVars[] = {
        { "aclnn_cache_limit", double(kAclnnCacheLimit), "count",
            "msprof-analyze advisor environment_variable_checker.py ENV_SUGGEST_CONDITION" },
    };
    constexpr RuleThreshold kByteAlignment[] = {
        { "base", double(kAlignBase), "bytes", "msprof-analyze advisor byte_alignment_checker.py" },
        { "min_size", double(kAlignMinBytes), "bytes",
            "msprof-analyze advisor rules/en/byte_alignment.yaml min_size" },
        { "share", kAlignWarning, "ratio", "byte_alignment_checker.py _LOW_PRIORITY" },
        { "share_critical", kAlignCritical, "ratio", "byte_alignment_checker.py _HIGH_PRIORITY" },
    };
    constexpr RuleThreshold kSmallPackets[] = {
        { "min_sdma_size", kSmallSdmaMb, "MB", "msprof-analyze advisor rules/en/packet.yaml" },
        { "min_rdma_size", kSmallRdmaMb, "MB", "rules/en/packet.yaml min_rdma_size" },
        { "ratio", kSmallRatio, "ratio", "rules/en/packet.yaml min_sdma_ratio, min_rdma_ratio" },
        { "time_share_warning", kSmallTimeWarning, "ratio",
            "ours: the advisor gives no weight; a warning from 5% of the transport's time" },
    };
    constexpr RuleThreshold kBandwidth[] = {
        { "sdma_baseline", kSdmaBaselineGBs, "GB/s",
            "msprof-analyze advisor rules/en/bandwidth_contention.yaml sdma_baseline" },
        { "rdma_baseline", kRdmaBaselineGBs, "GB/s",
            "ours: the advisor has none; 100 GbE line rate, the slowest NIC of Ascend servers" },
        { "ratio", kBandwidthThreshold, "ratio", "rules/en/bandwidth_contention.yaml threshold" },
        { "ratio_critical", kBandwidthCritical, "ratio", "ours: half the reference" },
        { "min_sdma_size", kLinkMinSdmaMb, "MB", "ours: smaller links are latency-bound" },
        { "min_rdma_size", kLinkMinRdmaMb, "MB", "ours: smaller links are latency-bound" },
    };
    constexpr RuleThreshold kRetransmission[] = {
        { "min_time", kRetransmissionMs, "ms",
            "msprof-analyze advisor rules/en/rdma_analysis.yaml min_retransmission_time" },
    };
    constexpr RuleThreshold kAiCoreEfficiency[] = {
        { "cube_mac", kCubeMac, "ratio",
            "msprof-analyze advisor rules/en/aicore_performance.yaml cube_operators "
            "aic_mac_ratio" },
        { "cube_mte2", kCubeMte2, "ratio",
            "aicore_performance.yaml cube_operators aic_mte2_ratio" },
        { "fa_mte2", kFaMte2, "ratio", "aicore_performance.yaml fa_operators aic_mte2_ratio" },
        { "fa_fixpipe", kFaFixpipe, "ratio",
            "aicore_performance.yaml fa_operators aic_fixpipe_ratio" },
        { "fa_vec", kFaVec, "ratio", "aicore_performance.yaml fa_operators aiv_vec_ratio" },
        { "vec_total", kVecTotal, "ratio",
            "aicore_performance.yaml vector_operators: vec + mte2 + mte3" },
        { "vec_each", kVecEach, "ratio", "aicore_performance.yaml vector_operators, each ratio" },
        { "cube_min_memory", kCubeMinMemoryMb, "MB", "ai_core_performance_checker.py" },
        { "vector_min_share", kVectorMinShare, "ratio", "ai_core_performance_checker.py" },
        { "vector_min_time", double(kVectorMinNs), "ns", "ai_core_performance_checker.py" },
        { "cube_axis", double(kCubeAxis), "count", "ai_core_performance_checker.py" },
        { "fa_axis", double(kFaAxis), "count", "ai_core_performance_checker.py" },
        { "room_share", kRoomWarning, "ratio", "ours: share of compute time with room" },
        { "room_share_critical", kRoomCritical, "ratio", "ours" },
    };
    constexpr RuleThreshold kOpBound[] = {
        { "bound_ratio", kBoundRatio, "ratio",
            "msprof-analyze advisor config.ini [THRESHOLD] operator_bound_ratio" },
        { "min_task", double(kMinTaskNs), "ns",
            "msprof-analyze advisor OperatorBoundChecker _MIN_TASK_DURATION" },
    };
    constexpr RuleThreshold kOpNoBound[] = {
        { "bound_ratio", kBoundRatio, "ratio",
            "msprof-analyze advisor config.ini [THRESHOLD] operator_bound_ratio" },
        { "min_task", double(kMinTaskNs), "ns",
            "msprof-analyze advisor OperatorBoundChecker _MIN_TASK_DURATION" },
        { "share", kBoundShareWarning, "ratio", "ours: share of compute time of the rows" },
        { "share_critical", kBoundShareCritical, "ratio", "ours" },
    };
    constexpr RuleThreshold kFrequency[] = {
        { "drop", kFrequencyDrop, "ratio",
            "msprof-analyze advisor config.ini frequency_threshold" },
    };
    constexpr RuleThreshold kSyncStream[] = {
        { "co_occurrence", kMinCoOccurrence, "ratio",
            "msprof-analyze advisor rules/en/synchronize.yaml min_co_occurrence_ratio" },
    };
    constexpr RuleThreshold kGc[] = {
        { "min_gc", double(kGcThresholdNs), "ns", "msprof-analyze advisor rules/en/gc.yaml" },
        { "conjectured_min_free", double(kMaxFreeNs), "ns",
            "rules/en/conjectured_gc.yaml max_free_threshold" },
        { "conjectured_acl_time_ratio", kMaxAclTimeRatio, "ratio",
            "rules/en/conjectured_gc.yaml max_acl_event_time_ratio" },
        { "conjectured_acl_per_us", kMaxAclPerUs, "ratio",
            "rules/en/conjectured_gc.yaml max_acl_event_num_ratio" },
    };
    constexpr RuleThreshold kDataloader[] = {
        { "min_call", double(kDataloaderNs), "ns",
            "msprof-analyze advisor rules/en/dataloader.yaml" },
        { "share_critical", kDataloaderCritical, "ratio", "ours: of the profiled time" },
    };
    constexpr RuleThreshold kOpDispatch[] = {
        { "min_compiles", kMaxOpCompiles, "count",
            "msprof-analyze advisor prof_common/constant.py MAX_OP_COMPILE_NUM" },
        { "share", kOpDispatchWarning, "ratio", "ours: of the profiled time" },
        { "share_critical", kOpDispatchCritical, "ratio", "ours" },
    };
    constexpr RuleThreshold kSyncBn[] = {
        { "min_calls", kMaxSyncBn, "count",
            "msprof-analyze advisor rules/en/sync_batchnorm.yaml max_syncbn_num" },
    };
    constexpr RuleThreshold kMemoryOps[] = {
        { "min_total", double(kMemOpTotalNs), "ns",
            "msprof-analyze advisor rules/en/memory.yaml max_total_duration" },
    };

    using S = RuleScope;
    constexpr char kShareGrades[]
        = "info under share, warning from share, critical from share_critical";

    const RuleSpec kCatalogue[] = {
        { "transdata-overhead", S::Rank, "kernelfindings",
            "kernel rows: Type (TransData), Duration; Input/Output Formats for the detail",
            kShareGrades, kTransData, findTransDataOverhead, missingKernelRows },
        { "ai-cpu-fallback", S::Rank, "kernelfindings",
            "kernel rows: Accelerator Core (AI_CPU), Duration",
            "warning; critical from share_critical of compute time", kAiCpu, findAiCpuFallback,
            missingAcceleratorCore },
        { "host-bound", S::Rank, "timefindings",
            "kernel rows: Wait Time, Duration; the trace's communication and steps", kShareGrades,
            kHostBound, findHostBound, missingWaitOrTrace },
        { "low-block-dim", S::Rank, "kernelfindings",
            "kernel rows: Block Dim, Mix Block Dim, Accelerator Core; the device's core counts "
            "(NPU_INFO or the chip table)",
            kShareGrades, kLowBlockDim, findLowBlockDim, missingBlockDim },
        { "comm-not-overlapped", S::Rank, "timefindings",
            "steps (step_trace_time.csv or the trace), communication and compute intervals",
            kShareGrades, kCommNotOverlapped, findCommNotOverlapped, missingSteps },
        { "unaccounted-time", S::Rank, "timefindings", "steps and every device task", kShareGrades,
            kUnaccounted, findUnaccountedTime, missingSteps },
        { "profiler-overhead", S::Rank, "setupfindings",
            "profiler_info.json / profiler_metadata.json: the collection options",
            "critical when Python stacks or Level2 were collected; else warning", kOverhead,
            findProfilerOverheadOf, missingProfilerInfo },
        { "rank-imbalance", S::Run, "clusterfindings",
            "every rank's steps; the parallel layout (stages)",
            "warning from spread, critical from spread_critical", kRankImbalance },
        { "pp-stage-imbalance", S::Run, "clusterfindings",
            "every rank's steps; the parallel layout (pipeline stages)",
            "warning from spread, critical from spread_critical", kRankImbalance },
        { "slow-link", S::Run, "linkfindings",
            "every rank's communication_matrix.json (or analysis.db), mapped to global ranks",
            "warning under peer_ratio, critical under peer_ratio_critical", kSlowLink },
        { "memory-near-capacity", S::Rank, "memoryfindings",
            "memory_record.csv or npu_module_mem.csv; the device's memory (option)", kShareGrades,
            kNearCapacity, findMemoryNearCapacity, missingCapacity },
        { "memory-fragmentation", S::Rank, "memoryfindings",
            "memory_record.csv: reserved and allocated",
            "warning from ratio, critical from ratio_critical", kFragmentation,
            findMemoryFragmentation, missingMemoryRecord },
        { "memory-growth", S::Rank, "memoryfindings", "operator_memory.csv with steps", "warning",
            kGrowth, findMemoryGrowth, missingAllocationSteps },
        { "large-allocations", S::Rank, "memoryfindings", "operator_memory.csv", "info", kLarge,
            findLargeAllocations, missingAllocations },
        { "env-vars", S::Rank, "frameworkfindings", "profiler_metadata.json ENV_VARIABLES",
            "warning for a variable that slows every step, else info", kEnvVars, findEnvVars,
            missingEnvVariables },
        { "dynamic-shape", S::Rank, "frameworkfindings", "kernel rows: OP State (Level1)",
            "warning", {}, findDynamicShape, missingOpState },
        { "affinity-api", S::Rank, "frameworkfindings",
            "the trace's framework events (Optimizer.step#...) and their call stacks", "info", {},
            findAffinityApi, missingFrameworkApis },
        { "comm-byte-alignment", S::Rank, "commfindings",
            "communication.json (or analysis.db): SDMA packet sizes per link type", kShareGrades,
            kByteAlignment, findCommByteAlignment, missingCommOps },
        { "comm-small-packets", S::Rank, "commfindings", "communication.json (or analysis.db)",
            "warning from time_share_warning of the transport's time, else info", kSmallPackets,
            findCommSmallPackets, missingCommOps },
        { "comm-bandwidth", S::Rank, "commfindings",
            "communication_matrix.json (or analysis.db): bandwidth per link",
            "warning under ratio x baseline, critical under ratio_critical", kBandwidth,
            findCommBandwidth, missingCommLinks },
        { "comm-retransmission", S::Rank, "commfindings",
            "communication.json (or analysis.db): RDMA transit times", "critical", kRetransmission,
            findCommRetransmission, missingCommOps },
        { "aicore-op-efficiency", S::Rank, "aicoreefficiency",
            "kernel rows: pipeline ratios (aic_metrics PipeUtilization), Input Shapes",
            "info under room_share, warning from it, critical from room_share_critical",
            kAiCoreEfficiency, findAiCoreOpEfficiency, missingShapesAndRatios },
        { "op-bound", S::Rank, "computefindings", "kernel rows: pipeline ratios", "info", kOpBound,
            findOpBound, missingPipeRatios },
        { "op-no-bound", S::Rank, "computefindings", "kernel rows: pipeline ratios", kShareGrades,
            kOpNoBound, findOpNoBound, missingPipeRatios },
        { "aicore-frequency", S::Rank, "computefindings",
            "the trace's AI Core Freq counter; kernel rows", "warning", kFrequency,
            findAiCoreFrequency, missingAiCoreFreq },
        { "sync-stream", S::Rank, "hostfindings",
            "the trace's CANN API events (Level1): aclrtSynchronizeStream, Node@launch", "warning",
            kSyncStream, findSyncStream, missingCannApis },
        { "gc", S::Rank, "hostfindings",
            "the trace's GC events; without them its CANN API events and device idle gaps",
            "warning", kGc, findGc, missingGcEvents },
        { "dataloader", S::Rank, "hostfindings", "the trace's host events (DataLoader calls)",
            "warning; critical from share_critical", kDataloader, findDataloader,
            missingHostEvents },
        { "op-dispatch", S::Rank, "hostfindings",
            "the trace's CANN API events: aclopCompileAndExecute", kShareGrades, kOpDispatch,
            findOpDispatch, missingCannApis },
        { "syncbn", S::Rank, "hostfindings", "the trace's host events (SyncBatchNorm)", "warning",
            kSyncBn, findSyncBn, missingHostEvents },
        { "memory-ops", S::Rank, "hostfindings",
            "the trace's CANN API events: aclMallocMemInner, aclrtFree, aclrtFreePhysical",
            "warning", kMemoryOps, findMemoryOps, missingCannApis },
        { "fusible-ops", S::Rank, "fusibleops",
            "the trace's framework aten events; the CANN version (profiler_info.json)", "info", {},
            findFusibleOps, missingFrameworkApis },
    };

} // namespace

std::span<const RuleSpec> ruleCatalogue() { return kCatalogue; }

const RuleSpec *ruleSpec(QStringView id)
{
    for (const RuleSpec &spec : kCatalogue) {
        if (id == QLatin1StringView(spec.id))
            return &spec;
    }
    return nullptr;
}

} // namespace npuscope
