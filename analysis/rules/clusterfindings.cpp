#include "analysis/rules/clusterfindings.h"

#include "analysis/rules/thresholds.h"

#include <QCoreApplication>

#include <algorithm>
#include <map>

namespace npuscope {

namespace {

    class Text {
        Q_DECLARE_TR_FUNCTIONS(Findings)
    };

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

    std::optional<Finding> rankImbalanceAmong(const Profile &profile, std::vector<RankTimes> times)
    {
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
        auto label
            = [&](const RankTimes *t) { return profile.ranks[std::size_t(t->index)]->label(); };
        Finding f;
        f.id = QLatin1String(FindingId::kRankImbalance);
        f.severity = worst.ratio >= kRankSpreadCritical ? FindingSeverity::Critical
                                                        : FindingSeverity::Warning;
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
            f.addMetric(
                QLatin1String(s.key) + QStringLiteral("_spread"), s.ratio, Metric::Unit::Ratio);
        f.addMetric(QStringLiteral("mean_step"), meanTotal, Metric::Unit::Ns);
        for (const RankTimes &t : times) {
            const QString line
                = Text::tr("%1: compute %2, exposed communication %3, idle %4, wall "
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

    // The profile's ranks, by index in Profile::ranks, grouped as the layout's stages (each
    // stage the ranks of it that were loaded); one group of all ranks when there are no stages.
    std::vector<std::vector<int>> peerSets(const Profile &profile, const ParallelLayout &layout)
    {
        std::vector<std::vector<int>> sets(std::max<std::size_t>(1, layout.stages.size()));
        for (std::size_t i = 0; i < profile.ranks.size(); ++i) {
            const int stage
                = layout.stages.size() > 1 ? layout.stageOf(profile.ranks[i]->rank()) : 0;
            if (stage >= 0)
                sets[std::size_t(stage)].push_back(int(i));
        }
        return sets;
    }

    std::vector<RankTimes> timesOf(const std::vector<int> &indices, const RankAnalysisList &ranks)
    {
        std::vector<RankTimes> times;
        for (int i : indices) {
            if (std::size_t(i) < ranks.size() && ranks[std::size_t(i)]) {
                if (auto t = rankTimes(i, *ranks[std::size_t(i)]))
                    times.push_back(*t);
            }
        }
        return times;
    }

    double largestSpread(const Finding &f)
    {
        return std::max(
            { f.metric(u"compute_spread"), f.metric(u"comm_spread"), f.metric(u"free_spread") });
    }

    QString rankList(const Profile &profile, const std::vector<int> &indices)
    {
        QStringList labels;
        for (int i : indices)
            labels << QString::number(profile.ranks[std::size_t(i)]->rank());
        return labels.join(QLatin1String(", "));
    }

    // A stage as the vendor's cluster analysis rows it: each time the maximum over its ranks.
    struct StageTimes {
        int stage = 0;
        std::vector<int> indices; // its loaded ranks, in Profile::ranks
        TimeNs compute = 0, comm = 0, free = 0;
        const RankTimes *slowest = nullptr; // its rank with the most compute
    };

    std::vector<StageTimes> stageTimes(
        const std::vector<std::vector<int>> &sets, const std::vector<std::vector<RankTimes>> &times)
    {
        std::vector<StageTimes> out;
        for (std::size_t s = 0; s < sets.size(); ++s) {
            if (times[s].empty())
                continue;
            StageTimes st;
            st.stage = int(s);
            st.indices = sets[s];
            for (const RankTimes &t : times[s]) {
                st.compute = std::max(st.compute, t.compute);
                st.comm = std::max(st.comm, t.comm);
                st.free = std::max(st.free, t.free);
                if (!st.slowest || t.compute > st.slowest->compute)
                    st.slowest = &t;
            }
            out.push_back(std::move(st));
        }
        return out;
    }

    double meanStep(const std::vector<std::vector<RankTimes>> &times)
    {
        double sum = 0;
        int n = 0;
        for (const auto &stage : times) {
            for (const RankTimes &t : stage) {
                sum += double(t.compute + t.comm + t.free);
                ++n;
            }
        }
        return n > 0 ? sum / n : 0;
    }

} // namespace

std::optional<Finding> findRankImbalance(
    const Profile &profile, const RankAnalysisList &ranks, const ParallelLayout &layout)
{
    std::optional<Finding> worst;
    const std::vector<std::vector<int>> sets = peerSets(profile, layout);
    for (const std::vector<int> &set : sets) {
        auto f = rankImbalanceAmong(profile, timesOf(set, ranks));
        if (!f || (worst && largestSpread(*f) <= largestSpread(*worst)))
            continue;
        if (sets.size() > 1) {
            f->details.prepend(Text::tr("Compared with the other ranks of its pipeline stage "
                                        "(ranks %1): the stages do different work.")
                                   .arg(rankList(profile, set)));
        }
        worst = std::move(f);
    }
    return worst;
}

std::optional<Finding> findStageImbalance(
    const Profile &profile, const RankAnalysisList &ranks, const ParallelLayout &layout)
{
    if (layout.stages.size() < 2)
        return std::nullopt;
    const std::vector<std::vector<int>> sets = peerSets(profile, layout);
    std::vector<std::vector<RankTimes>> times;
    for (const std::vector<int> &set : sets)
        times.push_back(timesOf(set, ranks));
    const std::vector<StageTimes> stages = stageTimes(sets, times);
    const double mean = meanStep(times);
    if (stages.size() < 2 || mean <= 0)
        return std::nullopt;
    const auto [lo, hi] = std::minmax_element(stages.begin(), stages.end(),
        [](const StageTimes &a, const StageTimes &b) { return a.compute < b.compute; });
    const TimeNs lag = hi->compute - lo->compute;
    const double ratio = double(lag) / mean;
    if (ratio < kRankSpread)
        return std::nullopt;
    Finding f;
    f.id = QLatin1String(FindingId::kPpStageImbalance);
    f.severity
        = ratio >= kRankSpreadCritical ? FindingSeverity::Critical : FindingSeverity::Warning;
    f.title
        = Text::tr("Pipeline stage %1 (ranks %2) computes %3 longer per step than stage %4 "
                   "(ranks %5), %6 of the step")
              .arg(QString::number(hi->stage), rankList(profile, hi->indices), formatDuration(lag),
                  QString::number(lo->stage), rankList(profile, lo->indices), formatShare(ratio));
    f.details << Text::tr("Parallel layout: %1. Each time is the maximum over the stage's ranks, "
                          "per step.")
                     .arg(layout.note);
    for (const StageTimes &st : stages) {
        f.details << Text::tr("Stage %1 (ranks %2): compute %3, exposed communication %4, idle %5")
                         .arg(QString::number(st.stage), rankList(profile, st.indices),
                             formatDuration(st.compute), formatDuration(st.comm),
                             formatDuration(st.free));
        Evidence e;
        e.rankIndex = st.slowest->index;
        e.start = st.slowest->firstStart;
        e.end = st.slowest->firstEnd;
        e.label = Text::tr("stage %1").arg(st.stage);
        f.evidence.push_back(e);
    }
    f.addMetric(QStringLiteral("stages"), double(stages.size()), Metric::Unit::Count);
    f.addMetric(QStringLiteral("slowest_stage"), hi->stage, Metric::Unit::Number);
    f.addMetric(QStringLiteral("fastest_stage"), lo->stage, Metric::Unit::Number);
    f.addMetric(QStringLiteral("compute_lag"), double(lag), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("compute_spread"), ratio, Metric::Unit::Ratio);
    f.addMetric(QStringLiteral("mean_step"), mean, Metric::Unit::Ns);
    f.advice = Text::tr(
        "A pipeline runs at the pace of its slowest stage: the other stages wait for it in the "
        "pipeline bubbles and inside the collectives, which shows on them as communication. No "
        "rank is slow: the stages hold unequal work. Move layers from stage %1 to the faster "
        "stages (an uneven layer split, e.g. MindSpeed's --num-layer-list or Megatron's "
        "--decoder-first-pipeline-num-layers), or, where the split cannot change, more "
        "micro-batches per step make the bubbles a smaller share of it.")
                   .arg(hi->stage);
    return f;
}

} // namespace npuscope
