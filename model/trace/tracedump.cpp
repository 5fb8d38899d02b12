#include "model/trace/tracedump.h"

#include <QTextStream>

namespace npuscope {

namespace {

    const char *kindName(TrackKind k)
    {
        switch (k) {
        case TrackKind::HostThread:
            return "host";
        case TrackKind::Cann:
            return "cann";
        case TrackKind::DeviceStream:
            return "device";
        case TrackKind::Communication:
            return "comm";
        case TrackKind::OverlapAnalysis:
            return "overlap";
        case TrackKind::Other:
            return "other";
        }
        return "?";
    }

} // namespace

QString dumpTrace(const Trace &trace, int maxEventsPerTrack)
{
    QString out;
    QTextStream s(&out);
    const TraceStats &st = trace.stats;
    s << "events " << st.events << " X " << st.complete << " BE " << st.beginEnd << " i "
      << st.instant << " C " << st.counter << " flow " << st.flow << " M " << st.metadata
      << " other " << st.other << " dropped " << st.droppedBytes << '\n';
    for (const Track &t : trace.tracks) {
        s << "track " << t.id.value << " [" << kindName(t.kind) << "] " << t.processName << " / "
          << t.displayName() << " stream " << t.streamId << " depth " << t.maxDepth << " n "
          << t.events.size() << '\n';
        int shown = 0;
        for (const Event &e : t.events) {
            if (shown++ >= maxEventsPerTrack)
                break;
            s << "  " << (e.start - trace.minTime) << " +" << e.duration << " d" << e.depth << ' '
              << trace.strings.string(e.name) << (e.instant ? " (instant)" : "") << '\n';
        }
    }
    for (const CounterSeries &c : trace.counters) {
        s << "counter " << c.processName << " / " << c.name << " n " << c.times.size() << " min "
          << c.minValue << " max " << c.maxValue << '\n';
    }
    for (const Flow &f : trace.flows) {
        s << "flow " << trace.strings.string(f.category) << ' ' << trace.strings.string(f.name)
          << ' ' << f.from.track.value << ':' << f.from.index << " -> " << f.to.track.value << ':'
          << f.to.index << '\n';
    }
    return out;
}

} // namespace npuscope
