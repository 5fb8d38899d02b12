#include "model/generatorsim.h"

#include <algorithm>

namespace npuscope::gen {

namespace {

constexpr TimeNs kUs = 1000;

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

// Kernel catalogue: names, types and shapes as CANN writes them (sample kernel_details.csv).
// Columns: name, suffix, type, core, min, max, heavy, hf32, in shapes/types/formats, out ...
constexpr KernelSpec kMatMulFwd { "aclnnAddmm_MatMulCommon_MatMulV2", nullptr, "MatMulV2",
    Core::AiCore, 120 * kUs, 380 * kUs, true, false, "32,4096;4096,4096;4096",
    "FLOAT16;FLOAT16;FLOAT16", "FORMAT_ND;FORMAT_ND;FORMAT_ND", "32,4096", "FLOAT16", "FORMAT_ND" };
constexpr KernelSpec kAdd { "aclnnAdd_AddAiCore_Add", nullptr, "Add", Core::AiVector, 6 * kUs,
    30 * kUs, false, false, "32,4096;32,4096", "FLOAT16;FLOAT16", "FORMAT_ND;FORMAT_ND", "32,4096",
    "FLOAT16", "FORMAT_ND" };
constexpr KernelSpec kLayerNorm { "aclnnLayerNorm_LayerNormV4_LayerNormV4", nullptr,
    "LayerNormV4", Core::MixAiv, 12 * kUs, 45 * kUs, false, false, "32,4096;4096;4096",
    "FLOAT16;FLOAT16;FLOAT16", "FORMAT_ND;FORMAT_ND;FORMAT_ND", "32,4096;32,1;32,1",
    "FLOAT16;FLOAT;FLOAT", "FORMAT_ND;FORMAT_ND;FORMAT_ND" };
constexpr KernelSpec kMul { "aclnnMul_Mul_Mul", nullptr, "Mul", Core::AiVector, 5 * kUs, 18 * kUs,
    false, false, "32,4096;32,4096", "FLOAT16;FLOAT16", "FORMAT_ND;FORMAT_ND", "32,4096",
    "FLOAT16", "FORMAT_ND" };
constexpr KernelSpec kConv { "aclnnConvolution_Conv2D_Conv2D", nullptr, "Conv2D", Core::AiCore,
    100 * kUs, 340 * kUs, true, true, "32,4,56,56,16;64,4,16,16;64", "FLOAT16;FLOAT16;FLOAT16",
    "NC1HWC0;FRACTAL_Z;ND", "32,4,56,56,16", "FLOAT16", "NC1HWC0" };
constexpr KernelSpec kRelu { "aclnnRelu_Relu_Relu", nullptr, "Relu", Core::AiVector, 5 * kUs,
    22 * kUs, false, false, "32,4,56,56,16", "FLOAT16", "NC1HWC0", "32,4,56,56,16", "FLOAT16",
    "NC1HWC0" };
constexpr KernelSpec kMatMulBwdIn { "aclnnMm_MatMulCommon_MatMulV2", nullptr, "MatMulV2",
    Core::AiCore, 110 * kUs, 360 * kUs, true, false, "32,4096;4096,4096", "FLOAT16;FLOAT16",
    "FORMAT_ND;FORMAT_ND", "32,4096", "FLOAT16", "FORMAT_ND" };
constexpr KernelSpec kMatMulBwdW { "aclnnMm_MatMulCommon_MatMulV2", nullptr, "MatMulV2",
    Core::AiCore, 110 * kUs, 360 * kUs, true, false, "4096,32;32,4096", "FLOAT16;FLOAT16",
    "FORMAT_ND;FORMAT_ND", "4096,4096", "FLOAT16", "FORMAT_ND" };
constexpr KernelSpec kReduceSum { "aclnnReduceSum_ReduceSum_ReduceSum", nullptr, "ReduceSum",
    Core::MixAiv, 10 * kUs, 40 * kUs, false, false, "32,4096;1", "FLOAT16;INT64",
    "FORMAT_ND;FORMAT_ND", "4096", "FLOAT16", "FORMAT_ND" };
constexpr KernelSpec kInplaceAdd { "aclnnInplaceAdd_Add_Add", nullptr, "Add", Core::AiVector,
    6 * kUs, 26 * kUs, false, false, "4096,4096;4096,4096", "FLOAT16;FLOAT16",
    "FORMAT_ND;FORMAT_ND", "4096,4096", "FLOAT16", "FORMAT_ND" };
constexpr KernelSpec kConvBwdIn { "aclnnConvolutionBackward_Conv2DBackpropInput_Conv2DBackpropInput",
    nullptr, "Conv2DBackpropInput", Core::AiCore, 100 * kUs, 320 * kUs, true, true,
    "32,4,56,56,16;64,4,16,16", "FLOAT16;FLOAT16", "NC1HWC0;FRACTAL_Z", "32,4,56,56,16",
    "FLOAT16", "NC1HWC0" };
constexpr KernelSpec kConvBwdFilter {
    "aclnnConvolutionBackward_Conv2DBackpropFilter_Conv2DBackpropFilter", nullptr,
    "Conv2DBackpropFilter", Core::AiCore, 90 * kUs, 300 * kUs, true, true,
    "32,4,56,56,16;32,4,56,56,16", "FLOAT16;FLOAT16", "NC1HWC0;NC1HWC0", "64,4,16,16", "FLOAT",
    "FRACTAL_Z" };
constexpr KernelSpec kReluGrad { "aclnnThresholdBackward_ReluGrad_ReluGrad", nullptr, "ReluGrad",
    Core::AiVector, 5 * kUs, 25 * kUs, false, false, "32,4,56,56,16;32,4,56,56,16",
    "FLOAT16;FLOAT16", "NC1HWC0;NC1HWC0", "32,4,56,56,16", "FLOAT16", "NC1HWC0" };
constexpr KernelSpec kForeachAdd { "aclnnForeachAddListV2_ForeachAddList_ForeachAddList", nullptr,
    "ForeachAddList", Core::AiVector, 250 * kUs, 650 * kUs, false, false, "4096,4096;4096,4096",
    "FLOAT;FLOAT", "FORMAT_ND;FORMAT_ND", "4096,4096", "FLOAT", "FORMAT_ND" };
constexpr KernelSpec kForeachMul { "aclnnForeachMulScalar_ForeachMulScalar_ForeachMulScalar",
    nullptr, "ForeachMulScalar", Core::AiVector, 150 * kUs, 400 * kUs, false, false, "4096,4096;1",
    "FLOAT;FLOAT", "FORMAT_ND;FORMAT_ND", "4096,4096", "FLOAT", "FORMAT_ND" };
constexpr KernelSpec kNonZero { "aclnnNonzero_NonZero_NonZero", nullptr, "NonZero", Core::AiCpu,
    22 * kUs, 110 * kUs, false, false, "32,4096", "FLOAT16", "FORMAT_ND", "131072,2", "INT64",
    "FORMAT_ND" };
constexpr KernelSpec kUnique { "aclnnUnique2_Unique_Unique", nullptr, "Unique", Core::AiCpu,
    8 * kUs, 45 * kUs, false, false, "131072", "INT64", "FORMAT_ND", "131072;131072;131072",
    "INT64;INT64;INT64", "FORMAT_ND;FORMAT_ND;FORMAT_ND" };
const KernelSpec kTransDataKernel { "trans_TransData_", "", "TransData", Core::AiVector, 0, 0,
    false, false, "32,64,56,56", "FLOAT16", "NCHW", "32,4,56,56,16", "FLOAT16", "NC1HWC0" };
const KernelSpec kAllReduceKernel { "hcom_allReduce__586_", "_1", "hcom_allReduce_", Core::Hccl,
    0, 0, false, false, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr };

struct Simulator::OpSpec {
    const char *host;
    const char *parent; // wrapping aten op (aten::linear around aten::addmm) or nullptr
    const char *api; // ACL API without "AscendCL@"
    const KernelSpec *kernels[2];
};

struct Simulator::LaunchPlan {
    bool transData = false;
    bool lowBlockDim = false;
    bool stalled = false;
};

namespace {

using OpSpec = Simulator::OpSpec;
const OpSpec kLinearOp { "aten::addmm", "aten::linear", "aclnnAddmm", { &kMatMulFwd, nullptr } };
const OpSpec kAddOp { "aten::add", nullptr, "aclnnAdd", { &kAdd, nullptr } };
const OpSpec kLayerNormOp { "aten::native_layer_norm", "aten::layer_norm", "aclnnLayerNorm",
    { &kLayerNorm, nullptr } };
const OpSpec kMulOp { "aten::mul", nullptr, "aclnnMul", { &kMul, nullptr } };
const OpSpec kConvOp { "aten::convolution", "aten::conv2d", "aclnnConvolution", { &kConv, nullptr } };
const OpSpec kReluOp { "aten::relu", nullptr, "aclnnRelu", { &kRelu, nullptr } };
const OpSpec kMmInOp { "aten::mm", nullptr, "aclnnMm", { &kMatMulBwdIn, nullptr } };
const OpSpec kMmWOp { "aten::mm", nullptr, "aclnnMm", { &kMatMulBwdW, nullptr } };
const OpSpec kSumOp { "aten::sum", nullptr, "aclnnReduceSum", { &kReduceSum, nullptr } };
const OpSpec kAddInplaceOp { "aten::add_", nullptr, "aclnnInplaceAdd", { &kInplaceAdd, nullptr } };
const OpSpec kConvBwdOp { "aten::convolution_backward", nullptr, "aclnnConvolutionBackward",
    { &kConvBwdIn, &kConvBwdFilter } };
const OpSpec kReluGradOp { "aten::threshold_backward", nullptr, "aclnnThresholdBackward",
    { &kReluGrad, nullptr } };
const OpSpec kForeachAddOp { "aten::_foreach_add_", nullptr, "aclnnForeachAddListV2",
    { &kForeachAdd, nullptr } };
const OpSpec kForeachMulOp { "aten::_foreach_mul_", nullptr, "aclnnForeachMulScalar",
    { &kForeachMul, nullptr } };
const OpSpec kNonZeroOp { "aten::nonzero", nullptr, "aclnnNonzero", { &kNonZero, nullptr } };
const OpSpec kUniqueOp { "aten::_unique2", nullptr, "aclnnUnique2", { &kUnique, nullptr } };

} // namespace

// ---- Rng ----

std::uint64_t mix64(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

Rng::Rng(std::uint64_t seed)
{
    for (auto &s : m_s) {
        seed = mix64(seed);
        s = seed;
    }
}

std::uint64_t Rng::next()
{
    auto rotl = [](std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); };
    const std::uint64_t result = rotl(m_s[1] * 5, 7) * 9;
    const std::uint64_t t = m_s[1] << 17;
    m_s[2] ^= m_s[0];
    m_s[3] ^= m_s[1];
    m_s[1] ^= m_s[2];
    m_s[0] ^= m_s[3];
    m_s[2] ^= t;
    m_s[3] = rotl(m_s[3], 45);
    return result;
}

std::int64_t Rng::range(std::int64_t lo, std::int64_t hi)
{
    if (hi <= lo)
        return lo;
    const auto span = static_cast<std::uint64_t>(hi - lo) + 1;
    return lo + static_cast<std::int64_t>(next() % span);
}

const char *coreName(Core core)
{
    switch (core) {
    case Core::AiCore:
        return "AI_CORE";
    case Core::AiVector:
        return "AI_VECTOR_CORE";
    case Core::MixAiv:
        return "MIX_AIV";
    case Core::AiCpu:
        return "AI_CPU";
    case Core::Hccl:
        return "HCCL";
    }
    return "N/A";
}

const char *taskTypeName(Core core)
{
    // The trace calls vector-core kernels AI_CORE tasks (sample: trans_TransData_0).
    switch (core) {
    case Core::AiCore:
    case Core::AiVector:
        return "AI_CORE";
    case Core::MixAiv:
        return "MIX_AIV";
    case Core::AiCpu:
        return "AI_CPU";
    case Core::Hccl:
        return "HCCL";
    }
    return "N/A";
}

// ---- Block ----

void Block::clear()
{
    stepBegin = stepEnd = false;
    stepStartNs = stepEndNs = 0;
    host.clear();
    api.clear();
    tasks.clear();
    counters.clear();
    overlap.clear();
}

std::int64_t Block::traceEvents() const
{
    // Per task: the X event, HostToDevice s and f, async_npu s and f.
    return static_cast<std::int64_t>(host.size() + api.size() + 5 * tasks.size()
        + counters.size() + overlap.size());
}

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
    const int loader = openHost(b, "enumerate(DataLoader)#_MultiProcessingDataLoaderIter.__next__",
        0, -1);
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
        b.api[static_cast<size_t>(node)].connectionId = b.tasks[static_cast<size_t>(task)].connectionId;
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

int Simulator::addKernel(Block &b, const KernelSpec &k, TimeNs dur, int host, TimeNs launchAt,
    const LaunchPlan &plan)
{
    const TimeNs ready = launchAt + m_rng.range(kLaunchLatencyMin, kLaunchLatencyMax);
    const TimeNs gap = deviceGap();
    TimeNs start = ready;
    if (m_computeEnd >= 0)
        start = std::max(start, m_computeEnd + gap);
    if (m_barrier >= 0)
        start = std::max(start, m_barrier + gap);
    DeviceTask t;
    t.spec = &k;
    t.wait = m_computeEnd >= 0 ? start - m_computeEnd : 0;
    // Idle time not explained by waiting for an allreduce.
    const TimeNs idle = m_computeEnd >= 0 ? start - std::max(m_computeEnd, m_barrier) : 0;
    if (m_stallNext) {
        m_stallNext = false;
        dur = std::clamp(dur, 1 * kUs, std::max(1 * kUs, t.wait / kStalledKernelRatio));
        t.plants |= kPlantHostBound;
    } else {
        dur = std::max(dur, kCleanWaitRatio * idle);
    }
    t.start = start;
    t.dur = dur;
    t.host = host;
    t.connectionId = m_connection++;
    t.taskId = m_taskId++;
    if (&k == &kTransDataKernel) {
        t.number = m_transDataNumber++;
        t.plants |= kPlantTransData;
    }
    if (k.core == Core::AiCore) {
        t.blockDim = m_cfg.deviceCores;
        if (plan.lowBlockDim && k.heavy) {
            static constexpr int kLowDims[] = { 1, 2, 4 };
            t.blockDim = kLowDims[m_rng.range(0, 2)];
            t.plants |= kPlantLowBlockDim;
        }
    } else if (k.core == Core::AiVector) {
        t.blockDim = 2 * m_cfg.deviceCores; // two vector cores per AI core (910B)
    } else if (k.core == Core::MixAiv) {
        t.blockDim = m_cfg.deviceCores;
        t.mixBlockDim = 2 * m_cfg.deviceCores;
    } else if (k.core == Core::AiCpu) {
        t.plants |= kPlantAiCpu;
    }
    m_computeEnd = start + dur;
    b.tasks.push_back(t);
    const int index = static_cast<int>(b.tasks.size()) - 1;
    if (m_commPending && k.heavy) {
        // Clean data parallelism: the bucket's allreduce runs inside this long kernel.
        const TimeNs delta = std::max(1 * kUs, dur * m_rng.range(2, 10) / 100);
        TimeNs commStart = std::max(start + delta, m_pendingLaunch + kLaunchLatencyMin);
        if (m_commEnd >= 0)
            commStart = std::max(commStart, m_commEnd + deviceGap());
        const TimeNs commDur = std::min(dur * m_rng.range(40, 80) / 100, start + dur - kUs - commStart);
        if (commDur > 0)
            placeComm(b, commStart, commDur);
    }
    return index;
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
    return m_rng.range(k.minNs, k.maxNs) * m_cfg.slowdownPermille / 1000;
}

TimeNs Simulator::deviceGap()
{
    return m_rng.range(kDeviceGapMin, kDeviceGapMax);
}

// ---- OverlapTracker ----

void OverlapTracker::record(std::vector<OverlapEvent> &out, OverlapKind kind, TimeNs start, TimeNs end)
{
    if (end <= start)
        return;
    out.push_back({ kind, start, end - start });
    switch (kind) {
    case OverlapKind::Computing:
        m_stats.computing += end - start;
        break;
    case OverlapKind::Communication:
        m_stats.comm += end - start;
        break;
    case OverlapKind::CommNotOverlapped:
        m_stats.notOverlapped += end - start;
        break;
    case OverlapKind::Free:
        m_stats.free += end - start;
        break;
    }
}

void OverlapTracker::closeComm(std::vector<OverlapEvent> &out)
{
    if (!m_commOpen)
        return;
    record(out, OverlapKind::CommNotOverlapped, m_commCursor, m_commEnd);
    m_commOpen = false;
}

void OverlapTracker::add(const DeviceTask &task, std::vector<OverlapEvent> &out)
{
    const TimeNs s = task.start;
    const TimeNs e = task.start + task.dur;
    if (m_stats.firstTask < 0)
        m_stats.firstTask = s;
    if (m_busyEnd >= 0 && s > m_busyEnd)
        record(out, OverlapKind::Free, m_busyEnd, s);
    m_busyEnd = std::max(m_busyEnd, e);
    if (task.comm) {
        closeComm(out);
        record(out, OverlapKind::Communication, s, e);
        m_commOpen = true;
        m_commEnd = e;
        // Earlier compute started before s, so it covers [s, m_computeEnd) if it reaches s.
        m_commCursor = m_computeEnd > s ? std::min(e, m_computeEnd) : s;
        return;
    }
    if (m_commOpen) {
        if (s >= m_commEnd) {
            closeComm(out);
        } else {
            record(out, OverlapKind::CommNotOverlapped, m_commCursor, s);
            m_commCursor = std::max(m_commCursor, e);
            if (m_commCursor >= m_commEnd)
                m_commOpen = false;
        }
    }
    if (m_computeEnd >= 0 && s <= m_computeEnd) {
        m_computeEnd = std::max(m_computeEnd, e);
    } else {
        if (m_computeEnd >= 0)
            record(out, OverlapKind::Computing, m_computeStart, m_computeEnd);
        m_computeStart = s;
        m_computeEnd = e;
    }
}

StepStats OverlapTracker::finishStep(TimeNs stepEnd, std::vector<OverlapEvent> &out)
{
    if (m_computeEnd >= 0)
        record(out, OverlapKind::Computing, m_computeStart, m_computeEnd);
    closeComm(out);
    if (m_busyEnd >= 0)
        record(out, OverlapKind::Free, m_busyEnd, stepEnd);
    const StepStats stats = m_stats;
    *this = OverlapTracker();
    return stats;
}

} // namespace npuscope::gen
