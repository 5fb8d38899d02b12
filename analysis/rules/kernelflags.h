#pragma once

#include "analysis/rules/devicecores.h"
#include "analysis/rules/thresholds.h"
#include "analysis/stats/kernelkinds.h"
#include "model/core/kerneltable.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace npuscope {

// What a single kernel row shows by itself, as bits of a KernelFlags mask.
enum KernelFlag : std::uint8_t {
    // A compute kernel whose Wait Time is >= kHostBoundWaitRatio x its Duration and
    // >= kHostBoundMinWaitNs, less than kHostBoundCommCoveredFraction of it under a collective:
    // the device idled, waiting for the host to launch it. The host-bound finding counts exactly
    // these rows.
    kFlagHostBound = 1,
    // A task of >= kLowBlockDimMinNs that leaves cores idle (lowBlockDim()): AI_CORE with a
    // Block Dim not a multiple of the AI Cores, AI_VECTOR_CORE of the vector cores, MIX_AIC /
    // MIX_AIV when neither its Block Dim nor its Mix Block Dim fills its kind of cores.
    kFlagLowBlockDim = 2,
    // A format conversion (TransData) computed on the device.
    kFlagTransData = 4,
    // An AI_CPU task longer than kAiCpuLongTaskNs.
    kFlagAiCpu = 8,
};
using KernelFlags = std::uint8_t;
inline constexpr int kKernelFlagCount = 4;
inline constexpr int kKernelFlagMasks = 1 << kKernelFlagCount; // every combination

// One mask per kernel row. `cores`: the device's (deviceCores()); an unknown count gives no
// low-Block-Dim flag for the tasks it would judge. Linear in the rows.
std::vector<KernelFlags> kernelFlags(
    const KernelTable &kernels, const KernelKinds &kinds, const DeviceCores &cores = {});
// The same for one row.
KernelFlags kernelFlagsOf(
    const KernelTable &kernels, const KernelKinds &kinds, qsizetype row, const DeviceCores &cores);
// Whether task `row` leaves cores idle (kFlagLowBlockDim without the duration bar); `mixColumn`
// is the table's Mix Block Dim column (mixBlockDimColumn()), -1 when absent.
bool lowBlockDim(
    const KernelTable &kernels, qsizetype row, const DeviceCores &cores, int mixColumn);
int mixBlockDimColumn(const KernelTable &kernels); // "Mix Block Dim" / "Mix Block Num", or -1

// The rows carrying `flag`, in table order: what the matching finding counts.
std::vector<qint32> rowsWithFlag(const std::vector<KernelFlags> &flags, KernelFlag flag);

// Short, translated labels: "host-bound, low Block Dim" (flag order), empty for no flag.
QString kernelFlagLabel(KernelFlag flag);
QString kernelFlagsText(KernelFlags flags);
// Translated explanations with the row's numbers, one line per flag, for tooltips.
QString kernelFlagsReason(
    const KernelTable &kernels, qsizetype row, KernelFlags flags, const DeviceCores &cores);

} // namespace npuscope
