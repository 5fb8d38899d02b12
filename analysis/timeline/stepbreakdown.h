#pragma once

#include "model/profile/profile.h"

#include <QString>

#include <vector>

namespace npuscope {

class KernelKinds;

// One profiler step as the host recorded it: a "ProfilerStep#N" slice of a host track.
struct StepSpan {
    QString id; // "50"
    QString name; // "ProfilerStep#50"
    TimeNs start = 0;
    TimeNs end = 0;
    EventRef event; // the (first) slice
};

// The ProfilerStep#N slices, one per name (the union when a name repeats), ordered by start.
std::vector<StepSpan> findStepSpans(const Trace &trace);

enum class StepSource : std::uint8_t {
    Trace, // ProfilerStep#N slices of the trace, kernel rows inside them
    StepTraceCsv, // step_trace_time.csv, with the kernel rows of each Step Id when present
    Kernels, // kernel rows only: the wall time is the device span of the step's tasks
};

// The time window a step's numbers are measured in.
enum class StepWindow : std::uint8_t {
    Host, // the host's step (ProfilerStep#N, step_trace_time.csv)
    // Kineto: to the last end of the device work launched inside the ProfilerStep, from the
    // end of the previous step's device work (the first step: from the host's step start).
    // A GPU runs a step's kernels later than the host annotates the step, so against the
    // host's window the busy time could exceed the wall time; from the step's own first
    // kernel, the device's wait for the step's data (a host-bound loop) would fall between
    // the steps and count nowhere. Preparing is the part before the step's first kernel.
    Device,
};

// Where the time of one step went. All values ns; the unions count overlapping tasks once.
struct StepBreakdown {
    QString id; // "50"; empty when the rows carry no step at all
    StepSource source = StepSource::Kernels;
    TimeNs start = 0; // absolute step start and end; both 0 when unknown (no trace)
    TimeNs end = 0;
    TimeNs firstTaskNs = 0; // absolute start of the step's first device task; 0 when none
    TimeNs wallNs = 0; // ProfilerStep#N duration (or Stage + Preparing of the CSV); the window's
    StepWindow window = StepWindow::Host;
    TimeNs hostWallNs = 0; // ProfilerStep#N duration (or Stage + Preparing), whatever the window
    TimeNs deviceBusyNs = 0; // compute or communication running
    TimeNs computeNs = 0; // union of compute tasks
    TimeNs commNs = 0; // union of communication tasks
    TimeNs overlappedNs = 0; // communication while compute runs
    TimeNs commNotOverlappedNs = 0; // communication while no compute runs
    TimeNs freeNs = 0; // device idle between the first task and the step's end
    TimeNs preparingNs = 0; // step start to first task
    TimeNs unaccountedNs = 0; // wall time no task accounts for: wall - device busy, >= 0
    TimeNs kernelSumNs = 0; // sum of compute Durations ("800 ms step, 300 ms of kernels")
    qint64 kernelCount = 0; // compute rows of the step
    qint64 commCount = 0; // communication rows of the step
};

// Per step, in time order. Uses the trace's ProfilerStep#N slices when there are any, else
// step_trace_time.csv, else the kernel rows' Step Id. `kinds` must describe rank.kernels.
std::vector<StepBreakdown> computeStepBreakdown(const RankProfile &rank, const KernelKinds *kinds);
std::vector<StepBreakdown> computeStepBreakdown(const RankProfile &rank);

// The step of every kernel row: its index in `steps` (computeStepBreakdown(rank, &kinds)), or
// -1 when the row belongs to none. Uses the same rules as the breakdown, so that a step's rows
// add up to its kernelSumNs.
std::vector<int> kernelRowSteps(
    const RankProfile &rank, const KernelKinds &kinds, const std::vector<StepBreakdown> &steps);

QString stepSourceName(StepSource source); // "trace", "step_trace_time.csv", "kernels"
QString stepWindowName(StepWindow window); // "host", "device"

} // namespace npuscope
