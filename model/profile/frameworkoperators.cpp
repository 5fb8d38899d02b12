#include "model/profile/frameworkoperators.h"

#include "model/db/dbtablebuilder.h"

#include <algorithm>
#include <numeric>
#include <string_view>
#include <unordered_map>

namespace npuscope {

namespace {

    constexpr std::uint32_t kNoOp = std::numeric_limits<std::uint32_t>::max();

    struct Op {
        EventRef ref;
        std::uint32_t parent = kNoOp; // the op it is nested in, on its thread
        TimeNs childHost = 0; // the durations of the ops nested directly in it
        TimeNs deviceSelf = 0, deviceTotal = 0, aiCoreSelf = 0, aiCoreTotal = 0;
    };

    struct Ops {
        std::vector<Op> ops; // by track, then start: a parent before its children
        // Per host track, per event: the op it is or is nested in most closely (kNoOp: none),
        // and the task queue's dequeue slice it is in (its index on the track; kNoOp: none).
        std::vector<std::vector<std::uint32_t>> enclosing, dequeue;
    };

    struct Categories {
        StringId cpuOp, oldOp, dequeue; // oldOp: "Operator", as Kineto wrote it before 1.9
    };

    bool isOp(const Trace &trace, const Event &e, const Categories &c)
    {
        // An absent category is an invalid id, as is an event's without one.
        const bool op = (c.cpuOp.isValid() && e.category == c.cpuOp)
            || (c.oldOp.isValid() && e.category == c.oldOp);
        return op && !e.instant && !trace.strings.view(e.name).starts_with("ProfilerStep#");
    }

    // The ops of one host track, with their nesting, by a sweep over the events (sorted by start,
    // longest first, so that a slice comes before the slices it contains).
    void collectTrack(const Trace &trace, const Track &track, const Categories &c, Ops &out)
    {
        std::vector<std::uint32_t> &enclosing = out.enclosing[track.id.value];
        std::vector<std::uint32_t> &dequeue = out.dequeue[track.id.value];
        enclosing.assign(track.events.size(), kNoOp);
        dequeue.assign(track.events.size(), kNoOp);
        std::vector<std::uint32_t> stack; // event indexes that contain the current one
        for (std::uint32_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            while (!stack.empty()) {
                const Event &top = track.events[stack.back()];
                if (top.start <= e.start && e.end() <= top.end())
                    break;
                stack.pop_back();
            }
            const std::uint32_t outer = stack.empty() ? kNoOp : enclosing[stack.back()];
            dequeue[i] = c.dequeue.isValid() && e.category == c.dequeue ? i
                : stack.empty()                                         ? kNoOp
                                                                        : dequeue[stack.back()];
            if (isOp(trace, e, c)) {
                enclosing[i] = std::uint32_t(out.ops.size());
                out.ops.push_back({ EventRef { track.id, i }, outer });
                if (outer != kNoOp)
                    out.ops[outer].childHost += e.duration;
            } else {
                enclosing[i] = outer;
            }
            stack.push_back(i);
        }
    }

    // A kernel on a stream, or an HCCL operation (its tasks share one launch, to the operation).
    bool isDevice(TrackKind kind)
    {
        return kind == TrackKind::DeviceStream || kind == TrackKind::Communication;
    }

    // Work, as torch_npu's operator_details.csv counts it: kernels and memory copies, not the
    // stream synchronisation tasks (EVENT_RECORD, EVENT_WAIT: record_event and wait_event have
    // no device time there) nor the profiler's own (PROFILING_ENABLE / DISABLE).
    bool counts(const Trace &trace, EventRef task)
    {
        const std::string_view name = trace.strings.view(trace.event(task).name);
        return !name.starts_with("EVENT_") && !name.starts_with("PROFILING_");
    }

    bool isAiCore(const RankProfile &rank, EventRef task)
    {
        const qint32 row = rank.join.rowOf(task);
        if (row < 0 || !rank.kernels)
            return false;
        const std::string_view core
            = rank.kernels->strings.view(rank.kernels->core[std::size_t(row)]);
        return core == "AI_CORE" || core == "AI_VECTOR_CORE";
    }

    // The op a host event is in: on its own thread, else, for work the task queue moved to its
    // worker thread, the op that enqueued the dequeue slice it is in (async_task_queue flow).
    std::uint32_t opOf(const Trace &trace, const Ops &ops, EventRef ev)
    {
        auto nested = [&ops](EventRef e) {
            if (e.track.value >= ops.enclosing.size())
                return kNoOp;
            const std::vector<std::uint32_t> &enclosing = ops.enclosing[e.track.value];
            return e.index < enclosing.size() ? enclosing[e.index] : kNoOp;
        };
        const std::uint32_t op = nested(ev);
        if (op != kNoOp || ev.track.value >= ops.dequeue.size()
            || ev.index >= ops.dequeue[ev.track.value].size())
            return op;
        const std::uint32_t dequeue = ops.dequeue[ev.track.value][ev.index];
        if (dequeue == kNoOp)
            return kNoOp;
        for (const std::uint32_t f : trace.flowsTo(EventRef { ev.track, dequeue })) {
            const EventRef enqueue = trace.flows[f].from;
            if (enqueue.isValid() && enqueue.track.value != ev.track.value)
                if (const std::uint32_t queued = nested(enqueue); queued != kNoOp)
                    return queued;
        }
        return kNoOp;
    }

    // Per thread id (its pooled text: one id per text), its host thread track; the first, thread
    // ids rarely repeat across processes.
    using HostByTid = std::unordered_map<std::uint32_t, TrackId>;

    HostByTid hostTracksByTid(const Trace &trace)
    {
        HostByTid out;
        for (const Track &t : trace.tracks)
            if (t.kind == TrackKind::HostThread)
                out.emplace(t.tidKey.value, t.id);
        return out;
    }

    // The op that ran on the framework thread that made a CANN call, when it made it (CANN calls
    // are on tracks of their own, with the thread id of the thread that made them).
    std::uint32_t opAtCall(const Trace &trace, const Ops &ops, const HostByTid &host, EventRef call)
    {
        const auto it = host.find(trace.track(call.track).tidKey.value);
        if (it == host.end())
            return kNoOp;
        const EventRef at = trace.eventAt(it->second, trace.event(call).start);
        return at.isValid() ? opOf(trace, ops, at) : kNoOp;
    }

    // (op, task) for each device task and the op that launched it: an op's own flow (torch_to_npu,
    // or Kineto's ac2g from a runtime call inside it); else the op running on the thread of the
    // CANN call whose HostToDevice flow reaches the task (torch_npu's memory copies have no flow
    // from their op). Each pair once.
    std::vector<std::pair<std::uint32_t, quint64>> launches(const Trace &trace, const Ops &ops)
    {
        const HostByTid host = hostTracksByTid(trace);
        std::vector<std::pair<quint64, std::uint32_t>> fromOps, fromCalls; // (task, op)
        for (const Flow &f : trace.flows) {
            if (!f.from.isValid() || !f.to.isValid() || !isDevice(trace.track(f.to.track).kind))
                continue;
            const TrackKind from = trace.track(f.from.track).kind;
            if (from == TrackKind::HostThread) {
                if (const std::uint32_t op = opOf(trace, ops, f.from); op != kNoOp)
                    fromOps.emplace_back(KernelJoin::key(f.to), op);
            } else if (from == TrackKind::Cann) {
                if (const std::uint32_t op = opAtCall(trace, ops, host, f.from); op != kNoOp)
                    fromCalls.emplace_back(KernelJoin::key(f.to), op);
            }
        }
        std::sort(fromOps.begin(), fromOps.end());
        std::vector<std::pair<std::uint32_t, quint64>> out;
        out.reserve(fromOps.size() + fromCalls.size());
        for (const auto &[task, op] : fromOps)
            out.emplace_back(op, task);
        const auto hasOpFlow = [&](quint64 task) {
            const auto it = std::lower_bound(
                fromOps.begin(), fromOps.end(), std::pair(task, std::uint32_t(0)));
            return it != fromOps.end() && it->first == task;
        };
        for (const auto &[task, op] : fromCalls)
            if (!hasOpFlow(task))
                out.emplace_back(op, task);
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    }

    // Device self and total time of every op.
    void attributeTasks(const RankProfile &rank, Ops &ops)
    {
        const Trace &trace = *rank.trace;
        for (const auto &[op, key] : launches(trace, ops)) {
            const EventRef task { TrackId { std::uint32_t(key >> 32) }, std::uint32_t(key) };
            if (!counts(trace, task))
                continue;
            const TimeNs d = trace.event(task).duration;
            ops.ops[op].deviceSelf += d;
            if (isAiCore(rank, task))
                ops.ops[op].aiCoreSelf += d;
        }
        for (Op &op : ops.ops) {
            op.deviceTotal += op.deviceSelf;
            op.aiCoreTotal += op.aiCoreSelf;
        }
        for (auto it = ops.ops.rbegin(); it != ops.ops.rend(); ++it) {
            if (it->parent == kNoOp)
                continue;
            ops.ops[it->parent].deviceTotal += it->deviceTotal;
            ops.ops[it->parent].aiCoreTotal += it->aiCoreTotal;
        }
    }

    std::shared_ptr<const Table> table(const RankProfile &rank, const Ops &ops)
    {
        const Trace &trace = *rank.trace;
        std::vector<std::uint32_t> order(ops.ops.size());
        std::iota(order.begin(), order.end(), 0U);
        std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            return trace.event(ops.ops[a].ref).start < trace.event(ops.ops[b].ref).start;
        });
        DbTableBuilder b(rank.source.database.isEmpty() ? trace.path : rank.source.database);
        using T = Table::ColumnType;
        const int name = b.addColumn(QStringLiteral("Name"), T::Text);
        static const char *const kHeaders[] = { "Host Self Duration(us)", "Host Total Duration(us)",
            "Device Self Duration(us)", "Device Total Duration(us)",
            "Device Self Duration With AICore(us)", "Device Total Duration With AICore(us)" };
        // A GPU has no AI Core: a Kineto trace's table ends with the device totals.
        const std::size_t shown = trace.kineto ? 4 : std::size(kHeaders);
        std::vector<int> columns;
        for (std::size_t c = 0; c < shown; ++c)
            columns.push_back(b.addColumn(QString::fromLatin1(kHeaders[c]), T::Number, true));
        b.reserve(order.size());
        for (const std::uint32_t i : order) {
            const Op &op = ops.ops[i];
            const Event &e = trace.event(op.ref);
            b.text(name, trace.strings.view(e.name));
            const TimeNs values[] = { e.duration - op.childHost, e.duration, op.deviceSelf,
                op.deviceTotal, op.aiCoreSelf, op.aiCoreTotal };
            for (std::size_t c = 0; c < columns.size(); ++c)
                b.time(columns[c], values[c]);
            b.endRow();
        }
        return b.finish();
    }

} // namespace

std::shared_ptr<const Table> frameworkOperators(const RankProfile &rank)
{
    if (!rank.trace)
        return nullptr;
    const Trace &trace = *rank.trace;
    const Categories c { trace.strings.find("cpu_op"), trace.strings.find("Operator"),
        trace.strings.find("dequeue") };
    if (!c.cpuOp.isValid() && !c.oldOp.isValid())
        return nullptr;
    Ops ops;
    ops.enclosing.resize(trace.tracks.size());
    ops.dequeue.resize(trace.tracks.size());
    for (const Track &track : trace.tracks)
        if (track.kind == TrackKind::HostThread)
            collectTrack(trace, track, c, ops);
    if (ops.ops.empty())
        return nullptr;
    attributeTasks(rank, ops);
    return table(rank, ops);
}

} // namespace npuscope
