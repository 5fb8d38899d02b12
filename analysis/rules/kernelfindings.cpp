#include "analysis/rules/kernelfindings.h"

#include "analysis/rules/kernelflags.h"
#include "analysis/rules/thresholds.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>

namespace npuscope {

namespace {

    class Text {
        Q_DECLARE_TR_FUNCTIONS(Findings)
    };

    struct Group {
        QString key;
        qint64 count = 0;
        TimeNs total = 0;
        qint64 extra = 0;
    };

    // Groups rows by a key, largest total first.
    template <class KeyFn>
    std::vector<Group> groupRows(const KernelTable &k, const std::vector<qint32> &rows, KeyFn key)
    {
        QHash<QString, std::size_t> index;
        std::vector<Group> groups;
        for (qint32 row : rows) {
            const QString g = key(row);
            auto it = index.constFind(g);
            if (it == index.cend()) {
                it = index.insert(g, groups.size());
                groups.push_back({ g, 0, 0, 0 });
            }
            Group &group = groups[*it];
            ++group.count;
            group.total += k.duration[std::size_t(row)];
        }
        std::stable_sort(groups.begin(), groups.end(),
            [](const Group &a, const Group &b) { return a.total > b.total; });
        return groups;
    }

    // The longest rows first, as evidence.
    void addRowEvidence(Finding &f, const DetectorInput &in, std::vector<qint32> rows)
    {
        const KernelTable &k = *in.rank.kernels;
        f.rows = rows;
        std::sort(f.rows.begin(), f.rows.end());
        std::stable_sort(rows.begin(), rows.end(), [&](qint32 a, qint32 b) {
            return k.duration[std::size_t(a)] > k.duration[std::size_t(b)];
        });
        if (rows.size() > kMaxEvidence)
            rows.resize(kMaxEvidence);
        for (qint32 row : rows) {
            const auto r = std::size_t(row);
            const QString label
                = Text::tr("%1 (%2, Block Dim %3)")
                      .arg(k.strings.string(k.name[r]), formatDuration(k.duration[r]),
                          QString::number(k.blockDim[r]));
            f.evidence.push_back(rowEvidence(in.rank, row, label));
        }
    }

    TimeNs sumDuration(const KernelTable &k, const std::vector<qint32> &rows)
    {
        TimeNs sum = 0;
        for (qint32 r : rows)
            sum += k.duration[std::size_t(r)];
        return sum;
    }

    QString formatsOf(const KernelTable &k, int inColumn, int outColumn, qint32 row)
    {
        const QString in = k.table->text(row, inColumn).trimmed();
        const QString out = k.table->text(row, outColumn).trimmed();
        return in + QStringLiteral(" → ") + out;
    }

    // ai-cpu-fallback: msprof-analyze's AicpuChecker names each AI_CPU operator type with its
    // input and output data types, and suggests float for those on DOUBLE.
    void addDataTypeDetails(Finding &f, const KernelTable &k, const std::vector<qint32> &rows)
    {
        const int inCol = k.table ? k.table->findColumn(u"Input Data Types") : -1;
        const int outCol = k.table ? k.table->findColumn(u"Output Data Types") : -1;
        if (inCol < 0 || outCol < 0)
            return;
        QStringList doubles;
        for (const Group &g : groupRows(k, rows, [&](qint32 row) {
                 const QString in = k.table->text(row, inCol).trimmed();
                 const QString out = k.table->text(row, outCol).trimmed();
                 return Text::tr("%1 (%2 → %3)")
                     .arg(k.strings.string(k.type[std::size_t(row)]), in, out);
             })) {
            f.details << Text::tr("%1: %n task(s), %2", nullptr, int(g.count))
                             .arg(g.key, formatDuration(g.total));
            if (g.key.contains(QLatin1String("DOUBLE"), Qt::CaseInsensitive))
                doubles << g.key.section(QLatin1Char(' '), 0, 0);
        }
        doubles.removeDuplicates();
        if (!doubles.isEmpty())
            f.details << Text::tr("On DOUBLE data: %1. Convert those tensors to float32 if "
                                  "possible (AicpuChecker's double suggestion).")
                             .arg(doubles.join(QStringLiteral(", ")));
    }

} // namespace

std::optional<Finding> findTransDataOverhead(const DetectorInput &in)
{
    if (!in.kinds || !in.rank.kernels || in.kinds->computeSum() <= 0)
        return std::nullopt;
    const KernelTable &k = *in.rank.kernels;
    const std::vector<qint32> rows = rowsWithFlag(in.flags, kFlagTransData);
    const TimeNs total = sumDuration(k, rows);
    const double share = double(total) / double(in.kinds->computeSum());
    if (rows.empty() || share < kTransDataShare)
        return std::nullopt;
    Finding f;
    f.id = QLatin1String(FindingId::kTransDataOverhead);
    f.severity = severityForShare(share, kTransDataShare, kTransDataCritical);
    f.title = Text::tr("Format conversions (TransData) take %1 of device compute time")
                  .arg(formatShare(share));
    f.addMetric(QStringLiteral("transdata_tasks"), double(rows.size()), Metric::Unit::Count);
    f.addMetric(QStringLiteral("transdata_time"), double(total), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("compute_time"), double(in.kinds->computeSum()), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("share"), share, Metric::Unit::Ratio);
    const int inCol = k.table ? k.table->findColumn(u"Input Formats") : -1;
    const int outCol = k.table ? k.table->findColumn(u"Output Formats") : -1;
    if (inCol >= 0 && outCol >= 0) {
        for (const Group &g :
            groupRows(k, rows, [&](qint32 row) { return formatsOf(k, inCol, outCol, row); }))
            f.details << Text::tr("%1: %n task(s), %2", nullptr, int(g.count))
                             .arg(g.key, formatDuration(g.total));
    } else {
        f.details << Text::tr("The formats converted are not recorded (Level0 or no "
                              "kernel_details.csv); collect at Level1 to see them.");
    }
    f.advice = Text::tr(
        "TransData converts tensors between memory layouts (for example NCHW and the NPU's "
        "NC1HWC0 or FRACTAL_Z) where neighbouring operators expect different formats. Keep "
        "tensors in one format: cast weights and inputs once, before the training loop, with "
        "torch_npu.npu_format_cast(tensor, format), and look at the operators just before and "
        "after the largest conversions listed here.");
    addRowEvidence(f, in, rows);
    return f;
}

std::optional<Finding> findAiCpuFallback(const DetectorInput &in)
{
    if (!in.kinds || !in.rank.kernels)
        return std::nullopt;
    const KernelTable &k = *in.rank.kernels;
    const std::vector<qint32> longRows = rowsWithFlag(in.flags, kFlagAiCpu);
    if (longRows.empty())
        return std::nullopt;
    std::vector<qint32> rows;
    TimeNs total = 0;
    for (qsizetype r = 0; r < k.rowCount(); ++r) {
        if (in.kinds->isAiCpu(r)) {
            rows.push_back(static_cast<qint32>(r));
            total += k.duration[std::size_t(r)];
        }
    }
    const TimeNs compute = std::max<TimeNs>(1, in.kinds->computeSum());
    const double share = double(total) / double(compute);
    Finding f;
    f.id = QLatin1String(FindingId::kAiCpuFallback);
    f.severity = share >= kAiCpuCritical ? FindingSeverity::Critical : FindingSeverity::Warning;
    f.title = Text::tr("%n operator task(s) fell back to the AI CPU and ran longer than 20 µs "
                       "(%1 of device compute time on the AI CPU)",
        nullptr, int(longRows.size()))
                  .arg(formatShare(share));
    f.addMetric(QStringLiteral("ai_cpu_tasks"), double(rows.size()), Metric::Unit::Count);
    f.addMetric(QStringLiteral("ai_cpu_time"), double(total), Metric::Unit::Ns);
    f.addMetric(
        QStringLiteral("ai_cpu_tasks_over_20us"), double(longRows.size()), Metric::Unit::Count);
    f.addMetric(QStringLiteral("compute_time"), double(in.kinds->computeSum()), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("share"), share, Metric::Unit::Ratio);
    for (const Group &g :
        groupRows(k, rows, [&](qint32 row) { return k.strings.string(k.type[std::size_t(row)]); }))
        f.details << Text::tr("%1: %n task(s), %2", nullptr, int(g.count))
                         .arg(g.key, formatDuration(g.total));
    addDataTypeDetails(f, k, rows);
    f.advice = Text::tr(
        "These operators have no AI Core implementation for their inputs and ran on the AI CPU, "
        "which is far slower. Check whether an equivalent operator runs on the AI Core, and "
        "whether a data type (float64, int64) or a dynamic shape causes the fallback: casting "
        "the inputs (for example to float32 or int32) often moves the operator back to the AI "
        "Core. Operators such as nonzero or unique also force a host synchronisation.");
    addRowEvidence(f, in, longRows);
    return f;
}

std::optional<Finding> findLowBlockDim(const DetectorInput &in)
{
    if (!in.kinds || !in.rank.kernels || in.kinds->computeSum() <= 0)
        return std::nullopt;
    const KernelTable &k = *in.rank.kernels;
    const int cores = in.aiCores;
    if (cores <= 0)
        return std::nullopt;
    const std::vector<qint32> rows = rowsWithFlag(in.flags, kFlagLowBlockDim);
    const TimeNs total = sumDuration(k, rows);
    const double share = double(total) / double(in.kinds->computeSum());
    if (rows.empty() || share < kLowBlockDimShare)
        return std::nullopt;
    Finding f;
    f.id = QLatin1String(FindingId::kLowBlockDim);
    f.severity = severityForShare(share, kLowBlockDimShare, kLowBlockDimCritical);
    f.title = Text::tr("%n compute-heavy task(s) leave AI Cores idle (Block Dim not a multiple "
                       "of %1 cores): %2 of device compute time",
        nullptr, int(rows.size()))
                  .arg(QString::number(cores), formatShare(share));
    f.addMetric(QStringLiteral("ai_cores"), cores, Metric::Unit::Count);
    if (in.cores && in.cores->vector > 0)
        f.addMetric(QStringLiteral("vector_cores"), in.cores->vector, Metric::Unit::Count);
    f.addMetric(QStringLiteral("low_block_dim_tasks"), double(rows.size()), Metric::Unit::Count);
    f.addMetric(QStringLiteral("low_block_dim_time"), double(total), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("compute_time"), double(in.kinds->computeSum()), Metric::Unit::Ns);
    f.addMetric(QStringLiteral("share"), share, Metric::Unit::Ratio);
    for (const Group &g : groupRows(k, rows, [&](qint32 row) {
             const auto i = std::size_t(row);
             return Text::tr("%1 with Block Dim %2")
                 .arg(k.strings.string(k.type[i]), QString::number(k.blockDim[i]));
         }))
        f.details << Text::tr("%1: %n task(s), %2", nullptr, int(g.count))
                         .arg(g.key, formatDuration(g.total));
    f.advice = Text::tr(
        "Each task was split into fewer blocks than the device has AI Cores, so some cores sat "
        "idle while it ran. The dimension being split is usually too small: raise the batch "
        "size, pad or reshape to larger multiples of 16, or merge several small MatMuls into "
        "one; some operators let you choose the tiling.");
    addRowEvidence(f, in, rows);
    return f;
}

} // namespace npuscope
