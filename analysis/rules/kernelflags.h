#pragma once

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
// low-block-dim: msprof-analyze's BlockDimChecker flags cube tasks whose Block Dim is not
// a multiple of the AI Core count. We keep tasks of at least 20 us (the AI CPU checker's bar
// for a task worth looking at).
inline constexpr TimeNs kLowBlockDimMinNs = 20'000;

// What a single kernel row shows by itself, as bits of a KernelFlags mask.
enum KernelFlag : std::uint8_t {
    // A compute kernel whose Wait Time is >= kHostBoundWaitRatio x its Duration and
    // >= kHostBoundMinWaitNs, less than kHostBoundCommCoveredFraction of it under a collective:
    // the device idled, waiting for the host to launch it. The host-bound finding counts exactly
    // these rows.
    kFlagHostBound = 1,
    // An AI_CORE / MIX_AIC (cube) task of >= kLowBlockDimMinNs whose Block Dim is positive and
    // not a multiple of the device's AI Cores (deviceAiCores()).
    kFlagLowBlockDim = 2,
    // A format conversion (TransData) computed on the device.
    kFlagTransData = 4,
    // An AI_CPU task longer than kAiCpuLongTaskNs.
    kFlagAiCpu = 8,
};
using KernelFlags = std::uint8_t;
inline constexpr int kKernelFlagCount = 4;
inline constexpr int kKernelFlagMasks = 1 << kKernelFlagCount; // every combination

// One mask per kernel row. `aiCores` is the AI Core count (<= 0: inferred as in the findings,
// see deviceAiCores(); no cube task means no low-Block-Dim flag). Linear in the rows.
std::vector<KernelFlags> kernelFlags(
    const KernelTable &kernels, const KernelKinds &kinds, int aiCores = 0);
// The same for one row, given the core count already resolved (`cores` <= 0: no Block Dim flag).
KernelFlags kernelFlagsOf(
    const KernelTable &kernels, const KernelKinds &kinds, qsizetype row, int cores);

// The rows carrying `flag`, in table order: what the matching finding counts.
std::vector<qint32> rowsWithFlag(const std::vector<KernelFlags> &flags, KernelFlag flag);

// Short, translated labels: "host-bound, low Block Dim" (flag order), empty for no flag.
QString kernelFlagLabel(KernelFlag flag);
QString kernelFlagsText(KernelFlags flags);
// Translated explanations with the row's numbers, one line per flag, for tooltips.
QString kernelFlagsReason(const KernelTable &kernels, qsizetype row, KernelFlags flags, int cores);

} // namespace npuscope
