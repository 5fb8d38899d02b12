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

int mixBlockDimColumn(const KernelTable &k)
{
    if (!k.table)
        return -1;
    const int col = k.table->findColumn(u"Mix Block Dim");
    return col >= 0 ? col : k.table->findColumn(u"Mix Block Num");
}

bool lowBlockDim(const KernelTable &k, qsizetype row, const DeviceCores &cores, int mixColumn)
{
    const auto i = std::size_t(row);
    const int dim = k.blockDim[i];
    if (dim <= 0)
        return false;
    const std::string_view core = k.strings.view(k.core[i]);
    const bool mixAic = core == "MIX_AIC", mixAiv = core == "MIX_AIV";
    // The cores the task's own blocks run on, and for a MIX task the other kind.
    int own = 0, other = 0;
    if (core == "AI_CORE" || mixAic) {
        own = cores.cube;
        other = mixAic ? cores.vector : 0;
    } else if (core == "AI_VECTOR_CORE" || mixAiv) {
        own = cores.vector;
        other = mixAiv ? cores.cube : 0;
    }
    if (own <= 0 || dim % own == 0)
        return false;
    if ((mixAic || mixAiv) && other > 0 && mixColumn >= 0) {
        const double mix = k.table->number(row, mixColumn);
        if (mix > 0 && mix < 1e9 && std::int64_t(mix) % other == 0)
            return false; // the other half fills its cores
    }
    return true;
}

namespace {

    KernelFlags flagsOf(const KernelTable &k, const KernelKinds &kinds, qsizetype row,
        const DeviceCores &cores, int mixColumn)
    {
        const auto i = std::size_t(row);
        const TimeNs duration = k.duration[i];
        KernelFlags flags = 0;
        if (hostBound(k, kinds, row))
            flags |= kFlagHostBound;
        if (duration >= kLowBlockDimMinNs && kinds.isCompute(row)
            && lowBlockDim(k, row, cores, mixColumn))
            flags |= kFlagLowBlockDim;
        if (kinds.isTransData(row) && kinds.isCompute(row))
            flags |= kFlagTransData;
        if (kinds.isAiCpu(row) && duration > kAiCpuLongTaskNs)
            flags |= kFlagAiCpu;
        return flags;
    }

} // namespace

KernelFlags kernelFlagsOf(
    const KernelTable &k, const KernelKinds &kinds, qsizetype row, const DeviceCores &cores)
{
    return flagsOf(k, kinds, row, cores, mixBlockDimColumn(k));
}

std::vector<KernelFlags> kernelFlags(
    const KernelTable &k, const KernelKinds &kinds, const DeviceCores &cores)
{
    const int mixColumn = mixBlockDimColumn(k);
    std::vector<KernelFlags> flags(std::size_t(k.rowCount()), 0);
    for (qsizetype r = 0; r < k.rowCount(); ++r)
        flags[std::size_t(r)] = flagsOf(k, kinds, r, cores, mixColumn);
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

QString kernelFlagsReason(
    const KernelTable &k, qsizetype row, KernelFlags flags, const DeviceCores &cores)
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
    if (flags & kFlagLowBlockDim) {
        const std::string_view core = k.strings.view(k.core[i]);
        const bool vector = core == "AI_VECTOR_CORE" || core == "MIX_AIV";
        lines << (vector ? Text::tr("Low Block Dim: %1 blocks is not a multiple of the %2 vector "
                                    "cores, so some cores idled for %3.")
                         : Text::tr("Low Block Dim: %1 blocks is not a multiple of the %2 AI "
                                    "Cores, so some cores idled for %3."))
                     .arg(QString::number(k.blockDim[i]),
                         QString::number(vector ? cores.vector : cores.cube),
                         formatDuration(k.duration[i]));
    }
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
