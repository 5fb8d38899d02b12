#pragma once

#include "analysis/parallel/parallellayout.h"
#include "model/profile/commmatrix.h"

#include <QObject>

#include <memory>

class QDockWidget;
class QTimer;
template <typename T> class QFutureWatcher;

namespace npuscope {

class AnalysisController;
class ClusterOverview;
class MainWindow;
struct Profile;

// Puts the cluster overview of a multi-rank profile into a "Cluster" dock of a MainWindow and
// raises it when such a profile loads: per-rank step breakdown once the analysis has covered the
// ranks, the communication matrix read in the background. Clicking a rank shows it.
class ClusterController : public QObject {
    Q_OBJECT

public:
    // Reads each rank's analysis and the findings across ranks from `analysis`.
    ClusterController(MainWindow *window, const AnalysisController *analysis);
    ~ClusterController() override;

    ClusterOverview *overview() const { return m_overview; }
    QDockWidget *dock() const { return m_dock; }

private:
    void onProfileLoaded();
    void refreshSummary();

    MainWindow *m_window = nullptr;
    const AnalysisController *m_analysis = nullptr;
    ClusterOverview *m_overview = nullptr;
    QDockWidget *m_dock = nullptr;
    std::shared_ptr<const Profile> m_profile; // the one shown
    ParallelLayout m_layout; // of m_profile
    QFutureWatcher<CommMatrix> *m_matrixWatcher = nullptr;
    // Coalesces the per-rank analysis results: rebuilding the chart for each of hundreds of ranks
    // kept the window busy for far too long.
    QTimer *m_refreshTimer = nullptr;
};

} // namespace npuscope
