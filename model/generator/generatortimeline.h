#pragma once

// Internal to the profile generator: the events of one piece of timeline (Block), the random
// source, and the Overlap Analysis lanes derived from device tasks.

#include "model/generator/generator.h"
#include "model/generator/generatorcatalog.h"

#include <cstdint>
#include <vector>

namespace npuscope::gen {

// xoshiro256** seeded through splitmix64: fully specified, so a seed gives the same profile
// with every compiler and standard library (std distributions differ between libraries).
class Rng {
public:
    explicit Rng(std::uint64_t seed);
    std::uint64_t next();
    std::int64_t range(std::int64_t lo, std::int64_t hi); // inclusive

private:
    std::uint64_t m_s[4];
};

std::uint64_t mix64(std::uint64_t x);

enum PlantBit : unsigned {
    kPlantTransData = 1u << static_cast<int>(Plant::TransData),
    kPlantAiCpu = 1u << static_cast<int>(Plant::AiCpu),
    kPlantHostBound = 1u << static_cast<int>(Plant::HostBound),
    kPlantLowBlockDim = 1u << static_cast<int>(Plant::LowBlockDim),
    kPlantCommNotOverlapped = 1u << static_cast<int>(Plant::CommNotOverlapped),
};

struct HostEvent {
    TimeNs start = 0;
    TimeNs dur = 0;
    const char *name = nullptr;
    int number = -1; // ProfilerStep#number; -1 otherwise
    int thread = 0; // 0 main, 1 autograd
    int parent = -1; // index in Block::host
    int sequence = -1;
};

struct ApiEvent {
    TimeNs start = 0;
    TimeNs dur = 0;
    const char *name = nullptr; // ACL API id ("aclnnAddmm"); nullptr = Node@launch
    int thread = 0;
    std::int64_t connectionId = 0;
    int flowTask = -1; // index in Block::tasks whose HostToDevice flow starts here
};

struct DeviceTask {
    TimeNs start = 0;
    TimeNs dur = 0;
    TimeNs wait = 0; // kernel_details Wait Time: gap since the previous task of the stream
    const KernelSpec *spec = nullptr;
    int number = -1;
    int host = -1; // launching host op (index in Block::host)
    int blockDim = 0;
    int mixBlockDim = 0;
    std::uint32_t taskId = 0;
    std::int64_t connectionId = 0;
    unsigned plants = 0; // PlantBit set on this task
    bool comm = false;
};

struct Counter {
    TimeNs ts = 0;
    int mhz = 0;
};

enum class OverlapKind : std::uint8_t { Computing, Communication, CommNotOverlapped, Free };

struct OverlapEvent {
    OverlapKind kind = OverlapKind::Computing;
    TimeNs start = 0;
    TimeNs dur = 0;
};

// One piece of the timeline: a step's begin, one layer forward or backward, or the step's end.
// Device tasks are in start order, and start after every task of earlier blocks.
struct Block {
    int stepId = 0;
    bool stepBegin = false;
    bool stepEnd = false;
    TimeNs stepStartNs = 0;
    TimeNs stepEndNs = 0;
    std::vector<HostEvent> host;
    std::vector<ApiEvent> api;
    std::vector<DeviceTask> tasks;
    std::vector<Counter> counters;
    std::vector<OverlapEvent> overlap; // filled by OverlapTracker

    void clear();
    // trace_view.json events of this block: X events, HostToDevice and async_npu flows, C.
    std::int64_t traceEvents() const;
};

struct StepStats {
    TimeNs firstTask = -1;
    TimeNs computing = 0;
    TimeNs comm = 0;
    TimeNs notOverlapped = 0;
    TimeNs free = 0;
};

// Streams the Overlap Analysis lanes (Computing, Communication, Communication(Not Overlapped),
// Free) from device tasks given in start order, and the step_trace_time numbers with them.
class OverlapTracker {
public:
    void add(const DeviceTask &task, std::vector<OverlapEvent> &out);
    // Flushes the step: last Computing piece, open communication, Free up to the step's end.
    StepStats finishStep(TimeNs stepEnd, std::vector<OverlapEvent> &out);

private:
    void record(std::vector<OverlapEvent> &out, OverlapKind kind, TimeNs start, TimeNs end);
    void closeComm(std::vector<OverlapEvent> &out);

    StepStats m_stats;
    TimeNs m_computeStart = -1; // pending merged compute interval
    TimeNs m_computeEnd = -1;
    TimeNs m_busyEnd = -1; // end of compute-or-communication so far
    bool m_commOpen = false;
    TimeNs m_commCursor = 0; // the open communication is known to be covered before this
    TimeNs m_commEnd = 0;
};

} // namespace npuscope::gen
