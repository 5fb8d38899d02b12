#include "analysis/rules/timefindings.h"

#include "analysis/rules/findingchecks.h"
#include "analysis/rules/kernelflags.h"
#include "analysis/rules/thresholds.h"
#include "model/profile/kerneltimeline.h"

#include <QCoreApplication>

#include <algorithm>

namespace npuscope {

namespace {

    class Text {
        Q_DECLARE_TR_FUNCTIONS(Findings)
    };

    struct StepTotals {
        TimeNs wall = 0, busy = 0, unaccounted = 0, kernelSum = 0, free = 0, preparing = 0;
        TimeNs comm = 0, overlapped = 0, notOverlapped = 0;
    };

    StepTotals totals(const std::vector<StepBreakdown> &steps)
    {
        StepTotals t;
        for (const StepBreakdown &s : steps) {
            t.wall += s.wallNs;
            t.busy += s.deviceBusyNs;
            t.unaccounted += s.unaccountedNs;
            t.kernelSum += s.kernelSumNs;
            t.free += s.freeNs;
            t.preparing += s.preparingNs;
            t.comm += s.commNs;
            t.overlapped += s.overlappedNs;
            t.notOverlapped += s.commNotOverlappedNs;
        }
        return t;
    }

    QString stepLabel(const StepBreakdown &s)
    {
        return s.id.isEmpty() ? Text::tr("All tasks") : Text::tr("Step %1").arg(s.id);
    }

    Evidence gapEvidence(const RankProfile &rank, const Gap &g)
    {
        Evidence e;
        e.start = g.start;
        e.end = g.end;
        e.event = g.next;
        e.row = g.nextRow;
        QString next;
        if (g.nextRow >= 0 && rank.kernels)
            next = rank.kernels->strings.string(rank.kernels->name[std::size_t(g.nextRow)]);
        else if (g.next.isValid() && rank.trace)
            next = rank.trace->strings.string(rank.trace->event(g.next).name);
        e.label = next.isEmpty()
            ? Text::tr("%1 idle (%2)").arg(formatDuration(g.duration()), gapCauseLabel(g.cause))
            : Text::tr("%1 idle before %2 (%3)")
                  .arg(formatDuration(g.duration()), next, gapCauseLabel(g.cause));
        return e;
    }

    TimeNs sumWait(const KernelTable &k, const std::vector<qint32> &rows)
    {
        TimeNs sum = 0;
        for (qint32 r : rows)
            sum += k.wait[std::size_t(r)];
        return sum;
    }

} // namespace

std::vector<qint32> stalledKernels(const KernelTable &k, const KernelKinds &kinds)
{
    return rowsWithFlag(kernelFlags(k, kinds), kFlagHostBound);
}

std::optional<Finding> findHostBound(const DetectorInput &in)
{
    const StepTotals t = totals(in.steps);
    if (t.wall <= 0)
        return std::nullopt;
    std::vector<qint32> stalled = rowsWithFlag(in.flags, kFlagHostBound);
    const TimeNs stalledWait = in.rank.kernels ? sumWait(*in.rank.kernels, stalled) : 0;
    const auto host = std::size_t(GapCause::Host);
    const auto sync = std::size_t(GapCause::HostSync);
    const TimeNs hostIdle = in.gaps.deviceIdleByCause[host] + in.gaps.deviceIdleByCause[sync];
    const qint64 hostGaps = in.gaps.deviceGapsByCause[host] + in.gaps.deviceGapsByCause[sync];
    // While communication runs exposed the device is busy anyway; the host can only starve
    // it during the rest of the step, so that is what the share is measured against.
    const TimeNs window = std::max<TimeNs>(1, t.wall - t.notOverlapped);
    const TimeNs starved = std::max(hostIdle, stalledWait);
    const double share = double(starved) / double(t.wall);
    const double windowShare = double(starved) / double(window);
    if (windowShare < kStepShare)
        return std::nullopt;
    Finding f;
    f.id = QLatin1String(FindingId::kHostBound);
    f.severity = severityForShare(windowShare, kStepShare, kStepShareCritical);
    f.title = Text::tr("The device waits for the host: %1 of step time idle (%2 of the time "
                       "outside exposed communication)")
                  .arg(formatShare(share), formatShare(windowShare));
    f.addMetric(QStringLiteral("stalled_kernels"), double(stalled.size()), Metric::Unit::Count);
    f.addMetric(QStringLiteral("stalled_wait"), double(stalledWait), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("host_idle_gaps"), double(hostGaps), Metric::Unit::Count);
    f.addMetric(QStringLiteral("host_idle"), double(hostIdle), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("host_sync_idle"), double(in.gaps.deviceIdleByCause[sync]),
        Metric::Unit::Ns);
    f.addMetric(QStringLiteral("device_idle"), double(in.gaps.deviceIdleNs), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("gap_threshold"), double(in.gaps.thresholdNs), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("wall"), double(t.wall), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("share"), share, Metric::Unit::Ratio);
    f.addMetric(QStringLiteral("share_outside_comm"), windowShare, Metric::Unit::Ratio);
    f.details << Text::tr(
        "%n kernel(s) waited at least 10x their duration, %1 in all", nullptr, int(stalled.size()))
                     .arg(formatDuration(stalledWait));
    // A timeline made from the kernel table (KernelTimeline) has no host side either.
    if (in.rank.trace && KernelTimeline::builtFrom(*in.rank.trace).isEmpty())
        f.details << Text::tr("%n device idle gap(s) over %1 caused by the host, %2 in all "
                              "(%3 right after a synchronising call)",
            nullptr, int(hostGaps))
                         .arg(formatDuration(in.gaps.thresholdNs), formatDuration(hostIdle),
                             formatDuration(in.gaps.deviceIdleByCause[sync]));
    else
        f.details << Text::tr("Without trace_view.json the host side is not visible: judged "
                              "from the kernels' Wait Time alone");
    f.advice = Text::tr(
        "The host does not issue work fast enough and the device sits idle between tasks. Use "
        "graph mode (torch.compile with the NPU backend, or torchair) so that whole graphs are "
        "launched at once, raise the batch size to spread the launch cost, and remove host "
        "synchronisations from the training loop: .item(), .cpu(), printing tensors, "
        "torch.npu.synchronize(). The gaps listed here start where the host was late.");
    std::vector<const Gap *> gaps;
    for (const Gap &g : in.gaps.deviceGaps) {
        if (g.cause == GapCause::Host || g.cause == GapCause::HostSync)
            gaps.push_back(&g);
    }
    std::stable_sort(gaps.begin(), gaps.end(),
        [](const Gap *a, const Gap *b) { return a->duration() > b->duration(); });
    for (const Gap *g : gaps) {
        if (f.evidence.size() >= kMaxEvidence / 2)
            break;
        f.evidence.push_back(gapEvidence(in.rank, *g));
    }
    const KernelTable *k = in.rank.kernels.get();
    std::stable_sort(stalled.begin(), stalled.end(),
        [&](qint32 a, qint32 b) { return k->wait[std::size_t(a)] > k->wait[std::size_t(b)]; });
    for (qint32 row : stalled) {
        if (f.evidence.size() >= kMaxEvidence)
            break;
        const auto r = std::size_t(row);
        f.evidence.push_back(rowEvidence(in.rank, row,
            Text::tr("%1 waited %2 to run for %3")
                .arg(k->strings.string(k->name[r]), formatDuration(k->wait[r]),
                    formatDuration(k->duration[r]))));
    }
    return f;
}

std::optional<Finding> findCommNotOverlapped(const DetectorInput &in)
{
    const StepTotals t = totals(in.steps);
    if (t.wall <= 0 || t.notOverlapped <= 0)
        return std::nullopt;
    const double share = double(t.notOverlapped) / double(t.wall);
    const bool serial = t.overlapped <= 0;
    const double bar = serial ? kSerialCommShare : kStepShare;
    if (share < bar)
        return std::nullopt;
    const double overlapRatio = t.comm > 0 ? double(t.overlapped) / double(t.comm) : 0;
    Finding f;
    f.id = QLatin1String(FindingId::kCommNotOverlapped);
    f.severity = severityForShare(share, kStepShare, kStepShareCritical);
    f.title = serial ? Text::tr("Communication runs serially, none of it overlaps computation: "
                                "%1 of step time")
                           .arg(formatShare(share))
                     : Text::tr("Communication is not hidden behind computation: %1 of step "
                                "time, %2 of communication overlapped")
                           .arg(formatShare(share), formatShare(overlapRatio));
    f.addMetric(QStringLiteral("comm_not_overlapped"), double(t.notOverlapped), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("comm"), double(t.comm), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("overlapped"), double(t.overlapped), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("overlap_ratio"), overlapRatio, Metric::Unit::Ratio);
    f.addMetric(QStringLiteral("wall"), double(t.wall), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("share"), share, Metric::Unit::Ratio);
    f.addMetric(QStringLiteral("threshold"), bar, Metric::Unit::Ratio);
    const StepSource source = in.steps.front().source;
    f.details << Text::tr("Communication times from %1, step time from %2; reported from %3 of "
                          "the step (%4 when part of the communication overlaps)")
                     .arg(commTimeSource(source, in.rank.source),
                         stepTimeSource(source, in.rank.source), formatShare(kSerialCommShare),
                         formatShare(kStepShare));
    for (const StepBreakdown &s : in.steps) {
        const double ratio = s.commNs > 0 ? double(s.overlappedNs) / double(s.commNs) : 0;
        f.details << Text::tr("%1: %2 of %3 communication not overlapped (overlap %4)")
                         .arg(stepLabel(s), formatDuration(s.commNotOverlappedNs),
                             formatDuration(s.commNs), formatShare(ratio));
    }
    f.advice = Text::tr(
        "Collectives run while the compute streams are idle, so their whole duration adds to the "
        "step. Let gradient all-reduce run during the backward pass (DDP gradient buckets, "
        "bucket_cap_mb; overlap_grad_reduce / overlap_comm in Megatron or DeepSpeed), avoid "
        "calls that wait for a collective inside the step (barrier, .item() on reduced values), "
        "and check whether a slow rank makes the others wait (rank-imbalance).");
    if (in.kinds && in.rank.kernels) {
        const KernelTable &k = *in.rank.kernels;
        std::vector<std::pair<TimeNs, qint32>> rows;
        for (qsizetype r = 0; r < k.rowCount(); ++r) {
            const auto i = std::size_t(r);
            if (!in.kinds->isCommunication(r) || !in.kinds->hasTime(r))
                continue;
            const TimeNs hidden
                = in.kinds->computeUnion().coveredWithin(k.start[i], k.start[i] + k.duration[i]);
            rows.emplace_back(k.duration[i] - hidden, static_cast<qint32>(r));
        }
        std::stable_sort(rows.begin(), rows.end(),
            [](const auto &a, const auto &b) { return a.first > b.first; });
        for (const auto &[exposed, row] : rows) {
            if (f.evidence.size() >= kMaxEvidence || exposed <= 0)
                break;
            f.evidence.push_back(rowEvidence(in.rank, row,
                Text::tr("%1: %2 not overlapped")
                    .arg(k.strings.string(k.name[std::size_t(row)]), formatDuration(exposed))));
        }
    }
    return f;
}

std::optional<Finding> findUnaccountedTime(const DetectorInput &in)
{
    const StepTotals t = totals(in.steps);
    if (t.wall <= 0)
        return std::nullopt;
    const double share = double(t.unaccounted) / double(t.wall);
    if (share < kStepShare)
        return std::nullopt;
    Finding f;
    f.id = QLatin1String(FindingId::kUnaccountedTime);
    f.severity = severityForShare(share, kStepShare, kStepShareCritical);
    f.title = Text::tr("%1 of step time is not covered by any device task: steps take %2, the "
                       "device is busy for %3")
                  .arg(formatShare(share), formatDuration(t.wall), formatDuration(t.busy));
    f.addMetric(QStringLiteral("unaccounted"), double(t.unaccounted), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("wall"), double(t.wall), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("device_busy"), double(t.busy), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("kernel_sum"), double(t.kernelSum), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("free"), double(t.free), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("preparing"), double(t.preparing), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("steps"), double(in.steps.size()), Metric::Unit::Count);
    f.addMetric(QStringLiteral("share"), share, Metric::Unit::Ratio);
    for (const StepBreakdown &s : in.steps) {
        if (s.kernelCount > 0)
            f.details << Text::tr("%1: %2 wall, %3 device busy, %4 of kernel durations, %5 "
                                  "unaccounted")
                             .arg(stepLabel(s), formatDuration(s.wallNs),
                                 formatDuration(s.deviceBusyNs), formatDuration(s.kernelSumNs),
                                 formatDuration(s.unaccountedNs));
        else
            f.details << Text::tr("%1: %2 wall, %3 device busy, %4 unaccounted")
                             .arg(stepLabel(s), formatDuration(s.wallNs),
                                 formatDuration(s.deviceBusyNs), formatDuration(s.unaccountedNs));
    }
    f.advice = Text::tr(
        "Time that no kernel or collective accounts for is spent in idle gaps while the device "
        "waits for the host, in synchronisation points (.item(), .cpu(), "
        "torch.npu.synchronize()), before the first task of the step (data loading) and in work "
        "the profiler did not record. Look at the largest gaps on the timeline and at the host "
        "and CANN tracks above them.");
    for (const StepBreakdown &s : in.steps) {
        if (f.evidence.size() >= kMaxEvidence / 2 || s.end <= s.start)
            break;
        Evidence e;
        e.start = s.start;
        e.end = s.end;
        e.label = Text::tr("%1: %2 unaccounted").arg(stepLabel(s), formatDuration(s.unaccountedNs));
        f.evidence.push_back(e);
    }
    std::vector<const Gap *> gaps;
    for (const Gap &g : in.gaps.deviceGaps)
        gaps.push_back(&g);
    std::stable_sort(gaps.begin(), gaps.end(),
        [](const Gap *a, const Gap *b) { return a->duration() > b->duration(); });
    for (const Gap *g : gaps) {
        if (f.evidence.size() >= kMaxEvidence)
            break;
        f.evidence.push_back(gapEvidence(in.rank, *g));
    }
    return f;
}

} // namespace npuscope
