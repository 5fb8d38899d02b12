#include "app/window/clustercontroller.h"

#include "analysis/cluster/clustersummary.h"
#include "analysis/parallel/profilelayout.h"
#include "app/window/analysiscontroller.h"
#include "app/window/mainwindow.h"
#include "model/profile/commmatrix.h"
#include "model/profile/rankcomm.h"
#include "widgets/cluster/clusteroverview.h"
#include "widgets/session/profilesession.h"

#include <QDockWidget>
#include <QFutureWatcher>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

namespace npuscope {

ClusterController::ClusterController(MainWindow *window, const AnalysisController *analysis)
    : QObject(window)
    , m_window(window)
    , m_analysis(analysis)
    , m_overview(new ClusterOverview(window))
    , m_dock(new QDockWidget(tr("Cluster"), window))
    , m_refreshTimer(new QTimer(this))
{
    m_refreshTimer->setSingleShot(true);
    m_refreshTimer->setInterval(100);
    connect(m_refreshTimer, &QTimer::timeout, this, &ClusterController::refreshSummary);
    m_dock->setObjectName(QStringLiteral("ClusterDock")); // saveState() finds docks by name
    m_dock->setWidget(m_overview);
    // A tab next to the kernel table: the full width of the window for one bar per rank.
    window->addTabbedDock(m_dock, MainWindow::DockPlace::BesideKernels);
    m_dock->hide(); // until a multi-rank profile loads
    connect(window->session(), &ProfileSession::profileChanged, this,
        &ClusterController::onProfileLoaded);
    connect(analysis, &AnalysisController::findingsReady, this, [this]() {
        if (!m_refreshTimer->isActive())
            m_refreshTimer->start();
    });
    connect(m_overview, &ClusterOverview::rankActivated, window, &MainWindow::setCurrentRank);
}

ClusterController::~ClusterController()
{
    if (m_matrixWatcher)
        m_matrixWatcher->waitForFinished(); // sums links in memory; short
}

void ClusterController::onProfileLoaded()
{
    m_profile = m_window->session()->profile();
    m_overview->clear();
    m_layout = {};
    const bool cluster = m_profile && m_profile->ranks.size() >= 2;
    m_dock->setVisible(cluster);
    if (!cluster)
        return;
    m_dock->raise(); // the first view of a multi-rank run
    // From profiler_metadata.json and the communication statistics read at load: milliseconds
    // even for a thousand ranks.
    m_layout = profileLayout(*m_profile);
    m_overview->setLinks(profileLinks(*m_profile, m_layout));
    refreshSummary();

    // The matrix files were read into each rank's comm at load (summaries included).
    std::vector<const std::vector<CommLink> *> links;
    for (const auto &rank : m_profile->ranks)
        if (rank->comm && !rank->comm->links.empty())
            links.push_back(&rank->comm->links);
    if (links.empty())
        return;
    if (m_matrixWatcher)
        m_matrixWatcher->disconnect(this); // stale
    auto *watcher = new QFutureWatcher<CommMatrix>(this);
    m_matrixWatcher = watcher;
    const std::shared_ptr<const Profile> forProfile = m_profile;
    connect(watcher, &QFutureWatcher<CommMatrix>::finished, this, [this, watcher, forProfile]() {
        if (forProfile == m_profile)
            m_overview->setCommMatrix(watcher->result());
        if (m_matrixWatcher == watcher)
            m_matrixWatcher = nullptr;
        watcher->deleteLater();
    });
    // Summed off the GUI thread: a thousand ranks' links; forProfile keeps them alive.
    watcher->setFuture(
        QtConcurrent::run([links, forProfile]() { return communicationMatrixOf(links); }));
}

void ClusterController::refreshSummary()
{
    if (!m_profile || m_profile != m_window->session()->profile() || m_profile->ranks.size() < 2)
        return;
    const AnalysisController *analysis = m_analysis;
    std::vector<std::shared_ptr<const RankAnalysis>> ranks;
    for (std::size_t i = 0; i < m_profile->ranks.size(); ++i)
        ranks.push_back(analysis->analysis(int(i)));
    // findings() of any analysed rank carries the cross-rank findings too.
    std::vector<Finding> profileFindings;
    for (const Finding &f : analysis->findings(0)) {
        if (f.id == QLatin1String(FindingId::kRankImbalance)
            || f.id == QLatin1String(FindingId::kPpStageImbalance))
            profileFindings.push_back(f);
    }
    ClusterSummary summary = summariseCluster(*m_profile, ranks, profileFindings);
    placeRanks(summary, *m_profile, m_layout);
    m_overview->setSummary(summary);
}

} // namespace npuscope
