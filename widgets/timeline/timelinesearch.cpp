#include "widgets/timeline/timelinesearch.h"

#include "model/core/trace.h"

#include <QRegularExpression>

#include <algorithm>

namespace npuscope {

namespace {

    // Ids used as event names: the pool also holds categories, pids and flow ids (millions of
    // distinct ids in big traces), which the query need not decode and test.
    std::vector<bool> usedNames(const Trace &trace)
    {
        std::vector<bool> used(trace.strings.size(), false);
        for (const Track &track : trace.tracks)
            for (const Event &e : track.events)
                if (e.name.value < used.size())
                    used[e.name.value] = true;
        return used;
    }

    std::vector<bool> matchNames(
        const Trace &trace, const QString &query, const QRegularExpression *regex, bool *any)
    {
        std::vector<bool> names = usedNames(trace);
        *any = false;
        for (std::uint32_t i = 0; i < names.size(); ++i) {
            if (!names[i])
                continue;
            const std::string_view text = trace.strings.view(StringId(i));
            const QString name
                = QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
            names[i] = !name.isEmpty()
                && (regex ? regex->match(name).hasMatch()
                          : name.contains(query, Qt::CaseInsensitive));
            *any = *any || names[i];
        }
        return names;
    }

} // namespace

TimelineSearchResult TimelineSearch::run(
    const Trace &trace, const QString &query, TimelineSearchMode mode)
{
    TimelineSearchResult result;
    if (query.isEmpty())
        return result;
    QRegularExpression regex;
    if (mode == TimelineSearchMode::Regex) {
        regex = QRegularExpression(query, QRegularExpression::CaseInsensitiveOption);
        if (!regex.isValid()) {
            result.error = tr("Invalid regular expression at offset %1: %2")
                               .arg(regex.patternErrorOffset())
                               .arg(regex.errorString());
            return result;
        }
    }
    bool any = false;
    result.matchingNames
        = matchNames(trace, query, mode == TimelineSearchMode::Regex ? &regex : nullptr, &any);
    if (!any)
        return result;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const auto &events = trace.tracks[t].events;
        for (std::uint32_t i = 0; i < events.size(); ++i)
            if (result.isMatchingName(events[i].name))
                result.matches.push_back({ TrackId(t), i });
    }
    std::sort(result.matches.begin(), result.matches.end(), [&](EventRef a, EventRef b) {
        const TimeNs sa = trace.event(a).start;
        const TimeNs sb = trace.event(b).start;
        return sa != sb ? sa < sb : a < b;
    });
    return result;
}

int TimelineSearch::step(
    const std::vector<EventRef> &matches, int current, EventRef selected, int delta)
{
    const auto count = static_cast<int>(matches.size());
    if (count == 0)
        return -1;
    if (current >= count)
        current = -1;
    if (selected.isValid()
        && (current < 0 || matches[static_cast<std::size_t>(current)] != selected)) {
        const auto it = std::find(matches.begin(), matches.end(), selected);
        if (it != matches.end())
            current = static_cast<int>(it - matches.begin());
    }
    if (current < 0)
        return delta > 0 ? 0 : count - 1;
    return ((current + delta) % count + count) % count;
}

} // namespace npuscope
