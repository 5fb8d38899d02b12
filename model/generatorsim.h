#pragma once

// Internal to the profile generator: a step-by-step simulation of one rank's training loop
// (host ops launching device kernels, communication, syncs) that hands out small blocks of
// events in time order, so any size can be written in constant memory.

#include "model/generator.h"

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

enum class Core : std::uint8_t { AiCore, AiVector, MixAiv, AiCpu, Hccl };
const char *coreName(Core core); // kernel_details "Accelerator Core"
const char *taskTypeName(Core core); // trace_view "Task Type"

struct KernelSpec {
    const char *name; // full name, or the prefix of a numbered name
    const char *suffix; // after the number of a numbered name; nullptr = not numbered
    const char *type;
    Core core;
    TimeNs minNs;
    TimeNs maxNs;
    bool heavy; // compute-bound (MatMul, Conv): long, full block dim
    bool hf32;
    const char *inShapes; // nullptr = N/A
    const char *inTypes;
    const char *inFormats;
    const char *outShapes;
    const char *outTypes;
    const char *outFormats;
};

extern const KernelSpec kTransDataKernel;
extern const KernelSpec kAllReduceKernel;

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
    int api = -1; // the CANN event where its HostToDevice flow starts
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

struct SimConfig {
    int rank = 0;
    int layers = 1;
    int steps = 3;
    int firstStepId = 2; // schedule skip_first 0 + wait 1 + warmup 1
    std::uint64_t seed = 1;
    int deviceCores = 24;
    unsigned plants = 0; // PlantBit set
    TimeNs baseNs = 0;
    int slowdownPermille = 1000; // device durations scale, for rank imbalance
};

class Simulator {
public:
    explicit Simulator(const SimConfig &config);
    bool next(Block &block); // false when the last step is done

    struct OpSpec;
    struct LaunchPlan;

private:
    enum class Phase { Begin, Forward, Backward, End };

    void beginStep(Block &b);
    void forwardLayer(Block &b, int layer);
    void backwardLayer(Block &b, int layer);
    void endStep(Block &b);

    void launch(Block &b, const OpSpec &op, int thread, const LaunchPlan &plan);
    int addKernel(Block &b, const KernelSpec &k, TimeNs dur, int host, TimeNs launchAt,
        const LaunchPlan &plan);
    void placeComm(Block &b, TimeNs start, TimeNs dur);
    void commOp(Block &b, int thread);
    void flushPendingComm(Block &b);
    void syncOp(Block &b, int thread);
    void hostStall(Block &b, int thread);

    int openHost(Block &b, const char *name, int thread, int parent, int sequence = -1);
    void closeHost(Block &b, int index);
    int openApi(Block &b, const char *name, int thread);
    void closeApi(Block &b, int index);
    void advanceHost(TimeNs loNs, TimeNs hiNs);
    TimeNs sampleDuration(const KernelSpec &k);
    TimeNs deviceGap();
    std::uint64_t structure(int layer, int salt) const;
    bool planted(unsigned bit) const { return (m_cfg.plants & bit) != 0; }

    SimConfig m_cfg;
    Rng m_rng;
    Phase m_phase = Phase::Begin;
    int m_step = 0;
    int m_layer = 0;
    TimeNs m_host = 0; // host clock, multiples of 10 ns like real host timestamps
    TimeNs m_stepStart = 0;
    TimeNs m_computeEnd = -1; // end of the last compute task (-1: none yet)
    TimeNs m_commEnd = -1; // end of the last communication task
    TimeNs m_barrier = -1; // compute waits for this (a non-overlapped allreduce)
    std::int64_t m_connection = 900;
    std::uint32_t m_taskId = 11000;
    int m_transDataNumber = 0;
    int m_commNumber = 0;
    int m_sequence = 1300;
    bool m_stallNext = false; // the next kernel is the one a planted host stall delays
    bool m_commPending = false;
    int m_pendingHost = -1;
    int m_pendingApi = -1;
    TimeNs m_pendingLaunch = 0;
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
