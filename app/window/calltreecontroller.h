#pragma once

#include "model/core/types.h"

#include <QObject>

#include <memory>

class QDockWidget;
class QTimer;
template <typename T> class QFutureWatcher;

namespace npuscope {

class CallTreePanel;
class MainWindow;
struct CallTreeViews;
struct RankProfile;

// Puts the call tree panel into a "Call Tree" dock of a MainWindow: builds the tree of the
// current rank, restricted to the selected step or time range, on a worker whenever the dock is
// shown and its scope changed (a generation id drops stale results). Picking a frame filters the
// kernel table to its kernels and selects its ops on the timeline; picking a kernel or a host
// event selects its frame.
class CallTreeController : public QObject {
    Q_OBJECT

public:
    explicit CallTreeController(MainWindow *window);
    ~CallTreeController() override;

    CallTreePanel *panel() const { return m_panel; }
    QDockWidget *dock() const { return m_dock; }
    bool isBuilding() const { return m_watcher != nullptr; }

private:
    void scheduleRebuild();
    void rebuild();
    void onFrameActivated(const QString &name);
    void onEventSelected(EventRef ref);
    void exportFlameGraph();
    QString scopeText(TimeNs from, TimeNs to) const;

    MainWindow *m_window = nullptr;
    CallTreePanel *m_panel = nullptr;
    QDockWidget *m_dock = nullptr;
    QTimer *m_rebuildTimer = nullptr;
    QFutureWatcher<CallTreeViews> *m_watcher = nullptr;
    std::shared_ptr<const RankProfile> m_rank; // of the views shown or being built
    quint64 m_generation = 0;
    bool m_dirty = true;
    TimeNs m_rangeStart = 0; // the timeline's selected range; start == end: none
    TimeNs m_rangeEnd = 0;
};

} // namespace npuscope
