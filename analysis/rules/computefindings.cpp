#include "analysis/rules/computefindings.h"

#include "analysis/rules/piperatios.h"
#include "analysis/rules/thresholds.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>

namespace npuscope {

namespace {

    class Text {
        Q_DECLARE_TR_FUNCTIONS(Findings)
    };

    // The ratios of the row's own core that the advisor's bound check reads (fixpipe is not one).
    std::vector<PipeRatios::Pipe> boundPipes(const PipeRatios &p, qsizetype row)
    {
        std::vector<PipeRatios::Pipe> pipes = p.pipesOf(row);
        pipes.erase(std::remove(pipes.begin(), pipes.end(), PipeRatios::AicFixpipe), pipes.end());
        return pipes;
    }

    struct TypeTotal {
        QString key;
        int count = 0;
        TimeNs time = 0;
    };

    // Rows grouped by a key, largest total first, with their longest rows as evidence.
    template <class KeyFn>
    void groupAndCite(Finding &f, const DetectorInput &in, std::vector<qint32> rows, KeyFn key)
    {
        const KernelTable &k = *in.rank.kernels;
        QHash<QString, std::size_t> index;
        std::vector<TypeTotal> totals;
        for (qint32 r : rows) {
            const QString g = key(r);
            auto it = index.constFind(g);
            if (it == index.cend()) {
                it = index.insert(g, totals.size());
                totals.push_back({ g, 0, 0 });
            }
            ++totals[*it].count;
            totals[*it].time += k.duration[std::size_t(r)];
        }
        std::stable_sort(totals.begin(), totals.end(),
            [](const TypeTotal &a, const TypeTotal &b) { return a.time > b.time; });
        for (const TypeTotal &t : totals)
            f.details << Text::tr("%1: %n task(s), %2", nullptr, t.count)
                             .arg(t.key, formatDuration(t.time));
        f.rows = rows;
        std::sort(f.rows.begin(), f.rows.end());
        std::stable_sort(rows.begin(), rows.end(), [&](qint32 a, qint32 b) {
            return k.duration[std::size_t(a)] > k.duration[std::size_t(b)];
        });
        if (rows.size() > kMaxEvidence)
            rows.resize(kMaxEvidence);
        for (qint32 r : rows)
            f.evidence.push_back(rowEvidence(in.rank, r,
                Text::tr("%1 (%2, %3)")
                    .arg(k.strings.string(k.name[std::size_t(r)]),
                        k.strings.string(k.type[std::size_t(r)]),
                        formatDuration(k.duration[std::size_t(r)]))));
    }

    TimeNs sumOf(const KernelTable &k, const std::vector<qint32> &rows)
    {
        TimeNs sum = 0;
        for (qint32 r : rows)
            sum += k.duration[std::size_t(r)];
        return sum;
    }

} // namespace

std::optional<Finding> findOpNoBound(const DetectorInput &in)
{
    if (!in.rank.kernels || !in.kinds)
        return std::nullopt;
    const KernelTable &k = *in.rank.kernels;
    const PipeRatios p(k);
    std::vector<qint32> rows;
    TimeNs longest = 0;
    for (qsizetype r = 0; r < k.rowCount(); ++r) {
        bool any = false, over = false;
        for (PipeRatios::Pipe pipe : boundPipes(p, r)) {
            const double v = p.valueOr0(r, pipe);
            any = any || v != 0;
            over = over || v > kBoundRatio;
        }
        if (!any || over)
            continue;
        rows.push_back(qint32(r));
        longest = std::max(longest, k.duration[std::size_t(r)]);
    }
    if (rows.empty() || longest <= kMinTaskNs)
        return std::nullopt;
    const TimeNs total = sumOf(k, rows);
    const double share
        = in.kinds->computeSum() > 0 ? double(total) / double(in.kinds->computeSum()) : 0;
    Finding f;
    f.id = QLatin1String(FindingId::kOpNoBound);
    f.severity = severityForShare(share, kBoundShareWarning, kBoundShareCritical);
    f.title = Text::tr("%n task(s) keep no pipeline above 80% busy (mte, cube, vector and "
                       "scalar ratios all under it): %1 of device compute time",
        nullptr, int(rows.size()))
                  .arg(formatShare(share));
    f.addMetric(QStringLiteral("no_bound_tasks"), double(rows.size()), Metric::Unit::Count);
    f.addMetric(QStringLiteral("no_bound_time"), double(total), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("share"), share, Metric::Unit::Ratio);
    groupAndCite(f, in, rows, [&](qint32 r) { return k.strings.string(k.type[std::size_t(r)]); });
    f.details << Text::tr("Rule: msprof-analyze's operator bound check (config.ini "
                          "operator_bound_ratio 0.8), reported when one such task lasts over "
                          "20 µs; each task's ratios are those of its own core (aic_* on the "
                          "AI Core, aiv_* on the vector core). The advisor skips this check when "
                          "no operator has a static shape; npuscope does not.");
    f.advice = Text::tr(
        "These operators use no pipeline (cube, vector, memory transfer, scalar) anywhere near "
        "its limit: they are latency- or scheduling-bound rather than compute- or "
        "memory-bound. Tune the longest with AOE (operator auto-tuning), give them larger "
        "shapes or batches, or fuse them with their neighbours.");
    return f;
}

std::optional<Finding> findOpBound(const DetectorInput &in)
{
    if (!in.rank.kernels || !in.kinds)
        return std::nullopt;
    const KernelTable &k = *in.rank.kernels;
    const PipeRatios p(k);
    std::vector<qint32> rows;
    std::vector<QString> bounds(std::size_t(k.rowCount()));
    for (qsizetype r = 0; r < k.rowCount(); ++r) {
        if (k.duration[std::size_t(r)] <= kMinTaskNs)
            continue;
        QStringList over;
        for (PipeRatios::Pipe pipe : boundPipes(p, r))
            if (p.valueOr0(r, pipe) > kBoundRatio)
                over << PipeRatios::shortName(pipe);
        if (over.isEmpty())
            continue;
        over.removeDuplicates();
        bounds[std::size_t(r)] = over.join(u'+');
        rows.push_back(qint32(r));
    }
    if (rows.empty())
        return std::nullopt;
    const TimeNs total = sumOf(k, rows);
    const double share
        = in.kinds->computeSum() > 0 ? double(total) / double(in.kinds->computeSum()) : 0;
    Finding f;
    f.id = QLatin1String(FindingId::kOpBound);
    f.severity = FindingSeverity::Info;
    f.title = Text::tr("%n task(s) longer than 20 µs are bound by one pipeline (over 80% busy): "
                       "%1 of device compute time",
        nullptr, int(rows.size()))
                  .arg(formatShare(share));
    f.addMetric(QStringLiteral("bound_tasks"), double(rows.size()), Metric::Unit::Count);
    f.addMetric(QStringLiteral("bound_time"), double(total), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("share"), share, Metric::Unit::Ratio);
    groupAndCite(f, in, rows, [&](qint32 r) {
        return Text::tr("%1 bound by %2")
            .arg(k.strings.string(k.type[std::size_t(r)]), bounds[std::size_t(r)]);
    });
    f.details << Text::tr("Rule: a ratio of the task's own core over 0.8 (msprof-analyze "
                          "config.ini operator_bound_ratio), tasks over 20 µs. Information: a "
                          "bound operator is at the limit of that pipeline.");
    f.advice = Text::tr(
        "A bound operator is limited by the pipeline named: mac (cube) or vec is the compute "
        "itself, the best case; mte2 / mte3 / mte1 mean it waits on memory transfers: fuse it "
        "with its neighbours, avoid format conversions, keep data in a layout the operator "
        "reads directly; scalar means control code dominates: often dynamic shapes or tiling "
        "that is too fine.");
    return f;
}

namespace {

    const CounterSeries *aiCoreFreq(const RankProfile &rank)
    {
        if (!rank.trace)
            return nullptr;
        for (const CounterSeries &c : rank.trace->counters)
            if (c.processName == QLatin1String("AI Core Freq") && !c.times.empty())
                return &c;
        return nullptr;
    }

    // The lowest frequency in effect while [start, end] ran: the sample before it and those
    // within it.
    double lowestFrequency(const CounterSeries &c, TimeNs start, TimeNs end)
    {
        auto it = std::upper_bound(c.times.begin(), c.times.end(), start);
        std::size_t i = it == c.times.begin() ? 0 : std::size_t(it - c.times.begin()) - 1;
        double low = c.values[i];
        for (++i; i < c.times.size() && c.times[i] <= end; ++i)
            low = std::min(low, c.values[i]);
        return low;
    }

    struct OpFrequency {
        QString name;
        int count = 0;
        TimeNs time = 0;
        double dropSum = 0; // sum of (max - f) / max
        double lowest = 0;
        qint32 longestRow = -1;
        std::vector<qint32> rows;
    };

} // namespace

std::optional<MissingData> missingAiCoreFreq(const DetectorInput &in)
{
    if (auto rows = missingKernelRows(in))
        return rows;
    if (aiCoreFreq(in.rank))
        return std::nullopt;
    return MissingData { Text::tr("No AI Core frequency samples: the trace has no AI Core Freq "
                                  "counter (the database: no AICORE_FREQ rows)."),
        Text::tr("Collect with the trace (trace_view.json) on a device that reports its AI Core "
                 "frequency (Atlas A2 and later).") };
}

std::optional<Finding> findAiCoreFrequency(const DetectorInput &in)
{
    const CounterSeries *c = aiCoreFreq(in.rank);
    if (!c || !in.rank.kernels || c->maxValue <= 0)
        return std::nullopt;
    const KernelTable &k = *in.rank.kernels;
    const double top = c->maxValue;
    QHash<QString, std::size_t> index;
    std::vector<OpFrequency> ops;
    for (qsizetype r = 0; r < k.rowCount(); ++r) {
        const std::string_view core = k.strings.view(k.core[std::size_t(r)]);
        const TimeNs start = k.start[std::size_t(r)];
        if ((core != "AI_CORE" && core != "MIX_AIC") || start == Table::kMissingNs)
            continue;
        const QString name = k.strings.string(k.name[std::size_t(r)]);
        auto it = index.constFind(name);
        if (it == index.cend()) {
            it = index.insert(name, ops.size());
            ops.push_back({ name, 0, 0, 0, top, -1, {} });
        }
        OpFrequency &op = ops[*it];
        const double f = lowestFrequency(*c, start, start + k.duration[std::size_t(r)]);
        ++op.count;
        op.time += k.duration[std::size_t(r)];
        op.dropSum += (top - f) / top;
        op.lowest = std::min(op.lowest, f);
        op.rows.push_back(qint32(r));
        if (op.longestRow < 0
            || k.duration[std::size_t(r)] > k.duration[std::size_t(op.longestRow)])
            op.longestRow = qint32(r);
    }
    std::vector<const OpFrequency *> slowed;
    for (const OpFrequency &op : ops)
        if (op.count > 0 && op.dropSum / op.count >= kFrequencyDrop)
            slowed.push_back(&op);
    if (slowed.empty())
        return std::nullopt;
    std::stable_sort(slowed.begin(), slowed.end(),
        [](const OpFrequency *a, const OpFrequency *b) { return a->time > b->time; });
    Finding f;
    f.id = QLatin1String(FindingId::kAiCoreFrequency);
    f.severity = FindingSeverity::Warning;
    f.title = Text::tr("%n AI Core operator(s) ran with the AI Core frequency lowered by 5% or "
                       "more",
        nullptr, int(slowed.size()));
    f.addMetric(QStringLiteral("slowed_ops"), double(slowed.size()), Metric::Unit::Count);
    f.addMetric(QStringLiteral("max_frequency_mhz"), top, Metric::Unit::Number);
    for (const OpFrequency *op : slowed) {
        const QString line
            = Text::tr("%1: %n task(s), %2, frequency %3 below %4 MHz on average "
                       "(lowest %5 MHz)",
                nullptr, op->count)
                  .arg(op->name, formatDuration(op->time), formatShare(op->dropSum / op->count),
                      QString::number(top), QString::number(op->lowest));
        f.details << line;
        if (f.evidence.size() < kMaxEvidence)
            f.evidence.push_back(rowEvidence(in.rank, op->longestRow, line));
    }
    for (const OpFrequency *op : slowed)
        f.rows.insert(f.rows.end(), op->rows.begin(), op->rows.end());
    std::sort(f.rows.begin(), f.rows.end());
    f.details << Text::tr("Rule: msprof-analyze config.ini frequency_threshold 0.05, over "
                          "the AI_CORE and MIX_AIC tasks. The maximum is the highest frequency "
                          "this profile recorded (the advisor reads the device's aic_frequency "
                          "from info.json, which torch_npu's export does not keep).");
    f.advice = Text::tr("The device lowered its AI Core clock while these operators ran, so "
                        "they took longer than they would at full speed. Look for power or "
                        "temperature limits (npu-smi info: power, temperature, the frequency "
                        "policy) and for other jobs on the same device.");
    return f;
}

} // namespace npuscope
