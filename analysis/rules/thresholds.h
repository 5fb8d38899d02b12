#pragma once

#include "model/core/types.h"

#include <cstddef>
#include <cstdint>

namespace npuscope {

// Every number a rule decides with, by rule. Where each comes from (the reference's file and key,
// the article, or our reason) is data: ruleCatalogue() (rulecatalogue.h) lists each with its
// source, and `npuscope rules` prints them.

// Per kernel row (kernelflags.h) and the findings that add the rows up.
inline constexpr TimeNs kHostBoundWaitRatio = 10;
inline constexpr TimeNs kHostBoundMinWaitNs = 10'000;
inline constexpr double kHostBoundCommCoveredFraction = 0.5;
inline constexpr TimeNs kAiCpuLongTaskNs = 20'000;
inline constexpr TimeNs kLowBlockDimMinNs = 20'000;

// transdata-overhead, ai-cpu-fallback, low-block-dim: shares of device compute time.
inline constexpr double kTransDataShare = 0.10;
inline constexpr double kTransDataCritical = 0.25;
inline constexpr double kAiCpuCritical = 0.10;
inline constexpr double kLowBlockDimShare = 0.05;
inline constexpr double kLowBlockDimCritical = 0.25;

// host-bound, comm-not-overlapped, unaccounted-time: shares of the step.
inline constexpr double kStepShare = 0.10;
inline constexpr double kStepShareCritical = 0.30;
inline constexpr double kSerialCommShare = 0.05;

// profiler-overhead.
inline constexpr int kMaxActiveSteps = 5;

// memory-near-capacity, memory-fragmentation, memory-growth, large-allocations.
inline constexpr double kCapacityShare = 0.80;
inline constexpr double kCapacityShareCritical = 0.95;
inline constexpr double kFragmentationRatio = 1.5;
inline constexpr double kFragmentationRatioCritical = 3.0;
inline constexpr double kFragmentationMinIdleMb = 256.0;
inline constexpr std::int64_t kGrowthMinBytes = 1 << 20;
inline constexpr std::size_t kGrowthMinPairs = 2;
inline constexpr double kLargeShare = 0.10;

// env-vars.
inline constexpr long long kAclnnCacheLimit = 10000;

// comm-byte-alignment, comm-small-packets, comm-bandwidth, comm-retransmission.
inline constexpr qint64 kAlignBase = 512;
inline constexpr qint64 kAlignMinBytes = 512;
inline constexpr double kAlignWarning = 0.2;
inline constexpr double kAlignCritical = 0.7;
inline constexpr double kSmallSdmaMb = 16;
inline constexpr double kSmallRdmaMb = 1;
inline constexpr double kSmallRatio = 0.2;
inline constexpr double kSmallTimeWarning = 0.05;
inline constexpr double kSdmaBaselineGBs = 18;
inline constexpr double kRdmaBaselineGBs = 12.5;
inline constexpr double kBandwidthThreshold = 0.8;
inline constexpr double kBandwidthCritical = 0.5;
inline constexpr double kLinkMinSdmaMb = kSmallSdmaMb;
inline constexpr double kLinkMinRdmaMb = kSmallRdmaMb;
inline constexpr double kRetransmissionMs = 4000;

// aicore-op-efficiency.
inline constexpr double kCubeMac = 0.8;
inline constexpr double kCubeMte2 = 0.95;
inline constexpr double kFaMte2 = 0.8;
inline constexpr double kFaFixpipe = 0.75;
inline constexpr double kFaVec = 0.75;
inline constexpr double kVecTotal = 0.9;
inline constexpr double kVecEach = 0.7;
inline constexpr double kCubeMinMemoryMb = 100;
inline constexpr double kVectorMinShare = 0.01;
inline constexpr TimeNs kVectorMinNs = 1'000'000'000;
inline constexpr qint64 kCubeAxis = 256;
inline constexpr qint64 kFaAxis = 128;
inline constexpr double kRoomWarning = 0.10;
inline constexpr double kRoomCritical = 0.50;

// op-bound, op-no-bound, aicore-frequency.
inline constexpr double kBoundRatio = 0.8;
inline constexpr TimeNs kMinTaskNs = 20'000;
inline constexpr double kBoundShareWarning = 0.10;
inline constexpr double kBoundShareCritical = 0.50;
inline constexpr double kFrequencyDrop = 0.05;

// sync-stream, gc, dataloader, op-dispatch, syncbn, memory-ops.
inline constexpr double kMinCoOccurrence = 0.5;
inline constexpr TimeNs kGcThresholdNs = 1'000'000;
inline constexpr TimeNs kMaxFreeNs = 200'000'000;
inline constexpr double kMaxAclTimeRatio = 0.01;
inline constexpr double kMaxAclPerUs = 0.0001;
inline constexpr TimeNs kDataloaderNs = 10'000'000;
inline constexpr double kDataloaderCritical = 0.2;
inline constexpr int kMaxOpCompiles = 20;
inline constexpr double kOpDispatchWarning = 0.05;
inline constexpr double kOpDispatchCritical = 0.2;
inline constexpr int kMaxSyncBn = 20;
inline constexpr TimeNs kMemOpTotalNs = 10'000'000;

// rank-imbalance, pp-stage-imbalance, slow-link.
inline constexpr double kRankSpread = 0.05;
inline constexpr double kRankSpreadCritical = 0.20;
inline constexpr double kSlowLinkRatio = 0.8;
inline constexpr double kSlowLinkCritical = 0.5;
inline constexpr double kSlowLinkMinMb = 1.0;

} // namespace npuscope
