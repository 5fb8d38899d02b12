#pragma once

// Internal to the profile generator: a step-by-step simulation of one rank's training loop
// (host ops launching device kernels, communication, syncs) that hands out small blocks of
// events in time order, so any size can be written in constant memory.

#include "model/generator/generatortimeline.h"

#include <cstdint>
#include <string>
#include <vector>

namespace npuscope::gen {

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
    std::string slowType; // kernels of this Type are slowed by slowTypePermille
    int slowTypePermille = 1000;
};

class Simulator {
public:
    explicit Simulator(const SimConfig &config);
    bool next(Block &block); // false when the last step is done

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
    void assignCores(DeviceTask &t, const LaunchPlan &plan);
    void hideCommIn(Block &b, const DeviceTask &kernel);
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

} // namespace npuscope::gen
