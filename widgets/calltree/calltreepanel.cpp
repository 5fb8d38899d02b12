#include "widgets/calltree/calltreepanel.h"

#include "analysis/calltree/calltreeviews.h"
#include "analysis/rules/findings.h"
#include "widgets/calltree/calltreemodel.h"
#include "widgets/calltree/flamegraphview.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QTabWidget>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace npuscope {

namespace {
    constexpr std::uint32_t kNone = CallTreeNode::kNone;
    constexpr int kTreeViews = 3;
} // namespace

CallTreeViews makeCallTreeViews(CallTree tree, const QString &scope)
{
    CallTreeViews v;
    v.bottomUp = std::make_shared<const CallTree>(bottomUpTree(tree));
    v.flat = std::make_shared<const CallTree>(flatTree(tree));
    v.topDown = std::make_shared<const CallTree>(std::move(tree));
    v.scope = scope;
    return v;
}

CallTreePanel::CallTreePanel(QWidget *parent)
    : QWidget(parent)
    , m_search(new QLineEdit(this))
    , m_metric(new QComboBox(this))
    , m_backward(new QCheckBox(tr("Backward under its forward op"), this))
    , m_scope(new QLabel(this))
    , m_summary(new QLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_flame(new FlameGraphView(this))
{
    m_search->setPlaceholderText(tr("Search frames"));
    m_search->setClearButtonEnabled(true);
    m_metric->addItem(tr("Width: device time"));
    m_metric->addItem(tr("Width: host time"));
    m_backward->setChecked(true);
    m_backward->setToolTip(tr("Kernels of backward ops linked to their forward op (fwdbwd flows) "
                              "count under that op's Python line; off: under the frame that "
                              "called backward()."));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_search, 2);
    bar->addWidget(m_metric);
    bar->addWidget(m_backward);
    bar->addWidget(m_scope, 1);
    auto *exportButton = new QToolButton(this);
    exportButton->setText(tr("Export Flame Graph…"));
    exportButton->setToolTip(tr("Save the flame graph as shown (zoom, search) as PNG or SVG"));
    connect(exportButton, &QToolButton::clicked, this, &CallTreePanel::exportRequested);
    bar->addWidget(exportButton);
    const QString titles[kTreeViews] = { tr("Top-down"), tr("Bottom-up"), tr("Flat") };
    for (int i = 0; i < kTreeViews; ++i) {
        m_models[i] = new CallTreeModel(this);
        m_trees[i] = makeTree(m_models[i], i == int(View::Flat));
        m_tabs->addTab(m_trees[i], titles[i]);
        connect(m_trees[i]->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this, i](const QModelIndex &current) {
                onNodePicked(View(i), m_models[i]->nodeAt(current));
            });
    }
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_flame);
    scroll->setWidgetResizable(true);
    m_tabs->addTab(scroll, tr("Flame graph"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(bar);
    layout->addWidget(m_summary);
    layout->addWidget(m_tabs, 1);

    connect(m_flame, &FlameGraphView::frameClicked, this,
        [this](std::uint32_t node) { onNodePicked(View::Flame, node); });
    connect(m_metric, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_flame->setMetric(index == 1 ? FlameMetric::Host : FlameMetric::Device);
    });
    connect(m_search, &QLineEdit::returnPressed, this, &CallTreePanel::search);
    connect(m_search, &QLineEdit::textChanged, m_flame, &FlameGraphView::setSearch);
    connect(m_backward, &QCheckBox::toggled, this, &CallTreePanel::backwardPlacementChanged);
    clear();
}

QTreeView *CallTreePanel::makeTree(CallTreeModel *model, bool flat)
{
    auto *view = new QTreeView(this);
    view->setModel(model);
    view->setUniformRowHeights(true);
    view->setRootIsDecorated(!flat);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->header()->setStretchLastSection(false);
    view->header()->setSectionResizeMode(CallTreeModel::Frame, QHeaderView::Stretch);
    for (int c = 1; c < CallTreeModel::Count; ++c)
        view->header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    return view;
}

QTreeView *CallTreePanel::treeView(View view) const
{
    return view == View::Flame ? nullptr : m_trees[int(view)];
}

const std::shared_ptr<const CallTree> &CallTreePanel::treeOf(View view) const
{
    switch (view) {
    case View::BottomUp:
        return m_views.bottomUp;
    case View::Flat:
        return m_views.flat;
    default:
        return m_views.topDown;
    }
}

void CallTreePanel::setViews(CallTreeViews views)
{
    m_views = std::move(views);
    m_models[0]->setTree(m_views.topDown);
    m_models[1]->setTree(m_views.bottomUp);
    m_models[2]->setTree(m_views.flat);
    m_flame->setTree(m_views.topDown);
    // The heaviest path open: where the device time goes, without a click.
    QModelIndex at;
    for (int depth = 0; depth < 12 && m_models[0]->rowCount(at) > 0; ++depth) {
        at = m_models[0]->index(0, 0, at);
        m_trees[0]->expand(at);
    }
    m_scope->setText(m_views.scope);
    updateSummary();
}

void CallTreePanel::clear(const QString &message)
{
    setViews({});
    m_summary->setText(message.isEmpty() ? tr("No profile loaded.") : message);
}

void CallTreePanel::updateSummary()
{
    const CallTree *t = m_views.topDown.get();
    if (!t)
        return;
    const auto count = [&](LaunchRule l, PathRule p) {
        return t->kernelsByRule[std::size_t(l)][std::size_t(p)];
    };
    qint64 flows = 0, cann = 0;
    qint64 byPath[kPathRuleCount] = {};
    for (int p = 0; p < kPathRuleCount; ++p) {
        flows += count(LaunchRule::Flow, PathRule(p));
        cann += count(LaunchRule::CannThread, PathRule(p));
        byPath[p]
            = count(LaunchRule::Flow, PathRule(p)) + count(LaunchRule::CannThread, PathRule(p));
    }
    const double share = t->totalDeviceNs > 0
        ? 100.0 * double(t->attributedDeviceNs) / double(t->totalDeviceNs)
        : 0.0;
    m_summary->setText(
        tr("%1. Device time %2: %3 attributed to host frames (%4%), %5 unattributed.")
            .arg(callTreeSourceName(t->source), formatDuration(t->totalDeviceNs),
                formatDuration(t->attributedDeviceNs), QString::number(share, 'f', 1),
                formatDuration(t->unattributedDeviceNs))
        % QLatin1Char(' ')
        % tr("Kernels found by launch flow: %1, by CANN launch: %2; placed by nesting: %3, "
             "backward under forward op: %4, dequeued under enqueue: %5, under the waiting "
             "frame: %6.")
              .arg(flows)
              .arg(cann)
              .arg(byPath[int(PathRule::Nested)])
              .arg(byPath[int(PathRule::ForwardBackward)] + byPath[int(PathRule::Sequence)])
              .arg(byPath[int(PathRule::TaskQueue)])
              .arg(byPath[int(PathRule::Caller)]));
}

void CallTreePanel::onNodePicked(View view, std::uint32_t node)
{
    const std::shared_ptr<const CallTree> &tree = treeOf(view);
    if (m_selecting || !tree || node >= tree->nodes.size())
        return;
    m_pickedRows = tree->rowsUnder(node);
    std::vector<EventRef> &events = m_pickedEvents;
    events.clear();
    const CallTree &top = *m_views.topDown;
    if (view == View::TopDown || view == View::Flame) {
        events = top.eventsOf(node);
    } else if (node != tree->unattributed) { // every top-down node of that name
        for (std::uint32_t n = 0; n < top.nodes.size(); ++n)
            if (n != top.unattributed && top.nodes[n].name == tree->nodes[node].name) {
                const std::vector<EventRef> more = top.eventsOf(n);
                events.insert(events.end(), more.begin(), more.end());
            }
    }
    emit frameActivated(tree->nodeName(node));
}

void CallTreePanel::selectInTree(View view, std::uint32_t node)
{
    const QModelIndex index = m_models[int(view)]->indexOfNode(node);
    if (!index.isValid())
        return;
    m_trees[int(view)]->scrollTo(index);
    m_trees[int(view)]->setCurrentIndex(index);
}

void CallTreePanel::selectKernelRow(qint32 row)
{
    if (!m_views.topDown || row < 0 || std::size_t(row) >= m_views.topDown->rowNode.size())
        return;
    m_selecting = true;
    const auto r = std::size_t(row);
    selectInTree(View::TopDown, m_views.topDown->rowNode[r]);
    selectInTree(View::BottomUp, m_views.bottomUp->rowNode[r]);
    selectInTree(View::Flat, m_views.flat->rowNode[r]);
    m_flame->selectNode(m_views.topDown->rowNode[r]);
    m_selecting = false;
}

void CallTreePanel::selectFrameEvent(EventRef ref)
{
    if (!m_views.topDown)
        return;
    const std::uint32_t node = m_views.topDown->nodeOfEvent(ref);
    if (node == kNone)
        return;
    m_selecting = true;
    selectInTree(View::TopDown, node);
    m_flame->selectNode(node);
    m_selecting = false;
}

void CallTreePanel::showView(View view) { m_tabs->setCurrentIndex(int(view)); }

bool CallTreePanel::backwardUnderForward() const { return m_backward->isChecked(); }

void CallTreePanel::setBackwardUnderForward(bool on) { m_backward->setChecked(on); }

// Enter: the next frame (after the current one) whose name holds the text, in the view shown.
void CallTreePanel::search()
{
    const QString text = m_search->text().trimmed();
    const int tab = m_tabs->currentIndex();
    const View view = View(tab);
    const std::shared_ptr<const CallTree> &tree = treeOf(view);
    if (text.isEmpty() || !tree || tree->nodes.empty())
        return;
    const std::uint32_t current = view == View::Flame
        ? m_flame->selectedNode()
        : m_models[tab]->nodeAt(m_trees[tab]->currentIndex());
    const auto n = static_cast<std::uint32_t>(tree->nodes.size());
    const std::uint32_t start = current == kNone ? 0 : current + 1;
    for (std::uint32_t k = 0; k < n; ++k) {
        const std::uint32_t node = (start + k) % n;
        if (!tree->nodeName(node).contains(text, Qt::CaseInsensitive))
            continue;
        if (view == View::Flame) {
            m_flame->selectNode(node);
            onNodePicked(View::Flame, node);
        } else {
            selectInTree(view, node);
        }
        return;
    }
}

} // namespace npuscope
