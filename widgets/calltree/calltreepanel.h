#pragma once

#include "analysis/calltree/calltree.h"

#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QTabWidget;
class QTreeView;

namespace npuscope {

class CallTreeModel;
class FlameGraphView;

// The three views of one call tree, computed together off the GUI thread.
struct CallTreeViews {
    std::shared_ptr<const CallTree> topDown;
    std::shared_ptr<const CallTree> bottomUp;
    std::shared_ptr<const CallTree> flat;
    QString scope; // "Rank 0, step 50", shown above the views
};

CallTreeViews makeCallTreeViews(CallTree tree, const QString &scope);

// Which line of the model costs the device time: the host call tree with the device time its
// frames launched, as a top-down tree, bottom-up (callers), flat list and flame graph, with a
// summary of how the kernels were attributed. Picking a frame reports its kernels and events.
class CallTreePanel : public QWidget {
    Q_OBJECT

public:
    enum class View { TopDown, BottomUp, Flat, Flame };

    explicit CallTreePanel(QWidget *parent = nullptr);

    void setViews(CallTreeViews views);
    void clear(const QString &message = {});
    const CallTreeViews &views() const { return m_views; }
    // Selects the frame that launched a kernel row in every view.
    void selectKernelRow(qint32 row);
    // Selects the frame of a host event (top-down and flame graph).
    void selectFrameEvent(EventRef ref);
    void showView(View view);
    bool backwardUnderForward() const;
    void setBackwardUnderForward(bool on);

    // Of the frame picked last: the kernel rows launched under it, and its frame events (in
    // bottom-up and flat views those of every top-down frame of that name).
    const std::vector<qint32> &pickedRows() const { return m_pickedRows; }
    const std::vector<EventRef> &pickedEvents() const { return m_pickedEvents; }

    FlameGraphView *flameGraph() const { return m_flame; }
    QTreeView *treeView(View view) const;

signals:
    // The user picked a frame (pickedRows(), pickedEvents()).
    void frameActivated(const QString &name);
    void backwardPlacementChanged(bool underForward);
    void exportRequested(); // the flame graph, as PNG or SVG: the app picks the file

private:
    QTreeView *makeTree(CallTreeModel *model, bool flat);
    void onNodePicked(View view, std::uint32_t node);
    void updateSummary();
    void search();
    void selectInTree(View view, std::uint32_t node);
    const std::shared_ptr<const CallTree> &treeOf(View view) const;

    CallTreeViews m_views;
    QLineEdit *m_search = nullptr;
    QComboBox *m_metric = nullptr;
    QCheckBox *m_backward = nullptr;
    QLabel *m_scope = nullptr;
    QLabel *m_summary = nullptr;
    QTabWidget *m_tabs = nullptr;
    CallTreeModel *m_models[3] = {};
    QTreeView *m_trees[3] = {};
    FlameGraphView *m_flame = nullptr;
    std::vector<qint32> m_pickedRows;
    std::vector<EventRef> m_pickedEvents;
    bool m_selecting = false; // selecting from outside: no frameActivated
};

} // namespace npuscope
