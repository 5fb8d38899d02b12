#include "analysis/compare/commgroups.h"

namespace npuscope {

namespace {

    bool inRange(TimeNs t, TimeNs from, TimeNs to) { return from >= to || (t >= from && t <= to); }

    struct Group {
        const Track *ops = nullptr;
        std::vector<const Track *> planes;
    };

    std::vector<Group> groupsOf(const Trace &trace)
    {
        std::vector<Group> groups;
        QString process;
        for (const Track &t : trace.tracks) {
            if (t.kind != TrackKind::Communication)
                continue;
            if (t.processName != process) {
                process = t.processName;
                groups.push_back({}); // planes never belong to another process's group
            }
            if (t.threadName.contains(QLatin1String("Communication")))
                groups.push_back({ &t, {} });
            else if (!t.threadName.isEmpty() && !groups.empty())
                groups.back().planes.push_back(&t);
        }
        std::erase_if(groups, [](const Group &g) { return g.ops == nullptr; });
        return groups;
    }

    // The plane's Notify_Wait tasks that are waiting, not the end of an RDMA transfer.
    std::vector<Interval> notifyWaits(
        const Trace &trace, const Track &plane, TimeNs from, TimeNs to)
    {
        const StringId rdma = trace.strings.find("RDMASend");
        const StringId wait = trace.strings.find("Notify_Wait");
        std::vector<Interval> out;
        std::string last; // the kinds of the last four tasks: R(DMASend), N(otify_Wait), O(ther)
        for (const Event &e : plane.events) {
            if (e.instant)
                continue;
            char kind = 'O';
            if (e.name == rdma) {
                kind = 'R';
            } else if (e.name == wait) {
                kind = 'N';
                const bool transfer = last.size() == 4 && (last == "RRNR" || last.ends_with("RR"));
                if (!transfer && inRange(e.start, from, to))
                    out.push_back({ e.start, e.end() });
            }
            last.push_back(kind);
            if (last.size() > 4)
                last.erase(0, 1);
        }
        return out;
    }

    TimeNs lengthOf(const std::vector<Interval> &intervals)
    {
        TimeNs sum = 0;
        for (const Interval &i : intervals)
            sum += i.length();
        return sum;
    }

} // namespace

std::vector<CommGroupTime> communicationGroups(
    const Trace &trace, TimeNs from, TimeNs to, const IntervalSet &uncovered)
{
    std::vector<CommGroupTime> out;
    for (const Group &g : groupsOf(trace)) {
        std::vector<Interval> ops;
        for (const Event &e : g.ops->events) {
            if (!e.instant && inRange(e.start, from, to))
                ops.push_back({ e.start, e.end() });
        }
        std::vector<Interval> waits;
        bool first = true;
        for (const Track *plane : g.planes) {
            std::vector<Interval> w = notifyWaits(trace, *plane, from, to);
            if (first || lengthOf(w) < lengthOf(waits))
                waits = std::move(w);
            first = false;
        }
        const TimeNs comm
            = IntervalSet::fromUnsorted(std::move(ops)).intersected(uncovered).total();
        const TimeNs wait
            = IntervalSet::fromUnsorted(std::move(waits)).intersected(uncovered).total();
        out.push_back({ g.ops->threadName, wait, comm - wait });
    }
    return out;
}

} // namespace npuscope
