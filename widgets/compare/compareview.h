#pragma once

#include "analysis/compare/comparison.h"
#include "model/annotations/timelinearrangement.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QTableView;
class QTabWidget;

namespace npuscope {

class CompareDiffModel;
class CompareOverallModel;
class CompareSummaryModel;
class ModuleFlameGraph;
class CompareTintOverlay;
class TimelineView;
class TimelineZoomControl;

// Compare mode: the base run's timeline above the new run's, on one time axis aligned at the
// start of the compared step (one TimelineZoomControl for both: zoom, pan, Backspace and the
// range selection are shared, the new run's clock offset by the difference of the aligned
// starts; scrolling one side's tracks scrolls the other's to the same track, device streams
// first on both, each in its profile's saved arrangement), matched kernels tinted
// faster / slower, unmatched ones marked, and below them the
// summary and the diff tables by work bucket, Type and Name, the time categories of
// msprof-analyze compare and the differential flame graph of the nn.Modules. Selecting a diff
// row, a category or a module frames its kernels (and the module's slices) on both timelines.
class CompareView : public QWidget {
    Q_OBJECT

public:
    // One side: a rank, its analysis, a title ("run_a, rank 0"), and the profile's saved
    // timeline arrangement (the profile's path names it in arrangementChanged).
    struct Side {
        std::shared_ptr<const RankProfile> rank;
        std::shared_ptr<const RankAnalysis> analysis;
        QString title;
        QString profilePath;
        TimelineArrangement arrangement;
    };

    explicit CompareView(QWidget *parent = nullptr);
    ~CompareView() override;

    // Compares the step `stepId` (empty: the first both have). False, with *error, when the
    // runs cannot be compared.
    bool setRuns(const Side &base, const Side &next, const QString &stepId = QString(),
        QString *error = nullptr);
    void swapSides();
    bool setStep(const QString &stepId); // a step id both runs have
    // Aligns the two timelines at a matched kernel instead of the step start: the event selected
    // on either timeline (or `baseEvent`), and its partner. False when it has none.
    bool alignOnSelection();
    bool alignOnEvent(EventRef baseEvent);

    const RunComparison &comparison() const { return m_comparison; }
    TimelineView *baseTimeline() const { return m_baseView; }
    TimelineView *newTimeline() const { return m_newView; }
    TimelineZoomControl *zoomControl() const { return m_zoom; } // shared by both timelines
    CompareTintOverlay *baseOverlay() const { return m_baseOverlay; }
    CompareTintOverlay *newOverlay() const { return m_newOverlay; }
    CompareDiffModel *byTypeModel() const { return m_byType; }
    CompareDiffModel *byNameModel() const { return m_byName; }
    CompareDiffModel *byBucketModel() const { return m_byBucket; }
    CompareSummaryModel *summaryModel() const { return m_summary; }
    CompareOverallModel *overallModel() const { return m_overall; }
    ModuleFlameGraph *moduleFlameGraph() const { return m_flame; }
    TimeNs baseOrigin() const { return m_baseOrigin; }
    TimeNs newOrigin() const { return m_newOrigin; }

    // Frames the kernels of a diff row (by Type, Name or bucket key) on both timelines; newKey,
    // when given, is the new run's name of a renamed kernel (DiffRow::newKey).
    enum class RowKind { Type, Name, Bucket };
    void highlightRow(RowKind kind, const QString &key, const QString &newKey = QString());
    // Frames the kernels of a row of overallModel() on both timelines.
    void highlightCategory(int row);
    // Frames a module of RunComparison::modules (its slices and the kernels launched in it).
    void highlightModule(int row);

signals:
    void leaveRequested();
    void swapRequested();
    // The user rearranged the tracks of a side: to be saved for its profile.
    void arrangementChanged(
        const QString &profilePath, const npuscope::TimelineArrangement &arrangement);

private:
    bool compare(const QString &stepId, QString *error);
    void showComparison();
    void applyTints();
    void applyLimits(); // both views may reach either trace's extent, on their own clocks
    void syncScroll(TimelineView *from);
    QTableView *addTable(CompareDiffModel *model, const QString &title, RowKind kind);
    void fillSteps();
    void addBreakdownTabs();
    void showTraces(); // each side's trace in its arrangement
    void connectArrangements();

    Side m_base;
    Side m_next;
    RunComparison m_comparison;
    TimeNs m_baseOrigin = 0;
    TimeNs m_newOrigin = 0;
    bool m_scrollSyncing = false;
    TimelineZoomControl *m_zoom = nullptr;

    QLabel *m_baseTitle = nullptr;
    QLabel *m_newTitle = nullptr;
    QComboBox *m_stepCombo = nullptr;
    TimelineView *m_baseView = nullptr;
    TimelineView *m_newView = nullptr;
    CompareTintOverlay *m_baseOverlay = nullptr;
    CompareTintOverlay *m_newOverlay = nullptr;
    QTabWidget *m_tabs = nullptr;
    CompareSummaryModel *m_summary = nullptr;
    CompareDiffModel *m_byBucket = nullptr;
    CompareDiffModel *m_byType = nullptr;
    CompareDiffModel *m_byName = nullptr;
    CompareOverallModel *m_overall = nullptr;
    ModuleFlameGraph *m_flame = nullptr;
};

} // namespace npuscope
