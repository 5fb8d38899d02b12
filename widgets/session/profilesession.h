#pragma once

#include "analysis/rank/analysedrank.h"
#include "analysis/timeline/stepbreakdown.h"
#include "model/core/issue.h"
#include "model/core/types.h"
#include "widgets/common/metatypes.h"
#include "widgets/session/evidenceonrank.h"

#include <QObject>

#include <memory>
#include <vector>

namespace npuscope {

class TimelineZoomControl;
struct Profile;
struct RankProfile;

// What a window shows: the loaded profile, the rank on screen (or a loading profile's preview),
// its profiler steps and the step picked, the selected event, the visible time range and range
// selection of its timeline (zoom()), and the analysis of each rank. The window and its
// controllers change it; panels subscribe to its signals and read it, instead of being fed. Every
// setter emits only when something changed; a new profile or rank clears what depends on it, and
// the signals come in that order (profile, rank, step, selection); the analysis of the rank on
// screen follows when it is ready (analysisChanged).
class ProfileSession : public QObject {
    Q_OBJECT

public:
    explicit ProfileSession(QObject *parent = nullptr);
    ~ProfileSession() override;

    const std::shared_ptr<const Profile> &profile() const { return m_profile; }
    // The rank on screen: null until one is shown; its summary while its trace loads; during a
    // preview, the preview (the first MiB of a profile still loading, no part of profile()).
    const std::shared_ptr<const RankProfile> &rank() const { return m_rank; }
    // Index in profile()->ranks of the rank shown, -1 for none; during a preview, of the rank
    // that comes back if the load is cancelled.
    int rankIndex() const { return m_rankIndex; }
    // The rank on screen when it is whole: null during a preview (a timeline only) and with none.
    std::shared_ptr<const RankProfile> fullRank() const { return m_preview ? nullptr : m_rank; }
    bool isPreview() const { return m_preview; }

    // The "ProfilerStep#N" slices of the rank's trace, in time order.
    const std::vector<StepSpan> &steps() const { return m_steps; }
    int stepIndex() const { return m_stepIndex; } // 0: all steps, else steps()[stepIndex - 1]
    const StepSpan *step() const;

    EventRef selection() const { return m_selection; }
    // The input issues of the profile and those of the ranks opened in full since.
    IssueList issues() const;
    // The window's timeline zooms through this control; subscribe to it for the visible range.
    TimelineZoomControl *zoom() const { return m_zoom; }

    // Each rank of profile() with its analysis, computed once (by index; null where none).
    std::shared_ptr<const AnalysedRank> analysedRank(int index) const;
    // The analysis of the rank on screen once it is ready: null until then, during a preview and
    // without a rank.
    const std::shared_ptr<const RankAnalysis> &analysis() const { return m_analysis; }
    // The findings of the rank on screen and those across ranks; empty until analysed.
    const std::vector<Finding> &findings() const { return m_findings; }
    bool isAnalysing() const { return m_analysing; }

    // For the analysis controller: the ranks to analyse (by index), a rank replaced by its full
    // load, the analysis of the rank on screen as it arrives, and whether analysis still runs.
    void setAnalysedRanks(std::vector<std::shared_ptr<const AnalysedRank>> ranks);
    void setAnalysedRank(int index, std::shared_ptr<const AnalysedRank> rank);
    void setAnalysis(std::shared_ptr<const RankAnalysis> analysis, std::vector<Finding> findings);
    void setAnalysing(bool running);

    // Null closes the profile. Resets the rank, steps and selection.
    void setProfile(std::shared_ptr<const Profile> profile);
    // index in profile()->ranks. Resets the steps and the selection.
    void setRank(int index, std::shared_ptr<const RankProfile> rank);
    // The timeline of a profile still loading; ends with the next setProfile() or setRank().
    void setPreview(std::shared_ptr<const RankProfile> rank);
    void setStep(int index); // out of range: all steps
    void setSelection(EventRef ref);
    // The range the user selected on the timeline (the end of a shift+drag): the panels that
    // summarise a range follow it.
    void setSelectedRange(TimeNs start, TimeNs end);
    // Issues that opening ranks in full found (beyond those of the profile); emits issuesChanged.
    void setOpenIssues(IssueList issues);

    // What one view asks of the others. Each emits the signals below in the order the views must
    // act (the kernel table before the timeline), so that the window routes nothing between them;
    // the timeline follows through TimelineFollower.
    // A kernel row: its details (kernelRowShown), its slice selected and revealed on the timeline
    // (eventRevealed), or a message() when it has none.
    void showKernelRow(qint32 row);
    // A finding's evidence on the rank on screen: its kernel rows as the table's subset
    // (kernelSubsetShown; no row and no label drops an earlier subset, no row with a label shows
    // an empty one), its first event revealed, its range selected and zoomed to with a margin
    // (rangeRevealed).
    void showEvidence(const EvidenceOnRank &evidence, const QString &label);
    // The events of this exact name found on the timeline (findRequested); the timeline's
    // follower reports the result as a message().
    void findOnTimeline(const QString &name);
    // The kernel table filtered to the rows whose `column` is exactly `value`.
    void filterKernels(int column, const QString &value);
    // An allocation's lifetime selected on the timeline, with the operator that made it revealed
    // when valid, else the range zoomed to.
    void showTimeRange(TimeNs start, TimeNs end, EventRef event);
    // A line for the window's status bar (message()).
    void showMessage(const QString &text);
    // The kernel table brought to the front (kernelsRevealRequested): a finding's rows, a filter.
    // A dock that shows rows beside it (the call tree) does not ask, so that it stays in view.
    void revealKernels();

signals:
    void profileChanged();
    void rankChanged(); // also when the rank becomes null (profile closed) or a preview
    void stepChanged(int index);
    void selectionChanged(EventRef ref);
    void rangeSelected(npuscope::TimeNs start, npuscope::TimeNs end);
    void issuesChanged(); // also with a new profile
    void analysisChanged(); // analysis() or findings(); also when cleared
    void analysingChanged(bool running);
    void kernelRowShown(qint32 row);
    void kernelSubsetShown(const std::vector<qint32> &rows, const QString &label);
    void kernelFilterRequested(int column, const QString &value);
    void kernelsRevealRequested();
    void findRequested(const QString &name);
    void eventRevealed(npuscope::EventRef ref);
    // Select [start, end) on the timeline; with `zoom`, show it with `margin` on each side.
    void rangeRevealed(
        npuscope::TimeNs start, npuscope::TimeNs end, npuscope::TimeNs margin, bool zoom);
    void message(const QString &text);

private:
    void showRank(int index, std::shared_ptr<const RankProfile> rank, bool preview);

    std::shared_ptr<const Profile> m_profile;
    std::shared_ptr<const RankProfile> m_rank;
    int m_rankIndex = -1;
    bool m_preview = false;
    std::vector<StepSpan> m_steps;
    int m_stepIndex = 0;
    EventRef m_selection;
    IssueList m_openIssues;
    TimelineZoomControl *m_zoom = nullptr; // a child
    std::vector<std::shared_ptr<const AnalysedRank>> m_analysed;
    std::shared_ptr<const RankAnalysis> m_analysis;
    std::vector<Finding> m_findings;
    bool m_analysing = false;
};

} // namespace npuscope
