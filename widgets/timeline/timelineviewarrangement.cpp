// TimelineView: the user's arrangement of the tracks (order, hidden, collapsed, expanded) and
// the header drag and menu that change it.
#include "widgets/timeline/timelineview.h"

#include "model/core/trace.h"

#include <QMenu>
#include <QScrollBar>

#include <algorithm>

namespace npuscope {

void TimelineView::setGroupCollapsed(int group, bool collapsed)
{
    const auto &groups = m_layout.groups();
    if (group >= 0 && group < static_cast<int>(groups.size()))
        m_arrangement->setCollapsed(groups[static_cast<std::size_t>(group)].itemKey, collapsed);
}

bool TimelineView::isTrackExpanded(TrackId track) const
{
    return m_trace && track.value < m_trace->tracks.size()
        && m_arrangement->arrangement().expanded.contains(
            TimelineArrangement::trackKey(m_trace->tracks[track.value]));
}

void TimelineView::setTrackExpanded(TrackId track, bool expanded)
{
    if (expanded == isTrackExpanded(track) || !m_trace || track.value >= m_trace->tracks.size())
        return;
    m_arrangement->setExpanded(
        TimelineArrangement::trackKey(m_trace->tracks[track.value]), expanded);
}

void TimelineView::headerClicked(int row)
{
    const TimelineRow &info = m_layout.rows()[static_cast<std::size_t>(row)];
    if (info.kind == TimelineRowKind::Process)
        setGroupCollapsed(
            info.group, !m_layout.groups()[static_cast<std::size_t>(info.group)].collapsed);
    else if (info.kind == TimelineRowKind::Track && info.deep)
        setTrackExpanded(TrackId(info.index), info.hiddenLevels > 0);
}

bool TimelineView::dropTarget(const QPoint &pos, QString *key, QString *before, int *lineY) const
{
    const auto &rows = m_layout.rows();
    if (!m_trace || m_dragRow < 0 || m_dragRow >= static_cast<int>(rows.size()) || rows.empty())
        return false;
    const TimelineRow &dragged = rows[static_cast<std::size_t>(m_dragRow)];
    const TimelineGroup &home = m_layout.groups()[static_cast<std::size_t>(dragged.group)];
    *key = m_layout.itemKey(*m_trace, m_dragRow);
    if (key->isEmpty() || home.pinned)
        return false;
    const int scroll = verticalScrollBar()->value();
    const int y = std::clamp(pos.y() - kRulerHeight + scroll, 0, m_layout.totalHeight() - 1);
    const TimelineRow &over = rows[static_cast<std::size_t>(m_layout.rowAt(y))];
    // The candidates: group headers for a group, rows of the same kind in the same group for
    // a track or a counter. The drop goes before the first candidate whose middle is below y.
    const bool group = dragged.kind == TimelineRowKind::Process;
    if (!group && over.group != dragged.group)
        return false;
    int lastBottom = -1;
    for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
        const TimelineRow &c = rows[static_cast<std::size_t>(r)];
        const bool candidate = group ? c.kind == TimelineRowKind::Process
                && !m_layout.groups()[static_cast<std::size_t>(c.group)].pinned
                                     : c.kind == dragged.kind && c.group == dragged.group;
        if (!candidate)
            continue;
        const int middle = c.y + (group ? TimelineLayout::kProcessHeight : c.height) / 2;
        if (y < middle) {
            *before = m_layout.itemKey(*m_trace, r);
            *lineY = c.y - scroll + kRulerHeight;
            return *before != *key;
        }
        lastBottom = c.y + c.height;
    }
    before->clear();
    *lineY = (group ? m_layout.totalHeight() : lastBottom) - scroll + kRulerHeight;
    return true;
}

void TimelineView::addHeaderActions(QMenu &menu, int row)
{
    if (row < 0) // below the last header: what brings hidden tracks back
        return m_arrangement->addActions(menu);
    const QString key = m_trace ? m_layout.itemKey(*m_trace, row) : QString();
    const TimelineRow &info = m_layout.rows()[static_cast<std::size_t>(row)];
    const bool pinnedGroup
        = info.group >= 0 && m_layout.groups()[static_cast<std::size_t>(info.group)].pinned;
    if (!key.isEmpty() && !pinnedGroup) {
        menu.addSeparator();
        const QString text = info.kind == TimelineRowKind::Process ? tr("Hide Process")
            : info.kind == TimelineRowKind::Counter                ? tr("Hide Counter")
                                                                   : tr("Hide Track");
        menu.addAction(text, this, [this, key]() { m_arrangement->setItemHidden(key, true); });
    }
    m_arrangement->addActions(menu);
}

} // namespace npuscope
