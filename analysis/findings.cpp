#include "analysis/findings.h"

#include "analysis/kernelfindings.h"
#include "analysis/setupfindings.h"
#include "analysis/timefindings.h"

#include <algorithm>
#include <cmath>

namespace npuscope {

void Finding::addMetric(const QString &key, double value, Metric::Unit unit)
{
    metrics.push_back({ key, value, unit });
}

bool Finding::hasMetric(QStringView key) const
{
    return std::any_of(
        metrics.begin(), metrics.end(), [&](const Metric &m) { return m.key == key; });
}

double Finding::metric(QStringView key, double fallback) const
{
    for (const Metric &m : metrics) {
        if (m.key == key)
            return m.value;
    }
    return fallback;
}

QStringList findingIds()
{
    return { QLatin1String(FindingId::kTransDataOverhead), QLatin1String(FindingId::kAiCpuFallback),
        QLatin1String(FindingId::kHostBound), QLatin1String(FindingId::kLowBlockDim),
        QLatin1String(FindingId::kCommNotOverlapped), QLatin1String(FindingId::kUnaccountedTime),
        QLatin1String(FindingId::kProfilerOverhead), QLatin1String(FindingId::kRankImbalance) };
}

QString findingSeverityName(FindingSeverity severity)
{
    switch (severity) {
    case FindingSeverity::Info:
        return QStringLiteral("info");
    case FindingSeverity::Warning:
        return QStringLiteral("warning");
    case FindingSeverity::Critical:
        return QStringLiteral("critical");
    }
    return QString();
}

Evidence rowEvidence(const RankProfile &rank, qsizetype row, const QString &label)
{
    Evidence e;
    e.row = static_cast<qint32>(row);
    e.label = label;
    const auto r = static_cast<std::size_t>(row);
    if (r < rank.join.rowToEvent.size())
        e.event = rank.join.rowToEvent[r];
    if (rank.kernels && rank.kernels->start[r] != Table::kMissingNs) {
        e.start = rank.kernels->start[r];
        e.end = e.start + rank.kernels->duration[r];
    }
    return e;
}

QString formatDuration(TimeNs ns)
{
    const double v = double(ns);
    if (std::abs(v) >= 1e9)
        return QString::number(v / 1e9, 'f', 2) + QStringLiteral(" s");
    if (std::abs(v) >= 1e6)
        return QString::number(v / 1e6, 'f', 2) + QStringLiteral(" ms");
    return QString::number(v / 1e3, 'f', v >= 1e5 ? 0 : 1) + QStringLiteral(" µs");
}

QString formatShare(double ratio)
{
    return QString::number(ratio * 100.0, 'f', 1) + QLatin1Char('%');
}

FindingSeverity severityForShare(double share, double warning, double critical)
{
    if (share >= critical)
        return FindingSeverity::Critical;
    return share >= warning ? FindingSeverity::Warning : FindingSeverity::Info;
}

RankAnalysis analyseRank(const RankProfile &rank, const FindingOptions &options)
{
    RankAnalysis a;
    if (rank.kernels)
        a.kinds.emplace(*rank.kernels);
    const KernelKinds *kinds = a.kinds ? &*a.kinds : nullptr;
    a.steps = computeStepBreakdown(rank, kinds);
    if (kinds)
        a.gaps = findGaps(rank, *kinds, GapOptions { options.gapThresholdNs });
    const DetectorInput in { rank, kinds, a.steps, a.gaps, options };
    using Detector = std::optional<Finding> (*)(const DetectorInput &);
    static constexpr Detector kDetectors[] = { findTransDataOverhead, findAiCpuFallback,
        findHostBound, findLowBlockDim, findCommNotOverlapped, findUnaccountedTime };
    for (Detector detect : kDetectors) {
        if (auto f = detect(in))
            a.findings.push_back(std::move(*f));
    }
    if (auto f = findProfilerOverhead(rank.config))
        a.findings.push_back(std::move(*f));
    std::stable_sort(a.findings.begin(), a.findings.end(),
        [](const Finding &x, const Finding &y) { return x.severity > y.severity; });
    return a;
}

std::vector<Finding> findProfileFindings(
    const Profile &profile, const std::vector<RankAnalysis> &ranks, const FindingOptions &)
{
    std::vector<Finding> out;
    if (auto f = findRankImbalance(profile, ranks))
        out.push_back(std::move(*f));
    return out;
}

} // namespace npuscope
