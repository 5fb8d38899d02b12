#include "analysis/device/devicework.h"

#include "analysis/stats/kernelkinds.h"
#include "analysis/timeline/stepbreakdown.h"

#include <algorithm>
#include <array>
#include <limits>
#include <string_view>

namespace npuscope {

namespace {

    using std::string_view;

    bool contains(string_view s, string_view part) { return s.find(part) != string_view::npos; }

    template <std::size_t N> bool startsWithAny(string_view s, const std::array<string_view, N> &p)
    {
        return std::any_of(p.begin(), p.end(), [s](string_view x) { return s.starts_with(x); });
    }

    // HTA's CommunicateKernelGroupingPattern: ^nccl, ^hip, ^hccl, or ncclKernel anywhere.
    bool isCommunicationName(string_view s)
    {
        static constexpr std::array<string_view, 3> kPrefixes { "nccl", "hip", "hccl" };
        return startsWithAny(s, kPrefixes) || contains(s, "ncclKernel");
    }

    // HTA's MemoryKernelGroupingPattern: ^(hip)?Memcpy, ^(hip)?Memset, ^dma.
    bool isMemoryName(string_view s)
    {
        static constexpr std::array<string_view, 5> kPrefixes { "Memcpy", "hipMemcpy", "Memset",
            "hipMemset", "dma" };
        return startsWithAny(s, kPrefixes);
    }

    // HTA's ComputeKernelGroupingPattern is an inverse match: a kernel computes unless its name
    // is one of these (synchronisations, launches, copies, collectives, MTIA's runtime jobs).
    bool isNotComputeName(string_view s)
    {
        static constexpr std::array<string_view, 10> kPrefixes { "nccl", "Stream Wait Event",
            "runFunction", "hip", "job_exe", "packet", "pe_exe", "cpum_exe_subgraph", "hccl",
            "collective_subgraph_execution" };
        static constexpr std::array<string_view, 4> kAnywhere { "Memcpy", "Memset", "dma", "Sync" };
        if (startsWithAny(s, kPrefixes))
            return true;
        if (std::any_of(
                kAnywhere.begin(), kAnywhere.end(), [s](string_view x) { return contains(s, x); }))
            return true;
        return s.starts_with("cuda") && s.find("LaunchKernel", 4) != string_view::npos;
    }

    // The runtime calls that put a kernel, a copy or a memset on a stream (HTA's
    // get_runtime_launch_events_mask): the launches whose delay and queue HTA measures.
    bool isRuntimeLaunchName(string_view s)
    {
        static constexpr std::array<string_view, 11> kNames { "cudaLaunchKernel",
            "cudaLaunchKernelExC", "cuLaunchKernel", "cuLaunchKernelEx", "cudaMemcpyAsync",
            "cudaMemsetAsync", "hipLaunchKernel", "hipExtModuleLaunchKernel", "hipMemsetAsync",
            "hipMemcpyAsync", "hipMemcpyWithStream" };
        return std::find(kNames.begin(), kNames.end(), s) != kNames.end();
    }

    // Per interned string, a small answer computed once.
    template <class Fn> class StringCache {
    public:
        StringCache(const StringPool &pool, Fn fn)
            : m_pool(pool)
            , m_fn(fn)
            , m_cache(pool.size(), -1)
        {
        }
        int operator()(StringId id)
        {
            if (id.value >= m_cache.size())
                return m_fn(string_view());
            std::int8_t &c = m_cache[id.value];
            if (c < 0)
                c = static_cast<std::int8_t>(m_fn(m_pool.view(id)));
            return c;
        }

    private:
        const StringPool &m_pool;
        Fn m_fn;
        std::vector<std::int8_t> m_cache;
    };

    // The earliest host event with a flow into the row's device event, or an invalid ref.
    EventRef launchOf(const RankProfile &rank, std::size_t row)
    {
        if (!rank.trace || row >= rank.join.rowToEvent.size()
            || !rank.join.rowToEvent[row].isValid())
            return {};
        const Trace &trace = *rank.trace;
        EventRef best;
        for (std::uint32_t f : trace.flowsTo(rank.join.rowToEvent[row])) {
            const EventRef from = trace.flows[f].from;
            if (from.isValid()
                && (!best.isValid() || trace.event(from).start < trace.event(best).start))
                best = from;
        }
        return best;
    }

} // namespace

DeviceWorkKind kinetoKernelKind(std::string_view name)
{
    if (isCommunicationName(name))
        return DeviceWorkKind::Communication;
    if (isMemoryName(name))
        return DeviceWorkKind::Memory;
    return isNotComputeName(name) ? DeviceWorkKind::Other : DeviceWorkKind::Compute;
}

DeviceWork DeviceWork::collect(const RankProfile &rank, const KernelKinds *kinds)
{
    DeviceWork w;
    if (!rank.kernels)
        return w;
    const KernelTable &k = *rank.kernels;
    w.m_kineto = rank.trace && rank.trace->kineto;
    TimeNs cutoff = std::numeric_limits<TimeNs>::max();
    if (w.m_kineto) {
        const std::vector<StepSpan> steps = findStepSpans(*rank.trace);
        if (steps.size() >= 2) {
            w.m_scope = DeviceScope::BeforeLastStep;
            w.m_lastStep = steps.back().name;
            w.m_lastStepStart = cutoff = steps.back().start;
        }
    }
    auto nameKind = [](string_view s) { return int(kinetoKernelKind(s)); };
    StringCache kindOf(k.strings, nameKind);
    static const StringPool kNoStrings;
    auto launchName = [](string_view s) { return isRuntimeLaunchName(s) ? 1 : 0; };
    StringCache runtime(rank.trace ? rank.trace->strings : kNoStrings, launchName);
    for (std::size_t r = 0; r < k.start.size(); ++r) {
        if (k.start[r] == Table::kMissingNs)
            continue;
        DeviceTask t;
        t.start = k.start[r];
        t.end = k.start[r] + k.duration[r];
        t.row = static_cast<qint32>(r);
        t.stream = k.stream[r];
        if (w.m_kineto)
            t.kind = DeviceWorkKind(kindOf(k.name[r]));
        else if (kinds && kinds->isCommunication(qsizetype(r)))
            t.kind = DeviceWorkKind::Communication;
        t.launch = launchOf(rank, r);
        if (t.hasLaunch()) {
            const Event &e = rank.trace->event(t.launch);
            t.launchStart = e.start;
            t.launchEnd = e.end();
            t.runtimeLaunch = !w.m_kineto || runtime(e.name) == 1;
        }
        w.m_tasks.push_back(t);
    }
    w.applyScope(cutoff);
    std::stable_sort(w.m_tasks.begin(), w.m_tasks.end(),
        [](const DeviceTask &a, const DeviceTask &b) { return a.start < b.start; });
    return w;
}

void DeviceWork::applyScope(TimeNs cutoff)
{
    m_linked = std::count_if(
        m_tasks.begin(), m_tasks.end(), [](const DeviceTask &t) { return t.hasLaunch(); });
    // Without a single launch link (a trace stripped of its flows) nothing tells which step
    // launched a task: measure them all rather than none.
    if (m_scope != DeviceScope::BeforeLastStep || m_linked == 0) {
        m_scope = DeviceScope::All;
        m_lastStep.clear();
        m_lastStepStart = 0;
        return;
    }
    const auto before = m_tasks.size();
    std::erase_if(m_tasks,
        [cutoff](const DeviceTask &t) { return !t.hasLaunch() || t.launchStart >= cutoff; });
    m_excluded = qsizetype(before - m_tasks.size());
}

QString deviceScopeId(DeviceScope scope)
{
    return scope == DeviceScope::All ? QStringLiteral("all")
                                     : QStringLiteral("launched_before_last_step");
}

QString deviceWorkKindId(DeviceWorkKind kind)
{
    switch (kind) {
    case DeviceWorkKind::Compute:
        return QStringLiteral("compute");
    case DeviceWorkKind::Communication:
        return QStringLiteral("communication");
    case DeviceWorkKind::Memory:
        return QStringLiteral("memory");
    case DeviceWorkKind::Other:
        return QStringLiteral("other");
    }
    return QString();
}

} // namespace npuscope
