#include "model/profile/rankmerge.h"

#include <algorithm>
#include <limits>

namespace npuscope {

namespace {

    // Copies one rank's strings into the merged pool once: ids of the input map by index.
    std::vector<StringId> remapStrings(const StringPool &from, StringPool &to)
    {
        std::vector<StringId> map(from.size());
        for (std::size_t i = 0; i < from.size(); ++i)
            map[i] = to.intern(from.view(StringId(std::uint32_t(i))));
        return map;
    }

    StringId mapped(const std::vector<StringId> &map, StringId id)
    {
        return id.isValid() && id.value < map.size() ? map[id.value] : id;
    }

    // Every process of a rank gets a key of its own: the timeline groups tracks by pid key, and
    // two ranks often run processes with the same pid.
    StringId rankPid(StringPool &pool, const QString &label, const Trace &trace, StringId pid)
    {
        const std::string_view text = trace.strings.view(pid);
        QByteArray key = label.toUtf8() + ':';
        key.append(text.data(), qsizetype(text.size()));
        return pool.intern(std::string_view(key.constData(), std::size_t(key.size())));
    }

    QString rankProcessName(
        const QString &label, const Trace &trace, const QString &name, StringId pid)
    {
        return label + QStringLiteral(" · ") + (name.isEmpty() ? trace.strings.string(pid) : name);
    }

} // namespace

std::vector<std::uint32_t> mergedTrackOffsets(const std::vector<RankTraceInput> &inputs)
{
    std::vector<std::uint32_t> out;
    std::uint32_t offset = 0;
    for (const RankTraceInput &in : inputs) {
        out.push_back(offset);
        if (in.trace)
            offset += std::uint32_t(in.trace->tracks.size());
    }
    return out;
}

std::shared_ptr<Trace> mergeRankTraces(const std::vector<RankTraceInput> &inputs)
{
    auto merged = std::make_shared<Trace>();
    merged->kineto = true;
    TimeNs minTime = std::numeric_limits<TimeNs>::max();
    TimeNs maxTime = std::numeric_limits<TimeNs>::min();
    std::int64_t rankOrder = 0;
    for (const RankTraceInput &in : inputs) {
        if (!in.trace)
            continue;
        const Trace &src = *in.trace;
        const auto strings = remapStrings(src.strings, merged->strings);
        const auto trackOffset = std::uint32_t(merged->tracks.size());
        merged->kineto = merged->kineto && src.kineto;
        for (const Track &t : src.tracks) {
            Track track;
            track.id = TrackId(std::uint32_t(merged->tracks.size()));
            track.pidKey = rankPid(merged->strings, in.label, src, t.pidKey);
            track.tidKey = mapped(strings, t.tidKey);
            track.processName = rankProcessName(in.label, src, t.processName, t.pidKey);
            track.threadName = t.threadName;
            track.processLabels = t.processLabels;
            // Tracks come in display order already; one sort value per rank keeps its groups
            // together and in that order (the layout sorts groups stably).
            track.processSort = rankOrder;
            track.threadSort = t.threadSort;
            track.kind = t.kind;
            track.streamId = t.streamId;
            track.events.reserve(t.events.size());
            for (const Event &e : t.events) {
                Event copy = e;
                copy.start += in.shift;
                copy.argsOffset = 0; // no source to read args from
                copy.name = mapped(strings, e.name);
                copy.category = mapped(strings, e.category);
                track.events.push_back(copy);
            }
            // A uniform shift keeps the order, so event indices (and flows) stay valid.
            Trace::buildTrackIndexes(track);
            merged->tracks.push_back(std::move(track));
        }
        for (const CounterSeries &c : src.counters) {
            CounterSeries series = c;
            series.pidKey = rankPid(merged->strings, in.label, src, c.pidKey);
            series.processName = rankProcessName(in.label, src, c.processName, c.pidKey);
            series.processSort = rankOrder;
            for (TimeNs &t : series.times)
                t += in.shift;
            merged->counters.push_back(std::move(series));
        }
        for (const Flow &f : src.flows) {
            Flow flow = f;
            flow.name = mapped(strings, f.name);
            flow.category = mapped(strings, f.category);
            flow.from.track = TrackId(f.from.track.value + trackOffset);
            flow.to.track = TrackId(f.to.track.value + trackOffset);
            merged->flows.push_back(flow);
        }
        merged->stats += src.stats;
        merged->fileBytes += src.fileBytes;
        minTime = std::min(minTime, src.minTime + in.shift);
        maxTime = std::max(maxTime, src.maxTime + in.shift);
        ++rankOrder;
    }
    if (rankOrder == 0) {
        merged->kineto = false;
        return merged;
    }
    merged->minTime = minTime;
    merged->maxTime = maxTime;
    merged->indexFlows();
    return merged;
}

} // namespace npuscope
