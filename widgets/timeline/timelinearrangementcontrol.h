#pragma once

#include "model/annotations/timelinearrangement.h"

#include <QObject>
#include <QStringList>

#include <vector>

class QMenu;

namespace npuscope {

// The user's arrangement of a timeline's tracks (order, hidden, collapsed, expanded) and its
// undo history. The view that shows it rebuilds its layout on changed() and tells it the order
// it shows (setShownOrder) so that moves are relative to what the user sees. Hide, show, move
// and reset can be undone; folding a group or expanding a track cannot (a click undoes it).
class TimelineArrangementControl : public QObject {
    Q_OBJECT

public:
    explicit TimelineArrangementControl(QObject *parent = nullptr);

    const TimelineArrangement &arrangement() const { return m_arrangement; }
    // A saved arrangement, or another view's: replaces this one and its history, emits changed()
    // but not edited().
    void setArrangement(const TimelineArrangement &arrangement);
    // The primitive of every edit: emits changed() and edited() when `next` differs.
    void edit(TimelineArrangement next, bool undoable);

    void setItemHidden(const QString &itemKey, bool hidden);
    void showItems(const QStringList &itemKeys); // one undo step
    void showAllItems();
    void setCollapsed(const QString &groupKey, bool collapsed);
    void setExpanded(const QString &trackKey, bool expanded);
    // Moves a group before another group, or a track (counter) before another of its group;
    // `before` empty: to the end. False when nothing moved.
    bool moveItem(const QString &itemKey, const QString &before);
    void resetArrangement();
    bool undo(); // false when there is nothing to undo
    bool canUndo() const { return !m_undo.empty(); }

    // The item keys shown, in order (the view's layout, pinned tracks left out).
    void setShownOrder(QStringList order) { m_shownOrder = std::move(order); }

    // Adds Show Hidden (a submenu of the hidden items and Show All), Undo Arrangement Change
    // and Reset Arrangement: the header menu has them, and the app's View > Tracks menu.
    void addActions(QMenu &menu);

signals:
    void changed(); // every change: the view lays out again
    void edited(); // a change by the user, to be saved

private:
    // The arrangement with `key` put into (in) or taken out of one of its sets.
    TimelineArrangement withKey(
        QSet<QString> TimelineArrangement::*set, const QString &key, bool in) const;

    TimelineArrangement m_arrangement;
    std::vector<TimelineArrangement> m_undo;
    QStringList m_shownOrder;
};

} // namespace npuscope
