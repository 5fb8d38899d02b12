#include "widgets/timeline/timelinearrangementcontrol.h"

#include <QMenu>
#include <QSet>

namespace npuscope {

namespace {

    // The number of undo steps kept: an arrangement is a few KB.
    constexpr std::size_t kMaxArrangementUndo = 50;

} // namespace

TimelineArrangementControl::TimelineArrangementControl(QObject *parent)
    : QObject(parent)
{
}

void TimelineArrangementControl::setArrangement(const TimelineArrangement &arrangement)
{
    m_arrangement = arrangement;
    m_undo.clear();
    emit changed();
}

void TimelineArrangementControl::edit(TimelineArrangement next, bool undoable)
{
    if (next == m_arrangement)
        return;
    if (undoable) {
        m_undo.push_back(m_arrangement);
        if (m_undo.size() > kMaxArrangementUndo)
            m_undo.erase(m_undo.begin());
    }
    m_arrangement = std::move(next);
    emit changed();
    emit edited();
}

TimelineArrangement TimelineArrangementControl::withKey(
    QSet<QString> TimelineArrangement::*set, const QString &key, bool in) const
{
    TimelineArrangement next = m_arrangement;
    if (in)
        (next.*set).insert(key);
    else
        (next.*set).remove(key);
    return next;
}

void TimelineArrangementControl::setItemHidden(const QString &itemKey, bool hidden)
{
    edit(withKey(&TimelineArrangement::hidden, itemKey, hidden), true);
}

void TimelineArrangementControl::showItems(const QStringList &itemKeys)
{
    TimelineArrangement next = m_arrangement;
    for (const QString &key : itemKeys)
        next.hidden.remove(key);
    edit(std::move(next), true);
}

void TimelineArrangementControl::showAllItems()
{
    TimelineArrangement next = m_arrangement;
    next.hidden.clear();
    edit(std::move(next), true);
}

void TimelineArrangementControl::setCollapsed(const QString &groupKey, bool collapsed)
{
    edit(withKey(&TimelineArrangement::collapsed, groupKey, collapsed), false);
}

void TimelineArrangementControl::setExpanded(const QString &trackKey, bool expanded)
{
    edit(withKey(&TimelineArrangement::expanded, trackKey, expanded), false);
}

bool TimelineArrangementControl::moveItem(const QString &itemKey, const QString &before)
{
    if (m_shownOrder.isEmpty() || itemKey.isEmpty() || itemKey == before)
        return false;
    // The whole order shown, then what was placed before but is not shown now (hidden items,
    // tracks of another rank), so that they keep their place.
    QStringList order = m_shownOrder;
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
    edit(std::move(next), true);
    return m_arrangement != previous;
}

void TimelineArrangementControl::resetArrangement() { edit({}, true); }

bool TimelineArrangementControl::undo()
{
    if (m_undo.empty())
        return false;
    TimelineArrangement previous = std::move(m_undo.back());
    m_undo.pop_back();
    edit(std::move(previous), false);
    return true;
}

void TimelineArrangementControl::addActions(QMenu &menu)
{
    QMenu *hidden = menu.addMenu(tr("Show Hidden"));
    QStringList keys(m_arrangement.hidden.begin(), m_arrangement.hidden.end());
    keys.sort();
    for (const QString &k : keys)
        hidden->addAction(k.mid(2), this, [this, k]() { setItemHidden(k, false); });
    if (!keys.isEmpty()) {
        hidden->addSeparator();
        hidden->addAction(tr("Show All"), this, &TimelineArrangementControl::showAllItems);
    }
    hidden->setEnabled(!keys.isEmpty());
    menu.addAction(tr("Undo Arrangement Change"), this, &TimelineArrangementControl::undo)
        ->setEnabled(canUndo());
    menu.addAction(tr("Reset Arrangement"), this, &TimelineArrangementControl::resetArrangement)
        ->setEnabled(!m_arrangement.isEmpty());
}

} // namespace npuscope
