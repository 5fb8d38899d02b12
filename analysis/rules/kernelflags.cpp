#include "analysis/rules/kernelflags.h"

#include "analysis/rules/findings.h"
#include "analysis/rules/kernelfindings.h"

#include <QCoreApplication>
#include <QStringList>

namespace npuscope {

namespace {

    class Text {
        Q_DECLARE_TR_FUNCTIONS(KernelFlags)
    };

    constexpr KernelFlag kAllFlags[kKernelFlagCount]
        = { kFlagHostBound, kFlagLowBlockDim, kFlagTransData, kFlagAiCpu };

    bool hostBound(const KernelTable &k, const KernelKinds &kinds, qsizetype row)
    {
        const auto i = std::size_t(row);
        const TimeNs wait = k.wait[i];
        // wait / ratio < duration is wait < ratio x duration without the multiplication, which
        // overflows for a damaged Duration cell (found by fuzz_profile).
        if (!kinds.isCompute(row) || wait < kHostBoundMinWaitNs
            || wait / kHostBoundWaitRatio < k.duration[i])
            return false;
        if (!kinds.hasTime(row))
            return true;
        const TimeNs comm = kinds.commUnion().coveredWithin(k.start[i] - wait, k.start[i]);
        return double(comm) < kHostBoundCommCoveredFraction * double(wait);
    }

} // namespace

KernelFlags kernelFlagsOf(const KernelTable &k, const KernelKinds &kinds, qsizetype row, int cores)
{
    const auto i = std::size_t(row);
    const TimeNs duration = k.duration[i];
    KernelFlags flags = 0;
    if (hostBound(k, kinds, row))
        flags |= kFlagHostBound;
    if (cores > 0 && kinds.isCube(row) && k.blockDim[i] > 0 && k.blockDim[i] % cores != 0
        && duration >= kLowBlockDimMinNs)
        flags |= kFlagLowBlockDim;
    if (kinds.isTransData(row) && kinds.isCompute(row))
        flags |= kFlagTransData;
    if (kinds.isAiCpu(row) && duration > kAiCpuLongTaskNs)
        flags |= kFlagAiCpu;
    return flags;
}

std::vector<KernelFlags> kernelFlags(const KernelTable &k, const KernelKinds &kinds, int aiCores)
{
    const int cores = deviceAiCores(k, kinds, aiCores);
    std::vector<KernelFlags> flags(std::size_t(k.rowCount()), 0);
    for (qsizetype r = 0; r < k.rowCount(); ++r)
        flags[std::size_t(r)] = kernelFlagsOf(k, kinds, r, cores);
    return flags;
}

std::vector<qint32> rowsWithFlag(const std::vector<KernelFlags> &flags, KernelFlag flag)
{
    std::vector<qint32> rows;
    for (std::size_t r = 0; r < flags.size(); ++r) {
        if (flags[r] & flag)
            rows.push_back(static_cast<qint32>(r));
    }
    return rows;
}

QString kernelFlagLabel(KernelFlag flag)
{
    switch (flag) {
    case kFlagHostBound:
        return Text::tr("host-bound");
    case kFlagLowBlockDim:
        return Text::tr("low Block Dim");
    case kFlagTransData:
        return Text::tr("format conversion");
    case kFlagAiCpu:
        return Text::tr("AI_CPU fallback");
    }
    return {};
}

QString kernelFlagsText(KernelFlags flags)
{
    QStringList labels;
    for (const KernelFlag f : kAllFlags) {
        if (flags & f)
            labels << kernelFlagLabel(f);
    }
    return labels.join(Text::tr(", ", "separator between flags"));
}

QString kernelFlagsReason(const KernelTable &k, qsizetype row, KernelFlags flags, int cores)
{
    if (row < 0 || row >= k.rowCount())
        return {};
    const auto i = std::size_t(row);
    QStringList lines;
    if (flags & kFlagHostBound)
        lines << Text::tr("Host-bound: waited %1 before running for %2 (at least %3x its "
                          "duration, less than half of it under communication); the device "
                          "idled until the host launched it.")
                     .arg(formatDuration(k.wait[i]), formatDuration(k.duration[i]),
                         QString::number(kHostBoundWaitRatio));
    if (flags & kFlagLowBlockDim)
        lines << Text::tr("Low Block Dim: %1 blocks is not a multiple of the %2 AI Cores, so some "
                          "cores idled for %3.")
                     .arg(QString::number(k.blockDim[i]), QString::number(cores),
                         formatDuration(k.duration[i]));
    if (flags & kFlagTransData)
        lines << Text::tr("Format conversion (TransData) for %1: time the model itself does not "
                          "need.")
                     .arg(formatDuration(k.duration[i]));
    if (flags & kFlagAiCpu)
        lines << Text::tr("AI_CPU fallback: ran %1 on the AI CPU (longer than %2).")
                     .arg(formatDuration(k.duration[i]), formatDuration(kAiCpuLongTaskNs));
    return lines.join(QLatin1Char('\n'));
}

} // namespace npuscope
