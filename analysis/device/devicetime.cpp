#include "analysis/device/devicetime.h"

#include "analysis/device/devicework.h"
#include "analysis/stats/intervals.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace npuscope {

namespace {

    constexpr TimeNs kUs = 1000;

    // A time in µs as a double, as a JSON parser reads "1712195495505543.2": the whole µs are
    // exact below 2^53, the fraction rounds once.
    double usDouble(TimeNs ns) { return double(ns / kUs) + double(ns % kUs) / double(kUs); }

    // A task as HTA's default parser leaves it: ts and dur read as doubles in µs, then ts rounded
    // up and ts + dur down to whole µs, in double arithmetic (at 1.7e15 µs a double resolves
    // 0.25 µs, so ts + dur can round up past the exact end). An end before the start is cut to
    // an empty task.
    Interval htaRoundedTask(const DeviceTask &t)
    {
        const double ts = usDouble(t.start);
        const double end = ts + usDouble(t.end - t.start);
        const auto start = static_cast<TimeNs>(std::ceil(ts));
        const auto stop = std::max(start, static_cast<TimeNs>(std::floor(end)));
        return Interval { start * kUs, stop * kUs };
    }

    struct Breakdown {
        TimeNs span = 0, busy = 0, compute = 0, comm = 0, overlap = 0;
    };

    // Span, busy, compute and communication unions of the tasks, each cut by `cut` first.
    template <class Cut> Breakdown breakdown(const std::vector<DeviceTask> &tasks, Cut cut)
    {
        std::vector<Interval> all, compute, comm;
        all.reserve(tasks.size());
        TimeNs first = std::numeric_limits<TimeNs>::max();
        TimeNs last = std::numeric_limits<TimeNs>::min();
        for (const DeviceTask &t : tasks) {
            const Interval i = cut(t);
            first = std::min(first, i.start);
            last = std::max(last, i.end);
            all.push_back(i);
            if (t.kind == DeviceWorkKind::Compute)
                compute.push_back(i);
            else if (t.kind == DeviceWorkKind::Communication)
                comm.push_back(i);
        }
        Breakdown b;
        if (tasks.empty())
            return b;
        const IntervalSet computeSet = IntervalSet::fromUnsorted(std::move(compute));
        const IntervalSet commSet = IntervalSet::fromUnsorted(std::move(comm));
        b.span = last - first;
        b.busy = IntervalSet::fromUnsorted(std::move(all)).total();
        b.compute = computeSet.total();
        b.comm = commSet.total();
        b.overlap = computeSet.intersected(commSet).total();
        return b;
    }

} // namespace

DeviceTime computeDeviceTime(const DeviceWork &work)
{
    DeviceTime d;
    const std::vector<DeviceTask> &tasks = work.tasks();
    d.tasks = qsizetype(tasks.size());
    const Breakdown exact = breakdown(tasks, [](const DeviceTask &t) {
        return Interval { t.start, t.end };
    });
    d.spanNs = exact.span;
    d.busyNs = exact.busy;
    d.idleNs = exact.span - exact.busy;
    d.computeNs = exact.compute;
    d.nonComputeNs = exact.busy - exact.compute;
    d.commNs = exact.comm;
    d.commOverlapNs = exact.overlap;
    const bool fractional = std::any_of(tasks.begin(), tasks.end(),
        [](const DeviceTask &t) { return t.start % kUs != 0 || t.end % kUs != 0; });
    if (fractional) {
        const Breakdown r = breakdown(tasks, htaRoundedTask);
        d.htaRounded
            = DeviceTime::Rounded { r.span, r.span - r.busy, r.compute, r.busy - r.compute };
    }
    return d;
}

} // namespace npuscope
