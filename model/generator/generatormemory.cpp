#include "model/generator/generatormemory.h"

#include "model/generator/generatoroutput.h"

#include <algorithm>
#include <charconv>

namespace npuscope::gen {

namespace {

    constexpr std::int64_t kMiB = 1 << 20;
    constexpr int kWeights = 40; // 16 MB each, alive for the whole run
    constexpr int kActivations = 24; // per step, 4-12 MB each
    constexpr std::int64_t kLeakBytes = 64 * kMiB; // Plant::MemoryLeak, per step
    const char *const kOps[]
        = { "aten::convolution", "aten::addmm", "aten::gelu", "aten::native_layer_norm" };

    void putMb(OutFile &f, std::int64_t bytes)
    {
        char buf[32];
        const auto r = std::to_chars(buf, buf + sizeof buf, double(bytes) / double(kMiB));
        f.put(std::string_view(buf, std::size_t(r.ptr - buf)));
    }

    void putTime(OutFile &f, TimeNs t)
    {
        f.putMicros(t);
        f.put('\t'); // as torch_npu writes timestamps
    }

} // namespace

bool GeneratorMemory::wanted(const GeneratorOptions &options)
{
    return options.memory || options.plants.contains(Plant::MemoryLeak)
        || options.plants.contains(Plant::Fragmentation);
}

GeneratorMemory::GeneratorMemory(
    const GeneratorOptions &options, const std::vector<StepTruth> &steps)
    : m_steps(steps)
    , m_leak(options.plants.contains(Plant::MemoryLeak))
    , m_fragmentation(options.plants.contains(Plant::Fragmentation))
{
    simulate();
}

void GeneratorMemory::simulate()
{
    if (m_steps.empty())
        return;
    const TimeNs begin = m_steps.front().startNs - 2'000'000;
    for (int i = 0; i < kWeights; ++i)
        m_allocations.push_back({ "aten::empty_strided", 16 * kMiB, begin + i * 10'000, -1 });
    for (std::size_t s = 0; s < m_steps.size(); ++s) {
        const TimeNs start = m_steps[s].startNs, wall = m_steps[s].wallNs;
        for (int i = 0; i < kActivations; ++i) {
            const std::int64_t bytes = (4 + (i * 7 + int(s) * 3) % 9) * kMiB;
            const TimeNs at = start + (i + 1) * wall / 2 / (kActivations + 1);
            const TimeNs free
                = start + wall * 55 / 100 + (kActivations - i) * wall * 2 / 5 / (kActivations + 1);
            m_allocations.push_back({ kOps[i % 4], bytes, at, free });
        }
        if (m_leak)
            m_allocations.push_back({ "aten::cat", kLeakBytes, start + wall * 3 / 10, -1 });
    }
    // The allocator's totals after each allocation and release, in time order.
    struct Change {
        TimeNs time;
        std::int64_t delta;
        std::size_t index;
    };
    std::vector<Change> changes;
    for (std::size_t i = 0; i < m_allocations.size(); ++i) {
        changes.push_back({ m_allocations[i].allocated, m_allocations[i].bytes, i });
        if (m_allocations[i].released >= 0)
            changes.push_back({ m_allocations[i].released, -m_allocations[i].bytes, i });
    }
    std::stable_sort(changes.begin(), changes.end(),
        [](const Change &a, const Change &b) { return a.time < b.time; });
    std::int64_t allocated = 0, reserved = 0;
    for (const Change &c : changes) {
        allocated += c.delta;
        const std::int64_t wantReserved = m_fragmentation ? 2 * allocated : allocated;
        reserved = std::max(reserved, (wantReserved + 2 * kMiB - 1) / (2 * kMiB) * (2 * kMiB));
        Allocation &a = m_allocations[c.index];
        (c.delta > 0 ? a.allocatedAfter : a.allocatedRelease) = allocated;
        (c.delta > 0 ? a.reservedAfter : a.reservedRelease) = reserved;
        m_samples.push_back({ c.time, allocated, reserved });
    }
}

namespace {

    void recordRow(OutFile &f, const char *component, TimeNs t, std::int64_t allocated,
        std::int64_t reserved, const std::string &device)
    {
        f.put(component);
        f.put(',');
        putTime(f, t);
        f.put(',');
        if (allocated >= 0)
            putMb(f, allocated);
        f.put(',');
        putMb(f, reserved);
        f.put(',');
        if (allocated >= 0)
            putMb(f, allocated);
        f.put(allocated >= 0 ? ",187651234," : ",,");
        f.put(device);
        f.put("\r\n");
    }

    void moduleRow(
        OutFile &f, const char *module, TimeNs t, std::int64_t reserved, const std::string &device)
    {
        f.put(module);
        f.put(',');
        putTime(f, t);
        f.put(',');
        putMb(f, reserved);
        f.put(',');
        f.put(device);
        f.put("\r\n");
    }

} // namespace

std::int64_t GeneratorMemory::reservedAt(TimeNs t) const
{
    const auto it = std::upper_bound(m_samples.begin(), m_samples.end(), t,
        [](TimeNs time, const Sample &s) { return time < s.time; });
    return it == m_samples.begin() ? 0 : std::prev(it)->reserved;
}

bool GeneratorMemory::writeCsv(const QString &dir, int device, QString *error) const
{
    const std::string npu = "NPU:" + std::to_string(device);
    OutFile record, ops, modules;
    if (!record.open(dir + QStringLiteral("/memory_record.csv"))
        || !ops.open(dir + QStringLiteral("/operator_memory.csv"))
        || !modules.open(dir + QStringLiteral("/npu_module_mem.csv"))) {
        *error = !record.ok() ? record.errorString()
            : !ops.ok()       ? ops.errorString()
                              : modules.errorString();
        return false;
    }
    record.put("Component,Timestamp(us),Total Allocated(MB),Total Reserved(MB),Total Active(MB),"
               "Stream Ptr,Device Type\r\n");
    for (const Sample &s : m_samples) {
        recordRow(record, "PTA", s.time, s.allocated, s.reserved, npu);
        recordRow(record, "PTA+GE", s.time, s.allocated + kGeBytes, s.reserved + kGeBytes, npu);
    }
    modules.put("Component,Timestamp(us),Total Reserved(MB),Device\r\n");
    for (const StepTruth &step : m_steps) {
        for (const TimeNs t : { step.startNs, step.startNs + step.wallNs }) {
            const std::int64_t app = reservedAt(t) + kGeBytes;
            recordRow(record, "GE", t, kGeBytes, kGeBytes, npu);
            recordRow(record, "APP", t, -1, app + 300 * kMiB, npu);
            moduleRow(modules, "APP", t, app, npu);
            moduleRow(modules, "HCCL", t, kHcclBytes, npu);
            moduleRow(modules, "RUNTIME", t, kRuntimeBytes, npu);
        }
    }
    ops.put("Name,Size(KB),Allocation Time(us),Release Time(us),Active Release Time(us),"
            "Duration(us),Active Duration(us),Allocation Total Allocated(MB),Allocation Total "
            "Reserved(MB),Allocation Total Active(MB),Release Total Allocated(MB),Release Total "
            "Reserved(MB),Release Total Active(MB),Stream Ptr,Device Type\r\n");
    for (const Allocation &a : m_allocations) {
        ops.put(a.name);
        ops.put(',');
        ops.putInt(a.bytes / 1024);
        ops.put(',');
        putTime(ops, a.allocated);
        ops.put(',');
        if (a.released >= 0) {
            for (int i = 0; i < 2; ++i) {
                putTime(ops, a.released);
                ops.put(',');
            }
            for (int i = 0; i < 2; ++i) {
                putTime(ops, a.released - a.allocated);
                ops.put(',');
            }
        } else {
            ops.put(",,,,"); // never released: no release time, no durations
        }
        for (const std::int64_t v : { a.allocatedAfter, a.reservedAfter, a.allocatedAfter }) {
            putMb(ops, v);
            ops.put(',');
        }
        for (const std::int64_t v : { a.allocatedRelease, a.reservedRelease, a.allocatedRelease }) {
            if (a.released >= 0)
                putMb(ops, v);
            ops.put(',');
        }
        ops.put("187651234,");
        ops.put(npu);
        ops.put("\r\n");
    }
    for (OutFile *f : { &record, &ops, &modules }) {
        if (!f->close()) {
            *error = f->errorString();
            return false;
        }
    }
    return true;
}

} // namespace npuscope::gen
