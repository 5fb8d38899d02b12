// TimelineView: the user's arrangement of the tracks (order, hidden, collapsed, expanded) and
// the header drag and menu that change it.
#include "widgets/timeline/timelineview.h"

#include "model/core/trace.h"

#include <QMenu>
#include <QScrollBar>

#include <algorithm>

namespace npuscope {

namespace {

    // The number of undo steps kept: an arrangement is a few KB.
    constexpr std::size_t kMaxArrangementUndo = 50;

} // namespace

void TimelineView::setArrangement(const TimelineArrangement &arrangement)
{
    m_arrangement = arrangement;
    m_arrangementUndo.clear();
    rebuildLayout();
    viewport()->update();
}

void TimelineView::changeArrangement(TimelineArrangement next, bool undoable)
{
    if (next == m_arrangement)
        return;
    if (undoable) {
        m_arrangementUndo.push_back(m_arrangement);
        if (m_arrangementUndo.size() > kMaxArrangementUndo)
            m_arrangementUndo.erase(m_arrangementUndo.begin());
    }
    m_arrangement = std::move(next);
    rebuildLayout();
    viewport()->update();
    emit arrangementChanged();
}

void TimelineView::setGroupCollapsed(int group, bool collapsed)
{
    const auto &groups = m_layout.groups();
    if (group < 0 || group >= static_cast<int>(groups.size()))
        return;
    TimelineArrangement next = m_arrangement;
    const QString key = groups[static_cast<std::size_t>(group)].itemKey;
    if (collapsed)
        next.collapsed.insert(key);
    else
        next.collapsed.remove(key);
    changeArrangement(std::move(next), false);
}

bool TimelineView::isTrackExpanded(TrackId track) const
{
    return m_trace && track.value < m_trace->tracks.size()
        && m_arrangement.expanded.contains(
            TimelineArrangement::trackKey(m_trace->tracks[track.value]));
}

void TimelineView::setTrackExpanded(TrackId track, bool expanded)
{
    if (expanded == isTrackExpanded(track) || !m_trace || track.value >= m_trace->tracks.size())
        return;
    TimelineArrangement next = m_arrangement;
    const QString key = TimelineArrangement::trackKey(m_trace->tracks[track.value]);
    if (expanded)
        next.expanded.insert(key);
    else
        next.expanded.remove(key);
    changeArrangement(std::move(next), false);
}

void TimelineView::setItemHidden(const QString &itemKey, bool hidden)
{
    TimelineArrangement next = m_arrangement;
    if (hidden)
        next.hidden.insert(itemKey);
    else
        next.hidden.remove(itemKey);
    changeArrangement(std::move(next), true);
}

void TimelineView::showAllItems()
{
    TimelineArrangement next = m_arrangement;
    next.hidden.clear();
    changeArrangement(std::move(next), true);
}

bool TimelineView::moveItem(const QString &itemKey, const QString &before)
{
    if (!m_trace || itemKey.isEmpty() || itemKey == before)
        return false;
    // The whole order shown, then what was placed before but is not shown now (hidden items,
    // tracks of another rank), so that they keep their place.
    QStringList order = m_layout.itemOrder(*m_trace);
    const QSet<QString> shown(order.begin(), order.end());
    for (const QString &key : m_arrangement.order)
        if (!shown.contains(key))
            order << key;
    if (!order.removeOne(itemKey))
        return false;
    const qsizetype at = before.isEmpty() ? order.size() : order.indexOf(before);
    if (at < 0)
        return false;
    order.insert(at, itemKey);
    TimelineArrangement next = m_arrangement;
    next.order = std::move(order);
    const TimelineArrangement previous = m_arrangement;
    changeArrangement(std::move(next), true);
    return m_arrangement != previous;
}

void TimelineView::resetArrangement() { changeArrangement({}, true); }

bool TimelineView::undoArrangement()
{
    if (m_arrangementUndo.empty())
        return false;
    TimelineArrangement previous = std::move(m_arrangementUndo.back());
    m_arrangementUndo.pop_back();
    changeArrangement(std::move(previous), false);
    return true;
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
        return addArrangementActions(menu);
    const QString key = m_trace ? m_layout.itemKey(*m_trace, row) : QString();
    const TimelineRow &info = m_layout.rows()[static_cast<std::size_t>(row)];
    const bool pinnedGroup
        = info.group >= 0 && m_layout.groups()[static_cast<std::size_t>(info.group)].pinned;
    if (!key.isEmpty() && !pinnedGroup) {
        menu.addSeparator();
        const QString text = info.kind == TimelineRowKind::Process ? tr("Hide Process")
            : info.kind == TimelineRowKind::Counter                ? tr("Hide Counter")
                                                                   : tr("Hide Track");
        menu.addAction(text, this, [this, key]() { setItemHidden(key, true); });
    }
    addArrangementActions(menu);
}

void TimelineView::addArrangementActions(QMenu &menu)
{
    QMenu *hidden = menu.addMenu(tr("Show Hidden"));
    QStringList keys(m_arrangement.hidden.begin(), m_arrangement.hidden.end());
    keys.sort();
    for (const QString &k : keys)
        hidden->addAction(k.mid(2), this, [this, k]() { setItemHidden(k, false); });
    if (!keys.isEmpty()) {
        hidden->addSeparator();
        hidden->addAction(tr("Show All"), this, &TimelineView::showAllItems);
    }
    hidden->setEnabled(!keys.isEmpty());
    menu.addAction(tr("Undo Arrangement Change"), this, &TimelineView::undoArrangement)
        ->setEnabled(canUndoArrangement());
    menu.addAction(tr("Reset Arrangement"), this, &TimelineView::resetArrangement)
        ->setEnabled(!m_arrangement.isEmpty());
}

} // namespace npuscope
