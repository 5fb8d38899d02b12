#include "app/reportjson.h"

#include "analysis/aggregation.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <numeric>

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
    o[QStringLiteral("stream")] = k.stream[r] == KernelTable::kNoValue ? QStringLiteral("N/A") : QString::number(k.stream[r]);
    o[QStringLiteral("step")] = k.strings.string(k.step[r]);
    o[QStringLiteral("start_us")] = k.start[r] == Table::kMissingNs ? QJsonValue(QJsonValue::Null) : QJsonValue(nsToUs(k.start[r]));
    o[QStringLiteral("duration_us")] = nsToUs(k.duration[r]);
    o[QStringLiteral("wait_us")] = nsToUs(k.wait[r]);
    o[QStringLiteral("block_dim")] = k.blockDim[r] == KernelTable::kNoValue ? QJsonValue(QJsonValue::Null) : QJsonValue(k.blockDim[r]);
    return o;
}

QJsonArray aggregateJson(const KernelTable &k, AggregateBy by, const QString &keyName, bool full)
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
    const std::size_t n = std::min<std::size_t>(order.size(), static_cast<std::size_t>(std::max(top, 0)));
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n), order.end(),
                      [&](std::size_t a, std::size_t b) {
                          return k.duration[a] != k.duration[b] ? k.duration[a] > k.duration[b] : a < b;
                      });
    QJsonArray topArray;
    for (std::size_t i = 0; i < n; ++i)
        topArray.append(kernelRowJson(k, order[i]));
    o[QStringLiteral("top_kernels")] = topArray;
    o[QStringLiteral("by_type")] = aggregateJson(k, AggregateBy::Type, QStringLiteral("type"), true);
    o[QStringLiteral("by_accelerator_core")] = aggregateJson(k, AggregateBy::AcceleratorCore, QStringLiteral("accelerator_core"), false);
    o[QStringLiteral("by_name")] = aggregateJson(k, AggregateBy::Name, QStringLiteral("name"), true);
}

QJsonValue cellUs(const Table &t, qsizetype row, int column)
{
    if (column < 0)
        return QJsonValue(QJsonValue::Null);
    const double v = t.number(row, column);
    return std::isnan(v) ? QJsonValue(QJsonValue::Null) : QJsonValue(v);
}

QJsonArray stepsJson(const Table &t)
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
        { "communication_not_overlapped_exclude_receive_us", "Communication(Not Overlapped and Exclude Receive)" },
        { "preparing_us", "Preparing" },
    };
    const int stepColumn = t.findColumn(u"Step");
    const int deviceColumn = t.findColumn(u"Device_id");
    QJsonArray out;
    for (qsizetype row = 0; row < t.rowCount(); ++row) {
        QJsonObject o;
        o[QStringLiteral("step")] = stepColumn >= 0 ? t.text(row, stepColumn) : QString();
        if (deviceColumn >= 0)
            o[QStringLiteral("device_id")] = t.text(row, deviceColumn);
        for (const Field &f : fields)
            o[QString::fromLatin1(f.json)] = cellUs(t, row, t.findColumn(QString::fromLatin1(f.header)));
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
        out.append(o);
    }
    return out;
}

} // namespace

double nsToUs(TimeNs ns)
{
    return static_cast<double>(ns) / 1000.0;
}

QJsonObject rankReportJson(const RankProfile &rank, int top)
{
    QJsonObject o;
    o[QStringLiteral("rank")] = rank.rank();
    o[QStringLiteral("label")] = rank.label();
    o[QStringLiteral("path")] = rank.source.dir;
    o[QStringLiteral("profiler")] = profilerJson(rank.config);
    o[QStringLiteral("trace")] = traceJson(rank.trace.get());
    if (rank.kernels) {
        addKernels(o, *rank.kernels, top);
        o[QStringLiteral("kernels_from")] = rank.kernelsFromTrace ? QStringLiteral("trace") : QStringLiteral("kernel_details.csv");
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
    o[QStringLiteral("steps")] = rank.stepTrace ? stepsJson(*rank.stepTrace) : QJsonArray();
    o[QStringLiteral("not_collected")] = QJsonArray::fromStringList(rank.notCollected);
    o[QStringLiteral("issues")] = issuesJson(rank.issues);
    return o;
}

QJsonObject profileReportJson(const Profile &profile, int top)
{
    QJsonObject o;
    o[QStringLiteral("path")] = profile.path;
    QJsonArray ranks;
    for (const auto &rank : profile.ranks)
        ranks.append(rankReportJson(*rank, top));
    o[QStringLiteral("ranks")] = ranks;
    o[QStringLiteral("issues")] = issuesJson(profile.issues);
    return o;
}

} // namespace npuscope
