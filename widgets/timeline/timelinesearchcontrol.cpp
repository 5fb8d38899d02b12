#include "widgets/timeline/timelinesearchcontrol.h"

#include "widgets/timeline/timelinesearchbar.h"

namespace npuscope {

TimelineSearchControl::TimelineSearchControl(
    TimelineSearchBar *bar, std::function<EventRef()> selection, QObject *parent)
    : QObject(parent)
    , m_bar(bar)
    , m_selection(std::move(selection))
{
    m_bar->hide();
    connect(m_bar, &TimelineSearchBar::queryChanged, this, &TimelineSearchControl::run);
    connect(m_bar, &TimelineSearchBar::nextRequested, this, &TimelineSearchControl::findNext);
    connect(
        m_bar, &TimelineSearchBar::previousRequested, this, &TimelineSearchControl::findPrevious);
    connect(m_bar, &TimelineSearchBar::closeRequested, this, &TimelineSearchControl::close);
}

void TimelineSearchControl::setTrace(const Trace *trace)
{
    m_trace = trace;
    run();
}

bool TimelineSearchControl::isOpen() const
{
    return m_bar->parentWidget() ? m_bar->isVisibleTo(m_bar->parentWidget()) : m_bar->isVisible();
}

void TimelineSearchControl::open()
{
    const bool wasHidden = !isOpen();
    m_bar->focusQuery();
    if (wasHidden) {
        emit layoutChanged();
        run();
    }
}

void TimelineSearchControl::close()
{
    m_bar->hide();
    emit layoutChanged();
    m_result = {};
    m_current = -1;
    emit closed();
    emit resultChanged();
}

void TimelineSearchControl::setQuery(const QString &query, TimelineSearchMode mode)
{
    if (!isOpen())
        open();
    const QSignalBlocker blocker(m_bar);
    m_bar->setRegex(mode == TimelineSearchMode::Regex);
    m_bar->setQuery(query);
    run();
}

void TimelineSearchControl::run()
{
    m_result = {};
    m_current = -1;
    if (m_trace && isOpen())
        m_result = TimelineSearch::run(*m_trace, m_bar->query(),
            m_bar->isRegex() ? TimelineSearchMode::Regex : TimelineSearchMode::Substring);
    m_bar->setStatus(-1, static_cast<int>(m_result.matches.size()), m_result.error);
    emit resultChanged();
}

void TimelineSearchControl::step(int delta)
{
    const auto &matches = m_result.matches;
    m_current = TimelineSearch::step(matches, m_current, m_selection(), delta);
    if (m_current < 0)
        return;
    emit matchChosen(matches[static_cast<std::size_t>(m_current)]);
    m_bar->setStatus(m_current, static_cast<int>(matches.size()), {});
}

bool TimelineSearchControl::findNext()
{
    step(1);
    return !m_result.matches.empty();
}

bool TimelineSearchControl::findPrevious()
{
    step(-1);
    return !m_result.matches.empty();
}

} // namespace npuscope
