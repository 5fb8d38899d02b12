#pragma once

#include "model/core/types.h"
#include "widgets/timeline/timelinesearch.h"

#include <QObject>

#include <functional>

namespace npuscope {

class Trace;
class TimelineSearchBar;

// A timeline's search by event name: the find bar's query, its matches and the current one.
// The view shows the bar (layoutChanged), outlines result() (resultChanged) and selects the
// match stepped to (matchChosen); stepping continues from the view's selection when the user
// clicked another match.
class TimelineSearchControl : public QObject {
    Q_OBJECT

public:
    // `bar` is the view's child; `selection` reads the view's selected event.
    TimelineSearchControl(
        TimelineSearchBar *bar, std::function<EventRef()> selection, QObject *parent = nullptr);

    void setTrace(const Trace *trace); // runs the query shown again

    void open(); // Ctrl+F: shows the bar and focuses its query
    void close(); // hides the bar and forgets the matches
    bool isOpen() const;
    // Opens the bar with `query` and runs it.
    void setQuery(const QString &query, TimelineSearchMode mode = TimelineSearchMode::Substring);

    const TimelineSearchResult &result() const { return m_result; }
    int currentMatch() const { return m_current; } // index in result().matches or -1
    // Select the next / previous match in start order, wrapping around; false without matches.
    bool findNext();
    bool findPrevious();
    TimelineSearchBar *bar() const { return m_bar; }

signals:
    void layoutChanged(); // the bar was shown or hidden
    void resultChanged();
    void matchChosen(npuscope::EventRef ref);
    void closed();

private:
    void run();
    void step(int delta);

    TimelineSearchBar *m_bar = nullptr;
    std::function<EventRef()> m_selection;
    const Trace *m_trace = nullptr;
    TimelineSearchResult m_result;
    int m_current = -1;
};

} // namespace npuscope
