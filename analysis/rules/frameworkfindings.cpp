#include "analysis/rules/frameworkfindings.h"

#include "analysis/rules/thresholds.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonObject>

#include <algorithm>
#include <map>

namespace npuscope {

namespace {

    class Text {
        Q_DECLARE_TR_FUNCTIONS(Findings)
    };

    // env-vars: the conditions of msprof-analyze's EnvironmentVariableChecker
    // (advisor/analyzer/overall/environment_variable_checker.py, ENV_SUGGEST_CONDITION); what
    // each variable does after rules/en/environment_variable_info.yaml, in our words.

    std::optional<long long> integerOf(const QString &value)
    {
        bool ok = false;
        const long long n = value.trimmed().toLongLong(&ok);
        return ok ? std::optional<long long>(n) : std::nullopt;
    }

    struct EnvRule {
        const char *name;
        bool (*flagged)(const QString &value);
        bool serious; // slows every step by itself: a warning, not advice
        const char *why;
        const char *suggestion;
    };

    const EnvRule kEnvRules[] = {
        { "ASCEND_GLOBAL_LOG_LEVEL",
            [](const QString &v) { return !v.isEmpty() && integerOf(v) != 3; }, true,
            QT_TRANSLATE_NOOP("Findings",
                "logs below the error level (3): debug and info "
                "logging slow training down"),
            QT_TRANSLATE_NOOP("Findings", "export ASCEND_GLOBAL_LOG_LEVEL=3") },
        { "HCCL_RDMA_TC", [](const QString &v) { return !v.isEmpty(); }, false,
            QT_TRANSLATE_NOOP("Findings",
                "set: the DSCP value of the RoCE packets (default 132, "
                "DSCP 33) must match the network's configuration"),
            QT_TRANSLATE_NOOP("Findings", "check it against the switches' configuration") },
        { "HCCL_RDMA_SL", [](const QString &v) { return !v.isEmpty(); }, false,
            QT_TRANSLATE_NOOP("Findings",
                "set: the RDMA NIC priority (0-7, default 4) must "
                "equal the NIC's PFC priority, else communication "
                "slows down"),
            QT_TRANSLATE_NOOP("Findings", "check it against the NIC's PFC priority") },
        { "ACLNN_CACHE_LIMIT",
            [](const QString &v) {
                const auto n = integerOf(v);
                return v.isEmpty() || (n && *n < kAclnnCacheLimit);
            },
            false,
            QT_TRANSLATE_NOOP("Findings",
                "not set or below 10000: aclnn operators that drop out "
                "of the cache are prepared on the host again"),
            QT_TRANSLATE_NOOP("Findings",
                "export ACLNN_CACHE_LIMIT=100000 when the host is "
                "the bottleneck") },
        { "HOST_CACHE_CAPACITY", [](const QString &v) { return v.isEmpty() || integerOf(v) == 0; },
            false,
            QT_TRANSLATE_NOOP("Findings",
                "not set or 0: the dynamic-shape cache is off, so "
                "operators of shapes seen before are prepared on the "
                "host again"),
            QT_TRANSLATE_NOOP("Findings",
                "export HOST_CACHE_CAPACITY=20 (costs host memory in "
                "proportion)") },
        { "PYTORCH_NPU_ALLOC_CONF",
            [](const QString &v) { return !v.contains(QLatin1String("expandable_segments:True")); },
            false,
            QT_TRANSLATE_NOOP("Findings",
                "without expandable_segments:True the caching "
                "allocator cannot grow a block, and memory fragments "
                "when tensor sizes change"),
            QT_TRANSLATE_NOOP(
                "Findings", "export PYTORCH_NPU_ALLOC_CONF=expandable_segments:True") },
        { "ASCEND_LAUNCH_BLOCKING",
            [](const QString &v) { return !v.isEmpty() && integerOf(v) == 1; }, true,
            QT_TRANSLATE_NOOP("Findings",
                "1: every operator runs synchronously (a debugging "
                "mode); the host waits for each one"),
            QT_TRANSLATE_NOOP("Findings", "export ASCEND_LAUNCH_BLOCKING=0, or unset it") },
        { "HCCL_ALGO", [](const QString &v) { return !v.isEmpty(); }, false,
            QT_TRANSLATE_NOOP("Findings",
                "set: a fixed cross-server algorithm instead of the one "
                "HCCL chooses for the chip, nodes and data size"),
            QT_TRANSLATE_NOOP("Findings", "unset HCCL_ALGO") },
    };

    // dynamic-shape: msprof-analyze's OperatorChecker.is_dynamic_shape
    // (advisor/analyzer/computation/operator_checker.py) reports when no operator is "static".

    // affinity-api: the Optimizer rules of msprof-analyze's rules/timeline_fusion_ops.yaml (every
    // CANN version inherits them): Optimizer.step#<name>.step -> torch_npu.optim.NpuFused<name>.
    constexpr const char *kFusedOptimizers[] = { "AdamW", "SGD", "Adadelta", "Lamb", "AdamP",
        "BertAdam", "RMSprop", "RMSpropTF", "Adam" };
    constexpr std::string_view kOptimizerStep = "Optimizer.step#";
    // Call stacks read per API (each a lazy read of the event's args): one per step is usual.
    constexpr int kMaxStacksRead = 64;

    std::optional<QString> fusedOptimizer(std::string_view name)
    {
        if (name.substr(0, kOptimizerStep.size()) != kOptimizerStep)
            return std::nullopt;
        const std::string_view rest = name.substr(kOptimizerStep.size());
        for (const char *opt : kFusedOptimizers) {
            const std::string_view o(opt);
            if (rest.size() == o.size() + 5 && rest.substr(0, o.size()) == o
                && rest.substr(o.size()) == ".step")
                return QString::fromLatin1(opt);
        }
        return std::nullopt;
    }

    struct ApiCall {
        QString optimizer; // "SGD"
        QString stack; // the raw "Call stack"; empty when not recorded
        int count = 0;
        TimeNs total = 0;
        std::vector<EventRef> events;
    };

    std::vector<ApiCall> optimizerCalls(const Trace &trace)
    {
        std::vector<std::int8_t> known(trace.strings.size(), -1); // per name: 0 no, 1 yes
        std::map<std::pair<QString, QString>, ApiCall> calls;
        int read = 0;
        for (const Track &t : trace.tracks) {
            if (t.kind != TrackKind::HostThread)
                continue;
            for (std::uint32_t i = 0; i < t.events.size(); ++i) {
                const Event &e = t.events[i];
                std::int8_t &k = known[std::min<std::size_t>(e.name.value, known.size() - 1)];
                if (k == 0)
                    continue;
                const auto opt = fusedOptimizer(trace.strings.view(e.name));
                k = opt ? 1 : 0;
                if (!opt)
                    continue;
                const EventRef ref { t.id, i };
                const QString stack = read++ < kMaxStacksRead
                    ? trace.args(ref).value(QStringLiteral("Call stack")).toString()
                    : QString();
                ApiCall &c = calls[{ *opt, stack }];
                c.optimizer = *opt;
                c.stack = stack;
                ++c.count;
                c.total += e.duration;
                c.events.push_back(ref);
            }
        }
        std::vector<ApiCall> out;
        for (auto &[key, c] : calls)
            out.push_back(std::move(c));
        std::stable_sort(out.begin(), out.end(),
            [](const ApiCall &a, const ApiCall &b) { return a.total > b.total; });
        return out;
    }

} // namespace

int opStateColumn(const KernelTable &kernels)
{
    return kernels.table ? kernels.table->findColumn(u"OP State") : -1;
}

// The frames of a "Call stack" arg ("a.py(1): f;\r\nb.py(2): g"), innermost first.
QStringList callStackFrames(const QString &stack)
{
    QStringList frames;
    for (const QString &f : stack.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const QString t = f.trimmed();
        if (!t.isEmpty())
            frames << t;
    }
    return frames;
}

// The innermost frame of the user's own code: not a library's, not the interpreter's.
QString userFrame(const QStringList &frames)
{
    for (const QString &f : frames) {
        if (f.contains(QLatin1String("site-packages")) || f.contains(QLatin1String("dist-packages"))
            || f.contains(QLatin1String("/lib/python")) || f.startsWith(QLatin1Char('<'))
            || f.startsWith(QLatin1Char('(')))
            continue;
        return f;
    }
    return frames.isEmpty() ? QString() : frames.front();
}

std::optional<Finding> findEnvVars(const DetectorInput &in)
{
    const ProfilerMetadata &m = in.rank.metadata;
    Finding f;
    QStringList names, exports;
    bool serious = false;
    for (const EnvRule &r : kEnvRules) {
        const auto value = m.env(QString::fromLatin1(r.name));
        if (!value || !r.flagged(*value))
            continue;
        names << QLatin1String(r.name);
        serious = serious || r.serious;
        const QString shown = value->isEmpty() ? Text::tr("(not set)") : *value;
        f.details << Text::tr("%1 = %2: %3. Suggestion: %4.")
                         .arg(
                             QLatin1String(r.name), shown, Text::tr(r.why), Text::tr(r.suggestion));
        const QString s = QLatin1String(r.suggestion);
        if (s.startsWith(QLatin1String("export ")) || s.startsWith(QLatin1String("unset ")))
            exports << s.section(QLatin1Char(' '), 0, 1);
    }
    if (names.isEmpty())
        return std::nullopt;
    f.id = QLatin1String(FindingId::kEnvVars);
    f.severity = serious ? FindingSeverity::Warning : FindingSeverity::Info;
    f.title = Text::tr("%n environment variable(s) set against the advisor's recommendation: %1",
        nullptr, int(names.size()))
                  .arg(names.join(QStringLiteral(", ")));
    f.addMetric(QStringLiteral("env_vars_flagged"), double(names.size()), Metric::Unit::Count);
    f.details << Text::tr(
        "Conditions of msprof-analyze's advisor (environment_variable_checker.py, "
        "rules/en/environment_variable_info.yaml): ACLNN_CACHE_LIMIT below %1, "
        "HOST_CACHE_CAPACITY 0 or not set, PYTORCH_NPU_ALLOC_CONF without "
        "expandable_segments:True, ASCEND_LAUNCH_BLOCKING=1, a log level "
        "other than 3, HCCL_RDMA_TC, HCCL_RDMA_SL or HCCL_ALGO set. Read from %2.")
                     .arg(QString::number(kAclnnCacheLimit), m.path.section(QLatin1Char('/'), -1));
    f.advice = Text::tr("Set these variables in the shell that starts training (every rank), as "
                        "suggested for each, then collect again: the next profile records the "
                        "values it ran with.");
    f.snippet = exports.join(QLatin1Char('\n'));
    return f;
}

std::optional<Finding> findDynamicShape(const DetectorInput &in)
{
    if (!in.kinds || !in.rank.kernels)
        return std::nullopt;
    const KernelTable &k = *in.rank.kernels;
    const int col = opStateColumn(k);
    if (col < 0)
        return std::nullopt;
    std::vector<qint32> rows;
    qint64 statics = 0;
    TimeNs time = 0;
    QHash<QString, qint64> byType;
    for (qsizetype r = 0; r < k.rowCount(); ++r) {
        if (!in.kinds->isCompute(r))
            continue;
        const QString state = k.table->text(r, col).trimmed().toLower();
        if (state == QLatin1String("static")) {
            ++statics;
        } else if (state == QLatin1String("dynamic")) {
            rows.push_back(qint32(r));
            time += k.duration[std::size_t(r)];
            ++byType[k.strings.string(k.type[std::size_t(r)])];
        }
    }
    if (rows.empty() || statics > 0)
        return std::nullopt;
    Finding f;
    f.id = QLatin1String(FindingId::kDynamicShape);
    f.severity = FindingSeverity::Warning;
    f.title = Text::tr("All %n operator task(s) ran as dynamic-shape operators (none static): "
                       "each new input shape is compiled on the host",
        nullptr, int(rows.size()));
    f.addMetric(QStringLiteral("dynamic_tasks"), double(rows.size()), Metric::Unit::Count);
    f.addMetric(QStringLiteral("static_tasks"), 0, Metric::Unit::Count);
    f.addMetric(QStringLiteral("dynamic_time"), double(time), Metric::Unit::Ns);
    f.details << Text::tr("msprof-analyze's advisor reports this when no operator of %1 is "
                          "static (operator_checker.py, is_dynamic_shape); we use its bar.")
                     .arg(in.rank.source.partName(RankSource::Part::Kernels));
    std::vector<std::pair<qint64, QString>> types;
    for (auto it = byType.cbegin(); it != byType.cend(); ++it)
        types.emplace_back(-it.value(), it.key());
    std::sort(types.begin(), types.end());
    QStringList top;
    for (std::size_t i = 0; i < types.size() && i < 10; ++i)
        top << QStringLiteral("%1 (%2)").arg(types[i].second).arg(-types[i].first);
    f.details << Text::tr("Most frequent types: %1").arg(top.join(QStringLiteral(", ")));
    f.advice = Text::tr("Operators compiled for dynamic shapes cost host time for each new "
                        "shape. Unless the shapes really change every step, switch off online "
                        "compilation and internal formats at the start of the script, as the "
                        "snippet shows, and compare the step time.");
    f.snippet = QStringLiteral("torch_npu.npu.set_compile_mode(jit_compile=False)\n"
                               "torch_npu.npu.config.allow_internal_format = False");
    f.rows = rows;
    std::stable_sort(rows.begin(), rows.end(), [&](qint32 a, qint32 b) {
        return k.duration[std::size_t(a)] > k.duration[std::size_t(b)];
    });
    for (std::size_t i = 0; i < rows.size() && i < kMaxEvidence; ++i) {
        const auto r = std::size_t(rows[i]);
        f.evidence.push_back(rowEvidence(in.rank, rows[i],
            Text::tr("%1 (%2, dynamic)")
                .arg(k.strings.string(k.name[r]), formatDuration(k.duration[r]))));
    }
    return f;
}

std::optional<Finding> findAffinityApi(const DetectorInput &in)
{
    if (!in.rank.trace)
        return std::nullopt;
    const Trace &trace = *in.rank.trace;
    const std::vector<ApiCall> calls = optimizerCalls(trace);
    if (calls.empty())
        return std::nullopt;
    Finding f;
    f.id = QLatin1String(FindingId::kAffinityApi);
    f.severity = FindingSeverity::Info;
    QStringList apis;
    int count = 0;
    TimeNs total = 0;
    for (const ApiCall &c : calls) {
        const QString api = QStringLiteral("torch_npu.optim.NpuFused") + c.optimizer;
        if (!apis.contains(api))
            apis << api;
        count += c.count;
        total += c.total;
        const QStringList frames = callStackFrames(c.stack);
        f.details << (frames.isEmpty()
                ? Text::tr("%1 instead of torch.optim.%2: %n call(s), %3; no call stack recorded "
                           "(collect with with_stack=True to see where it is made)",
                    nullptr, c.count)
                      .arg(api, c.optimizer, formatDuration(c.total))
                : Text::tr(
                    "%1 instead of torch.optim.%2: %n call(s), %3, from %4", nullptr, c.count)
                      .arg(api, c.optimizer, formatDuration(c.total), userFrame(frames)));
        if (!frames.isEmpty())
            f.details << Text::tr("Call stack: %1").arg(frames.join(QStringLiteral("; ")));
        for (const EventRef ref : c.events) {
            if (f.evidence.size() >= kMaxEvidence)
                break;
            Evidence e;
            e.event = ref;
            e.start = trace.event(ref).start;
            e.end = trace.event(ref).end();
            e.label = Text::tr("%1 (%2): %3")
                          .arg(QString::fromUtf8(trace.strings.view(trace.event(ref).name)),
                              formatDuration(trace.event(ref).duration), api);
            f.evidence.push_back(e);
        }
    }
    f.title = Text::tr(
        "The optimizer has a fused torch_npu version: %1 (%n step call(s), %2)", nullptr, count)
                  .arg(apis.join(QStringLiteral(", ")), formatDuration(total));
    f.addMetric(QStringLiteral("optimizer_calls"), count, Metric::Unit::Count);
    f.addMetric(QStringLiteral("optimizer_time"), double(total), Metric::Unit::Ns);
    f.details << Text::tr("Rules: the Optimizer entries of msprof-analyze's "
                          "rules/timeline_fusion_ops.yaml (Optimizer.step#SGD.step -> "
                          "torch_npu.optim.NpuFusedSGD, ...).");
    f.advice = Text::tr("torch_npu's fused optimizers update all parameters in a few large "
                        "kernels instead of several small ones per parameter, which cuts launches "
                        "and host time. Replace the optimizer where it is created (the frame "
                        "named above) with the torch_npu version of the same name and the same "
                        "arguments.");
    f.snippet = QStringLiteral(
        "import torch_npu\noptimizer = torch_npu.optim.NpuFused%1(model.parameters(), ...)")
                    .arg(calls.front().optimizer);
    return f;
}

} // namespace npuscope
