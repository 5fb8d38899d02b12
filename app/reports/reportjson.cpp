#include "app/reports/reportjson.h"

#include "analysis/parallel/profilelayout.h"
#include "app/reports/clusterjson.h"
#include "app/reports/concurrentfor.h"

#include "app/reports/calltreejson.h"
#include "app/reports/devicereport.h"
#include "app/reports/memoryreport.h"
#include "app/reports/metadatajson.h"

#include "analysis/rank/analysedrank.h"
#include "analysis/rules/findings.h"
#include "analysis/stats/aggregation.h"
#include "model/profile/reportsummary.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>
#include <vector>

namespace npuscope {

namespace {

    QJsonValue optionalBool(const std::optional<bool> &v)
    {
        return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
    }

    QJsonValue optionalInt(const std::optional<int> &v)
    {
        return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
    }

    QJsonObject profilerJson(const ProfilerConfig &c)
    {
        QJsonObject o;
        o[QStringLiteral("found")] = c.found;
        o[QStringLiteral("level")] = c.level;
        o[QStringLiteral("aic_metrics")] = c.aicMetrics;
        o[QStringLiteral("with_stack")] = optionalBool(c.withStack);
        o[QStringLiteral("record_shapes")] = optionalBool(c.recordShapes);
        o[QStringLiteral("profile_memory")] = optionalBool(c.profileMemory);
        o[QStringLiteral("with_flops")] = optionalBool(c.withFlops);
        o[QStringLiteral("with_modules")] = optionalBool(c.withModules);
        o[QStringLiteral("export_type")] = c.exportType;
        o[QStringLiteral("torch_npu_version")] = c.torchNpuVersion;
        o[QStringLiteral("cann_version")] = c.cannVersion;
        if (c.schedule) {
            QJsonObject s;
            s[QStringLiteral("wait")] = optionalInt(c.schedule->wait);
            s[QStringLiteral("warmup")] = optionalInt(c.schedule->warmup);
            s[QStringLiteral("active")] = optionalInt(c.schedule->active);
            s[QStringLiteral("repeat")] = optionalInt(c.schedule->repeat);
            s[QStringLiteral("skip_first")] = optionalInt(c.schedule->skipFirst);
            o[QStringLiteral("schedule")] = s;
        } else {
            o[QStringLiteral("schedule")] = QJsonValue(QJsonValue::Null);
        }
        return o;
    }

    QJsonObject traceJson(const Trace *t)
    {
        QJsonObject o;
        if (!t) {
            o[QStringLiteral("collected")] = false;
            return o;
        }
        const TraceStats &s = t->stats;
        o[QStringLiteral("collected")] = true;
        o[QStringLiteral("events")] = static_cast<qint64>(s.events);
        o[QStringLiteral("slices")] = static_cast<qint64>(t->sliceCount());
        o[QStringLiteral("counters")] = static_cast<qint64>(s.counter);
        o[QStringLiteral("counter_series")] = static_cast<qint64>(t->counters.size());
        o[QStringLiteral("flows")] = static_cast<qint64>(s.flow);
        o[QStringLiteral("flow_links")] = static_cast<qint64>(t->flows.size());
        o[QStringLiteral("tracks")] = static_cast<qint64>(t->tracks.size());
        o[QStringLiteral("span_us")] = nsToUs(t->maxTime - t->minTime);
        o[QStringLiteral("start_us")] = nsToUs(t->minTime);
        QJsonObject phases;
        phases[QStringLiteral("X")] = static_cast<qint64>(s.complete);
        phases[QStringLiteral("B/E")] = static_cast<qint64>(s.beginEnd);
        phases[QStringLiteral("i")] = static_cast<qint64>(s.instant);
        phases[QStringLiteral("C")] = static_cast<qint64>(s.counter);
        phases[QStringLiteral("s/t/f")] = static_cast<qint64>(s.flow);
        phases[QStringLiteral("M")] = static_cast<qint64>(s.metadata);
        phases[QStringLiteral("other")] = static_cast<qint64>(s.other);
        o[QStringLiteral("phases")] = phases;
        o[QStringLiteral("dropped_bytes")] = static_cast<qint64>(s.droppedBytes);
        return o;
    }

    QJsonObject kernelRowJson(const KernelTable &k, std::size_t r)
    {
        QJsonObject o;
        o[QStringLiteral("name")] = k.strings.string(k.name[r]);
        o[QStringLiteral("type")] = k.strings.string(k.type[r]);
        o[QStringLiteral("accelerator_core")] = k.strings.string(k.core[r]);
        o[QStringLiteral("stream")] = k.stream[r] == KernelTable::kNoValue
            ? QStringLiteral("N/A")
            : QString::number(k.stream[r]);
        o[QStringLiteral("step")] = k.strings.string(k.step[r]);
        o[QStringLiteral("start_us")] = k.start[r] == Table::kMissingNs
            ? QJsonValue(QJsonValue::Null)
            : QJsonValue(nsToUs(k.start[r]));
        o[QStringLiteral("duration_us")] = nsToUs(k.duration[r]);
        o[QStringLiteral("wait_us")] = nsToUs(k.wait[r]);
        o[QStringLiteral("block_dim")] = k.blockDim[r] == KernelTable::kNoValue
            ? QJsonValue(QJsonValue::Null)
            : QJsonValue(k.blockDim[r]);
        return o;
    }

    QJsonArray aggregateJson(
        const KernelTable &k, AggregateBy by, const QString &keyName, bool full)
    {
        QJsonArray out;
        for (const AggregateRow &a : aggregateKernels(k, by)) {
            QJsonObject o;
            o[keyName] = a.key;
            o[QStringLiteral("count")] = a.count;
            o[QStringLiteral("total_us")] = nsToUs(a.total);
            if (full) {
                o[QStringLiteral("mean_us")] = nsToUs(a.mean);
                o[QStringLiteral("min_us")] = nsToUs(a.min);
                o[QStringLiteral("max_us")] = nsToUs(a.max);
                o[QStringLiteral("p50_us")] = nsToUs(a.p50);
                o[QStringLiteral("p90_us")] = nsToUs(a.p90);
                o[QStringLiteral("p99_us")] = nsToUs(a.p99);
            }
            o[QStringLiteral("share")] = a.share;
            out.append(o);
        }
        return out;
    }

    void addKernels(QJsonObject &o, const KernelTable &k, int top)
    {
        const TimeNs total = std::accumulate(k.duration.begin(), k.duration.end(), TimeNs(0));
        const TimeNs wait = std::accumulate(k.wait.begin(), k.wait.end(), TimeNs(0));
        QJsonObject summary;
        summary[QStringLiteral("count")] = static_cast<qint64>(k.rowCount());
        summary[QStringLiteral("total_duration_us")] = nsToUs(total);
        summary[QStringLiteral("total_wait_us")] = nsToUs(wait);
        o[QStringLiteral("kernels")] = summary;
        std::vector<std::size_t> order(static_cast<std::size_t>(k.rowCount()));
        std::iota(order.begin(), order.end(), std::size_t(0));
        const std::size_t n
            = std::min<std::size_t>(order.size(), static_cast<std::size_t>(std::max(top, 0)));
        std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n),
            order.end(), [&](std::size_t a, std::size_t b) {
                return k.duration[a] != k.duration[b] ? k.duration[a] > k.duration[b] : a < b;
            });
        QJsonArray topArray;
        for (std::size_t i = 0; i < n; ++i)
            topArray.append(kernelRowJson(k, order[i]));
        o[QStringLiteral("top_kernels")] = topArray;
        o[QStringLiteral("by_type")]
            = aggregateJson(k, AggregateBy::Type, QStringLiteral("type"), true);
        o[QStringLiteral("by_accelerator_core")] = aggregateJson(
            k, AggregateBy::AcceleratorCore, QStringLiteral("accelerator_core"), false);
        o[QStringLiteral("by_name")]
            = aggregateJson(k, AggregateBy::Name, QStringLiteral("name"), true);
    }

    QJsonValue cellUs(const Table &t, qsizetype row, int column)
    {
        if (column < 0)
            return QJsonValue(QJsonValue::Null);
        const double v = t.number(row, column);
        return std::isnan(v) ? QJsonValue(QJsonValue::Null) : QJsonValue(v);
    }

    // step_trace_time.csv's rows; `extra(o, step)` adds to each row's object before it is stored
    // (a row changed after it is stored would be copied again).
    template <class Extra> QJsonArray stepsJson(const Table &t, Extra extra)
    {
        struct Field {
            const char *json;
            const char *header;
        };
        static const Field fields[] = {
            { "computing_us", "Computing" },
            { "communication_not_overlapped_us", "Communication(Not Overlapped)" },
            { "overlapped_us", "Overlapped" },
            { "communication_us", "Communication" },
            { "free_us", "Free" },
            { "stage_us", "Stage" },
            { "bubble_us", "Bubble" },
            { "communication_not_overlapped_exclude_receive_us",
                "Communication(Not Overlapped and Exclude Receive)" },
            { "preparing_us", "Preparing" },
        };
        const int stepColumn = t.findColumn(u"Step");
        const int deviceColumn = t.findColumn(u"Device_id");
        std::vector<std::pair<QString, int>> columns; // JSON key, column (looked up once)
        for (const Field &f : fields)
            columns.emplace_back(
                QString::fromLatin1(f.json), t.findColumn(QString::fromLatin1(f.header)));
        QJsonArray out;
        for (qsizetype row = 0; row < t.rowCount(); ++row) {
            QJsonObject o;
            const QString step = stepColumn >= 0 ? t.text(row, stepColumn) : QString();
            o[QStringLiteral("step")] = step;
            if (deviceColumn >= 0)
                o[QStringLiteral("device_id")] = t.text(row, deviceColumn);
            for (const auto &[key, column] : columns)
                o[key] = cellUs(t, row, column);
            extra(o, step);
            out.append(o);
        }
        return out;
    }

    QJsonArray issuesJson(const IssueList &issues)
    {
        QJsonArray out;
        for (const Issue &i : issues) {
            QJsonObject o;
            o[QStringLiteral("severity")] = severityName(i.severity);
            o[QStringLiteral("file")] = i.file;
            o[QStringLiteral("location")] = i.location;
            o[QStringLiteral("message")] = i.message;
            o[QStringLiteral("damaged")] = i.damaged;
            out.append(o);
        }
        return out;
    }

    QJsonValue usOrNull(TimeNs start, TimeNs end, bool wantEnd)
    {
        if (start == 0 && end == 0)
            return QJsonValue(QJsonValue::Null);
        return nsToUs(wantEnd ? end : start);
    }

    QJsonObject metricsJson(const Finding &f)
    {
        QJsonObject o;
        for (const Metric &m : f.metrics) {
            switch (m.unit) {
            case Metric::Unit::Ns:
                o[m.key + QStringLiteral("_us")] = m.value / 1000.0;
                break;
            case Metric::Unit::Count:
                o[m.key] = static_cast<qint64>(m.value);
                break;
            case Metric::Unit::Ratio:
            case Metric::Unit::Number:
                o[m.key] = m.value;
                break;
            }
        }
        return o;
    }

    QJsonObject evidenceJson(const Evidence &e, const Profile *profile)
    {
        QJsonObject o;
        o[QStringLiteral("label")] = e.label;
        if (profile && e.rankIndex >= 0 && std::size_t(e.rankIndex) < profile->ranks.size())
            o[QStringLiteral("rank")] = profile->ranks[std::size_t(e.rankIndex)]->rank();
        o[QStringLiteral("row")] = e.row >= 0 ? QJsonValue(e.row) : QJsonValue(QJsonValue::Null);
        if (e.event.isValid())
            o[QStringLiteral("event")]
                = QJsonObject { { QStringLiteral("track"), qint64(e.event.track.value) },
                      { QStringLiteral("index"), qint64(e.event.index) } };
        else
            o[QStringLiteral("event")] = QJsonValue(QJsonValue::Null);
        o[QStringLiteral("start_us")] = usOrNull(e.start, e.end, false);
        o[QStringLiteral("end_us")] = usOrNull(e.start, e.end, true);
        return o;
    }

    QJsonArray findingsJson(const std::vector<Finding> &findings, const Profile *profile)
    {
        QJsonArray out;
        for (const Finding &f : findings) {
            QJsonObject o;
            o[QStringLiteral("id")] = f.id;
            o[QStringLiteral("severity")] = findingSeverityName(f.severity);
            o[QStringLiteral("title")] = f.title;
            o[QStringLiteral("metrics")] = metricsJson(f);
            o[QStringLiteral("advice")] = f.advice;
            if (!f.snippet.isEmpty())
                o[QStringLiteral("snippet")] = f.snippet;
            o[QStringLiteral("details")] = QJsonArray::fromStringList(f.details);
            QJsonArray evidence;
            for (const Evidence &e : f.evidence)
                evidence.append(evidenceJson(e, profile));
            o[QStringLiteral("evidence")] = evidence;
            out.append(o);
        }
        return out;
    }

    QJsonArray checksJson(const std::vector<FindingCheck> &checks)
    {
        QJsonArray out;
        for (const FindingCheck &c : checks) {
            QJsonObject o;
            o[QStringLiteral("id")] = c.id;
            o[QStringLiteral("status")] = checkStatusName(c.status);
            o[QStringLiteral("reason")] = c.reason;
            if (!c.collect.isEmpty())
                o[QStringLiteral("collect")] = c.collect;
            out.append(o);
        }
        return out;
    }

    QJsonObject gapsJson(const RankProfile &rank, const GapAnalysis &g, int top)
    {
        QJsonObject o;
        o[QStringLiteral("count")] = static_cast<qint64>(g.deviceGaps.size());
        o[QStringLiteral("total_us")] = nsToUs(g.deviceIdleNs);
        o[QStringLiteral("threshold_us")] = nsToUs(g.thresholdNs);
        o[QStringLiteral("stream_gaps")] = static_cast<qint64>(g.streamGaps.size());
        QJsonObject byCause;
        for (int c = 0; c < kGapCauseCount; ++c) {
            byCause[gapCauseId(GapCause(c))]
                = QJsonObject { { QStringLiteral("count"), g.deviceGapsByCause[std::size_t(c)] },
                      { QStringLiteral("total_us"), nsToUs(g.deviceIdleByCause[std::size_t(c)]) } };
        }
        o[QStringLiteral("by_cause")] = byCause;
        std::vector<const Gap *> largest;
        for (const Gap &gap : g.deviceGaps)
            largest.push_back(&gap);
        const std::size_t n
            = std::min<std::size_t>(largest.size(), static_cast<std::size_t>(std::max(top, 0)));
        std::partial_sort(largest.begin(), largest.begin() + static_cast<std::ptrdiff_t>(n),
            largest.end(), [](const Gap *a, const Gap *b) {
                return a->duration() != b->duration() ? a->duration() > b->duration()
                                                      : a->start < b->start;
            });
        QJsonArray list;
        for (std::size_t i = 0; i < n; ++i) {
            const Gap &gap = *largest[i];
            QJsonObject e;
            e[QStringLiteral("start_us")] = nsToUs(gap.start);
            e[QStringLiteral("duration_us")] = nsToUs(gap.duration());
            e[QStringLiteral("cause")] = gapCauseId(gap.cause);
            e[QStringLiteral("host_late_us")] = nsToUs(gap.hostLateNs);
            QString next;
            if (gap.nextRow >= 0 && rank.kernels)
                next = rank.kernels->strings.string(rank.kernels->name[std::size_t(gap.nextRow)]);
            else if (gap.next.isValid() && rank.trace)
                next = rank.trace->strings.string(rank.trace->event(gap.next).name);
            e[QStringLiteral("next_kernel")] = next;
            e[QStringLiteral("next_row")]
                = gap.nextRow >= 0 ? QJsonValue(gap.nextRow) : QJsonValue(QJsonValue::Null);
            list.append(e);
        }
        o[QStringLiteral("largest")] = list;
        return o;
    }

    // The breakdown's numbers for one step; `full` adds the keys step_trace_time.csv also has.
    void addBreakdown(QJsonObject &o, const StepBreakdown &b, bool full)
    {
        if (full) {
            o[QStringLiteral("computing_us")] = nsToUs(b.computeNs);
            o[QStringLiteral("communication_not_overlapped_us")] = nsToUs(b.commNotOverlappedNs);
            o[QStringLiteral("overlapped_us")] = nsToUs(b.overlappedNs);
            o[QStringLiteral("communication_us")] = nsToUs(b.commNs);
            o[QStringLiteral("free_us")] = nsToUs(b.freeNs);
            o[QStringLiteral("preparing_us")] = nsToUs(b.preparingNs);
        }
        o[QStringLiteral("wall_us")] = nsToUs(b.wallNs);
        o[QStringLiteral("device_busy_us")] = nsToUs(b.deviceBusyNs);
        o[QStringLiteral("unaccounted_us")] = nsToUs(b.unaccountedNs);
        o[QStringLiteral("kernel_sum_us")] = nsToUs(b.kernelSumNs);
        o[QStringLiteral("breakdown_from")] = stepSourceName(b.source);
        o[QStringLiteral("window")] = stepWindowName(b.window);
        if (b.window == StepWindow::Device)
            o[QStringLiteral("host_wall_us")] = nsToUs(b.hostWallNs);
    }

    // step_trace_time.csv rows (when present) with the breakdown's numbers added by step id; else
    // the breakdown alone.
    QJsonArray stepsWithBreakdown(const RankProfile &rank, const std::vector<StepBreakdown> &steps)
    {
        if (!rank.stepTrace) {
            QJsonArray out;
            for (const StepBreakdown &b : steps) {
                QJsonObject o;
                o[QStringLiteral("step")] = b.id;
                addBreakdown(o, b, true);
                out.append(o);
            }
            return out;
        }
        // The first breakdown of each id, found by hash: a search of every step per row made
        // 20,000 steps cost 2 x 10^8 string compares.
        QHash<QString, std::size_t> byId;
        byId.reserve(qsizetype(steps.size()));
        for (std::size_t i = steps.size(); i-- > 0;)
            byId.insert(steps[i].id, i);
        return stepsJson(*rank.stepTrace, [&](QJsonObject &o, const QString &step) {
            const auto it = byId.constFind(step.trimmed());
            if (it != byId.cend())
                addBreakdown(o, steps[*it], false);
        });
    }

    // The kernel table's part of a rank's report: summary, top rows, aggregations. Needs no
    // analysis, so it is built beside it.
    QJsonObject kernelsJson(const RankProfile &rank, int top)
    {
        QJsonObject o;
        if (rank.kernels) {
            addKernels(o, *rank.kernels, top);
            o[QStringLiteral("kernels_from")] = rank.kernelsFromTrace ? QStringLiteral("trace")
                : rank.source.database.isEmpty() ? QStringLiteral("kernel_details.csv")
                                                 : QStringLiteral("database");
            o[QStringLiteral("kernels_joined_to_trace")] = static_cast<qint64>(rank.join.matched);
        } else {
            o[QStringLiteral("kernels")] = QJsonObject { { QStringLiteral("count"), 0 },
                { QStringLiteral("total_duration_us"), 0.0 },
                { QStringLiteral("total_wait_us"), 0.0 } };
            o[QStringLiteral("top_kernels")] = QJsonArray();
            o[QStringLiteral("by_type")] = QJsonArray();
            o[QStringLiteral("by_accelerator_core")] = QJsonArray();
            o[QStringLiteral("by_name")] = QJsonArray();
        }
        return o;
    }

} // namespace

double nsToUs(TimeNs ns) { return static_cast<double>(ns) / 1000.0; }

QJsonObject rankReportJson(const AnalysedRank &rank, int top)
{
    return rankReportJson(
        rank.rank(), *rank.analysis(), *rank.callTree(), kernelsJson(rank.rank(), top), top);
}

QJsonObject rankReportJson(const RankProfile &rank, const RankAnalysis &analysis,
    const CallTree &tree, const QJsonObject &kernels, int top)
{
    QJsonObject o;
    o[QStringLiteral("rank")] = rank.rank();
    o[QStringLiteral("label")] = rank.label();
    o[QStringLiteral("path")] = rank.source.dir;
    o[QStringLiteral("profiler")] = profilerJson(rank.config);
    o[QStringLiteral("trace")] = traceJson(rank.trace.get());
    for (auto it = kernels.constBegin(); it != kernels.constEnd(); ++it)
        o.insert(it.key(), it.value());
    o[QStringLiteral("steps")] = stepsWithBreakdown(rank, analysis.steps);
    o[QStringLiteral("findings")] = findingsJson(analysis.findings, nullptr);
    o[QStringLiteral("checks")] = checksJson(analysis.checks);
    o[QStringLiteral("gaps")] = gapsJson(rank, analysis.gaps, top);
    o[QStringLiteral("device_time")] = DeviceReport::timeJson(analysis.device);
    o[QStringLiteral("device_analyses")] = DeviceReport::analysesJson(analysis.device);
    if (analysis.memory)
        o[QStringLiteral("memory")] = MemoryReport::json(*analysis.memory, top);
    o[QStringLiteral("call_tree")] = callTreeJson(tree, top);
    o[QStringLiteral("source")] = QJsonObject {
        { QStringLiteral("format"),
            rank.source.database.isEmpty() ? QStringLiteral("text") : QStringLiteral("database") },
        { QStringLiteral("database"), rank.source.database },
        { QStringLiteral("other"), rank.source.otherSource },
        { QStringLiteral("note"), rank.source.sourceNote() },
        // Where the allocations of `memory` come from: a file, or a table of the database.
        { QStringLiteral("operator_memory"),
            rank.source.partName(RankSource::Part::OperatorMemory) }
    };
    if (!rank.source.reportSummary.isEmpty()) {
        // Read from an npuscope report's summary of the rank (a folder of per-rank reports).
        QJsonObject source = o[QStringLiteral("source")].toObject();
        source[QStringLiteral("format")] = QStringLiteral("report");
        source[QStringLiteral("report")] = rank.source.reportSummary;
        o[QStringLiteral("source")] = source;
    }
    if (rank.aiCores)
        o[QStringLiteral("ai_core_count")] = *rank.aiCores;
    if (rank.kernels)
        o[QStringLiteral("device")] = deviceJson(rank.npuName, analysis.cores);
    if (rank.metadata.found)
        o[QStringLiteral("metadata")] = metadataJson(rank.metadata);
    o[QStringLiteral("not_collected")] = QJsonArray::fromStringList(rank.notCollected);
    o[QStringLiteral("issues")] = issuesJson(rank.issues);
    // What the cluster needs of this rank, for a folder of per-rank reports to open as the run.
    o[QStringLiteral("rank_summary")] = rankSummaryJson(rank);
    return o;
}

QJsonObject profileReportJson(
    const Profile &profile, int top, const FindingOptions &options, ReportTimings *timings)
{
    QElapsedTimer clock;
    clock.start();
    // Per rank three independent tasks: the analysis, the call tree, and the kernel table's part
    // of the report (which needs no analysis).
    const std::size_t n = profile.ranks.size();
    const ParallelFor parallel = concurrentFor();
    std::vector<std::unique_ptr<AnalysedRank>> analysed(n);
    for (std::size_t r = 0; r < n; ++r)
        analysed[r] = std::make_unique<AnalysedRank>(profile.ranks[r], options, parallel);
    std::vector<QJsonObject> kernels(n);
    parallel(3 * n, [&](std::size_t task) {
        const std::size_t r = task % n;
        if (task < n)
            analysed[r]->analysis();
        else if (task < 2 * n)
            analysed[r]->callTree();
        else
            kernels[r] = kernelsJson(*profile.ranks[r], top);
    });
    RankAnalysisList analyses(n);
    for (std::size_t r = 0; r < n; ++r)
        analyses[r] = analysed[r]->analysis().get();
    std::vector<FindingCheck> checks;
    const ParallelLayout layout = profileLayout(profile);
    const std::vector<Finding> findings = findProfileFindings(profile, analyses, layout, &checks);
    if (timings)
        timings->analysisSeconds = double(clock.nsecsElapsed()) / 1e9;
    clock.restart();
    QJsonObject o;
    o[QStringLiteral("path")] = profile.path;
    QJsonArray ranks;
    for (std::size_t r = 0; r < n; ++r)
        ranks.append(rankReportJson(
            *profile.ranks[r], *analyses[r], *analysed[r]->callTree(), kernels[r], top));
    o[QStringLiteral("ranks")] = ranks;
    o[QStringLiteral("findings")] = findingsJson(findings, &profile);
    o[QStringLiteral("checks")] = checksJson(checks);
    if (n > 1)
        o[QStringLiteral("cluster")]
            = clusterJson(buildClusterReport(profile, analyses, layout, profileLinks(profile)));
    o[QStringLiteral("issues")] = issuesJson(profile.issues);
    if (timings)
        timings->jsonSeconds = double(clock.nsecsElapsed()) / 1e9;
    return o;
}

} // namespace npuscope
