#pragma once

#include "model/profile/profile.h"

#include <QString>

#include <array>
#include <vector>

namespace npuscope {

class KernelKinds;

// Why the device (or one stream) sat idle, as far as the data tells.
enum class GapCause : std::uint8_t {
    Host, // the host launched the next task only after the idle time began
    HostSync, // the same, right after a synchronising call (aclrtSynchronize*, .item(), .cpu())
    Communication, // communication ran while the stream waited
    Unknown,
};
constexpr int kGapCauseCount = 4;

// One idle interval [start, end).
struct Gap {
    TimeNs start = 0;
    TimeNs end = 0;
    int stream = -1; // device stream number; -1 for device-wide idle time
    TrackId track; // the stream's track; invalid for device-wide gaps or without a trace
    GapCause cause = GapCause::Unknown;
    EventRef next; // first device task after the gap (trace); invalid when unknown
    qint32 nextRow = -1; // that task's kernel row; -1 when unknown
    EventRef launch; // host or CANN event that launched `next` (through the flows)
    EventRef sync; // the synchronising call the host was blocked in as the gap began
    TimeNs hostLateNs = 0; // part of the gap before the host launched `next`
    TimeNs commNs = 0; // part of the gap during which communication ran

    TimeNs duration() const { return end - start; }
};

struct GapOptions {
    TimeNs thresholdNs = 0; // shorter gaps are ignored; 0: defaultGapThreshold()
};

struct GapAnalysis {
    TimeNs thresholdNs = 0;
    std::vector<Gap> streamGaps; // idle time of each device stream, by stream, then start
    std::vector<Gap> deviceGaps; // no stream busy and no communication running, by start
    TimeNs deviceIdleNs = 0; // sum over deviceGaps
    std::array<TimeNs, kGapCauseCount> deviceIdleByCause {};
    std::array<qint64, kGapCauseCount> deviceGapsByCause {};
};

// The default threshold: the median duration of the compute kernels, at least kMinGapNs. A gap
// shorter than a typical kernel costs less than one kernel; below the floor it is launch jitter.
TimeNs defaultGapThreshold(const KernelTable *kernels, const KernelKinds *kinds);

// Idle intervals of the rank's device streams and of the whole device, classified. Busy time
// comes from the trace's device stream slices when there is a trace (profiler markers and
// waits left out), else from the kernel rows; communication from the kernel rows. With a trace
// that has ProfilerStep#N slices, only idle time inside the steps counts.
GapAnalysis findGaps(
    const RankProfile &rank, const KernelKinds &kinds, const GapOptions &options = {});

QString gapCauseId(GapCause cause); // "host", "host-sync", "communication", "unknown"
QString gapCauseLabel(GapCause cause); // translated, for people

} // namespace npuscope
