// MainWindow's construction: docks, menus, tool bar, status bar, and the persisted layout.
#include "app/window/mainwindow.h"

#include "app/desktop/aboutdialog.h"
#include "app/desktop/settingsdialog.h"
#include "app/window/loadcontroller.h"
#include "app/window/recentfiles.h"
#include "widgets/charts/aggregationpanel.h"
#include "widgets/details/detailspanel.h"
#include "widgets/details/rangesummarywidget.h"
#include "widgets/findings/findingspanel.h"
#include "widgets/findings/issuespanel.h"
#include "widgets/memory/memorypanel.h"
#include "widgets/session/profilesession.h"
#include "widgets/tables/kerneltableview.h"
#include "widgets/tables/operatorspanel.h"

#include "widgets/timeline/timelineview.h"

#include <QActionGroup>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QToolButton>

namespace npuscope {

namespace {

    const char kGeometryKey[] = "mainWindow/geometry";
    const char kStateKey[] = "mainWindow/state";
    const char kHiddenColumnsKey[] = "kernelTable/hiddenColumns";

    QString settingsKey(const char *key) { return QLatin1String(key); }

} // namespace

void MainWindow::createDocks()
{
    m_kernelView = new KernelTableView(this);
    m_aggregation = new AggregationPanel(this);
    m_details = new DetailsPanel(this);
    m_issues = new IssuesPanel(this);
    m_findings = new FindingsPanel(this);
    m_rangeSummary = new RangeSummaryWidget(this);
    m_operators = new OperatorsPanel(m_session, this);
    // The panels follow the session: the rank on screen, its analysis, the selection.
    m_kernelView->setSession(m_session);
    m_aggregation->setSession(m_session);
    m_details->setSession(m_session);
    m_issues->setSession(m_session);
    m_findings->setSession(m_session);
    m_rangeSummary->setSession(m_session);
    m_kernelDock = addPanel(
        m_kernelView, tr("Kernels"), QStringLiteral("KernelsDock"), Qt::BottomDockWidgetArea);
    QDockWidget *aggregation = addPanel(m_aggregation, tr("Aggregation"),
        QStringLiteral("AggregationDock"), Qt::BottomDockWidgetArea);
    m_issuesDock = addPanel(
        m_issues, tr("Input Issues"), QStringLiteral("IssuesDock"), Qt::BottomDockWidgetArea);
    QDockWidget *findings = m_findingsDock = addPanel(
        m_findings, tr("Findings"), QStringLiteral("FindingsDock"), Qt::RightDockWidgetArea);
    QDockWidget *details = addPanel(
        m_details, tr("Details"), QStringLiteral("DetailsDock"), Qt::RightDockWidgetArea);
    splitDockWidget(findings, details, Qt::Vertical);
    tabifyDockWidget(m_kernelDock, aggregation);
    QDockWidget *operators = addPanel(
        m_operators, tr("Operators"), QStringLiteral("OperatorsDock"), Qt::BottomDockWidgetArea);
    tabifyDockWidget(aggregation, operators);
    tabifyDockWidget(operators, m_issuesDock);
    QDockWidget *rangeSummary = addPanel(m_rangeSummary, tr("Range Summary"),
        QStringLiteral("RangeSummaryDock"), Qt::BottomDockWidgetArea);
    tabifyDockWidget(m_issuesDock, rangeSummary);
    m_memoryPanel = new MemoryPanel(this);
    m_memoryPanel->setSession(m_session);
    tabifyDockWidget(rangeSummary,
        addPanel(
            m_memoryPanel, tr("Memory"), QStringLiteral("MemoryDock"), Qt::BottomDockWidgetArea));
    // An allocation picked in the Memory view: its lifetime selected, its operator shown.
    connect(
        m_memoryPanel, &MemoryPanel::allocationSelected, m_session, &ProfileSession::showTimeRange);
    m_kernelDock->raise();
    resizeDocks({ m_kernelDock }, { 300 }, Qt::Vertical);
    resizeDocks({ details }, { 380 }, Qt::Horizontal);
}

QDockWidget *MainWindow::addPanel(
    QWidget *panel, const QString &title, const QString &name, Qt::DockWidgetArea area)
{
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(name); // saveState() finds docks by object name
    dock->setWidget(panel);
    addDockWidget(area, dock);
    return dock;
}

void MainWindow::createActions()
{
    QMenu *file = m_fileMenu = menuBar()->addMenu(tr("&File"));
    QAction *openFolder = file->addAction(tr("Open &Folder…"), this, &MainWindow::openFolderDialog);
    openFolder->setShortcut(QKeySequence::Open);
    openFolder->setIcon(style()->standardIcon(QStyle::SP_DirOpenIcon));
    QAction *openFile = file->addAction(tr("Open F&ile…"), this, &MainWindow::openFileDialog);
    openFile->setShortcut(QKeySequence(tr("Ctrl+Shift+O")));
    openFile->setIcon(style()->standardIcon(QStyle::SP_FileIcon));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    file->addAction(tr("Open &Demo Profile"), this, &MainWindow::openDemo);
    file->addSeparator();
    file->addAction(tr("&Export Visible Kernels to CSV…"), this, &MainWindow::exportKernels);
    m_otherExportAction = file->addAction(
        tr("Read the &Other Export (Text / Database)"), this, &MainWindow::readOtherExport);
    m_otherExportAction->setEnabled(false);
    file->addSeparator();
    m_closeAction = file->addAction(tr("&Close Profile"), this, &MainWindow::closeProfile);
    m_closeAction->setShortcut(QKeySequence::Close);
    m_closeAction->setEnabled(false);
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        m_viewMenu->addAction(dock->toggleViewAction());
    m_viewMenu->addSeparator();
    QMenu *colours = m_viewMenu->addMenu(tr("&Colour Slices By"));
    auto *colourGroup = new QActionGroup(colours);
    const std::pair<QString, TimelineColorMode> modes[] = {
        { tr("&Name"), TimelineColorMode::Name },
        { tr("&Category"), TimelineColorMode::Category },
        { tr("&Accelerator Core"), TimelineColorMode::AcceleratorCore },
    };
    for (const auto &[label, mode] : modes) {
        QAction *action = colours->addAction(
            label, this, [this, mode = mode]() { m_timeline->setColorMode(mode); });
        action->setCheckable(true);
        action->setData(int(mode));
        colourGroup->addAction(action);
    }
    // The timeline's C key cycles the modes too: show the one in use.
    connect(colours, &QMenu::aboutToShow, this, [this, colourGroup]() {
        for (QAction *action : colourGroup->actions())
            action->setChecked(action->data().toInt() == int(m_timeline->colorMode()));
    });
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout);

    m_toolsMenu = menuBar()->addMenu(tr("&Tools"));
    QAction *settings
        = m_toolsMenu->addAction(tr("&Settings…"), this, [this]() { SettingsDialog(this).exec(); });
    settings->setMenuRole(QAction::PreferencesRole);

    QMenu *help = m_helpMenu = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About npuscope"), this, [this]() { AboutDialog(this).exec(); })
        ->setMenuRole(QAction::AboutRole);
}

void MainWindow::createToolBar()
{
    m_profileBar = addToolBar(tr("Profile"));
    m_profileBar->setObjectName(QStringLiteral("ProfileToolBar"));
    m_profileBar->setMovable(false);
    m_profileBar->addWidget(new QLabel(tr(" Rank: "), m_profileBar));
    m_rankCombo = new QComboBox(m_profileBar);
    m_rankCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_rankCombo->setToolTip(tr("The rank (device) shown in every view"));
    m_profileBar->addWidget(m_rankCombo);
    m_profileBar->addSeparator();
    m_profileBar->addWidget(new QLabel(tr(" Step: "), m_profileBar));
    m_stepCombo = new QComboBox(m_profileBar);
    m_stepCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_stepCombo->setToolTip(tr("Zoom the timeline to one profiler step"));
    m_profileBar->addWidget(m_stepCombo);
    m_profileBar->setEnabled(false);
    connect(m_rankCombo, &QComboBox::activated, this, &MainWindow::setCurrentRank);
    connect(m_stepCombo, &QComboBox::activated, this, &MainWindow::setCurrentStep);
}

void MainWindow::createStatusBar()
{
    m_statusLabel = new QLabel(tr("Open a profile folder or file to begin."), this);
    m_statusLabel->setObjectName(QStringLiteral("StatusLabel")); // tests read what it says
    m_statusLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, LoadController::kProgressMax);
    m_progress->setMaximumWidth(220);
    m_progress->setFormat(tr("Loading… %p%"));
    m_progress->hide();
    m_cancelButton = new QToolButton(this);
    m_cancelButton->setText(tr("Cancel"));
    m_cancelButton->setToolTip(tr("Stop loading"));
    m_cancelButton->hide();
    connect(m_cancelButton, &QToolButton::clicked, this, &MainWindow::cancelLoad);
    statusBar()->addWidget(m_statusLabel, 1);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancelButton);
}

void MainWindow::restoreSettings()
{
    const QSettings settings;
    const QByteArray geometry = settings.value(settingsKey(kGeometryKey)).toByteArray();
    if (geometry.isEmpty() || !restoreGeometry(geometry))
        resize(1440, 900);
    m_defaultLayout
        = !restoreState(settings.value(settingsKey(kStateKey)).toByteArray(), kStateVersion);
    m_kernelView->setHiddenColumnNames(
        settings.value(settingsKey(kHiddenColumnsKey)).toStringList());
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(settingsKey(kGeometryKey), saveGeometry());
    settings.setValue(
        settingsKey(kStateKey), m_onStartPage ? m_profileLayout : saveState(kStateVersion));
    settings.setValue(settingsKey(kHiddenColumnsKey), m_kernelView->hiddenColumnNames());
}

void MainWindow::resetLayout()
{
    m_profileLayout = m_defaultState;
    if (m_onStartPage)
        return;
    restoreState(m_defaultState, kStateVersion);
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        dock->show();
    sizeDefaultDocks();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList paths = m_recent->paths();
    for (qsizetype i = 0; i < paths.size(); ++i) {
        const QString label
            = QStringLiteral("&%1  %2").arg(i + 1).arg(QDir::toNativeSeparators(paths[i]));
        const QString path = paths[i];
        m_recentMenu->addAction(label, this, [this, path]() { openPath(path); });
    }
    if (paths.isEmpty())
        m_recentMenu->addAction(tr("No recent profiles"))->setEnabled(false);
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("&Clear List"), m_recent, &RecentFiles::clear)
        ->setEnabled(!paths.isEmpty());
}

} // namespace npuscope
