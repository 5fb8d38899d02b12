#pragma once

#include "analysis/stats/intervals.h"
#include "model/core/kerneltable.h"

#include <cstdint>
#include <vector>

namespace npuscope {

// What each kernel row is, decided once from its interned name, type and accelerator core, so
// that detectors over millions of rows compare small integers only.
class KernelKinds {
public:
    explicit KernelKinds(const KernelTable &kernels);

    // HCCL / NCCL collectives (Accelerator Core "HCCL" or "COMMUNICATION", "hcom_*" and
    // "Hccl*" names, "nccl*" kernels of Kineto traces). Everything else is compute, as in
    // step_trace_time.csv.
    bool isCommunication(qsizetype row) const { return flag(row, kComm); }
    bool isCompute(qsizetype row) const { return !flag(row, kComm); }
    bool isAiCpu(qsizetype row) const { return flag(row, kAiCpu); } // Accelerator Core AI_CPU
    // Format conversions: Type "TransData", or a name holding "TransData" when Type is N/A
    // (Level0 writes no types).
    bool isTransData(qsizetype row) const { return flag(row, kTransData); }
    // Tasks of the cube unit (MatMul, Conv2D, ...): Accelerator Core AI_CORE or MIX_AIC.
    bool isCube(qsizetype row) const { return flag(row, kCube); }
    bool hasTime(qsizetype row) const { return flag(row, kTimed); }

    const IntervalSet &computeUnion() const { return m_compute; }
    const IntervalSet &commUnion() const { return m_comm; }
    TimeNs computeSum() const { return m_computeSum; } // sum of compute Durations
    qsizetype computeCount() const { return m_computeCount; }

private:
    enum Flag : std::uint8_t {
        kComm = 1,
        kAiCpu = 2,
        kTransData = 4,
        kCube = 8,
        kTimed = 16,
    };
    bool flag(qsizetype row, Flag f) const
    {
        return (m_flags[static_cast<std::size_t>(row)] & f) != 0;
    }

    std::vector<std::uint8_t> m_flags;
    IntervalSet m_compute;
    IntervalSet m_comm;
    TimeNs m_computeSum = 0;
    qsizetype m_computeCount = 0;
};

} // namespace npuscope
