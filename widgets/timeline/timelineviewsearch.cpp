// TimelineView: the find bar (Ctrl+F) and stepping through matches.
#include "widgets/timeline/timelineview.h"

#include "widgets/timeline/timelinesearchbar.h"

namespace npuscope {

void TimelineView::layoutSearchBar()
{
    const int height = m_searchBar->isVisibleTo(this) ? m_searchBar->sizeHint().height() : 0;
    setViewportMargins(0, 0, 0, height);
    m_searchBar->setGeometry(0, this->height() - height, width(), height);
}

void TimelineView::openSearch()
{
    const bool wasHidden = !m_searchBar->isVisibleTo(this);
    m_searchBar->focusQuery();
    if (wasHidden) {
        layoutSearchBar();
        runSearch();
    }
}

void TimelineView::closeSearch()
{
    m_searchBar->hide();
    layoutSearchBar();
    m_search = {};
    m_currentMatch = -1;
    setFocus(Qt::OtherFocusReason);
    viewport()->update();
}

void TimelineView::setSearchQuery(const QString &query, TimelineSearchMode mode)
{
    if (!m_searchBar->isVisibleTo(this))
        openSearch();
    const QSignalBlocker blocker(m_searchBar);
    m_searchBar->setRegex(mode == TimelineSearchMode::Regex);
    m_searchBar->setQuery(query);
    runSearch();
}

void TimelineView::runSearch()
{
    m_search = {};
    m_currentMatch = -1;
    if (m_trace && m_searchBar->isVisibleTo(this))
        m_search = TimelineSearch::run(*m_trace, m_searchBar->query(),
            m_searchBar->isRegex() ? TimelineSearchMode::Regex : TimelineSearchMode::Substring);
    m_searchBar->setStatus(-1, static_cast<int>(m_search.matches.size()), m_search.error);
    viewport()->update();
}

void TimelineView::stepMatch(int delta)
{
    const auto &matches = m_search.matches;
    m_currentMatch = TimelineSearch::step(matches, m_currentMatch, m_selected, delta);
    if (m_currentMatch < 0)
        return;
    selectEvent(matches[static_cast<std::size_t>(m_currentMatch)], true);
    m_searchBar->setStatus(m_currentMatch, static_cast<int>(matches.size()), {});
}

bool TimelineView::findNext()
{
    stepMatch(1);
    return !m_search.matches.empty();
}

bool TimelineView::findPrevious()
{
    stepMatch(-1);
    return !m_search.matches.empty();
}

} // namespace npuscope
