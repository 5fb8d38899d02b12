#include "analysis/rules/setupfindings.h"

#include <QCoreApplication>

#include <algorithm>

namespace npuscope {

namespace {

    class Text {
        Q_DECLARE_TR_FUNCTIONS(Findings)
    };

    // The article (section 2.2) records 3 active steps ("3 steps are enough") and explains that
    // more only make the files huge; we report from 6 on, leaving room for repeat schedules.
    constexpr int kMaxActiveSteps = 5;
    constexpr char kAicMetricsNone[] = "ACL_AICORE_NONE";

    // msprof-analyze's SlowRankAnalyzer: a rank stands out when the spread (max - min) of its
    // compute, communication or free time exceeds 5% of the mean step time (RATIO_THRESHOLD).
    constexpr double kRankSpread = 0.05;
    constexpr double kRankSpreadCritical = 0.20;

    struct RankTimes {
        int index = 0;
        TimeNs compute = 0, comm = 0, free = 0, wall = 0; // per step, mean
        TimeNs firstStart = 0, firstEnd = 0;
    };

    std::optional<RankTimes> rankTimes(int index, const RankAnalysis &a)
    {
        if (a.steps.empty())
            return std::nullopt;
        RankTimes t;
        t.index = index;
        for (const StepBreakdown &s : a.steps) {
            t.compute += s.computeNs;
            t.comm += s.commNotOverlappedNs;
            t.free += s.freeNs;
            t.wall += s.wallNs;
        }
        const auto n = static_cast<TimeNs>(a.steps.size());
        t.compute /= n;
        t.comm /= n;
        t.free /= n;
        t.wall /= n;
        t.firstStart = a.steps.front().start;
        t.firstEnd = a.steps.front().end;
        return t;
    }

    struct Spread {
        const char *key;
        TimeNs RankTimes::*field;
        double ratio = 0;
        const RankTimes *max = nullptr;
        const RankTimes *min = nullptr;
    };

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

std::optional<Finding> findRankImbalance(
    const Profile &profile, const std::vector<RankAnalysis> &ranks)
{
    std::vector<RankTimes> times;
    for (std::size_t i = 0; i < ranks.size() && i < profile.ranks.size(); ++i) {
        if (auto t = rankTimes(static_cast<int>(i), ranks[i]))
            times.push_back(*t);
    }
    if (times.size() < 2)
        return std::nullopt;
    double meanTotal = 0;
    for (const RankTimes &t : times)
        meanTotal += double(t.compute + t.comm + t.free);
    meanTotal /= double(times.size());
    if (meanTotal <= 0)
        return std::nullopt;
    Spread spreads[] = { { "compute", &RankTimes::compute }, { "comm", &RankTimes::comm },
        { "free", &RankTimes::free } };
    for (Spread &s : spreads) {
        const auto [lo, hi] = std::minmax_element(times.begin(), times.end(),
            [&](const RankTimes &a, const RankTimes &b) { return a.*s.field < b.*s.field; });
        s.min = &*lo;
        s.max = &*hi;
        s.ratio = double(s.max->*s.field - s.min->*s.field) / meanTotal;
    }
    const Spread &worst = *std::max_element(std::begin(spreads), std::end(spreads),
        [](const Spread &a, const Spread &b) { return a.ratio < b.ratio; });
    if (worst.ratio < kRankSpread)
        return std::nullopt;
    const Spread &compute = spreads[0];
    auto label = [&](const RankTimes *t) { return profile.ranks[std::size_t(t->index)]->label(); };
    Finding f;
    f.id = QLatin1String(FindingId::kRankImbalance);
    f.severity
        = worst.ratio >= kRankSpreadCritical ? FindingSeverity::Critical : FindingSeverity::Warning;
    const TimeNs lag = compute.max->compute - compute.min->compute;
    // The title names one spread: the compute lag when compute differs enough, else the largest
    // spread. Its figure is the finding's key number ("spread"), whichever time it measures.
    TimeNs spread = lag;
    if (compute.ratio >= kRankSpread) {
        f.title = Text::tr("%1 computes %2 longer per step than %3 (%4 of the step)")
                      .arg(label(compute.max), formatDuration(lag), label(compute.min),
                          formatShare(compute.ratio));
    } else {
        spread = worst.max->*worst.field - worst.min->*worst.field;
        f.title = Text::tr("Ranks differ by %1 per step in %2 time (%3 of the step)")
                      .arg(formatDuration(spread),
                          worst.field == &RankTimes::comm ? Text::tr("exposed communication")
                                                          : Text::tr("idle"),
                          formatShare(worst.ratio));
    }
    f.addMetric(QStringLiteral("ranks"), double(times.size()), Metric::Unit::Count);
    f.addMetric(QStringLiteral("slowest_rank"),
        profile.ranks[std::size_t(compute.max->index)]->rank(), Metric::Unit::Number);
    f.addMetric(QStringLiteral("fastest_rank"),
        profile.ranks[std::size_t(compute.min->index)]->rank(), Metric::Unit::Number);
    f.addMetric(QStringLiteral("spread"), double(spread), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("compute_lag"), double(lag), Metric::Unit::Ns);
    for (const Spread &s : spreads)
        f.addMetric(QLatin1String(s.key) + QStringLiteral("_spread"), s.ratio, Metric::Unit::Ratio);
    f.addMetric(QStringLiteral("mean_step"), meanTotal, Metric::Unit::Ns);
    for (const RankTimes &t : times) {
        const QString line = Text::tr("%1: compute %2, exposed communication %3, idle %4, wall "
                                      "%5 per step")
                                 .arg(label(&t), formatDuration(t.compute), formatDuration(t.comm),
                                     formatDuration(t.free), formatDuration(t.wall));
        f.details << line;
        Evidence e;
        e.rankIndex = t.index;
        e.start = t.firstStart;
        e.end = t.firstEnd;
        e.label = label(&t); // its first step; the numbers are in the details
        f.evidence.push_back(e);
    }
    f.advice = Text::tr(
        "In synchronous training every rank waits for the slowest one inside the collectives, "
        "so the fast ranks show the lag as communication. Look at what differs on the slow "
        "rank: uneven inputs (sequence lengths, batch sizes), data loading, pipeline stages "
        "with unequal layers, or a device running at a lower frequency.");
    return f;
}

} // namespace npuscope
