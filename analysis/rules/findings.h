#pragma once

#include "analysis/device/deviceanalysis.h"
#include "analysis/parallel/parallellayout.h"
#include "analysis/rules/devicecores.h"
#include "analysis/rules/kernelflags.h"
#include "analysis/stats/kernelkinds.h"
#include "analysis/timeline/gaps.h"
#include "analysis/timeline/stepbreakdown.h"
#include "model/core/durationtext.h"
#include "model/memory/memoryprofile.h"
#include "model/profile/profile.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace npuscope {

// The catalogue of DESIGN.md ("Analysis catalogue"). Ids are stable: scripts and the GUI key on
// them.
namespace FindingId {
    inline constexpr char kTransDataOverhead[] = "transdata-overhead";
    inline constexpr char kAiCpuFallback[] = "ai-cpu-fallback";
    inline constexpr char kHostBound[] = "host-bound";
    inline constexpr char kLowBlockDim[] = "low-block-dim";
    inline constexpr char kCommNotOverlapped[] = "comm-not-overlapped";
    inline constexpr char kUnaccountedTime[] = "unaccounted-time";
    inline constexpr char kProfilerOverhead[] = "profiler-overhead";
    inline constexpr char kRankImbalance[] = "rank-imbalance";
    inline constexpr char kPpStageImbalance[] = "pp-stage-imbalance";
    inline constexpr char kSlowLink[] = "slow-link";
    inline constexpr char kMemoryNearCapacity[] = "memory-near-capacity";
    inline constexpr char kMemoryFragmentation[] = "memory-fragmentation";
    inline constexpr char kMemoryGrowth[] = "memory-growth";
    inline constexpr char kLargeAllocations[] = "large-allocations";
    // After msprof-analyze's advisor (issue 36).
    inline constexpr char kEnvVars[] = "env-vars";
    inline constexpr char kDynamicShape[] = "dynamic-shape";
    inline constexpr char kAffinityApi[] = "affinity-api";
    inline constexpr char kCommByteAlignment[] = "comm-byte-alignment";
    inline constexpr char kCommSmallPackets[] = "comm-small-packets";
    inline constexpr char kCommBandwidth[] = "comm-bandwidth";
    inline constexpr char kCommRetransmission[] = "comm-retransmission";
    inline constexpr char kAiCoreOpEfficiency[] = "aicore-op-efficiency";
    inline constexpr char kOpBound[] = "op-bound";
    inline constexpr char kOpNoBound[] = "op-no-bound";
    inline constexpr char kAiCoreFrequency[] = "aicore-frequency";
    inline constexpr char kSyncStream[] = "sync-stream";
    inline constexpr char kGc[] = "gc";
    inline constexpr char kDataloader[] = "dataloader";
    inline constexpr char kOpDispatch[] = "op-dispatch";
    inline constexpr char kSyncBn[] = "syncbn";
    inline constexpr char kMemoryOps[] = "memory-ops";
    inline constexpr char kFusibleOps[] = "fusible-ops";
} // namespace FindingId

enum class FindingSeverity : std::uint8_t { Info, Warning, Critical };

// What a finding is about, so that a view can jump there: a kernel row, a trace event, a time
// range, or any of them together.
struct Evidence {
    int rankIndex = -1; // index in Profile::ranks; -1: the rank the finding belongs to
    qint32 row = -1; // kernel row; -1 when none
    EventRef event; // trace event; invalid when none
    TimeNs start = 0; // absolute time range; start == end == 0 when none
    TimeNs end = 0;
    QString label;
};

// One number behind a finding. Times are kept in ns; the report writes them as "<key>_us".
struct Metric {
    enum class Unit : std::uint8_t { Count, Ns, Ratio, Number };
    QString key; // stable snake_case, without the unit
    double value = 0;
    Unit unit = Unit::Number;
};

struct Finding {
    QString id; // one of FindingId
    FindingSeverity severity = FindingSeverity::Warning;
    QString title; // one line, translated
    QString advice; // what to do, translated
    QString snippet; // ready-to-paste code that goes with the advice; may be empty
    QStringList details; // further lines: per-type breakdowns, formats converted, ...
    std::vector<Metric> metrics;
    std::vector<Evidence> evidence; // the most telling first; capped (see kMaxEvidence)
    std::vector<qint32> rows; // every kernel row the finding is about, in table order (uncapped)

    void addMetric(const QString &key, double value, Metric::Unit unit);
    bool hasMetric(QStringView key) const;
    double metric(QStringView key, double fallback = 0) const;
};

struct FindingOptions {
    TimeNs gapThresholdNs = 0; // 0: defaultGapThreshold()
    // AI Cores of the device; 0: deviceCores() of the rank (NPU_INFO, the chip table), else
    // unknown and low-block-dim not checked.
    int aiCores = 0;
    // The device's memory in MB (memory-near-capacity); 0: unknown, as the profile does not
    // record it.
    double deviceMemoryMb = 0;
};

// Whether a catalogue entry was looked for: an absent finding means "clear" only when the data
// it needs was there.
enum class CheckStatus : std::uint8_t { Found, Clear, NotChecked };

struct FindingCheck {
    QString id; // one of FindingId
    CheckStatus status = CheckStatus::Clear;
    // NotChecked: what was missing (level, column, file). Found / Clear: what the verdict rests
    // on when part of it is a guess or a fallback; else empty.
    QString reason;
    QString collect; // NotChecked: what to collect so that it can be checked
};

// Everything computed once for a rank; the report and the views read it.
struct RankAnalysis {
    std::optional<KernelKinds> kinds; // when the rank has kernel rows
    std::vector<StepBreakdown> steps;
    GapAnalysis gaps;
    // Per kernel row, what the findings count (kernelFlags()); empty without kernel rows.
    std::vector<KernelFlags> flags;
    int aiCores = 0; // the core count the low-Block-Dim flags used; 0: unknown
    DeviceCores cores; // the device's cores as resolved (aiCores is cores.cube)
    std::vector<Finding> findings; // most severe first, then catalogue order
    std::vector<FindingCheck> checks; // every per-rank catalogue entry, in catalogue order
    std::shared_ptr<const MemoryProfile> memory; // the memory files; null when not collected
    DeviceAnalysis device; // HTA's per-rank analyses of the device
};

// What the per-rank detectors look at.
struct DetectorInput {
    const RankProfile &rank;
    const KernelKinds *kinds; // null when the rank has no kernel rows
    const std::vector<StepBreakdown> &steps;
    const GapAnalysis &gaps;
    const FindingOptions &options;
    const std::vector<KernelFlags> &flags; // kernelFlags() of rank.kernels
    int aiCores = 0; // resolved: options, else the rank's device (deviceCores()); 0: unknown
    const MemoryProfile *memory = nullptr; // RankAnalysis::memory
    const DeviceCores *cores = nullptr; // RankAnalysis::cores; null: unknown
};

// Steps, gaps and every per-rank finding of one rank. Callers read it through AnalysedRank
// (analysis/rank/analysedrank.h), which computes it once per rank.
RankAnalysis analyseRank(const RankProfile &rank, const FindingOptions &options = {});

// The analyses of a profile's ranks, by index in Profile::ranks; an entry may be null (not
// analysed) and the list shorter than the ranks.
using RankAnalysisList = std::vector<const RankAnalysis *>;
RankAnalysisList analysisList(const std::vector<RankAnalysis> &ranks);
// Findings across ranks (rank-imbalance, pp-stage-imbalance, slow-link); `ranks` are analyseRank()
// of profile.ranks, in order; `layout` the run's parallel layout (profileLayout()). `checks`, when
// given, receives the check of each cross-rank catalogue entry.
std::vector<Finding> findProfileFindings(const Profile &profile,
    const std::vector<RankAnalysis> &ranks, const FindingOptions &options = {},
    std::vector<FindingCheck> *checks = nullptr);
std::vector<Finding> findProfileFindings(const Profile &profile,
    const std::vector<RankAnalysis> &ranks, const ParallelLayout &layout,
    std::vector<FindingCheck> *checks);
std::vector<Finding> findProfileFindings(const Profile &profile, const RankAnalysisList &ranks,
    const ParallelLayout &layout, std::vector<FindingCheck> *checks);

QString findingSeverityName(FindingSeverity severity); // "info", "warning", "critical"
QString checkStatusName(CheckStatus status); // "found", "clear", "not_checked"
QStringList findingIds(); // the catalogue, in order
QString findingName(const QString &id); // translated: "Format conversions (TransData)"

// Helpers for detectors and views.
constexpr std::size_t kMaxEvidence = 20; // evidence entries kept per finding
Evidence rowEvidence(const RankProfile &rank, qsizetype row, const QString &label);
QString formatShare(double ratio); // "16.0%"
FindingSeverity severityForShare(double share, double warning, double critical);

} // namespace npuscope
