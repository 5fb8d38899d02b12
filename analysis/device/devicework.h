#pragma once

#include "model/profile/profile.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace npuscope {

class KernelKinds;

// What a device task does, as Holistic Trace Analysis (HTA) sorts GPU kernels by name
// (hta/common/types.py): communication (NCCL / RCCL / HCCL), memory (Memcpy, Memset, dma),
// computation (every other name that is not a synchronisation or a launch), other.
enum class DeviceWorkKind : std::uint8_t { Compute, Communication, Memory, Other };

// HTA's kind of a Kineto kernel name.
DeviceWorkKind kinetoKernelKind(std::string_view name);

// One task of the device with the host call that launched it, when the trace links them.
struct DeviceTask {
    TimeNs start = 0;
    TimeNs end = 0;
    qint32 row = -1; // kernel row
    std::int32_t stream = -1;
    DeviceWorkKind kind = DeviceWorkKind::Compute;
    EventRef launch; // the launching host call (flow source); invalid when none
    TimeNs launchStart = 0;
    TimeNs launchEnd = 0;
    bool runtimeLaunch = false; // launched by a kernel, memcpy or memset call of the runtime

    bool hasLaunch() const { return launch.isValid(); }
};

// Which tasks the device analyses measure.
enum class DeviceScope : std::uint8_t {
    All, // every task with a time
    // Kineto with 2+ ProfilerSteps: the tasks launched before the last step began, as HTA
    // measures (the last step is often cut short when the profiler stops).
    BeforeLastStep,
};

// The device tasks of one rank the analyses of analysis/device/ read: the kernel rows with a
// time, their kind (HTA's name rules for Kineto; for Ascend communication as KernelKinds says,
// everything else compute, as step_trace_time.csv counts it) and their launch (the flows).
class DeviceWork {
public:
    static DeviceWork collect(const RankProfile &rank, const KernelKinds *kinds);

    const std::vector<DeviceTask> &tasks() const { return m_tasks; } // in scope, by start
    DeviceScope scope() const { return m_scope; }
    bool kineto() const { return m_kineto; }
    qsizetype excluded() const { return m_excluded; } // rows left out by the scope
    QString lastStep() const { return m_lastStep; } // BeforeLastStep: "ProfilerStep#105"
    TimeNs lastStepStart() const { return m_lastStepStart; }
    // Tasks with a launch link, before the scope; 0 when the trace has no launch flows (the
    // scope is then All).
    qsizetype linked() const { return m_linked; }

private:
    void applyScope(TimeNs cutoff);

    std::vector<DeviceTask> m_tasks;
    DeviceScope m_scope = DeviceScope::All;
    bool m_kineto = false;
    qsizetype m_excluded = 0;
    qsizetype m_linked = 0;
    QString m_lastStep;
    TimeNs m_lastStepStart = 0;
};

QString deviceScopeId(DeviceScope scope); // "all", "launched_before_last_step"
QString deviceWorkKindId(DeviceWorkKind kind); // "compute", "communication", "memory", "other"

} // namespace npuscope
