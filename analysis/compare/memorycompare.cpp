#include "analysis/compare/memorycompare.h"

#include "model/memory/memoryallocations.h"

#include <QHash>

#include <algorithm>
#include <limits>
#include <optional>

namespace npuscope {

namespace {

    constexpr std::uint32_t kRoot = UINT32_MAX;

    bool inRange(TimeNs t, TimeNs from, TimeNs to) { return from >= to || (t >= from && t <= to); }

    // A cpu_op slice of any host thread; ops of every thread nest in one tree by time, as the
    // vendor's tree builder nests them.
    struct Op {
        TimeNs start = 0;
        TimeNs end = 0;
        StringId name;
        bool step = false; // ProfilerStep#N
        std::uint32_t parent = kRoot;
        TimeNs allocatedNs = 0; // it and its nested ops
        std::int64_t bytes = 0;
    };

    // An allocation placed at the time it is attributed to.
    struct Placed {
        TimeNs at = 0;
        TimeNs allocatedNs = 0;
        std::int64_t bytes = 0;
    };

    struct Dequeue {
        TimeNs start = 0;
        TimeNs end = 0;
        EventRef ref;
    };

    std::vector<Op> cpuOps(const Trace &trace, TimeNs from, TimeNs to)
    {
        const StringId cpuOp = trace.strings.find("cpu_op");
        std::vector<Op> ops;
        for (const Track &t : trace.tracks) {
            if (t.kind != TrackKind::HostThread || !cpuOp.isValid())
                continue;
            for (const Event &e : t.events) {
                if (e.instant || e.category != cpuOp || !inRange(e.start, from, to))
                    continue;
                const bool step
                    = trace.strings.view(e.name).find("ProfilerStep#") != std::string_view::npos;
                ops.push_back({ e.start, e.end(), e.name, step });
            }
        }
        std::stable_sort(ops.begin(), ops.end(), [](const Op &a, const Op &b) {
            return a.start != b.start ? a.start < b.start : a.end > b.end;
        });
        return ops;
    }

    std::vector<Dequeue> dequeues(const Trace &trace)
    {
        std::vector<Dequeue> out;
        const StringId dequeue = trace.strings.find("dequeue");
        if (!dequeue.isValid())
            return out;
        for (const Track &t : trace.tracks) {
            for (std::uint32_t i = 0; i < t.events.size(); ++i) {
                const Event &e = t.events[i];
                if (!e.instant && e.category == dequeue)
                    out.push_back({ e.start, e.end(), EventRef { t.id, i } });
            }
        }
        std::stable_sort(out.begin(), out.end(),
            [](const Dequeue &a, const Dequeue &b) { return a.start < b.start; });
        return out;
    }

    // The time a "cann::" allocation at t counts at: the start of the enqueue slice that queued
    // the dequeue slice holding t (the last dequeue to start by t); none when t is in no dequeue
    // or the dequeue has no enqueue flow.
    std::optional<TimeNs> enqueueTime(
        const Trace &trace, const std::vector<Dequeue> &queue, TimeNs t)
    {
        auto it = std::upper_bound(
            queue.begin(), queue.end(), t, [](TimeNs v, const Dequeue &d) { return v < d.start; });
        if (it == queue.begin())
            return std::nullopt;
        --it;
        if (t > it->end)
            return std::nullopt;
        for (const std::uint32_t f : trace.flowsTo(it->ref)) {
            const EventRef from = trace.flows[f].from;
            if (from.isValid() && from.track != it->ref.track)
                return trace.event(from).start;
        }
        return std::nullopt;
    }

    std::vector<Placed> placeAllocations(const Trace &trace, const MemoryAllocations &all)
    {
        const std::vector<Dequeue> queue = dequeues(trace);
        std::vector<bool> cann(std::size_t(all.names().size()));
        for (qsizetype i = 0; i < all.names().size(); ++i)
            cann[std::size_t(i)] = all.names()[i].contains(QLatin1String("cann::"));
        std::vector<Placed> out;
        out.reserve(all.items().size());
        for (const MemoryAllocation &a : all.items()) {
            const TimeNs held
                = a.released == MemoryAllocation::kNever ? 0 : a.released - a.allocated;
            if (!cann[a.name]) {
                out.push_back({ a.allocated, held, a.bytes });
            } else if (const auto at = enqueueTime(trace, queue, a.allocated)) {
                out.push_back({ *at, held, a.bytes });
            }
        }
        std::stable_sort(
            out.begin(), out.end(), [](const Placed &a, const Placed &b) { return a.at < b.at; });
        return out;
    }

    // Nests ops and allocations by time (an allocation at an op's start belongs to it) and sums
    // each op's allocations over its nested ops.
    void attribute(std::vector<Op> &ops, const std::vector<Placed> &placed)
    {
        std::vector<std::uint32_t> stack;
        std::size_t p = 0;
        const auto openAt = [&](TimeNs t) {
            while (!stack.empty() && t > ops[stack.back()].end)
                stack.pop_back();
        };
        const auto placeUpTo = [&](TimeNs limit) {
            for (; p < placed.size() && placed[p].at < limit; ++p) {
                openAt(placed[p].at);
                if (!stack.empty()) {
                    ops[stack.back()].allocatedNs += placed[p].allocatedNs;
                    ops[stack.back()].bytes += placed[p].bytes;
                }
            }
        };
        for (std::uint32_t i = 0; i < ops.size(); ++i) {
            placeUpTo(ops[i].start);
            openAt(ops[i].start);
            ops[i].parent = stack.empty() ? kRoot : stack.back();
            stack.push_back(i);
        }
        placeUpTo(std::numeric_limits<TimeNs>::max());
        for (std::size_t i = ops.size(); i-- > 0;) {
            if (ops[i].parent != kRoot) {
                ops[ops[i].parent].allocatedNs += ops[i].allocatedNs;
                ops[ops[i].parent].bytes += ops[i].bytes;
            }
        }
    }

    struct Totals {
        TimeNs allocatedNs = 0;
        std::int64_t bytes = 0;
        qint64 count = 0;
    };

    // Top-level operators' totals by name, names in the order they first run.
    std::vector<std::pair<QString, Totals>> byName(const MemorySide &side)
    {
        std::vector<std::pair<QString, Totals>> out;
        if (!side.trace || !side.allocations)
            return out;
        std::vector<Op> ops = cpuOps(*side.trace, side.from, side.to);
        attribute(ops, placeAllocations(*side.trace, *side.allocations));
        QHash<std::uint32_t, std::size_t> at;
        for (const Op &op : ops) {
            const bool top = op.parent == kRoot
                ? !op.step
                : (ops[op.parent].step && ops[op.parent].parent == kRoot);
            if (!top)
                continue;
            auto it = at.find(op.name.value);
            if (it == at.end()) {
                it = at.insert(op.name.value, out.size());
                out.push_back({ side.trace->strings.string(op.name), {} });
            }
            Totals &t = out[it.value()].second;
            t.allocatedNs += op.allocatedNs;
            t.bytes += op.bytes;
            ++t.count;
        }
        return out;
    }

} // namespace

std::vector<MemoryDiffRow> compareOperatorMemory(const MemorySide &base, const MemorySide &next)
{
    const auto b = byName(base);
    const auto n = byName(next);
    std::vector<MemoryDiffRow> rows;
    QHash<QString, std::size_t> at;
    for (const auto &[name, t] : b) {
        at.insert(name, rows.size());
        rows.push_back({ name, t.allocatedNs, t.bytes, t.count, 0, 0, 0 });
    }
    for (const auto &[name, t] : n) {
        auto it = at.constFind(name);
        if (it == at.cend()) {
            it = at.insert(name, rows.size());
            rows.push_back({ name, 0, 0, 0, 0, 0, 0 });
        }
        MemoryDiffRow &r = rows[it.value()];
        r.newAllocatedNs = t.allocatedNs;
        r.newBytes = t.bytes;
        r.newCount = t.count;
    }
    std::stable_sort(rows.begin(), rows.end(), [](const MemoryDiffRow &x, const MemoryDiffRow &y) {
        return x.deltaBytes() > y.deltaBytes();
    });
    return rows;
}

} // namespace npuscope
