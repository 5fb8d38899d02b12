#include "analysis/rules/findings.h"

#include "analysis/parallel/profilelayout.h"
#include "analysis/rules/clusterfindings.h"
#include "analysis/rules/findingchecks.h"
#include "analysis/rules/linkfindings.h"
#include "analysis/rules/memoryfindings.h"
#include "analysis/rules/rulecatalogue.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace npuscope {

namespace {

    class Text {
        Q_DECLARE_TR_FUNCTIONS(Findings)
    };

    FindingCheck notChecked(const QString &id, const MissingData &missing)
    {
        return { id, CheckStatus::NotChecked, missing.reason, missing.collect };
    }

} // namespace

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
        QLatin1String(FindingId::kProfilerOverhead), QLatin1String(FindingId::kRankImbalance),
        QLatin1String(FindingId::kPpStageImbalance), QLatin1String(FindingId::kSlowLink),
        QLatin1String(FindingId::kMemoryNearCapacity),
        QLatin1String(FindingId::kMemoryFragmentation), QLatin1String(FindingId::kMemoryGrowth),
        QLatin1String(FindingId::kLargeAllocations), QLatin1String(FindingId::kEnvVars),
        QLatin1String(FindingId::kDynamicShape), QLatin1String(FindingId::kAffinityApi),
        QLatin1String(FindingId::kCommByteAlignment), QLatin1String(FindingId::kCommSmallPackets),
        QLatin1String(FindingId::kCommBandwidth), QLatin1String(FindingId::kCommRetransmission),
        QLatin1String(FindingId::kAiCoreOpEfficiency), QLatin1String(FindingId::kOpBound),
        QLatin1String(FindingId::kOpNoBound), QLatin1String(FindingId::kAiCoreFrequency),
        QLatin1String(FindingId::kSyncStream), QLatin1String(FindingId::kGc),
        QLatin1String(FindingId::kDataloader), QLatin1String(FindingId::kOpDispatch),
        QLatin1String(FindingId::kSyncBn), QLatin1String(FindingId::kMemoryOps),
        QLatin1String(FindingId::kFusibleOps) };
}

QString findingName(const QString &id)
{
    static const std::pair<const char *, const char *> kNames[] = {
        { FindingId::kTransDataOverhead,
            QT_TRANSLATE_NOOP("Findings", "Format conversions (TransData)") },
        { FindingId::kAiCpuFallback, QT_TRANSLATE_NOOP("Findings", "AI CPU fallback") },
        { FindingId::kHostBound, QT_TRANSLATE_NOOP("Findings", "Device waiting for the host") },
        { FindingId::kLowBlockDim,
            QT_TRANSLATE_NOOP("Findings", "AI Cores left idle (low Block Dim)") },
        { FindingId::kCommNotOverlapped,
            QT_TRANSLATE_NOOP("Findings", "Communication not overlapped") },
        { FindingId::kUnaccountedTime,
            QT_TRANSLATE_NOOP("Findings", "Step time no device task accounts for") },
        { FindingId::kProfilerOverhead,
            QT_TRANSLATE_NOOP("Findings", "Profiler options that distort timings") },
        { FindingId::kRankImbalance, QT_TRANSLATE_NOOP("Findings", "Imbalance between ranks") },
        { FindingId::kPpStageImbalance,
            QT_TRANSLATE_NOOP("Findings", "Imbalance between pipeline stages") },
        { FindingId::kSlowLink,
            QT_TRANSLATE_NOOP("Findings", "Communication links slower than their peers") },
        { FindingId::kMemoryNearCapacity,
            QT_TRANSLATE_NOOP("Findings", "Device memory close to its capacity") },
        { FindingId::kMemoryFragmentation,
            QT_TRANSLATE_NOOP("Findings", "Reserved memory far above allocated (fragmentation)") },
        { FindingId::kMemoryGrowth,
            QT_TRANSLATE_NOOP("Findings", "Memory growing step over step") },
        { FindingId::kLargeAllocations,
            QT_TRANSLATE_NOOP("Findings", "Largest single allocations") },
        { FindingId::kEnvVars,
            QT_TRANSLATE_NOOP("Findings", "Environment variables that slow training") },
        { FindingId::kDynamicShape,
            QT_TRANSLATE_NOOP("Findings", "Operators compiled for dynamic shapes") },
        { FindingId::kAffinityApi,
            QT_TRANSLATE_NOOP("Findings", "APIs with a faster torch_npu equivalent") },
        { FindingId::kCommByteAlignment,
            QT_TRANSLATE_NOOP("Findings", "Communication not aligned to 512 bytes") },
        { FindingId::kCommSmallPackets,
            QT_TRANSLATE_NOOP("Findings", "Small communication packets") },
        { FindingId::kCommBandwidth,
            QT_TRANSLATE_NOOP("Findings", "Communication links under their bandwidth") },
        { FindingId::kCommRetransmission,
            QT_TRANSLATE_NOOP("Findings", "RDMA retransmission suspected") },
        { FindingId::kAiCoreOpEfficiency,
            QT_TRANSLATE_NOOP("Findings", "AI Core operator efficiency by shape") },
        { FindingId::kOpBound, QT_TRANSLATE_NOOP("Findings", "Operators bound by one pipeline") },
        { FindingId::kOpNoBound,
            QT_TRANSLATE_NOOP("Findings", "Operators with no pipeline near its limit") },
        { FindingId::kAiCoreFrequency, QT_TRANSLATE_NOOP("Findings", "AI Core frequency lowered") },
        { FindingId::kSyncStream,
            QT_TRANSLATE_NOOP("Findings", "Stream synchronised after each launch") },
        { FindingId::kGc, QT_TRANSLATE_NOOP("Findings", "Python garbage collection") },
        { FindingId::kDataloader, QT_TRANSLATE_NOOP("Findings", "Slow DataLoader") },
        { FindingId::kOpDispatch,
            QT_TRANSLATE_NOOP("Findings", "Operators compiled on the host (dispatch)") },
        { FindingId::kSyncBn, QT_TRANSLATE_NOOP("Findings", "SyncBatchNorm calls") },
        { FindingId::kMemoryOps,
            QT_TRANSLATE_NOOP("Findings", "Slow device memory APIs (malloc and free)") },
        { FindingId::kFusibleOps,
            QT_TRANSLATE_NOOP("Findings", "Operator sequences a fused API replaces") },
    };
    for (const auto &[key, name] : kNames) {
        if (id == QLatin1String(key))
            return Text::tr(name);
    }
    return id;
}

QString checkStatusName(CheckStatus status)
{
    switch (status) {
    case CheckStatus::Found:
        return QStringLiteral("found");
    case CheckStatus::Clear:
        return QStringLiteral("clear");
    case CheckStatus::NotChecked:
        return QStringLiteral("not_checked");
    }
    return QString();
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
    if (kinds) {
        a.gaps = findGaps(rank, *kinds, GapOptions { options.gapThresholdNs });
        a.cores = deviceCores(rank, options.aiCores);
        a.aiCores = a.cores.cube;
        a.flags = kernelFlags(*rank.kernels, *kinds, a.cores);
    }
    a.memory = rankMemory(rank);
    a.device = analyseDevice(rank, kinds);
    const DetectorInput in { rank, kinds, a.steps, a.gaps, options, a.flags, a.aiCores,
        a.memory.get(), &a.cores };
    for (const RuleSpec &d : ruleCatalogue()) {
        if (!d.detect)
            continue; // judged across ranks
        const QString id = QLatin1String(d.id);
        if (const auto missing = d.missing(in)) {
            a.checks.push_back(notChecked(id, *missing));
            continue;
        }
        auto f = d.detect(in);
        a.checks.push_back(
            { id, f ? CheckStatus::Found : CheckStatus::Clear, checkNote(id, in), QString() });
        if (f)
            a.findings.push_back(std::move(*f));
    }
    std::stable_sort(a.findings.begin(), a.findings.end(),
        [](const Finding &x, const Finding &y) { return x.severity > y.severity; });
    return a;
}

std::vector<Finding> findProfileFindings(const Profile &profile,
    const std::vector<RankAnalysis> &ranks, const FindingOptions &,
    std::vector<FindingCheck> *checks)
{
    return findProfileFindings(profile, ranks, profileLayout(profile), checks);
}

std::vector<Finding> findProfileFindings(const Profile &profile,
    const std::vector<RankAnalysis> &ranks, const ParallelLayout &layout,
    std::vector<FindingCheck> *checks)
{
    return findProfileFindings(profile, analysisList(ranks), layout, checks);
}

RankAnalysisList analysisList(const std::vector<RankAnalysis> &ranks)
{
    RankAnalysisList list;
    list.reserve(ranks.size());
    for (const RankAnalysis &a : ranks)
        list.push_back(&a);
    return list;
}

std::vector<Finding> findProfileFindings(const Profile &profile, const RankAnalysisList &ranks,
    const ParallelLayout &layout, std::vector<FindingCheck> *checks)
{
    std::vector<Finding> out;
    const QString rankId = QLatin1String(FindingId::kRankImbalance);
    const QString stageId = QLatin1String(FindingId::kPpStageImbalance);
    const QString linkId = QLatin1String(FindingId::kSlowLink);
    if (const auto missing = missingRanks(ranks)) {
        if (checks) {
            for (const QString &id : { rankId, stageId, linkId })
                checks->push_back(notChecked(id, *missing));
        }
        return out;
    }
    auto check = [&](const QString &id, std::optional<Finding> f, const QString &note) {
        if (checks)
            checks->push_back({ id, f ? CheckStatus::Found : CheckStatus::Clear, note, {} });
        if (f)
            out.push_back(std::move(*f));
    };
    check(rankId, findRankImbalance(profile, ranks, layout),
        layout.stages.size() > 1 ? layout.note : QString());
    if (layout.stages.size() < 2) {
        if (checks)
            checks->push_back(notChecked(stageId, missingStages(layout)));
    } else {
        check(stageId, findStageImbalance(profile, ranks, layout), layout.note);
    }
    const ClusterLinks links = profileLinks(profile, layout);
    if (const auto missing = missingClusterLinks(links)) {
        if (checks)
            checks->push_back(notChecked(linkId, *missing));
    } else {
        check(linkId, findSlowLinks(profile, links), unmappedNote(links));
    }
    std::stable_sort(out.begin(), out.end(),
        [](const Finding &x, const Finding &y) { return x.severity > y.severity; });
    return out;
}

} // namespace npuscope
