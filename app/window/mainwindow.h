#pragma once

#include "model/profile/profileloader.h"

#include <QElapsedTimer>
#include <QMainWindow>

#include <memory>
#include <vector>

class QComboBox;
class QDockWidget;
class QLabel;
class QMenu;
class QProgressBar;
class QStackedWidget;
class QToolBar;
class QToolButton;

namespace npuscope {

class AggregationPanel;
class AnalysisController;
class GapControls;
class DetailsPanel;
class FindingsPanel;
class RangeSummaryWidget;
class IssuesPanel;
class KernelTableView;
class MemoryPanel;
class LoadController;
class ProfileSession;
class RankLoader;
class RecentFiles;
class StartPage;
class OperatorsPanel;
class TimelineFollower;
class TimelineView;
struct Evidence;

// The desktop window: a start page or the timeline in the centre, dockable panels around it
// (kernels, aggregation, findings, details, input issues), rank and step selectors, background
// loading with progress and cancel in the status bar. The only place (with its helpers) that shows
// dialogs.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Loads a folder or file in the background; a newer call makes older loads stale.
    void openPath(const QString &path);

    // The profile, rank, step and selection shown: subscribe to it rather than to the window.
    ProfileSession *session() const { return m_session; }
    bool isLoading() const;

    TimelineView *timelineView() const { return m_timeline; }
    KernelTableView *kernelTableView() const { return m_kernelView; }
    AggregationPanel *aggregationPanel() const { return m_aggregation; }
    DetailsPanel *detailsPanel() const { return m_details; }
    IssuesPanel *issuesPanel() const { return m_issues; }
    FindingsPanel *findingsPanel() const { return m_findings; }
    MemoryPanel *memoryPanel() const { return m_memoryPanel; }
    AnalysisController *analysisController() const { return m_analysis; }
    RankLoader *rankLoader() const { return m_rankLoader; } // opens ranks of big profiles
    GapControls *gapControls() const { return m_gaps; }
    QComboBox *rankCombo() const { return m_rankCombo; }
    QComboBox *stepCombo() const { return m_stepCombo; }

public slots:
    void openFolderDialog();
    void openFileDialog();
    void openDemo();
    void closeProfile();
    void cancelLoad();
    void setCurrentRank(int index);
    void setCurrentStep(int index); // 0: all steps
    void resetLayout();

public:
    // Where a controller's dock goes: a tab beside one of the window's own panels.
    enum class DockPlace { BesideKernels, BesideFindings };
    void addTabbedDock(QDockWidget *dock, DockPlace place);

signals:
    void profileLoaded(const QString &path);
    void loadFailed(const QString &path, const QString &message);
    void loadCancelled(const QString &path);

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

public:
    // Menus that controllers (compare, export, ...) add their actions to.
    QMenu *fileMenu() const { return m_fileMenu; }
    QMenu *viewMenu() const { return m_viewMenu; }
    QMenu *toolsMenu() const { return m_toolsMenu; }
    QMenu *helpMenu() const { return m_helpMenu; }
    QToolBar *profileToolBar() const { return m_profileBar; }
    void showStatusMessage(const QString &text);

private:
    // Bump when docks are added or renamed: restoreState() of an older layout is then skipped.
    static constexpr int kStateVersion = 6;

    void createActions();
    void createDocks();
    void createToolBar();
    void createStatusBar();
    void createRankLoader(); // mainwindowranks.cpp
    QDockWidget *addPanel(
        QWidget *panel, const QString &title, const QString &name, Qt::DockWidgetArea area);
    void rebuildRecentMenu();
    void showStartPage();
    void showProfileViews();
    void sizeDefaultDocks();
    void restoreSettings();
    void saveSettings() const;

    void onLoadStarted(const QString &path);
    void onLoaded(const QString &path, const LoadResult &result);
    void onLoadFailed(const QString &path, const QString &message);
    void onPreview(const QString &path, const std::shared_ptr<const Profile> &preview);
    void dropPreview(); // back to the profile shown before the load, if any
    void onLoadEnded();
    // What the status bar says about a rank's timeline when it is not a full trace: made from
    // the kernel table, or absent. Empty for a trace.
    static QString timelineNote(const RankProfile &rank);
    void populateSteps();
    void raiseKernels(); // shows the kernel table's dock on top
    void exportKernels();
    // Where the folder holds both the text export and the profiler database: opens it again
    // reading the one not shown now.
    void readOtherExport();

    LoadController *m_loader = nullptr;
    RankLoader *m_rankLoader = nullptr;
    QElapsedTimer m_rankClock; // for the "rank loaded in N s" status
    RecentFiles *m_recent = nullptr;
    ProfileSession *m_session = nullptr;
    AnalysisController *m_analysis = nullptr; // publishes into m_session
    QByteArray m_defaultState;
    bool m_defaultLayout = true; // no layout saved by the user yet
    // The start page hides the docks; this is the layout they come back in.
    QByteArray m_profileLayout;
    bool m_onStartPage = false;
    QElapsedTimer m_loadClock; // for the "loaded in N s" status
    // The export chosen with readOtherExport() for m_sourcePath; other paths open as discovered.
    QString m_sourcePath;
    SourceFormat m_source = SourceFormat::Auto;
    QAction *m_otherExportAction = nullptr;

    QStackedWidget *m_central = nullptr;
    StartPage *m_startPage = nullptr;
    TimelineView *m_timeline = nullptr;
    GapControls *m_gaps = nullptr; // the gap toggle and threshold of the timeline
    KernelTableView *m_kernelView = nullptr;
    AggregationPanel *m_aggregation = nullptr;
    DetailsPanel *m_details = nullptr;
    IssuesPanel *m_issues = nullptr;
    FindingsPanel *m_findings = nullptr;
    RangeSummaryWidget *m_rangeSummary = nullptr;
    MemoryPanel *m_memoryPanel = nullptr; // the rank's memory files
    OperatorsPanel *m_operators = nullptr; // operator_details.csv
    TimelineFollower *m_timelineFollower = nullptr; // m_timeline on the session
    QDockWidget *m_kernelDock = nullptr;
    QDockWidget *m_findingsDock = nullptr;
    QDockWidget *m_issuesDock = nullptr;
    QToolBar *m_profileBar = nullptr;
    QComboBox *m_rankCombo = nullptr;
    QComboBox *m_stepCombo = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_fileMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_toolsMenu = nullptr;
    QMenu *m_helpMenu = nullptr;
    QAction *m_closeAction = nullptr;
    QLabel *m_statusLabel = nullptr;
    QProgressBar *m_progress = nullptr;
    QToolButton *m_cancelButton = nullptr;
};

} // namespace npuscope
