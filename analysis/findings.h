#pragma once

#include "analysis/gaps.h"
#include "analysis/kernelkinds.h"
#include "analysis/stepbreakdown.h"
#include "model/profile/profile.h"

#include <QString>
#include <QStringList>

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
    int aiCores = 0; // AI Cores of the device; 0: the largest Block Dim of the cube tasks
};

// Everything computed once for a rank; the report and the views read it.
struct RankAnalysis {
    std::optional<KernelKinds> kinds; // when the rank has kernel rows
    std::vector<StepBreakdown> steps;
    GapAnalysis gaps;
    std::vector<Finding> findings; // most severe first, then catalogue order
};

// What the per-rank detectors look at.
struct DetectorInput {
    const RankProfile &rank;
    const KernelKinds *kinds; // null when the rank has no kernel rows
    const std::vector<StepBreakdown> &steps;
    const GapAnalysis &gaps;
    const FindingOptions &options;
};

// Steps, gaps and every per-rank finding of one rank.
RankAnalysis analyseRank(const RankProfile &rank, const FindingOptions &options = {});
// Findings across ranks (rank-imbalance); `ranks` are analyseRank() of profile.ranks, in order.
std::vector<Finding> findProfileFindings(const Profile &profile,
    const std::vector<RankAnalysis> &ranks, const FindingOptions &options = {});

QString findingSeverityName(FindingSeverity severity); // "info", "warning", "critical"
QStringList findingIds(); // the catalogue, in order

// Helpers for detectors and views.
constexpr std::size_t kMaxEvidence = 20; // evidence entries kept per finding
Evidence rowEvidence(const RankProfile &rank, qsizetype row, const QString &label);
QString formatDuration(TimeNs ns); // "830 µs", "1.42 ms", "2.10 s"
QString formatShare(double ratio); // "16.0%"
FindingSeverity severityForShare(double share, double warning, double critical);

} // namespace npuscope
