#pragma once

#include "analysis/rules/devicecores.h"
#include "analysis/stats/kernelkinds.h"
#include "model/core/kerneltable.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace npuscope {

// Thresholds shared by the per-row kernel flags and the findings that sum them up
// (kernelfindings.cpp, timefindings.cpp).

// host-bound. The article (sections 4.2 and 8) calls a kernel starved when its Wait Time
// is "several times" its Duration; 10x keeps only clear stalls (the generator's RankTruth
// counts waitOver10xKernels with the same bar).
inline constexpr TimeNs kHostBoundWaitRatio = 10;
// A per-row flag also needs the wait itself to matter: launching an operator costs the host a
// few µs, so waits under 10 µs are launch noise even before a sub-µs kernel.
inline constexpr TimeNs kHostBoundMinWaitNs = 10'000;
// A wait at least half covered by communication is a wait for the collective, not for the
// host (the kernel after an unhidden allreduce): half is where the larger part of the wait
// has another cause than the host.
inline constexpr double kHostBoundCommCoveredFraction = 0.5;
// ai-cpu-fallback: msprof-analyze's AicpuChecker reports AI_CPU operators once one of them
// runs longer than 20 us (_MIN_TASK_DURATION); shorter ones are launch-sized noise.
inline constexpr TimeNs kAiCpuLongTaskNs = 20'000;
// low-block-dim: msprof-analyze's BlockDimChecker (advisor/analyzer/computation/bound/
// block_dim_checker.py) flags AI_CORE, AI_VECTOR_CORE and MIX_AIC tasks whose Block Dim is not a
// multiple of the core count, a MIX task not when its Mix Block Dim fills the other cores. We keep
// tasks of at least 20 us (the AI CPU checker's bar for a task worth looking at).
inline constexpr TimeNs kLowBlockDimMinNs = 20'000;

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
