#include "model/generator/generatorsim.h"

#include <algorithm>

namespace npuscope::gen {

namespace {

    // Host-side costs, close to the Level1 sample (ascend-2025-01) with stacks off: a launching
    // aten op takes 20-60 us, Node@launch 4-12 us, python between ops a few us.
    constexpr TimeNs kPythonGapMin = 1 * kUs, kPythonGapMax = 4 * kUs;
    constexpr TimeNs kLaunchLatencyMin = 8 * kUs, kLaunchLatencyMax = 20 * kUs;
    // Gap between back-to-back tasks of a busy stream (sample: 0.3-3 us).
    constexpr TimeNs kDeviceGapMin = 600, kDeviceGapMax = 2500;
    // Clean profiles keep every idle gap below Duration / kCleanWaitRatio so that no host-bound
    // detector (which looks for Wait >= several x Duration) fires on them.
    constexpr TimeNs kCleanWaitRatio = 4;
    // Planted host stalls: .item() sync then python work; the next kernel is at most 1/12 of the
    // gap so its Wait Time is >= 10x its Duration (the host-bound finding's evidence).
    constexpr TimeNs kStallMin = 400 * kUs, kStallMax = 1200 * kUs;
    constexpr TimeNs kStalledKernelRatio = 12;
    // Planted non-overlapped allreduce: a gradient bucket of tens of MB over HCCS, 0.8-3 ms.
    constexpr TimeNs kCommPlantedMin = 800 * kUs, kCommPlantedMax = 3000 * kUs;
    // TransData before a heavy kernel costs 35-45% of it: above the 15% share of device time the
    // transdata-overhead finding reports, whatever the seed.
    constexpr int kTransDataPercentMin = 35, kTransDataPercentMax = 45;
    // Planted low-block-dim MatMuls run this many times longer than with all cores.
    constexpr int kLowBlockDimSlowdown = 3;
    constexpr int kAiCoreFreqMhz = 1800; // Ascend 910B nominal AI Core clock (sample's counter)

} // namespace

struct Simulator::LaunchPlan {
    bool transData = false;
    bool lowBlockDim = false;
    bool stalled = false;
};

// ---- Simulator ----

Simulator::Simulator(const SimConfig &config)
    : m_cfg(config)
    , m_rng(mix64(config.seed) ^ mix64(0x5eed0000ULL + static_cast<std::uint64_t>(config.rank)))
{
    m_cfg.layers = std::max(1, m_cfg.layers);
    m_host = m_cfg.baseNs / 10 * 10;
}

bool Simulator::next(Block &b)
{
    b.clear();
    if (m_step >= m_cfg.steps)
        return false;
    b.stepId = m_cfg.firstStepId + m_step;
    switch (m_phase) {
    case Phase::Begin:
        beginStep(b);
        m_phase = Phase::Forward;
        m_layer = 0;
        break;
    case Phase::Forward:
        forwardLayer(b, m_layer);
        if (++m_layer == m_cfg.layers) {
            m_phase = Phase::Backward;
            m_layer = m_cfg.layers - 1;
        }
        break;
    case Phase::Backward:
        backwardLayer(b, m_layer);
        if (m_layer-- == 0)
            m_phase = Phase::End;
        break;
    case Phase::End:
        endStep(b);
        m_phase = Phase::Begin;
        ++m_step;
        break;
    }
    flushPendingComm(b);
    return true;
}

std::uint64_t Simulator::structure(int layer, int salt) const
{
    // Structure depends on the seed only, never on the rank: every rank runs the same model.
    return mix64(m_cfg.seed * 0x100000001b3ULL + static_cast<std::uint64_t>(layer) * 64
        + static_cast<std::uint64_t>(salt));
}

void Simulator::beginStep(Block &b)
{
    b.stepBegin = true;
    m_stepStart = m_host;
    b.stepStartNs = m_stepStart;
    b.counters.push_back({ m_host, kAiCoreFreqMhz });
    // The next batch was prefetched by DataLoader workers: fetching it is quick.
    const int loader
        = openHost(b, "enumerate(DataLoader)#_MultiProcessingDataLoaderIter.__next__", 0, -1);
    advanceHost(40 * kUs, 90 * kUs);
    closeHost(b, loader);
    advanceHost(kPythonGapMin, kPythonGapMax);
    const int to = openHost(b, "aten::to", 0, -1);
    advanceHost(3 * kUs, 8 * kUs);
    closeHost(b, to);
}

void Simulator::forwardLayer(Block &b, int layer)
{
    const bool convLayer = structure(layer, 1) % 2 == 1;
    LaunchPlan heavy;
    heavy.transData = planted(kPlantTransData);
    LaunchPlan linear = heavy;
    linear.lowBlockDim = planted(kPlantLowBlockDim) && layer % 2 == 0;
    LaunchPlan light;
    light.stalled = planted(kPlantHostBound) && layer % 4 == 0;

    if (convLayer) {
        launch(b, kConvOp, 0, heavy);
        launch(b, kReluOp, 0, light);
        launch(b, kLinearOp, 0, linear);
        launch(b, kAddOp, 0, {});
    } else {
        launch(b, kLinearOp, 0, linear);
        launch(b, kAddOp, 0, light);
        launch(b, kLayerNormOp, 0, {});
        launch(b, kMulOp, 0, {});
    }
    advanceHost(kPythonGapMin, kPythonGapMax);
    const int empty = openHost(b, "aten::empty", 0, -1);
    advanceHost(2 * kUs, 6 * kUs);
    closeHost(b, empty);
    if (planted(kPlantAiCpu))
        launch(b, layer % 2 == 0 ? kNonZeroOp : kUniqueOp, 0, {});
}

void Simulator::backwardLayer(Block &b, int layer)
{
    // About six gradient buckets per step, the first right as backward starts.
    const int bucketLayers = std::max(1, m_cfg.layers / 6);
    if ((m_cfg.layers - 1 - layer) % bucketLayers == 0)
        commOp(b, 1);
    if (layer == m_cfg.layers - 1)
        b.counters.push_back({ m_host, structure(layer, 7) % 3 == 0 ? 1650 : kAiCoreFreqMhz });

    LaunchPlan heavy;
    heavy.transData = planted(kPlantTransData);
    launch(b, kMmInOp, 1, heavy);
    launch(b, kMmWOp, 1, heavy);
    if (structure(layer, 1) % 2 == 1) {
        launch(b, kReluGradOp, 1, {});
        launch(b, kConvBwdOp, 1, heavy);
    } else {
        launch(b, kSumOp, 1, {});
    }
    launch(b, kAddInplaceOp, 1, {});
}

void Simulator::endStep(Block &b)
{
    const int optimizerOps = std::max(1, m_cfg.layers / 8);
    for (int i = 0; i < optimizerOps; ++i) {
        launch(b, kForeachAddOp, 0, {});
        launch(b, kForeachMulOp, 0, {});
    }
    flushPendingComm(b);
    syncOp(b, 0); // loss.item(): the host waits for the device
    advanceHost(10 * kUs, 30 * kUs);
    b.stepEnd = true;
    b.stepStartNs = m_stepStart;
    b.stepEndNs = m_host;
    HostEvent step;
    step.start = m_stepStart;
    step.dur = m_host - m_stepStart;
    step.name = "ProfilerStep#";
    step.number = b.stepId;
    b.host.push_back(step);
}

void Simulator::launch(Block &b, const OpSpec &op, int thread, const LaunchPlan &plan)
{
    if (plan.stalled)
        hostStall(b, thread);
    advanceHost(kPythonGapMin, kPythonGapMax);
    int parent = -1;
    if (op.parent) {
        parent = openHost(b, op.parent, thread, -1);
        advanceHost(2 * kUs, 6 * kUs);
    }
    const int host = openHost(b, op.host, thread, parent, thread == 0 ? m_sequence++ : -1);
    advanceHost(3 * kUs, 8 * kUs);
    const int api = openApi(b, op.api, thread);
    advanceHost(4 * kUs, 10 * kUs);

    TimeNs durs[2] = { 0, 0 };
    for (int i = 0; i < 2; ++i) {
        if (op.kernels[i])
            durs[i] = sampleDuration(*op.kernels[i]);
        if (op.kernels[i] && plan.lowBlockDim && op.kernels[i]->heavy)
            durs[i] *= kLowBlockDimSlowdown;
    }
    auto nodeLaunch = [&](const KernelSpec &k, TimeNs dur) {
        const int node = openApi(b, nullptr, thread);
        const TimeNs launchAt = m_host;
        advanceHost(4 * kUs, 12 * kUs);
        closeApi(b, node);
        const int task = addKernel(b, k, dur, host, launchAt, plan);
        b.api[static_cast<size_t>(node)].connectionId
            = b.tasks[static_cast<size_t>(task)].connectionId;
        b.api[static_cast<size_t>(node)].flowTask = task;
        advanceHost(2 * kUs, 5 * kUs);
    };
    if (plan.transData && op.kernels[0]->heavy) {
        const TimeNs percent = m_rng.range(kTransDataPercentMin, kTransDataPercentMax);
        nodeLaunch(kTransDataKernel, durs[0] * percent / 100);
    }
    for (int i = 0; i < 2; ++i) {
        if (op.kernels[i])
            nodeLaunch(*op.kernels[i], durs[i]);
    }
    advanceHost(3 * kUs, 8 * kUs);
    closeApi(b, api);
    advanceHost(2 * kUs, 5 * kUs);
    closeHost(b, host);
    if (parent >= 0) {
        advanceHost(2 * kUs, 5 * kUs);
        closeHost(b, parent);
    }
}

int Simulator::addKernel(
    Block &b, const KernelSpec &k, TimeNs dur, int host, TimeNs launchAt, const LaunchPlan &plan)
{
    DeviceTask t;
    t.spec = &k;
    t.host = host;
    t.start = launchAt + m_rng.range(kLaunchLatencyMin, kLaunchLatencyMax);
    const TimeNs gap = deviceGap();
    if (m_computeEnd >= 0)
        t.start = std::max(t.start, m_computeEnd + gap);
    if (m_barrier >= 0)
        t.start = std::max(t.start, m_barrier + gap);
    t.wait = m_computeEnd >= 0 ? t.start - m_computeEnd : 0;
    // Idle time not explained by waiting for an allreduce.
    const TimeNs idle = m_computeEnd >= 0 ? t.start - std::max(m_computeEnd, m_barrier) : 0;
    if (m_stallNext) {
        m_stallNext = false;
        dur = std::clamp(dur, 1 * kUs, std::max(1 * kUs, t.wait / kStalledKernelRatio));
        t.plants |= kPlantHostBound;
    } else {
        dur = std::max(dur, kCleanWaitRatio * idle);
    }
    t.dur = dur;
    t.connectionId = m_connection++;
    t.taskId = m_taskId++;
    if (&k == &kTransDataKernel) {
        t.number = m_transDataNumber++;
        t.plants |= kPlantTransData;
    }
    assignCores(t, plan);
    m_computeEnd = t.start + t.dur;
    const auto index = static_cast<int>(b.tasks.size());
    b.tasks.push_back(t);
    if (m_commPending && k.heavy)
        hideCommIn(b, t);
    return index;
}

void Simulator::assignCores(DeviceTask &t, const LaunchPlan &plan)
{
    switch (t.spec->core) {
    case Core::AiCore:
        t.blockDim = m_cfg.deviceCores;
        if (plan.lowBlockDim && t.spec->heavy) {
            static constexpr int kLowDims[] = { 1, 2, 4 };
            t.blockDim = kLowDims[m_rng.range(0, 2)];
            t.plants |= kPlantLowBlockDim;
        }
        break;
    case Core::AiVector:
        t.blockDim = 2 * m_cfg.deviceCores; // two vector cores per AI core (910B)
        break;
    case Core::MixAiv:
        t.blockDim = m_cfg.deviceCores;
        t.mixBlockDim = 2 * m_cfg.deviceCores;
        break;
    case Core::AiCpu:
        t.plants |= kPlantAiCpu;
        break;
    case Core::Hccl:
        break;
    }
}

void Simulator::hideCommIn(Block &b, const DeviceTask &kernel)
{
    // Clean data parallelism: the bucket's allreduce runs inside this long kernel.
    const TimeNs end = kernel.start + kernel.dur;
    const TimeNs delta = std::max(1 * kUs, kernel.dur * m_rng.range(2, 10) / 100);
    TimeNs start = std::max(kernel.start + delta, m_pendingLaunch + kLaunchLatencyMin);
    if (m_commEnd >= 0)
        start = std::max(start, m_commEnd + deviceGap());
    const TimeNs dur = std::min(kernel.dur * m_rng.range(40, 80) / 100, end - kUs - start);
    if (dur > 0)
        placeComm(b, start, dur);
}

void Simulator::placeComm(Block &b, TimeNs start, TimeNs dur)
{
    DeviceTask t;
    t.spec = &kAllReduceKernel;
    t.comm = true;
    t.start = start;
    t.dur = dur;
    t.wait = m_commEnd >= 0 ? start - m_commEnd : 0;
    t.number = m_commNumber++;
    t.host = m_pendingHost;
    t.connectionId = m_connection++;
    if (planted(kPlantCommNotOverlapped))
        t.plants |= kPlantCommNotOverlapped;
    m_commEnd = start + dur;
    b.tasks.push_back(t);
    ApiEvent &api = b.api[static_cast<size_t>(m_pendingApi)];
    api.flowTask = static_cast<int>(b.tasks.size()) - 1;
    api.connectionId = t.connectionId;
    m_commPending = false;
}

void Simulator::commOp(Block &b, int thread)
{
    advanceHost(kPythonGapMin, kPythonGapMax);
    const int host = openHost(b, "HcclAllreduce", thread, -1);
    advanceHost(3 * kUs, 8 * kUs);
    const int api = openApi(b, "hcom_allReduce_", thread);
    advanceHost(5 * kUs, 15 * kUs);
    m_pendingLaunch = m_host;
    advanceHost(20 * kUs, 60 * kUs); // HCCL launches are slow (sample: Launch_Ffts ~100 us)
    closeApi(b, api);
    advanceHost(2 * kUs, 5 * kUs);
    closeHost(b, host);
    m_commPending = true;
    m_pendingHost = host;
    m_pendingApi = api;
    if (planted(kPlantCommNotOverlapped)) {
        // The allreduce waits for the compute stream to drain, and compute waits for it.
        TimeNs start = m_pendingLaunch + m_rng.range(kLaunchLatencyMin, kLaunchLatencyMax);
        start = std::max(start, std::max(m_computeEnd, m_commEnd) + deviceGap());
        const TimeNs dur
            = m_rng.range(kCommPlantedMin, kCommPlantedMax) * m_cfg.slowdownPermille / 1000;
        placeComm(b, start, dur);
        m_barrier = start + dur;
    }
}

void Simulator::flushPendingComm(Block &b)
{
    if (!m_commPending)
        return;
    // No long kernel came to hide it (does not happen with the layer patterns above).
    TimeNs start = m_pendingLaunch + m_rng.range(kLaunchLatencyMin, kLaunchLatencyMax);
    start = std::max(start, std::max(m_computeEnd, m_commEnd) + deviceGap());
    placeComm(b, start, m_rng.range(50 * kUs, 200 * kUs));
}

void Simulator::syncOp(Block &b, int thread)
{
    const TimeNs deviceDone = std::max(m_computeEnd, m_commEnd);
    advanceHost(kPythonGapMin, kPythonGapMax);
    const int item = openHost(b, "aten::item", thread, -1);
    advanceHost(2 * kUs, 4 * kUs);
    const int dense = openHost(b, "aten::_local_scalar_dense", thread, item);
    advanceHost(2 * kUs, 5 * kUs);
    const int api = openApi(b, "aclrtSynchronizeStreamWithTimeout", thread);
    const TimeNs done = (deviceDone + m_rng.range(3 * kUs, 8 * kUs) + 9) / 10 * 10;
    m_host = std::max(m_host + 5 * kUs, done);
    closeApi(b, api);
    advanceHost(2 * kUs, 4 * kUs);
    closeHost(b, dense);
    advanceHost(1 * kUs, 3 * kUs);
    closeHost(b, item);
}

void Simulator::hostStall(Block &b, int thread)
{
    syncOp(b, thread); // e.g. a .item() for logging
    advanceHost(kStallMin, kStallMax); // python-side work while the device sits idle
    m_stallNext = true;
}

int Simulator::openHost(Block &b, const char *name, int thread, int parent, int sequence)
{
    HostEvent e;
    e.start = m_host;
    e.name = name;
    e.thread = thread;
    e.parent = parent;
    e.sequence = sequence;
    b.host.push_back(e);
    return static_cast<int>(b.host.size()) - 1;
}

void Simulator::closeHost(Block &b, int index)
{
    HostEvent &e = b.host[static_cast<size_t>(index)];
    e.dur = m_host - e.start;
}

int Simulator::openApi(Block &b, const char *name, int thread)
{
    ApiEvent e;
    e.start = m_host;
    e.name = name;
    e.thread = thread;
    if (name)
        e.connectionId = m_connection++;
    b.api.push_back(e);
    return static_cast<int>(b.api.size()) - 1;
}

void Simulator::closeApi(Block &b, int index)
{
    ApiEvent &e = b.api[static_cast<size_t>(index)];
    e.dur = m_host - e.start;
}

void Simulator::advanceHost(TimeNs loNs, TimeNs hiNs)
{
    m_host += m_rng.range(loNs / 10, hiNs / 10) * 10;
}

TimeNs Simulator::sampleDuration(const KernelSpec &k)
{
    const TimeNs ns = m_rng.range(k.minNs, k.maxNs) * m_cfg.slowdownPermille / 1000;
    return m_cfg.slowType == k.type ? ns * m_cfg.slowTypePermille / 1000 : ns;
}

TimeNs Simulator::deviceGap() { return m_rng.range(kDeviceGapMin, kDeviceGapMax); }

} // namespace npuscope::gen
