#include "analysis/rules/findingchecks.h"

#include "analysis/rules/frameworkfindings.h"
#include "analysis/rules/fusibleops.h"
#include "analysis/rules/hostfindings.h"
#include "analysis/rules/linkfindings.h"

#include <QCoreApplication>

#include <algorithm>

namespace npuscope {

namespace {

    class Text {
        Q_DECLARE_TR_FUNCTIONS(Findings)
    };

    // Some compute row has a real Accelerator Core (Level0 writes "N/A" in every compute row and
    // "HCCL" in the collectives' rows only).
    bool hasComputeCores(const KernelTable &k, const KernelKinds &kinds)
    {
        if (k.coreColumn < 0)
            return false;
        for (qsizetype r = 0; r < k.rowCount(); ++r) {
            const std::string_view text = k.strings.view(k.core[std::size_t(r)]);
            if (kinds.isCompute(r) && !text.empty() && !Table::isMissingText(text))
                return true;
        }
        return false;
    }

    QString kernelsName(const DetectorInput &in)
    {
        return in.rank.source.partName(RankSource::Part::Kernels);
    }

    // The trace of a trace file; null without one (the timeline made of the kernel rows,
    // KernelTimeline, has no host).
    const Trace *traceFile(const DetectorInput &in)
    {
        const bool file = !in.rank.source.traceView.isEmpty() || !in.rank.source.database.isEmpty();
        return file ? in.rank.trace.get() : nullptr;
    }

    QString level1Collect(const DetectorInput &in)
    {
        return Text::tr("Collect at profiler_level Level1 or higher (%1 then has Accelerator "
                        "Core and Block Dim).")
            .arg(kernelsName(in));
    }

    bool hasStepTime(const std::vector<StepBreakdown> &steps)
    {
        return std::any_of(
            steps.begin(), steps.end(), [](const StepBreakdown &s) { return s.wallNs > 0; });
    }

} // namespace

std::optional<MissingData> missingKernelRows(const DetectorInput &in)
{
    if (in.kinds && in.rank.kernels)
        return std::nullopt;
    return MissingData { Text::tr("No kernel rows: kernel_details.csv was not collected and the "
                                  "trace has no device kernels."),
        Text::tr("Collect with ProfilerActivity.NPU so that kernel_details.csv is written.") };
}

std::optional<MissingData> missingAcceleratorCore(const DetectorInput &in)
{
    if (auto rows = missingKernelRows(in))
        return rows;
    const KernelTable &k = *in.rank.kernels;
    if (hasComputeCores(k, *in.kinds))
        return std::nullopt;
    if (in.rank.kernelsFromTrace)
        return MissingData { Text::tr("The kernels come from the trace, which records no "
                                      "Accelerator Core or Block Dim."),
            level1Collect(in) };
    return MissingData { k.coreColumn < 0
            ? Text::tr("%1 has no Accelerator Core column: AI_CPU tasks cannot be told apart.")
                  .arg(kernelsName(in))
            : Text::tr("Accelerator Core is N/A in every compute row (a Level0 profile): AI_CPU "
                       "tasks cannot be told apart."),
        level1Collect(in) };
}

std::optional<MissingData> missingBlockDim(const DetectorInput &in)
{
    if (auto rows = missingKernelRows(in))
        return rows;
    const KernelTable &k = *in.rank.kernels;
    const bool any = k.blockDimColumn >= 0
        && std::any_of(k.blockDim.begin(), k.blockDim.end(), [](std::int32_t d) { return d > 0; });
    if (any) {
        if (auto core = missingAcceleratorCore(in)) // the tasks are told apart by their core
            return core;
        if (in.cores && in.cores->known())
            return std::nullopt;
        return MissingData { in.cores ? in.cores->unknownReason : QString(),
            Text::tr("A Block Dim is judged against the chip's core counts: export as a "
                     "database (export_type db), whose NPU_INFO names the chip, on a chip model "
                     "in npuscope's table (Ascend910B1-B4, Ascend910_93xx, Ascend310P3, ...).") };
    }
    return MissingData { k.blockDimColumn < 0
            ? Text::tr("%1 has no Block Dim column.").arg(kernelsName(in))
            : Text::tr("Block Dim is 0 or missing in every row (a Level0 profile)."),
        level1Collect(in) };
}

std::optional<MissingData> missingWaitOrTrace(const DetectorInput &in)
{
    if (!hasStepTime(in.steps))
        return missingSteps(in);
    if (auto rows = missingKernelRows(in))
        return rows; // no device task to have waited
    const bool wait
        = in.rank.kernels && (in.rank.kernelsFromTrace || in.rank.kernels->waitColumn >= 0);
    if (wait || in.rank.trace)
        return std::nullopt;
    return MissingData { Text::tr("kernel_details.csv has no Wait Time column and there is no "
                                  "trace_view.json: idle time before a kernel is unknown."),
        Text::tr("Collect with the default export (trace_view.json) or a CANN version that "
                 "writes Wait Time.") };
}

std::optional<MissingData> missingSteps(const DetectorInput &in)
{
    if (hasStepTime(in.steps))
        return std::nullopt;
    return MissingData { Text::tr("No step time: no ProfilerStep in the trace, no "
                                  "step_trace_time.csv and no timed kernel rows."),
        Text::tr("Collect with a profiler schedule and call prof.step() once per training "
                 "step.") };
}

std::optional<MissingData> missingProfilerInfo(const DetectorInput &in)
{
    if (in.rank.config.found)
        return std::nullopt;
    return MissingData { Text::tr("No profiler_info.json: the collection options are unknown."),
        Text::tr("Keep the profiler_info_N.json that torch_npu writes next to "
                 "ASCEND_PROFILER_OUTPUT.") };
}

std::optional<MissingData> missingEnvVariables(const DetectorInput &in)
{
    const ProfilerMetadata &m = in.rank.metadata;
    if (m.hasEnvVariables)
        return std::nullopt;
    return MissingData { m.found ? Text::tr("%1 records no ENV_VARIABLES.").arg(m.path)
                                 : Text::tr("No profiler_metadata.json (and no META_DATA in a "
                                            "database): the environment is unknown."),
        Text::tr("Keep the profiler_metadata.json that torch_npu 2.1 and later write beside "
                 "profiler_info.json.") };
}

std::optional<MissingData> missingOpState(const DetectorInput &in)
{
    if (auto rows = missingKernelRows(in))
        return rows;
    const KernelTable &k = *in.rank.kernels;
    const int col = opStateColumn(k);
    bool any = false;
    for (qsizetype r = 0; col >= 0 && r < k.rowCount() && !any; ++r)
        any = in.kinds->isCompute(r) && !k.table->isMissing(r, col);
    if (any)
        return std::nullopt;
    if (!in.rank.source.database.isEmpty())
        return MissingData {
            Text::tr("%1 records no operator state (OP State).").arg(kernelsName(in)),
            Text::tr("Collect at profiler_level Level1 or higher with a CANN version whose "
                     "database records the operator state, or with the text export.")
        };
    const QString collect = Text::tr("Collect at profiler_level Level1 or higher with the text "
                                     "export: kernel_details.csv then has an OP State column.");
    // msprof-analyze reads a missing column as "no static operator" and reports every operator
    // dynamic here; with nothing recorded we say nothing.
    return MissingData { col < 0
            ? Text::tr("%1 has no OP State column (a Level0 profile); "
                       "msprof-analyze reports every operator as dynamic "
                       "here, as it reads a missing column as no static "
                       "operator.")
                  .arg(kernelsName(in))
            : Text::tr("OP State is empty in every compute row of %1.").arg(kernelsName(in)),
        collect };
}

std::optional<MissingData> missingFrameworkApis(const DetectorInput &in)
{
    const Trace *trace = traceFile(in);
    if (in.rank.source.kineto)
        return MissingData { Text::tr("A Kineto (GPU) trace: torch_npu's affinity APIs do not "
                                      "apply."),
            Text::tr("Profile on an Ascend NPU with torch_npu.") };
    if (trace && std::any_of(trace->tracks.begin(), trace->tracks.end(), [](const Track &t) {
            return t.kind == TrackKind::HostThread && !t.events.empty();
        }))
        return std::nullopt;
    return MissingData { trace ? Text::tr("The trace has no host (framework) events: the Python "
                                          "APIs called are unknown.")
                               : Text::tr("No trace: the Python APIs called are unknown."),
        Text::tr("Collect with ProfilerActivity.CPU (and with_stack=True to see where each API "
                 "is called).") };
}

std::optional<MissingData> missingCannApis(const DetectorInput &in)
{
    if (in.rank.source.kineto)
        return MissingData { Text::tr("A Kineto (GPU) trace: it has no CANN API events."),
            Text::tr("Profile on an Ascend NPU with torch_npu.") };
    const Trace *trace = traceFile(in);
    if (trace && hasCannApis(*trace))
        return std::nullopt;
    return MissingData { trace ? Text::tr("The trace has no CANN API events (AscendCL, "
                                          "Node@launch): profiler_level Level0 does not record "
                                          "them.")
                               : Text::tr("No trace: the CANN API calls are unknown."),
        Text::tr("Collect the trace at profiler_level Level1 or higher, with "
                 "ProfilerActivity.NPU.") };
}

std::optional<MissingData> missingGcEvents(const DetectorInput &in)
{
    const Trace *trace = traceFile(in);
    if (trace && (hasGcEvents(*trace) || (!in.rank.source.kineto && hasCannApis(*trace))))
        return std::nullopt;
    return MissingData { trace ? Text::tr("The trace has no GC events (gc_detect_threshold "
                                          "not set) and no CANN API events (profiler_level "
                                          "Level0 records none) to conjecture garbage "
                                          "collection from idle gaps.")
                               : Text::tr("No trace: garbage collections are unknown."),
        Text::tr("Collect with experimental_config=torch_npu.profiler._ExperimentalConfig("
                 "gc_detect_threshold=1) (GC events of 1 ms or longer; torch_npu 2.1 or later), "
                 "or at profiler_level Level1.") };
}

std::optional<MissingData> missingHostEvents(const DetectorInput &in)
{
    const Trace *trace = traceFile(in);
    if (trace && std::any_of(trace->tracks.begin(), trace->tracks.end(), [](const Track &t) {
            return t.kind == TrackKind::HostThread && !t.events.empty();
        }))
        return std::nullopt;
    return MissingData { trace ? Text::tr("The trace has no host (framework) events.")
                               : Text::tr("No trace: the framework's calls are unknown."),
        Text::tr("Collect with ProfilerActivity.CPU (and with_stack=True to see where each call "
                 "is made).") };
}

std::optional<MissingData> missingRanks(const RankAnalysisList &ranks)
{
    const auto withSteps = std::count_if(ranks.begin(), ranks.end(),
        [](const RankAnalysis *a) { return a && hasStepTime(a->steps); });
    if (withSteps >= 2)
        return std::nullopt;
    return MissingData { Text::tr("Fewer than two ranks with step times: nothing to compare."),
        Text::tr("Collect every rank of the job into one folder (one rank*_ascend_pt folder per "
                 "rank).") };
}

MissingData missingStages(const ParallelLayout &layout)
{
    if (layout.known())
        return { Text::tr("One pipeline stage (%1): no stages to compare.").arg(layout.note), {} };
    return { Text::tr("The pipeline layout is unknown: %1.").arg(layout.note),
        Text::tr("Collect with torch_npu 2.1 or later, which writes distributed_args and "
                 "parallel_group_info into profiler_metadata.json, and keep every rank's "
                 "communication.json (profiler_level Level1 or higher).") };
}

std::optional<MissingData> missingClusterLinks(const ClusterLinks &links)
{
    const QString collect = Text::tr("Collect every rank of the job with profiler_level Level1 or "
                                     "higher and keep each rank's communication_matrix.json.");
    if (links.links.empty() && links.unmapped > 0) {
        return MissingData { Text::tr("The communication matrices' %n link(s) join ranks that "
                                      "were not collected.",
                                 nullptr, links.unmapped),
            collect };
    }
    if (links.links.empty())
        return MissingData { Text::tr("No rank has a communication matrix."), collect };
    if (judgeLinks(links).empty()) {
        return MissingData { Text::tr("No two links of 1 MB or more share a group name, an "
                                      "operation type and a transport: nothing to compare."),
            {} };
    }
    return std::nullopt;
}

QString unmappedNote(const ClusterLinks &links)
{
    if (links.unmapped == 0)
        return {};
    return Text::tr(
        "%n link(s) left out: they join ranks that were not collected.", nullptr, links.unmapped);
}

QString checkNote(const QString &id, const DetectorInput &in)
{
    if (id == QLatin1String(FindingId::kLowBlockDim) && in.cores && in.cores->known()
        && !in.cores->source.isEmpty())
        return in.cores->vector > 0
            ? Text::tr("%1 AI Cores and %2 vector cores, from %3.")
                  .arg(QString::number(in.cores->cube), QString::number(in.cores->vector),
                      in.cores->source)
            : Text::tr("%1 AI Cores, from %2; the vector core count is unknown, so vector "
                       "tasks are not judged.")
                  .arg(QString::number(in.cores->cube), in.cores->source);
    if (id == QLatin1String(FindingId::kAffinityApi))
        return Text::tr("The optimizer rules of msprof-analyze's timeline_fusion_ops.yaml; its "
                        "aten operator-sequence rules are fusible-ops.");
    if (id == QLatin1String(FindingId::kFusibleOps))
        return fusibleOpsNote(in);
    if (id == QLatin1String(FindingId::kGc) && in.rank.trace && !hasGcEvents(*in.rank.trace))
        return in.rank.source.database.isEmpty()
            ? Text::tr("No GC events recorded (gc_detect_threshold was not set): only the "
                       "advisor's conjectured GC was checked, device idle gaps over 200 ms "
                       "with almost no AscendCL call.")
            : Text::tr("The database's GC_RECORD table is not read: only the advisor's "
                       "conjectured GC was checked, device idle gaps over 200 ms with almost no "
                       "AscendCL call.");
    if (id == QLatin1String(FindingId::kHostBound) && in.rank.kernels && !in.rank.kernelsFromTrace
        && in.rank.kernels->waitColumn < 0)
        return Text::tr("%1 has no Wait Time column: judged from the trace's idle gaps alone.")
            .arg(kernelsName(in));
    return {};
}

QString stepTimeSource(StepSource source, const RankSource &rank)
{
    switch (source) {
    case StepSource::Trace:
        return Text::tr("the ProfilerStep slices of %1")
            .arg(rank.partName(RankSource::Part::Trace));
    case StepSource::StepTraceCsv:
        return rank.partName(RankSource::Part::StepTrace);
    case StepSource::Kernels:
        return Text::tr("the span of the step's kernel rows");
    }
    return {};
}

QString commTimeSource(StepSource source, const RankSource &rank)
{
    return source == StepSource::StepTraceCsv ? rank.partName(RankSource::Part::StepTrace)
                                              : Text::tr("the kernel rows' start times");
}

} // namespace npuscope
