#include "widgets/session/profilesession.h"

#include "model/profile/profile.h"
#include "widgets/timeline/timelinezoomcontrol.h"

#include <algorithm>

namespace npuscope {

namespace {

    // Margin on each side of an evidence range zoomed to, as a fraction of the range, so that what
    // comes just before and after stays in view; at least 1 µs for a single task.
    constexpr double kZoomMargin = 0.1;
    constexpr TimeNs kMinZoomMarginNs = 1000;

} // namespace

ProfileSession::ProfileSession(QObject *parent)
    : QObject(parent)
    , m_zoom(new TimelineZoomControl(this))
{
}

ProfileSession::~ProfileSession() = default;

const StepSpan *ProfileSession::step() const
{
    if (m_stepIndex <= 0 || std::size_t(m_stepIndex) > m_steps.size())
        return nullptr;
    return &m_steps[std::size_t(m_stepIndex - 1)];
}

void ProfileSession::setProfile(std::shared_ptr<const Profile> profile)
{
    if (profile == m_profile && !m_preview)
        return;
    const bool changed = profile != m_profile;
    m_profile = std::move(profile);
    m_rankIndex = -1;
    if (changed) {
        m_analysed.clear();
        m_analysis.reset();
        m_findings.clear();
        m_openIssues.clear();
    }
    if (changed) {
        emit profileChanged();
        emit issuesChanged();
    }
    // A new profile shows its first rank right after: clearing the views in between would only
    // make them flicker. Closing clears them.
    if (m_profile && m_rank) {
        m_rank.reset();
        m_preview = false;
        m_steps.clear();
        m_stepIndex = 0;
        m_selection = EventRef();
    } else if (m_rank) {
        showRank(-1, nullptr, false);
    }
}

void ProfileSession::setRank(int index, std::shared_ptr<const RankProfile> rank)
{
    if (!m_profile || index < 0 || std::size_t(index) >= m_profile->ranks.size())
        return;
    if (index == m_rankIndex && rank == m_rank && !m_preview)
        return;
    showRank(index, std::move(rank), false);
}

void ProfileSession::setPreview(std::shared_ptr<const RankProfile> rank)
{
    if (!rank || rank == m_rank)
        return;
    showRank(m_rankIndex, std::move(rank), true);
}

void ProfileSession::showRank(int index, std::shared_ptr<const RankProfile> rank, bool preview)
{
    const bool hadSelection = m_selection.isValid();
    m_rank = std::move(rank);
    m_rankIndex = index;
    m_preview = preview;
    m_steps = m_rank && m_rank->trace ? findStepSpans(*m_rank->trace) : std::vector<StepSpan>();
    m_stepIndex = 0;
    m_selection = EventRef();
    m_analysis.reset(); // the controller sets the new rank's when it is ready
    m_findings.clear();
    emit rankChanged();
    if (hadSelection)
        emit selectionChanged(m_selection);
}

void ProfileSession::setStep(int index)
{
    if (index < 0 || std::size_t(index) > m_steps.size())
        index = 0;
    if (index == m_stepIndex)
        return;
    m_stepIndex = index;
    emit stepChanged(index);
}

void ProfileSession::setSelection(EventRef ref)
{
    if (ref == m_selection)
        return;
    m_selection = ref;
    emit selectionChanged(ref);
}

std::shared_ptr<const AnalysedRank> ProfileSession::analysedRank(int index) const
{
    return index >= 0 && std::size_t(index) < m_analysed.size() ? m_analysed[std::size_t(index)]
                                                                : nullptr;
}

void ProfileSession::setAnalysedRanks(std::vector<std::shared_ptr<const AnalysedRank>> ranks)
{
    m_analysed = std::move(ranks);
}

void ProfileSession::setAnalysedRank(int index, std::shared_ptr<const AnalysedRank> rank)
{
    if (index >= 0 && std::size_t(index) < m_analysed.size())
        m_analysed[std::size_t(index)] = std::move(rank);
}

void ProfileSession::setAnalysis(
    std::shared_ptr<const RankAnalysis> analysis, std::vector<Finding> findings)
{
    m_analysis = std::move(analysis);
    m_findings = std::move(findings);
    emit analysisChanged();
}

void ProfileSession::setAnalysing(bool running)
{
    if (running == m_analysing)
        return;
    m_analysing = running;
    emit analysingChanged(running);
}

IssueList ProfileSession::issues() const
{
    return m_profile ? m_profile->allIssues() + m_openIssues : m_openIssues;
}

void ProfileSession::setOpenIssues(IssueList issues)
{
    m_openIssues = std::move(issues);
    emit issuesChanged();
}

void ProfileSession::setSelectedRange(TimeNs start, TimeNs end) { emit rangeSelected(start, end); }

void ProfileSession::showKernelRow(qint32 row)
{
    const auto rank = fullRank();
    if (!rank)
        return;
    emit kernelRowShown(row);
    if (const EventRef ref = rank->join.eventOf(row); ref.isValid())
        emit eventRevealed(ref);
    else
        emit message(tr("This kernel has no matching slice in the trace."));
}

void ProfileSession::showEvidence(const EvidenceOnRank &evidence, const QString &label)
{
    emit kernelSubsetShown(evidence.rows, label);
    if (evidence.firstEvent.isValid())
        emit eventRevealed(evidence.firstEvent);
    if (evidence.hasRange()) {
        const TimeNs span = evidence.end - evidence.start;
        const TimeNs margin = std::max(kMinZoomMarginNs, TimeNs(double(span) * kZoomMargin));
        emit rangeRevealed(evidence.start, evidence.end, margin, true);
    }
}

void ProfileSession::findOnTimeline(const QString &name) { emit findRequested(name); }

void ProfileSession::filterKernels(int column, const QString &value)
{
    emit kernelFilterRequested(column, value);
    emit kernelsRevealRequested();
}

void ProfileSession::revealKernels() { emit kernelsRevealRequested(); }

void ProfileSession::showTimeRange(TimeNs start, TimeNs end, EventRef event)
{
    emit rangeRevealed(start, end, (end - start) / 10, !event.isValid());
    if (event.isValid())
        emit eventRevealed(event);
}

void ProfileSession::showMessage(const QString &text) { emit message(text); }

} // namespace npuscope
