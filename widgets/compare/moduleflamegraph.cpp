#include "widgets/compare/moduleflamegraph.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace npuscope {

namespace {

    constexpr int kRowHeight = 20;
    // The change at which the colour is at full strength: run-to-run noise of one module is a
    // few percent (the samples' level1 and level2 collections of one job differ by up to 3%).
    constexpr double kFullChange = 0.20;

    QColor mix(const QColor &a, const QColor &b, double t)
    {
        return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
            float(a.greenF() + (b.greenF() - a.greenF()) * t),
            float(a.blueF() + (b.blueF() - a.blueF()) * t));
    }

    QString usText(TimeNs ns) { return QString::number(double(ns) / 1000.0, 'f', 1); }

} // namespace

ModuleFlameGraph::ModuleFlameGraph(QWidget *parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setMinimumHeight(4 * kRowHeight);
}

QColor ModuleFlameGraph::changeColor(TimeNs base, TimeNs next)
{
    if (base < 0)
        return QColor(0x9c, 0x6a, 0xde); // only in the new run
    if (next < 0)
        return QColor(0x64, 0x95, 0xed); // only in the base run
    const QColor neutral(0xd8, 0xd8, 0xd8);
    if (base == 0)
        return next > 0 ? QColor(0xc6, 0x28, 0x28) : neutral;
    const double change = double(next - base) / double(base);
    const double t = std::min(1.0, std::abs(change) / kFullChange);
    return mix(neutral, change > 0 ? QColor(0xc6, 0x28, 0x28) : QColor(0x2e, 0x7d, 0x32), t);
}

void ModuleFlameGraph::setComparison(const RunComparison *comparison)
{
    m_comparison = comparison;
    m_selected = -1;
    rebuild();
}

void ModuleFlameGraph::setSide(Side side)
{
    m_side = side;
    rebuild();
}

void ModuleFlameGraph::selectRow(int row)
{
    m_selected = row;
    update();
}

void ModuleFlameGraph::rebuild()
{
    m_boxes.clear();
    m_depths = 0;
    if (m_comparison) {
        const bool base = m_side == Side::Base;
        const ModuleTree &tree = base ? m_comparison->baseModules : m_comparison->newModules;
        std::vector<int> rowOfNode(tree.nodes.size(), -1);
        for (std::size_t i = 0; i < m_comparison->modules.size(); ++i) {
            const ModuleDiffRow &r = m_comparison->modules[i];
            const std::uint32_t node = base ? r.baseNode : r.newNode;
            if (node != ModuleNode::kNone)
                rowOfNode[node] = int(i);
        }
        std::vector<std::uint32_t> roots = tree.forwardRoots;
        roots.insert(roots.end(), tree.backwardRoots.begin(), tree.backwardRoots.end());
        TimeNs total = 0;
        for (std::uint32_t r : roots)
            total += tree.nodes[r].totalDeviceNs;
        double x = 0;
        for (std::uint32_t r : roots) {
            if (total <= 0)
                break;
            place(tree, r, x, double(total), rowOfNode);
            x += double(tree.nodes[r].totalDeviceNs) / double(total);
        }
    }
    updateGeometry();
    update();
}

void ModuleFlameGraph::place(const ModuleTree &tree, std::uint32_t node, double x, double total,
    const std::vector<int> &rowOfNode)
{
    const ModuleNode &n = tree.nodes[node];
    if (n.totalDeviceNs <= 0)
        return;
    const int depth = std::max(0, n.level - 2);
    m_boxes.push_back({ rowOfNode[node], x, double(n.totalDeviceNs) / total, depth });
    m_depths = std::max(m_depths, depth + 1);
    for (std::uint32_t c : n.children) {
        place(tree, c, x, total, rowOfNode);
        x += double(tree.nodes[c].totalDeviceNs) / total;
    }
}

QRect ModuleFlameGraph::rectOf(const Box &box) const
{
    const int w = width();
    const int left = int(std::floor(box.x * w));
    const int right = int(std::floor((box.x + box.width) * w));
    return QRect(left, box.depth * kRowHeight, std::max(1, right - left), kRowHeight - 1);
}

int ModuleFlameGraph::rowAt(const QPoint &pos) const
{
    for (const Box &b : m_boxes) {
        if (rectOf(b).contains(pos))
            return b.row;
    }
    return -1;
}

QSize ModuleFlameGraph::sizeHint() const { return QSize(800, std::max(4, m_depths) * kRowHeight); }

void ModuleFlameGraph::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    if (!m_comparison || m_boxes.empty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter,
            tr("No modules: the module view needs both runs collected with with_stack "
               "(nn.Module slices)."));
        return;
    }
    const QFontMetrics fm(font());
    for (const Box &b : m_boxes) {
        const QRect r = rectOf(b);
        const ModuleDiffRow *row
            = b.row >= 0 ? &m_comparison->modules[std::size_t(b.row)] : nullptr;
        const QColor fill = row ? changeColor(row->inBase() ? row->baseTotalNs : -1,
                                row->inNew() ? row->newTotalNs : -1)
                                : QColor(0xd8, 0xd8, 0xd8);
        p.fillRect(r, fill);
        p.setPen(b.row == m_selected && b.row >= 0 ? QPen(Qt::black, 2) : QPen(fill.darker(130)));
        p.drawRect(r.adjusted(0, 0, -1, -1));
        if (row && r.width() > 24) {
            p.setPen(fill.lightnessF() < 0.5 ? Qt::white : Qt::black);
            QString name = row->path.section(QLatin1Char('/'), -1);
            if (row->backward)
                name = tr("%1 (backward)").arg(name);
            p.drawText(r.adjusted(3, 0, -2, 0), Qt::AlignVCenter | Qt::AlignLeft,
                fm.elidedText(name, Qt::ElideRight, r.width() - 5));
        }
    }
}

void ModuleFlameGraph::mousePressEvent(QMouseEvent *event)
{
    const int row = rowAt(event->position().toPoint());
    selectRow(row);
    if (row >= 0)
        emit rowClicked(row);
}

QString ModuleFlameGraph::tooltip(int row) const
{
    const ModuleDiffRow &r = m_comparison->modules[std::size_t(row)];
    auto side = [](bool present, TimeNs total, TimeNs self) {
        return present ? tr("%1 µs (self %2 µs)").arg(usText(total), usText(self)) : tr("absent");
    };
    QString change;
    if (r.inBase() && r.inNew() && r.baseTotalNs > 0)
        change = QString::number(
                     100.0 * double(r.newTotalNs - r.baseTotalNs) / double(r.baseTotalNs), 'f', 1)
            + QLatin1Char('%');
    return tr("%1 (%2)\nBase: %3\nNew: %4\nChange: %5")
        .arg(r.path, r.moduleClass, side(r.inBase(), r.baseTotalNs, r.baseSelfNs),
            side(r.inNew(), r.newTotalNs, r.newSelfNs),
            change.isEmpty() ? QStringLiteral("-") : change);
}

bool ModuleFlameGraph::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int row = rowAt(help->pos());
        if (row >= 0 && m_comparison)
            QToolTip::showText(help->globalPos(), tooltip(row), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

} // namespace npuscope
