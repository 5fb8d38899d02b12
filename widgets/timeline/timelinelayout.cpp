#include "widgets/timeline/timelinelayout.h"

#include "model/core/trace.h"

#include <QHash>

#include <algorithm>
#include <climits>
#include <map>

namespace npuscope {

namespace {

    QString groupKey(StringId pid, const QString &processName)
    {
        // Hand-built and Kineto traces may lack a pid key: fall back to the process name.
        if (pid.isValid())
            return QLatin1Char('p') + QString::number(pid.value);
        return QLatin1Char('n') + processName;
    }

    QString groupName(const QString &processName, StringId pid, const Trace &trace)
    {
        if (!processName.isEmpty())
            return processName;
        if (pid.isValid())
            return TimelineLayout::tr("Process %1").arg(trace.strings.string(pid));
        return TimelineLayout::tr("Process");
    }

    // Default order of the process groups: what a user opens an NPU profile for comes first.
    // The device streams (with the device idle row), communication and the overlap analysis,
    // then the CANN runtime, then the host threads; processes of counters only (frequency,
    // memory) last. Within a rank the profiler's own process sort decides.
    int kindRank(TrackKind kind)
    {
        switch (kind) {
        case TrackKind::DeviceStream:
            return 0;
        case TrackKind::Communication:
            return 1;
        case TrackKind::OverlapAnalysis:
            return 2;
        case TrackKind::Cann:
            return 3;
        case TrackKind::HostThread:
            return 4;
        case TrackKind::Other:
            break;
        }
        return 5;
    }
    constexpr int kCountersOnlyRank = 6;

    int groupRank(const TimelineGroup &group, const Trace &trace)
    {
        int rank = kCountersOnlyRank;
        for (std::uint32_t t : group.tracks)
            rank = std::min(rank, kindRank(trace.tracks[t].kind));
        return rank;
    }

} // namespace

void TimelineLayout::clear()
{
    m_rows.clear();
    m_groups.clear();
    m_rowOfTrack.clear();
    m_groupOfTrack.clear();
    m_rowOfCounter.clear();
    m_deviceIdleRow = -1;
    m_totalHeight = 0;
}

void TimelineLayout::build(const Trace &trace, const QSet<QString> &collapsed,
    const QSet<std::uint32_t> &expanded, TrackId deviceIdleTrack,
    const std::vector<std::uint32_t> &pinned, const TimelineArrangement &arrangement)
{
    clear();
    std::vector<bool> isPinned(trace.tracks.size(), false);
    for (std::uint32_t t : pinned)
        if (t < isPinned.size())
            isPinned[t] = true;
    collectGroups(trace, collapsed, isPinned, arrangement);
    orderGroups(trace);
    arrange(trace, arrangement);
    if (std::find(isPinned.begin(), isPinned.end(), true) != isPinned.end()) {
        const QString key = QLatin1String(kPinnedKey);
        const bool folded = collapsed.contains(key) || arrangement.collapsed.contains(key);
        TimelineGroup group { key, tr("Pinned"), key, 0, {}, {}, folded, -1, true };
        for (std::uint32_t t : pinned)
            if (t < isPinned.size()
                && std::find(group.tracks.begin(), group.tracks.end(), t) == group.tracks.end())
                group.tracks.push_back(t);
        m_groups.insert(m_groups.begin(), std::move(group));
    }
    placeRows(trace, expanded, deviceIdleTrack, arrangement);
}

void TimelineLayout::collectGroups(const Trace &trace, const QSet<QString> &collapsed,
    const std::vector<bool> &isPinned, const TimelineArrangement &arrangement)
{
    std::map<QString, int> byKey;
    auto groupFor = [&](StringId pid, const QString &processName, std::int64_t sort) -> int {
        const QString key = groupKey(pid, processName);
        auto [it, inserted] = byKey.try_emplace(key, static_cast<int>(m_groups.size()));
        if (inserted) {
            const QString name = groupName(processName, pid, trace);
            const QString item = TimelineArrangement::groupKey(name);
            m_groups.push_back({ key, name, item, sort, {}, {},
                collapsed.contains(key) || arrangement.collapsed.contains(item), -1 });
        }
        return it->second;
    };
    // Names are built only when something is hidden: layouts are rebuilt on every toggle.
    const bool noneHidden = arrangement.hidden.isEmpty();
    for (std::uint32_t i = 0; i < trace.tracks.size(); ++i) {
        const Track &t = trace.tracks[i];
        const int g = groupFor(t.pidKey, t.processName, t.processSort);
        if (!isPinned[i]
            && (noneHidden || !arrangement.hidden.contains(TimelineArrangement::trackKey(t))))
            m_groups[static_cast<std::size_t>(g)].tracks.push_back(i);
    }
    for (std::uint32_t i = 0; i < trace.counters.size(); ++i) {
        const CounterSeries &c = trace.counters[i];
        const int g = groupFor(c.pidKey, c.processName, c.processSort);
        if (noneHidden || !arrangement.hidden.contains(TimelineArrangement::counterKey(c)))
            m_groups[static_cast<std::size_t>(g)].counters.push_back(i);
    }
    // Hidden groups, and groups whose every track is pinned or hidden, have no header.
    std::erase_if(m_groups, [&](const TimelineGroup &g) {
        return arrangement.hidden.contains(g.itemKey) || (g.tracks.empty() && g.counters.empty());
    });
}

void TimelineLayout::arrange(const Trace &trace, const TimelineArrangement &arrangement)
{
    if (arrangement.order.isEmpty())
        return;
    QHash<QString, int> position;
    for (int i = 0; i < arrangement.order.size(); ++i)
        position.insert(arrangement.order[i], i);
    // What the user placed comes in the user's order; anything new keeps its default place
    // after it (stable sorts over the default order).
    auto rankOf = [&](const QString &key) { return position.value(key, INT_MAX); };
    auto byRank = [&](auto &items, auto keyOf) {
        std::stable_sort(items.begin(), items.end(),
            [&](const auto &a, const auto &b) { return rankOf(keyOf(a)) < rankOf(keyOf(b)); });
    };
    byRank(m_groups, [](const TimelineGroup &g) { return g.itemKey; });
    for (TimelineGroup &g : m_groups) {
        byRank(g.tracks,
            [&](std::uint32_t t) { return TimelineArrangement::trackKey(trace.tracks[t]); });
        byRank(g.counters,
            [&](std::uint32_t c) { return TimelineArrangement::counterKey(trace.counters[c]); });
    }
}

void TimelineLayout::orderGroups(const Trace &trace)
{
    std::vector<int> ranks(m_groups.size());
    std::vector<std::size_t> order(m_groups.size());
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        ranks[g] = groupRank(m_groups[g], trace);
        order[g] = g;
    }
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (ranks[a] != ranks[b])
            return ranks[a] < ranks[b];
        return m_groups[a].sort < m_groups[b].sort;
    });
    std::vector<TimelineGroup> sorted;
    sorted.reserve(m_groups.size());
    for (std::size_t g : order)
        sorted.push_back(std::move(m_groups[g]));
    m_groups = std::move(sorted);
}

void TimelineLayout::placeRows(const Trace &trace, const QSet<std::uint32_t> &expanded,
    TrackId deviceIdleTrack, const TimelineArrangement &arrangement)
{
    m_rowOfTrack.assign(trace.tracks.size(), -1);
    m_groupOfTrack.assign(trace.tracks.size(), -1);
    m_rowOfCounter.assign(trace.counters.size(), -1);
    int y = 0;
    auto addRow = [&](TimelineRowKind kind, int group, std::uint32_t index, int height) {
        m_rows.push_back({ kind, group, index, y, height, 0, 0, false });
        y += height;
        return static_cast<int>(m_rows.size()) - 1;
    };
    for (int g = 0; g < static_cast<int>(m_groups.size()); ++g) {
        TimelineGroup &group = m_groups[static_cast<std::size_t>(g)];
        group.headerRow = addRow(TimelineRowKind::Process, g, 0, kProcessHeight);
        if (!group.collapsed && deviceIdleTrack.isValid()
            && std::find(group.tracks.begin(), group.tracks.end(), deviceIdleTrack.value)
                != group.tracks.end())
            m_deviceIdleRow = addRow(TimelineRowKind::DeviceIdle, g, 0, kDeviceIdleHeight);
        for (std::uint32_t t : group.tracks) {
            m_groupOfTrack[t] = g;
            if (group.collapsed)
                continue;
            const int maxDepth = trace.tracks[t].maxDepth;
            // Every kind folds: host call stacks (with_stack Python threads, CANN API nesting)
            // and device streams, whose levels are overlapping tasks (level1's "Stream 4": 15
            // levels of HCCL waits, a quarter of the first screen). "+N levels" in the header
            // says that tasks are hidden; a click, or selecting one of them, shows them.
            const bool deep = maxDepth >= kDefaultDepthCap;
            const bool open = expanded.contains(t)
                || (deep
                    && arrangement.expanded.contains(
                        TimelineArrangement::trackKey(trace.tracks[t])));
            const int shown = deep && !open ? kDefaultDepthCap - 1 : maxDepth;
            m_rowOfTrack[t] = addRow(TimelineRowKind::Track, g, t, trackHeight(shown));
            TimelineRow &row = m_rows.back();
            row.depth = shown;
            row.hiddenLevels = maxDepth - shown;
            row.deep = deep;
        }
        for (std::uint32_t c : group.counters)
            if (!group.collapsed)
                m_rowOfCounter[c] = addRow(TimelineRowKind::Counter, g, c, kCounterHeight);
    }
    m_totalHeight = y;
}

int TimelineLayout::rowAt(int y) const
{
    if (y < 0 || y >= m_totalHeight)
        return -1;
    auto it = std::upper_bound(
        m_rows.begin(), m_rows.end(), y, [](int v, const TimelineRow &r) { return v < r.y; });
    return static_cast<int>(it - m_rows.begin()) - 1;
}

int TimelineLayout::trackRow(TrackId track) const
{
    return track.value < m_rowOfTrack.size() ? m_rowOfTrack[track.value] : -1;
}

int TimelineLayout::counterRow(std::uint32_t counter) const
{
    return counter < m_rowOfCounter.size() ? m_rowOfCounter[counter] : -1;
}

int TimelineLayout::groupOfTrack(TrackId track) const
{
    return track.value < m_groupOfTrack.size() ? m_groupOfTrack[track.value] : -1;
}

QString TimelineLayout::itemKey(const Trace &trace, int row) const
{
    if (row < 0 || row >= static_cast<int>(m_rows.size()))
        return {};
    const TimelineRow &r = m_rows[static_cast<std::size_t>(row)];
    switch (r.kind) {
    case TimelineRowKind::Process:
        return m_groups[static_cast<std::size_t>(r.group)].itemKey;
    case TimelineRowKind::Track:
        return TimelineArrangement::trackKey(trace.tracks[r.index]);
    case TimelineRowKind::Counter:
        return TimelineArrangement::counterKey(trace.counters[r.index]);
    case TimelineRowKind::DeviceIdle:
        break;
    }
    return {};
}

QStringList TimelineLayout::itemOrder(const Trace &trace) const
{
    QStringList order;
    for (const TimelineGroup &g : m_groups) {
        if (g.pinned)
            continue;
        order << g.itemKey;
        for (std::uint32_t t : g.tracks)
            order << TimelineArrangement::trackKey(trace.tracks[t]);
        for (std::uint32_t c : g.counters)
            order << TimelineArrangement::counterKey(trace.counters[c]);
    }
    return order;
}

bool TimelineLayout::sliceY(TrackId track, int depth, double *top, double *height) const
{
    const int row = trackRow(track);
    if (row >= 0) {
        if (depth > m_rows[static_cast<std::size_t>(row)].depth)
            return false;
        *top = sliceTop(m_rows[static_cast<std::size_t>(row)], depth);
        *height = kSliceHeight;
        return true;
    }
    const int group = groupOfTrack(track);
    if (group < 0)
        return false;
    const TimelineRow &header
        = m_rows[static_cast<std::size_t>(m_groups[static_cast<std::size_t>(group)].headerRow)];
    *top = header.y + 4;
    *height = header.height - 8;
    return true;
}

int TimelineLayout::trackHeight(int maxDepth)
{
    return 2 * kTrackPadding + kSliceHeight * (std::max(0, maxDepth) + 1);
}

int TimelineLayout::sliceTop(const TimelineRow &row, int depth)
{
    return row.y + kTrackPadding + depth * kSliceHeight;
}

} // namespace npuscope
