#include "analysis/calltree/calltreeviews.h"
#include "model/profile/profileloader.h"
#include "widgets/calltree/calltreemodel.h"
#include "widgets/calltree/calltreepanel.h"
#include "widgets/calltree/flamegraphview.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QImage>
#include <QPainter>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QTreeView>

using namespace npuscope;

namespace {

const QString kSamples = QStringLiteral(NPUSCOPE_SAMPLES_DIR);

// Saves a widget's picture where NPUSCOPE_SCREENSHOTS points (to look at), else nowhere.
void screenshot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("NPUSCOPE_SCREENSHOTS");
    if (!dir.isEmpty())
        w->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}

} // namespace

class TstCallTreePanel : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void modelIsSound();
    void flameLayout();
    void flameClickPicksKernels();
    void kernelRowSelectsFrame();
    void exportImages();

private:
    std::shared_ptr<const Profile> m_profile;
    CallTreeViews m_views;
};

void TstCallTreePanel::initTestCase()
{
    if (!QDir(kSamples).exists())
        QSKIP("samples not present");
    m_profile
        = loadProfile(kSamples + QStringLiteral("/ascend-2025-01/level1/rank0_ascend_pt")).profile;
    QVERIFY(m_profile);
    m_views = makeCallTreeViews(buildCallTree(*m_profile->ranks[0]), QStringLiteral("rank 0"));
}

void TstCallTreePanel::modelIsSound()
{
    for (const auto &tree : { m_views.topDown, m_views.bottomUp, m_views.flat }) {
        CallTreeModel model;
        QAbstractItemModelTester tester(
            &model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTree(tree);
        QCOMPARE(model.rowCount(), int(tree->roots.size()));
        const QModelIndex first = model.index(0, CallTreeModel::DeviceTotal);
        QCOMPARE(model.data(first, CallTreeModel::kSortRole).toLongLong(),
            qlonglong(tree->nodes[tree->roots[0]].totalDevice));
        const std::uint32_t deep = tree->nodes.size() > 5 ? 5 : 0;
        QCOMPARE(model.nodeAt(model.indexOfNode(deep)), deep);
    }
}

// Frames of one depth never overlap and fit in their parent; too narrow subtrees are skipped.
void TstCallTreePanel::flameLayout()
{
    FlameGraphLayout layout;
    layout.build(*m_views.topDown, FlameMetric::Device);
    QCOMPARE(layout.total(), double(m_views.topDown->totalDeviceNs));
    const auto &frames = layout.frames();
    for (std::size_t i = 0; i < frames.size(); ++i) {
        QVERIFY(frames[i].end > i && frames[i].end <= frames.size());
        for (std::size_t c = i + 1; c < frames[i].end; ++c) {
            QVERIFY(frames[c].depth > frames[i].depth);
            QVERIFY(frames[c].x >= frames[i].x - 1e-6);
            QVERIFY(frames[c].x + frames[c].width <= frames[i].x + frames[i].width + 1e-6);
        }
    }
    std::vector<FlameGraphLayout::Visible> all, few;
    layout.visible(0, layout.total(), 1e9, all, 0);
    QCOMPARE(all.size(), frames.size());
    layout.visible(0, layout.total(), 100, few);
    QVERIFY(few.size() < frames.size());
    for (const auto &v : few)
        QVERIFY(v.right - v.left >= 0.5);
    FlameGraphLayout host;
    host.build(*m_views.topDown, FlameMetric::Host);
    QVERIFY(host.total() > layout.total()); // 372 ms of host time against 115 ms of device time
}

void TstCallTreePanel::flameClickPicksKernels()
{
    CallTreePanel panel;
    panel.resize(1200, 700);
    panel.setViews(m_views);
    panel.show();
    panel.showView(CallTreePanel::View::TopDown);
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    screenshot(&panel, QStringLiteral("calltree-topdown"));
    panel.showView(CallTreePanel::View::Flame);
    FlameGraphView *flame = panel.flameGraph();
    QTest::qWait(50);
    screenshot(&panel, QStringLiteral("calltree-flame"));
    QSignalSpy picked(&panel, &CallTreePanel::frameActivated);
    // Row 7 (main.py train) spans the whole width: a click in the middle picks it.
    const int y = 7 * 18 + 9;
    const std::uint32_t node = flame->nodeAt(QPoint(flame->width() / 2, y));
    QCOMPARE(m_views.topDown->nodeName(node), QStringLiteral("main.py(375): train"));
    QTest::mouseClick(flame, Qt::LeftButton, {}, QPoint(flame->width() / 2, y));
    QCOMPARE(picked.size(), 1);
    QCOMPARE(picked.at(0).at(0).toString(), QStringLiteral("main.py(375): train"));
    QCOMPARE(panel.pickedRows().size(), std::size_t(191)); // every kernel row
    QCOMPARE(panel.pickedEvents().size(), std::size_t(1));
    // Zoom to the optimizer step's frame: it becomes the whole width.
    std::uint32_t sgd = CallTreeNode::kNone;
    for (std::uint32_t n = 0; n < m_views.topDown->nodes.size(); ++n)
        if (m_views.topDown->nodeName(n) == QStringLiteral("torch/optim/sgd.py(55): step"))
            sgd = n;
    QVERIFY(sgd != CallTreeNode::kNone);
    flame->zoomToNode(sgd);
    const double share
        = double(m_views.topDown->nodes[sgd].totalDevice) / double(m_views.topDown->totalDeviceNs);
    QVERIFY(qAbs(flame->viewTo() - flame->viewFrom() - share) < 1e-9);
    QCOMPARE(
        flame->nodeAt(QPoint(flame->width() / 2, int(m_views.topDown->nodes[sgd].depth) * 18 + 9)),
        sgd);
    flame->setSearch(QStringLiteral("allreduce"));
    QTest::qWait(20);
    screenshot(&panel, QStringLiteral("calltree-flame-zoomed"));
    flame->resetZoom();
    QCOMPARE(flame->viewFrom(), 0.0);
    QCOMPARE(flame->viewTo(), 1.0);
    panel.showView(CallTreePanel::View::BottomUp);
    QTest::qWait(20);
    screenshot(&panel, QStringLiteral("calltree-bottomup"));
}

void TstCallTreePanel::kernelRowSelectsFrame()
{
    CallTreePanel panel;
    panel.setViews(m_views);
    QSignalSpy picked(&panel, &CallTreePanel::frameActivated);
    const qint32 row = 3;
    panel.selectKernelRow(row);
    QCOMPARE(picked.size(), 0); // from outside: no echo
    QTreeView *top = panel.treeView(CallTreePanel::View::TopDown);
    const auto *model = static_cast<const CallTreeModel *>(top->model());
    QCOMPARE(model->nodeAt(top->currentIndex()), m_views.topDown->rowNode[std::size_t(row)]);
    QCOMPARE(panel.flameGraph()->selectedNode(), m_views.topDown->rowNode[std::size_t(row)]);
    QTreeView *flat = panel.treeView(CallTreePanel::View::Flat);
    QCOMPARE(static_cast<const CallTreeModel *>(flat->model())->nodeAt(flat->currentIndex()),
        m_views.flat->rowNode[std::size_t(row)]);
}

void TstCallTreePanel::exportImages()
{
    FlameGraphView flame;
    flame.setTree(m_views.topDown);
    const QImage image = flame.toImage(800);
    QCOMPARE(image.size(), QSize(800, (flame.layout().maxDepth() + 1) * 18));
    // The root row is one frame across the whole width; a pixel line of background under a row.
    QVERIFY(image.pixelColor(400, 9) != flame.palette().base().color());
    QCOMPARE(image.pixelColor(2, image.height() - 1), flame.palette().base().color());
    const QByteArray svg = flame.toSvg(800);
    QVERIFY(svg.contains("<svg"));
    QVERIFY(svg.contains("main.py(375): train"));
}

QTEST_MAIN(TstCallTreePanel)
#include "tst_calltreepanel.moc"
