#include "analysis/rules/setupfindings.h"

#include "analysis/rules/thresholds.h"

#include <QCoreApplication>

#include <algorithm>

namespace npuscope {

namespace {

    class Text {
        Q_DECLARE_TR_FUNCTIONS(Findings)
    };

    constexpr char kAicMetricsNone[] = "ACL_AICORE_NONE";

} // namespace

QString recommendedCollectionSnippet()
{
    return QStringLiteral(
        "import torch\n"
        "import torch_npu\n"
        "\n"
        "rank = torch.distributed.get_rank() if torch.distributed.is_initialized() else 0\n"
        "experimental_config = torch_npu.profiler._ExperimentalConfig(\n"
        "    profiler_level=torch_npu.profiler.ProfilerLevel.Level1,\n"
        "    aic_metrics=torch_npu.profiler.AiCMetrics.AiCoreNone,\n"
        ")\n"
        "with torch_npu.profiler.profile(\n"
        "    activities=[\n"
        "        torch_npu.profiler.ProfilerActivity.CPU,\n"
        "        torch_npu.profiler.ProfilerActivity.NPU,\n"
        "    ],\n"
        "    schedule=torch_npu.profiler.schedule(wait=1, warmup=1, active=3, repeat=1),\n"
        "    "
        "on_trace_ready=torch_npu.profiler.tensorboard_trace_handler(f\"./prof_out/"
        "rank_{rank}\"),\n"
        "    record_shapes=False,\n"
        "    profile_memory=False,\n"
        "    with_stack=False,\n"
        "    experimental_config=experimental_config,\n"
        ") as prof:\n"
        "    for step in range(10):\n"
        "        train_step(model, optimizer, data)\n"
        "        prof.step()\n");
}

std::optional<Finding> findProfilerOverhead(const ProfilerConfig &c)
{
    if (!c.found)
        return std::nullopt;
    QStringList reasons;
    bool severe = false;
    if (c.withStack.value_or(false)) {
        reasons << Text::tr("with_stack=True records the Python call stack of every operator; "
                            "with every option on, training has been seen to run 8x slower");
        severe = true;
    }
    if (c.profileMemory.value_or(false))
        reasons << Text::tr("profile_memory=True tracks every allocation");
    if (c.recordShapes.value_or(false))
        reasons << Text::tr("record_shapes=True records the input shapes of every operator and "
                            "can add synchronisations");
    const bool level2 = c.level.compare(QLatin1String("Level2"), Qt::CaseInsensitive) == 0;
    if (level2) {
        reasons << Text::tr("profiler_level Level2 collects the most detailed and most costly "
                            "data");
        severe = true;
    }
    const bool aicOn = !c.aicMetrics.isEmpty()
        && c.aicMetrics.compare(QLatin1String(kAicMetricsNone), Qt::CaseInsensitive) != 0;
    if (aicOn)
        reasons << Text::tr("aic_metrics %1 samples AI Core counters during every kernel")
                       .arg(c.aicMetrics);
    const int active = c.schedule && c.schedule->active ? *c.schedule->active : 0;
    if (active > kMaxActiveSteps)
        reasons << Text::tr("%n active step(s) recorded; 3 are enough and more make the files "
                            "huge",
            nullptr, active);
    const bool noWarmup = c.schedule && c.schedule->warmup && *c.schedule->warmup == 0;
    if (noWarmup)
        reasons << Text::tr("warmup=0: the profiler's own start-up cost lands in the first "
                            "recorded step");
    if (reasons.isEmpty())
        return std::nullopt;
    Finding f;
    f.id = QLatin1String(FindingId::kProfilerOverhead);
    f.severity = severe ? FindingSeverity::Critical : FindingSeverity::Warning;
    f.title = Text::tr("The profile was collected with %n option(s) that distort timings", nullptr,
        int(reasons.size()));
    f.details = reasons;
    auto flag = [&](const char *key, bool on) {
        f.addMetric(QLatin1String(key), on ? 1 : 0, Metric::Unit::Count);
    };
    flag("with_stack", c.withStack.value_or(false));
    flag("profile_memory", c.profileMemory.value_or(false));
    flag("record_shapes", c.recordShapes.value_or(false));
    flag("level2", level2);
    flag("aic_metrics", aicOn);
    f.addMetric(QStringLiteral("active_steps"), active, Metric::Unit::Count);
    f.addMetric(QStringLiteral("costly_options"), double(reasons.size()), Metric::Unit::Count);
    f.snippet = recommendedCollectionSnippet();
    f.advice = Text::tr(
        "Absolute times in this profile include the profiler's own cost: compare shares, not "
        "milliseconds, and collect again for timing. Use Level1 with AiCoreNone, leave "
        "with_stack, record_shapes and profile_memory off (turn with_stack on later, for one "
        "suspicious operator), record 3 steps after one wait and one warmup step, and give "
        "each rank its own output folder:");
    return f;
}

} // namespace npuscope
