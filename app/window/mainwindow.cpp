#include "app/window/mainwindow.h"

#include "app/commands/commandline.h"
#include "app/reports/profilesteps.h"
#include "app/window/analysiscontroller.h"
#include "app/window/annotationcontroller.h"
#include "app/window/arrangementcontroller.h"
#include "app/window/calltreecontroller.h"
#include "app/window/clustercontroller.h"
#include "app/window/comparecontroller.h"
#include "app/window/gapcontrols.h"
#include "app/window/loadcontroller.h"
#include "app/window/rankloader.h"
#include "app/window/ranktimelinecontroller.h"
#include "app/window/recentfiles.h"
#include "app/window/startpage.h"
#include "model/core/durationtext.h"
#include "widgets/charts/aggregationpanel.h"
#include "widgets/details/detailspanel.h"
#include "widgets/details/rangesummarywidget.h"
#include "widgets/findings/findingspanel.h"
#include "widgets/findings/issuespanel.h"
#include "widgets/memory/memorypanel.h"
#include "widgets/session/profilesession.h"
#include "widgets/session/timelinefollower.h"
#include "widgets/tables/kerneltablemodel.h"
#include "widgets/tables/kerneltableview.h"
#include "widgets/tables/operatorspanel.h"
#include "widgets/timeline/timeaxis.h"
#include "widgets/timeline/timelineview.h"

#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QRegularExpression>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QToolButton>

namespace npuscope {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_loader(new LoadController(this))
    , m_recent(new RecentFiles(this))
    , m_session(new ProfileSession(this))
    , m_analysis(new AnalysisController(m_session, this))
    , m_central(new QStackedWidget(this))
    , m_startPage(new StartPage(m_recent, this))
    , m_timeline(new TimelineView(this))
    , m_gaps(new GapControls(m_timeline->gapOverlay(), this))
{
    setObjectName(QStringLiteral("MainWindow"));
    m_timeline->setZoomControl(m_session->zoom());
    m_timelineFollower = new TimelineFollower(m_session, m_timeline);
    m_gaps->setSession(m_session);
    setWindowTitle(tr("npuscope"));
    setAcceptDrops(true);
    setDockOptions(AnimatedDocks | AllowTabbedDocks | AllowNestedDocks);
    m_central->addWidget(m_startPage);
    m_central->addWidget(m_timeline);
    setCentralWidget(m_central);

    createDocks();
    createActions();
    createToolBar();
    m_gaps->addTo(m_viewMenu, m_profileBar);
    createStatusBar();
    createRankLoader();
    new CompareController(this, m_rankLoader); // File > Compare With…, drops onto a profile
    // The track arrangement, saved per profile.
    new ArrangementController(m_session, m_timeline->arrangementControl(), m_viewMenu, statusBar());
    auto *cluster = new ClusterController(this, m_analysis); // the Cluster dock of multi-rank runs
    new CallTreeController(this); // the Call Tree dock: device time by host frame
    // View > Show Ranks on One Timeline…
    new RankTimelineController(this, cluster->overview(), m_rankLoader);
    // Tools > Annotations, File > Export Image…
    (new AnnotationController(this))->attach(this, m_timeline, m_findings);
    // The controllers' docks join the others at the top of the View menu.
    const QList<QAction *> viewActions = m_viewMenu->actions();
    const auto separator = std::find_if(
        viewActions.begin(), viewActions.end(), [](const QAction *a) { return a->isSeparator(); });
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        if (!viewActions.contains(dock->toggleViewAction()))
            m_viewMenu->insertAction(
                separator == viewActions.end() ? nullptr : *separator, dock->toggleViewAction());
    m_defaultState = saveState(kStateVersion);
    restoreSettings();
    showStartPage();

    connect(m_startPage, &StartPage::openRequested, this, &MainWindow::openPath);
    connect(m_startPage, &StartPage::openFolderRequested, this, &MainWindow::openFolderDialog);
    connect(m_startPage, &StartPage::openFileRequested, this, &MainWindow::openFileDialog);
    connect(m_startPage, &StartPage::demoRequested, this, &MainWindow::openDemo);
    connect(m_loader, &LoadController::started, this, &MainWindow::onLoadStarted);
    connect(m_loader, &LoadController::progressChanged, m_progress, &QProgressBar::setValue);
    connect(m_loader, &LoadController::previewReady, this, &MainWindow::onPreview);
    connect(m_loader, &LoadController::loaded, this, &MainWindow::onLoaded);
    connect(m_loader, &LoadController::failed, this, &MainWindow::onLoadFailed);
    connect(m_loader, &LoadController::cancelled, this, [this](const QString &path) {
        onLoadEnded();
        dropPreview();
        m_statusLabel->setText(tr("Loading of %1 cancelled.").arg(QDir::toNativeSeparators(path)));
        emit loadCancelled(path);
    });
    connect(m_session, &ProfileSession::rankChanged, this, &MainWindow::populateSteps);
    connect(m_session, &ProfileSession::stepChanged, m_stepCombo, &QComboBox::setCurrentIndex);
    connect(m_timeline, &TimelineView::eventSelected, m_session, &ProfileSession::setSelection);
    connect(m_timeline, &TimelineView::rangeSelected, this, [this](TimeNs t0, TimeNs t1) {
        m_statusLabel->setText(tr("Selected range: %1").arg(formatDuration(t1 - t0)));
        m_session->setSelectedRange(t0, t1);
    });
    // What one view asks of the others goes through the session; the window only raises the
    // kernel table's dock when asked to, and shows the session's messages.
    connect(
        m_kernelView, &KernelTableView::kernelActivated, m_session, &ProfileSession::showKernelRow);
    connect(m_operators, &TablePanel::findOnTimelineRequested, m_session,
        &ProfileSession::findOnTimeline);
    connect(m_aggregation, &AggregationPanel::filterRequested, m_session,
        &ProfileSession::filterKernels);
    connect(m_session, &ProfileSession::kernelsRevealRequested, this, &MainWindow::raiseKernels);
    connect(m_session, &ProfileSession::message, m_statusLabel, &QLabel::setText);
    connect(m_kernelView, &KernelTableView::exportRequested, this, &MainWindow::exportKernels);
}

MainWindow::~MainWindow() = default;

void MainWindow::showStatusMessage(const QString &text) { m_statusLabel->setText(text); }

void MainWindow::showStartPage()
{
    m_central->setCurrentWidget(m_startPage);
    if (m_onStartPage)
        return;
    // Empty panels around the start page look broken; they return with the next profile.
    m_profileLayout = saveState(kStateVersion);
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        dock->hide();
    m_profileBar->hide();
    m_onStartPage = true;
}

void MainWindow::showProfileViews()
{
    m_central->setCurrentWidget(m_timeline);
    if (!m_onStartPage)
        return;
    m_onStartPage = false;
    m_profileBar->show();
    if (!restoreState(m_profileLayout, kStateVersion))
        restoreState(m_defaultState, kStateVersion);
    if (m_defaultLayout) { // once: later the user's own sizes and tabs stand
        sizeDefaultDocks();
        m_defaultLayout = false;
    }
}

// The default layout is made before the window has its size, and its raise() did not stick: the
// right-hand docks came out too narrow (the findings' titles elided), the bottom ones too low
// (a few kernel rows), showing the last panel tabified there. Give them a quarter of the
// window's width and a third of its height, with the kernel table in front.
void MainWindow::sizeDefaultDocks()
{
    resizeDocks({ m_findingsDock }, { std::max(380, width() / 4) }, Qt::Horizontal);
    resizeDocks({ m_kernelDock }, { std::max(300, height() / 3) }, Qt::Vertical);
    m_kernelDock->raise();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    m_loader->cancel();
    saveSettings();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.constFirst().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.constFirst().isLocalFile())
        return;
    event->acceptProposedAction();
    openPath(urls.constFirst().toLocalFile());
}

void MainWindow::openFolderDialog()
{
    const QString dir = QFileDialog::getExistingDirectory(
        this, tr("Open Profile Folder"), m_recent->paths().value(0, QDir::homePath()));
    if (!dir.isEmpty())
        openPath(dir);
}

void MainWindow::openFileDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Profile File"),
        QFileInfo(m_recent->paths().value(0)).absolutePath(),
        tr("Profiles (*.json *.json.gz *.csv *.db *.zip *.tar *.tar.gz *.tgz *.tar.zst);;"
           "Profile archives (*.zip *.tar *.tar.gz *.tgz *.tar.zst);;All files (*)"));
    if (!path.isEmpty())
        openPath(path);
}

void MainWindow::openDemo()
{
    QString error;
    const QString demo = ensureDemoProfile(&error);
    if (demo.isEmpty())
        QMessageBox::warning(
            this, tr("Demo profile"), tr("Cannot write the demo profile: %1").arg(error));
    else
        openPath(demo);
}

void MainWindow::openPath(const QString &path)
{
    m_loadClock.start();
    LoadOptions options;
    options.lazyRanks = true; // ranks load when opened (RankLoader)
    if (path == m_sourcePath)
        options.source = m_source;
    m_loader->start(path, options);
}

void MainWindow::readOtherExport()
{
    const auto &profile = m_session->profile();
    const auto &rank = m_session->rank();
    if (!profile || !rank || m_session->isPreview() || rank->source.otherSource.isEmpty())
        return;
    m_sourcePath = profile->path;
    m_source = rank->source.database.isEmpty() ? SourceFormat::Database : SourceFormat::Text;
    openPath(profile->path);
}

void MainWindow::addTabbedDock(QDockWidget *dock, DockPlace place)
{
    QDockWidget *beside = place == DockPlace::BesideKernels ? m_kernelDock : m_findingsDock;
    addDockWidget(dockWidgetArea(beside), dock);
    tabifyDockWidget(beside, dock);
    beside->raise();
}

bool MainWindow::isLoading() const { return m_loader->isLoading(); }

void MainWindow::cancelLoad()
{
    m_loader->cancel();
    m_rankLoader->cancel();
}

void MainWindow::onLoadStarted(const QString &path)
{
    m_statusLabel->setText(tr("Loading %1…").arg(QDir::toNativeSeparators(path)));
    m_progress->setValue(0);
    m_progress->show();
    m_cancelButton->show();
}

void MainWindow::onLoadEnded()
{
    m_progress->hide();
    m_cancelButton->hide();
}

void MainWindow::onPreview(const QString &path, const std::shared_ptr<const Profile> &preview)
{
    const auto &rank = preview->ranks.front();
    if (!rank->trace)
        return;
    showProfileViews();
    m_session->setPreview(rank); // only the timeline: the rest needs the whole profile
    m_statusLabel->setText(tr("Loading %1… the timeline shows the first %2 events while the rest "
                              "loads.")
                               .arg(QDir::toNativeSeparators(path))
                               .arg(QLocale().toString(rank->trace->sliceCount())));
}

void MainWindow::dropPreview()
{
    if (!m_session->isPreview())
        return;
    if (const int index = m_session->rankIndex(); index >= 0) {
        m_session->setRank(index, m_rankLoader->rank(index));
    } else {
        m_session->setProfile(nullptr);
        showStartPage();
    }
}

void MainWindow::onLoadFailed(const QString &path, const QString &message)
{
    onLoadEnded();
    dropPreview();
    m_statusLabel->setText(tr("Could not open %1.").arg(QDir::toNativeSeparators(path)));
    // Not exec(): a modal loop here would stall everything else the window is doing.
    auto *box = new QMessageBox(QMessageBox::Critical, tr("Cannot Open Profile"),
        tr("npuscope could not open\n%1").arg(QDir::toNativeSeparators(path)), QMessageBox::Ok,
        this);
    box->setInformativeText(message);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    emit loadFailed(path, message);
}

void MainWindow::onLoaded(const QString &path, const LoadResult &result)
{
    onLoadEnded();
    const std::shared_ptr<const Profile> &profile = result.profile;
    m_recent->add(path);
    setWindowFilePath(path);
    setWindowTitle(tr("%1 — npuscope").arg(QFileInfo(path).fileName()));
    m_closeAction->setEnabled(true);
    m_profileBar->setEnabled(true);
    showProfileViews();

    m_rankCombo->clear();
    for (const auto &rank : profile->ranks)
        m_rankCombo->addItem(rank->label());
    m_rankCombo->setEnabled(profile->ranks.size() > 1);
    m_rankLoader->setProfile(profile);
    // After the first frame of the timeline: the analysis must not delay it.
    m_session->setProfile(profile);
    m_analysis->start(profile, 0, m_timeline->viewport());
    setCurrentRank(0);

    const IssueList issues = profile->allIssues();
    const qsizetype events = m_timeline->trace() ? m_timeline->trace()->sliceCount() : 0;
    const QLocale locale;
    QString status = m_rankLoader->isLoading() // summaries only (RankLoader)
        ? tr("%1: %n rank(s), summaries loaded in %2 s; opening the first rank…", nullptr,
            int(profile->ranks.size()))
              .arg(QFileInfo(path).fileName())
              .arg(double(m_loadClock.elapsed()) / 1000.0, 0, 'f', 2)
        : tr("%1: %n rank(s), %2 events, %3 kernels, loaded in %4 s.", nullptr,
            int(profile->ranks.size()))
              .arg(QFileInfo(path).fileName())
              .arg(locale.toString(events))
              .arg(locale.toString(m_kernelView->model()->totalRowCount()))
              .arg(double(m_loadClock.elapsed()) / 1000.0, 0, 'f', 2);
    const auto &rank = m_session->rank();
    if (rank && !timelineNote(*rank).isEmpty())
        status += QLatin1Char(' ') + timelineNote(*rank);
    if (rank && !rank->source.sourceNote().isEmpty())
        status += QLatin1Char(' ') + tr("Read from the %1.").arg(rank->source.sourceNote());
    m_otherExportAction->setEnabled(rank && !rank->source.otherSource.isEmpty());
    if (!issues.isEmpty())
        status += QLatin1Char(' ') + tr("%1 input issue(s): see Input Issues.").arg(issues.size());
    m_statusLabel->setText(status);
    if (profile->hasErrors())
        m_issuesDock->raise();
    emit profileLoaded(path);
}

void MainWindow::setCurrentRank(int index)
{
    const auto &profile = m_session->profile();
    if (!profile || index < 0 || std::size_t(index) >= profile->ranks.size())
        return;
    // Shown already, unless only its summary is (a new profile whose first rank is loading).
    if (index == m_session->rankIndex() && !m_session->isPreview()
        && !m_rankLoader->needsLoad(index))
        return;
    const bool loading = m_rankLoader->open(index); // cancels another rank's load
    m_rankCombo->setCurrentIndex(index); // back to the rank shown if this load is cancelled
    if (loading) {
        if (m_session->rankIndex() < 0) // a new profile: its summary, not the last one's views
            m_session->setRank(index, m_rankLoader->rank(index));
        return; // shown when loaded
    }
    m_rankLoader->touch(index);
    m_session->setRank(index, m_rankLoader->rank(index));
}

void MainWindow::populateSteps()
{
    m_stepCombo->clear();
    m_stepCombo->addItem(tr("All steps"));
    for (const StepRange &step : m_session->steps()) {
        m_stepCombo->addItem(tr("%1  (%2)").arg(step.name, formatDuration(step.end - step.start)));
    }
    m_stepCombo->setEnabled(!m_session->steps().empty());
}

void MainWindow::setCurrentStep(int index)
{
    const auto &rank = m_session->rank();
    if (!rank || !rank->trace)
        return;
    if (index == m_session->stepIndex())
        m_timelineFollower->showStep(); // back to the step's range after zooming away from it
    m_session->setStep(index);
}

void MainWindow::closeProfile()
{
    m_loader->cancel();
    m_analysis->clear();
    m_session->setProfile(nullptr); // empties the timeline and the panels (they follow it)
    m_rankLoader->setProfile(nullptr);
    m_rankCombo->clear();
    m_stepCombo->clear();
    m_profileBar->setEnabled(false);
    m_closeAction->setEnabled(false);
    m_otherExportAction->setEnabled(false);
    showStartPage();
    setWindowFilePath(QString());
    setWindowTitle(tr("npuscope"));
    m_statusLabel->setText(tr("Open a profile folder or file to begin."));
}

void MainWindow::raiseKernels()
{
    m_kernelDock->show();
    m_kernelDock->raise();
}

void MainWindow::exportKernels()
{
    if (m_kernelView->model()->rowCount() == 0) {
        m_statusLabel->setText(tr("There are no kernel rows to export."));
        return;
    }
    const QString suggested
        = QDir(QFileInfo(windowFilePath()).absolutePath()).filePath(QStringLiteral("kernels.csv"));
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Kernels"), suggested, tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!m_kernelView->exportCsv(path, &error)) {
        QMessageBox::warning(this, tr("Export Kernels"),
            tr("Could not write %1:\n%2").arg(QDir::toNativeSeparators(path), error));
        return;
    }
    m_statusLabel->setText(tr("Exported %1 rows to %2.")
                               .arg(QLocale().toString(m_kernelView->model()->rowCount()),
                                   QDir::toNativeSeparators(path)));
}

} // namespace npuscope
