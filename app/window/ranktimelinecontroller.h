#pragma once

#include <QObject>
#include <QPointer>

#include <memory>
#include <vector>

class QAction;
class QProgressDialog;
template <typename T> class QFutureWatcher;

namespace npuscope {

class ClusterOverview;
class MainWindow;
class RankLoader;
class RankTimelineWindow;
class Trace;

// "Show Ranks on One Timeline…" (View menu and a button on the cluster overview): the user picks
// a few ranks, their traces load on a worker (ranks already open come from the RankLoader's
// cache) with a progress dialog that can cancel, and a RankTimelineWindow shows them aligned by
// step start. Only the chosen ranks are read; at most kMaxRanks of them, to keep memory sane.
class RankTimelineController : public QObject {
    Q_OBJECT

public:
    static constexpr int kMaxRanks = 8;

    // `overview` (may be null) gets a button for the action and presets the slowest and the
    // fastest rank.
    RankTimelineController(MainWindow *window, ClusterOverview *overview, RankLoader *loader);
    ~RankTimelineController() override;

    QAction *action() const { return m_action; }
    // Loads the traces of these ranks (indices in Profile::ranks) and opens the window.
    void showRanks(const std::vector<int> &rankIndices);
    void cancel();
    bool isLoading() const { return m_watcher != nullptr; }
    RankTimelineWindow *lastWindow() const; // null once closed

signals:
    void windowOpened(npuscope::RankTimelineWindow *window);
    void failed(const QString &message);

private:
    void chooseRanks();

    MainWindow *m_window = nullptr;
    RankLoader *m_loader = nullptr; // the ranks opened in full, shared with the window
    ClusterOverview *m_overview = nullptr;
    QAction *m_action = nullptr;
    QFutureWatcher<std::vector<std::shared_ptr<const Trace>>> *m_watcher = nullptr;
    QPointer<QProgressDialog> m_progress;
    QPointer<RankTimelineWindow> m_lastWindow;
};

} // namespace npuscope
