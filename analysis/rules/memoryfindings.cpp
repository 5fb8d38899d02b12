#include "analysis/rules/memoryfindings.h"

#include "analysis/rules/thresholds.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace npuscope {

namespace {

    class Text {
        Q_DECLARE_TR_FUNCTIONS(Findings)
    };

    constexpr double kMiB = 1024.0 * 1024.0;

    constexpr std::size_t kLargeListed = 10;

    QString mb(double v)
    {
        return QString::number(v, 'f', v >= 100 ? 0 : 1) + QStringLiteral(" MB");
    }

    QString bytes(std::int64_t b) { return mb(double(b) / kMiB); }

    Evidence allocationEvidence(const MemoryAllocations &all, qint32 i, TimeNs profileEnd)
    {
        const MemoryAllocation &a = all.at(i);
        Evidence e;
        e.start = a.allocated;
        e.end = a.released == MemoryAllocation::kNever ? std::max(profileEnd, a.allocated)
                                                       : a.released;
        e.label = a.released == MemoryAllocation::kNever
            ? Text::tr("%1: %2, never released").arg(all.nameOf(i), bytes(a.bytes))
            : Text::tr("%1: %2, alive %3")
                  .arg(all.nameOf(i), bytes(a.bytes), formatDuration(a.released - a.allocated));
        return e;
    }

    TimeNs profileEnd(const DetectorInput &in)
    {
        TimeNs end = 0;
        if (in.rank.trace)
            end = in.rank.trace->maxTime;
        for (const MemoryCurve &c : in.memory->components)
            end = std::max(end, c.times.empty() ? 0 : c.times.back());
        return end;
    }

    // The allocations alive at t, largest first.
    std::vector<qint32> largestAlive(const MemoryAllocations &all, TimeNs t)
    {
        std::vector<qint32> alive = all.aliveAt(t);
        std::stable_sort(alive.begin(), alive.end(),
            [&all](qint32 a, qint32 b) { return all.at(a).bytes > all.at(b).bytes; });
        return alive;
    }

    MissingData noMemory(const DetectorInput &in)
    {
        return { Text::tr("no %1: the profile was collected without profile_memory")
                     .arg(in.rank.source.partName(RankSource::Part::MemoryRecord)),
            Text::tr("profile with profile_memory=True") };
    }

} // namespace

std::shared_ptr<const MemoryProfile> rankMemory(const RankProfile &rank)
{
    auto table = [&rank](const char *name) -> const Table * {
        const auto it = rank.otherTables.find(QLatin1String(name));
        return it == rank.otherTables.end() ? nullptr : it->second.get();
    };
    const Table *record = table("memory_record.csv");
    const Table *ops = table("operator_memory.csv");
    const Table *modules = table("npu_module_mem.csv");
    if (!record && !ops && !modules)
        return nullptr;
    IssueList ignored; // the loader's issues already name bad files; these repeat them
    auto out = std::make_shared<MemoryProfile>(buildMemoryProfile(record, ops, modules, &ignored));
    return out;
}

std::optional<MemoryPeak> deviceMemoryPeak(const MemoryProfile &memory)
{
    std::optional<MemoryPeak> peak;
    if (memory.deviceTotal.hasReserved())
        peak = MemoryPeak { memory.deviceTotal.peakReservedMb, memory.deviceTotal.peakReservedTime,
            QStringLiteral("npu_module_mem.csv") };
    for (const MemoryCurve &c : memory.components) {
        if (c.hasReserved() && (!peak || c.peakReservedMb > peak->mb))
            peak = MemoryPeak { c.peakReservedMb, c.peakReservedTime,
                QStringLiteral("memory_record.csv ") + c.component };
    }
    return peak;
}

std::optional<MissingData> missingCapacity(const DetectorInput &in)
{
    if (!in.memory || !deviceMemoryPeak(*in.memory))
        return noMemory(in);
    if (in.options.deviceMemoryMb > 0)
        return std::nullopt;
    return MissingData { Text::tr("the profile does not record the device's memory size "
                                  "(NPU_INFO names the chip%1, not its memory)")
                             .arg(in.rank.npuName.isEmpty()
                                     ? QString()
                                     : QStringLiteral(" \"%1\"").arg(in.rank.npuName)),
        Text::tr("give the device's memory size: npuscope report --device-memory GB") };
}

std::optional<MissingData> missingMemoryRecord(const DetectorInput &in)
{
    if (!in.memory || !in.memory->allocatorCurve())
        return noMemory(in);
    return std::nullopt;
}

std::optional<MissingData> missingAllocations(const DetectorInput &in)
{
    if (!in.memory || in.memory->allocations.empty() || !in.memory->allocatorCurve())
        return MissingData { Text::tr("no %1 (or %2): the allocations were not recorded")
                                 .arg(in.rank.source.partName(RankSource::Part::OperatorMemory),
                                     in.rank.source.partName(RankSource::Part::MemoryRecord)),
            Text::tr("profile with profile_memory=True") };
    return std::nullopt;
}

std::optional<MissingData> missingAllocationSteps(const DetectorInput &in)
{
    if (auto missing = missingAllocations(in))
        return missing;
    std::size_t known = 0;
    for (const StepBreakdown &s : in.steps)
        known += s.end > s.start ? 1 : 0;
    if (known < kGrowthMinPairs + 1)
        return MissingData { Text::tr("%n step(s) with known times: growth from step to step "
                                      "needs at least three",
                                 nullptr, int(known)),
            Text::tr("profile at least three active steps (schedule active=3)") };
    return std::nullopt;
}

std::optional<Finding> findMemoryNearCapacity(const DetectorInput &in)
{
    const auto peak = deviceMemoryPeak(*in.memory);
    const double capacity = in.options.deviceMemoryMb;
    const double share = peak->mb / capacity;
    if (share < kCapacityShare)
        return std::nullopt;
    Finding f;
    f.id = QLatin1String(FindingId::kMemoryNearCapacity);
    f.severity = severityForShare(share, kCapacityShare, kCapacityShareCritical);
    f.title = Text::tr("Device memory peaks at %1 of its %2 (%3)")
                  .arg(formatShare(share), mb(capacity), mb(peak->mb));
    f.addMetric(QStringLiteral("peak_mb"), peak->mb, Metric::Unit::Number);
    f.addMetric(QStringLiteral("capacity_mb"), capacity, Metric::Unit::Number);
    f.addMetric(QStringLiteral("share"), share, Metric::Unit::Ratio);
    f.details << Text::tr("Peak from %1").arg(peak->source);
    f.advice = Text::tr(
        "The next larger batch or sequence will not fit. Look at what is alive at the peak "
        "(Memory view): activations can be recomputed (activation checkpointing), optimizer "
        "states and gradients sharded (ZeRO / FSDP), weights kept in bf16; a smaller micro-batch "
        "with gradient accumulation keeps the same effective batch.");
    Evidence e;
    e.start = e.end = peak->time;
    e.label = Text::tr("peak: %1").arg(mb(peak->mb));
    f.evidence.push_back(e);
    return f;
}

std::optional<Finding> findMemoryFragmentation(const DetectorInput &in)
{
    const MemoryCurve &c = *in.memory->allocatorCurve();
    const double allocated = c.peakAllocatedMb, reserved = c.reservedAtPeakMb;
    if (!(allocated > 0) || !std::isfinite(reserved))
        return std::nullopt;
    const double ratio = reserved / allocated, idle = reserved - allocated;
    if (ratio < kFragmentationRatio || idle < kFragmentationMinIdleMb)
        return std::nullopt;
    Finding f;
    f.id = QLatin1String(FindingId::kMemoryFragmentation);
    f.severity = ratio >= kFragmentationRatioCritical ? FindingSeverity::Critical
                                                      : FindingSeverity::Warning;
    f.title = Text::tr("%1 reserved but unused at the %2 peak: the caching allocator holds "
                       "%3x what is allocated")
                  .arg(mb(idle), c.component, QString::number(ratio, 'f', 2));
    f.addMetric(QStringLiteral("allocated_mb"), allocated, Metric::Unit::Number);
    f.addMetric(QStringLiteral("reserved_mb"), reserved, Metric::Unit::Number);
    f.addMetric(QStringLiteral("idle_mb"), idle, Metric::Unit::Number);
    f.addMetric(QStringLiteral("ratio"), ratio, Metric::Unit::Ratio);
    f.details << Text::tr("Threshold: reserved at least %1x allocated and %2 idle. PyTorch's "
                          "allocator itself advises max_split_size_mb when \"reserved memory is "
                          ">> allocated memory\"; the factor is npuscope's.")
                     .arg(QString::number(kFragmentationRatio), mb(kFragmentationMinIdleMb));
    f.advice = Text::tr(
        "The allocator keeps freed blocks it cannot reuse for the sizes asked next. Set "
        "PYTORCH_NPU_ALLOC_CONF=expandable_segments:True (or max_split_size_mb:<MB> so that large "
        "blocks are not split), avoid tensors whose size changes every step (pad to buckets), "
        "and call torch.npu.empty_cache() only between phases, never per step.");
    f.snippet = QStringLiteral("export PYTORCH_NPU_ALLOC_CONF=expandable_segments:True\n");
    Evidence e;
    e.start = e.end = c.peakAllocatedTime;
    e.label = Text::tr("%1 peak: %2 allocated, %3 reserved")
                  .arg(c.component, mb(allocated), mb(reserved));
    f.evidence.push_back(e);
    return f;
}

namespace {

    struct KeptByStep {
        QString step;
        std::int64_t bytes = 0;
        std::vector<qint32> items;
    };

    // Per step but the last: its allocations still alive when the next step ends.
    std::vector<KeptByStep> keptBySteps(const DetectorInput &in)
    {
        std::vector<const StepBreakdown *> steps;
        for (const StepBreakdown &s : in.steps) {
            if (s.end > s.start)
                steps.push_back(&s);
        }
        std::stable_sort(steps.begin(), steps.end(),
            [](const StepBreakdown *a, const StepBreakdown *b) { return a->start < b->start; });
        const auto &items = in.memory->allocations.items();
        std::vector<KeptByStep> out;
        for (std::size_t i = 0; i + 1 < steps.size(); ++i) {
            const TimeNs start = steps[i]->start, end = steps[i]->end, next = steps[i + 1]->end;
            auto first = std::partition_point(items.begin(), items.end(),
                [start](const MemoryAllocation &a) { return a.allocated < start; });
            KeptByStep k;
            k.step = steps[i]->id;
            for (auto it = first; it != items.end() && it->allocated < end; ++it) {
                if (it->released > next) {
                    k.bytes += it->bytes;
                    k.items.push_back(qint32(it - items.begin()));
                }
            }
            out.push_back(std::move(k));
        }
        return out;
    }

} // namespace

std::optional<Finding> findMemoryGrowth(const DetectorInput &in)
{
    const std::vector<KeptByStep> kept = keptBySteps(in);
    if (kept.size() < kGrowthMinPairs)
        return std::nullopt;
    std::int64_t total = 0;
    for (const KeptByStep &k : kept) {
        if (k.bytes < kGrowthMinBytes)
            return std::nullopt;
        total += k.bytes;
    }
    const MemoryAllocations &all = in.memory->allocations;
    Finding f;
    f.id = QLatin1String(FindingId::kMemoryGrowth);
    f.severity = FindingSeverity::Warning;
    const double perStep = double(total) / double(kept.size()) / kMiB;
    f.title = Text::tr("Memory grows step over step: each step keeps %1 that the next does not "
                       "release")
                  .arg(mb(perStep));
    f.addMetric(QStringLiteral("kept_per_step_mb"), perStep, Metric::Unit::Number);
    f.addMetric(QStringLiteral("kept_mb"), double(total) / kMiB, Metric::Unit::Number);
    f.addMetric(QStringLiteral("steps"), double(kept.size()), Metric::Unit::Count);
    std::vector<qint32> items;
    for (const KeptByStep &k : kept) {
        f.details << Text::tr("Step %1: %2 in %n allocation(s) still alive after the next step",
            nullptr, int(k.items.size()))
                         .arg(k.step, bytes(k.bytes));
        items.insert(items.end(), k.items.begin(), k.items.end());
    }
    f.advice = Text::tr(
        "Something keeps tensors of every step alive: a list that collects losses or outputs "
        "without .detach() / .item(), a cache keyed by step, hooks that store activations, or "
        "retain_graph=True. At this rate the job runs out of memory after enough steps; the "
        "allocations listed are those kept.");
    std::stable_sort(items.begin(), items.end(),
        [&all](qint32 a, qint32 b) { return all.at(a).bytes > all.at(b).bytes; });
    for (const qint32 i : items) {
        if (f.evidence.size() >= kMaxEvidence)
            break;
        f.evidence.push_back(allocationEvidence(all, i, profileEnd(in)));
    }
    return f;
}

std::optional<Finding> findLargeAllocations(const DetectorInput &in)
{
    const MemoryCurve &c = *in.memory->allocatorCurve();
    const MemoryAllocations &all = in.memory->allocations;
    const double peakBytes = c.peakAllocatedMb * kMiB;
    std::vector<qint32> large;
    for (qsizetype i = 0; i < all.size(); ++i) {
        if (double(all.at(i).bytes) >= kLargeShare * peakBytes)
            large.push_back(qint32(i));
    }
    if (large.empty() || !(peakBytes > 0))
        return std::nullopt;
    std::stable_sort(large.begin(), large.end(),
        [&all](qint32 a, qint32 b) { return all.at(a).bytes > all.at(b).bytes; });
    const double top = double(all.at(large.front()).bytes);
    Finding f;
    f.id = QLatin1String(FindingId::kLargeAllocations);
    f.severity = FindingSeverity::Info;
    f.title = Text::tr("%n allocation(s) of at least %1 of the %2 peak; the largest: %3 (%4)",
        nullptr, int(large.size()))
                  .arg(formatShare(kLargeShare), c.component, all.nameOf(large.front()),
                      bytes(std::int64_t(top)));
    f.addMetric(QStringLiteral("count"), double(large.size()), Metric::Unit::Count);
    f.addMetric(QStringLiteral("largest_mb"), top / kMiB, Metric::Unit::Number);
    f.addMetric(QStringLiteral("largest_share"), top / peakBytes, Metric::Unit::Ratio);
    f.advice = Text::tr(
        "Single tensors this large decide the peak on their own: check their shapes (an "
        "unexpected broadcast, a full-vocabulary logits tensor, a buffer kept in fp32) and "
        "whether they can be chunked, recomputed or freed earlier.");
    for (const qint32 i : large) {
        if (f.evidence.size() >= kLargeListed)
            break;
        f.evidence.push_back(allocationEvidence(all, i, profileEnd(in)));
    }
    const auto alive = largestAlive(all, c.peakAllocatedTime);
    f.details << Text::tr(
        "%n allocation(s) recorded alive at the %1 peak", nullptr, int(alive.size()))
                     .arg(c.component);
    return f;
}

} // namespace npuscope
