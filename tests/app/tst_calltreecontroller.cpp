// The Call Tree dock: built for the rank shown when it is raised, a picked frame filters the
// kernel table and selects its op on the timeline, a picked kernel selects its frame.
#include "../analysis/generatedprofile.h"
#include "app/window/calltreecontroller.h"
#include "app/window/mainwindow.h"
#include "widgets/calltree/calltreemodel.h"
#include "widgets/calltree/calltreepanel.h"
#include "widgets/session/profilesession.h"
#include "widgets/tables/kerneltableview.h"
#include "widgets/timeline/timelineview.h"

#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>
#include <QTreeView>

using namespace npuscope;

namespace {
const QString kSamples = QStringLiteral(NPUSCOPE_SAMPLES_DIR);
constexpr int kTimeoutMs = 120000;

// Opens `path` in `window`, raises the Call Tree dock and waits for its tree.
void openCallTree(MainWindow &window, const QString &path, CallTreePanel **panel)
{
    window.resize(1600, 1000);
    window.show();
    window.openPath(path);
    QTRY_VERIFY_WITH_TIMEOUT(window.session()->profile() && !window.isLoading(), kTimeoutMs);
    auto *dock = window.findChild<QDockWidget *>(QStringLiteral("CallTreeDock"));
    *panel = window.findChild<CallTreePanel *>();
    QVERIFY(dock && *panel);
    dock->show();
    dock->raise();
    QTRY_VERIFY_WITH_TIMEOUT((*panel)->views().topDown != nullptr, kTimeoutMs);
}

} // namespace

class TstCallTreeController : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("npuscope-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_calltreecontroller"));
        QSettings().clear();
    }

    void pickFrameAndKernel()
    {
        const QString path = kSamples + QStringLiteral("/ascend-2025-01/level1/rank0_ascend_pt");
        if (!QDir(kSamples).exists())
            QSKIP("samples not present");
        MainWindow window;
        CallTreePanel *panel = nullptr;
        openCallTree(window, path, &panel);
        if (QTest::currentTestFailed())
            return;
        const CallTree &tree = *panel->views().topDown;
        QCOMPARE(tree.totalDeviceNs, TimeNs(114865613));
        panel->showView(CallTreePanel::View::Flame);
        QTest::qWait(100);
        const QString shots = qEnvironmentVariable("NPUSCOPE_SCREENSHOTS");
        if (!shots.isEmpty())
            window.grab().save(shots + QStringLiteral("/calltree-window.png"));

        // Pick the optimizer's frame in the top-down tree.
        std::uint32_t sgd = CallTreeNode::kNone;
        for (std::uint32_t n = 0; n < tree.nodes.size(); ++n)
            if (tree.nodeName(n) == QStringLiteral("torch/optim/sgd.py(55): step"))
                sgd = n;
        QVERIFY(sgd != CallTreeNode::kNone);
        QTreeView *top = panel->treeView(CallTreePanel::View::TopDown);
        const auto *model = static_cast<const CallTreeModel *>(top->model());
        top->setCurrentIndex(model->indexOfNode(sgd));
        const std::vector<qint32> rows = tree.rowsUnder(sgd);
        QVERIFY(!rows.empty());
        QCOMPARE(window.kernelTableView()->tableView()->model()->rowCount(), int(rows.size()));
        const EventRef selected = window.timelineView()->selectedEvent();
        QVERIFY(selected.isValid());
        QCOMPARE(tree.nodeOfEvent(selected), sgd);

        // A kernel picked in the table selects the frame that launched it.
        const qint32 row = 0;
        emit window.kernelTableView()->kernelActivated(row);
        QCOMPARE(model->nodeAt(top->currentIndex()), tree.rowNode[std::size_t(row)]);
    }

    // A profile of several steps: the dock's tree has one "ProfilerStep#*" root with a call per
    // step (not a root per step), and its row says so.
    void stepsAggregated()
    {
        test::GenerateSpec spec;
        spec.steps = 4;
        spec.layers = 2;
        spec.events = 4000;
        const auto g = test::generate(spec);
        QVERIFY(g->ok());
        MainWindow window;
        CallTreePanel *panel = nullptr;
        openCallTree(window, g->dir.path(), &panel);
        if (QTest::currentTestFailed())
            return;
        const CallTree &tree = *panel->views().topDown;
        int stepRoots = 0;
        for (std::uint32_t r : tree.roots)
            stepRoots += tree.nodeName(r).startsWith(QStringLiteral("ProfilerStep#"));
        QCOMPARE(stepRoots, 1);
        QTreeView *top = panel->treeView(CallTreePanel::View::TopDown);
        const auto *model = static_cast<const CallTreeModel *>(top->model());
        const QModelIndex root = model->indexOfNode(tree.roots[0]);
        QCOMPARE(root.data().toString(), QStringLiteral("ProfilerStep#*"));
        QCOMPARE(root.siblingAtColumn(CallTreeModel::Calls).data(CallTreeModel::kSortRole),
            QVariant(4u));
        top->expandToDepth(1);
        QTest::qWait(100);
        const QString shots = qEnvironmentVariable("NPUSCOPE_SCREENSHOTS");
        if (!shots.isEmpty())
            window.grab().save(shots + QStringLiteral("/calltree-steps.png"));
    }
};

QTEST_MAIN(TstCallTreeController)
#include "tst_calltreecontroller.moc"
