#include "widgets/calltree/flamegraphview.h"

#include "analysis/rules/findings.h"

#include <QBuffer>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QSvgGenerator>
#include <QToolTip>

#include <algorithm>

namespace npuscope {

namespace {
    constexpr int kRowHeight = 18;
    constexpr double kMinZoomWidth = 1000.0; // 1 us of the metric across the view at most
    constexpr double kWheelStep = 1.25; // one wheel notch zooms by this much
} // namespace

FlameGraphView::FlameGraphView(QWidget *parent)
    : QWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

QSize FlameGraphView::sizeHint() const
{
    return { 800, (m_layout.maxDepth() + 1) * kRowHeight + 4 };
}

QSize FlameGraphView::minimumSizeHint() const { return { 100, sizeHint().height() }; }

void FlameGraphView::setTree(std::shared_ptr<const CallTree> tree)
{
    m_tree = std::move(tree);
    m_selected = CallTreeNode::kNone;
    rebuild();
    setSearch(m_search);
}

void FlameGraphView::setMetric(FlameMetric metric)
{
    if (metric == m_metric)
        return;
    m_metric = metric;
    rebuild();
}

void FlameGraphView::rebuild()
{
    m_layout = {};
    if (m_tree)
        m_layout.build(*m_tree, m_metric);
    m_x0 = 0;
    m_x1 = m_layout.total();
    updateGeometry();
    setMinimumHeight(minimumSizeHint().height());
    update();
    emit zoomChanged();
}

void FlameGraphView::setSearch(const QString &text)
{
    m_search = text.trimmed();
    m_match.clear();
    if (m_tree && !m_search.isEmpty()) {
        m_match.assign(m_tree->nodes.size(), false);
        for (std::uint32_t n = 0; n < m_tree->nodes.size(); ++n)
            m_match[n] = m_tree->nodeName(n).contains(m_search, Qt::CaseInsensitive);
    }
    update();
}

bool FlameGraphView::matches(std::uint32_t node) const
{
    return m_match.empty() || (node < m_match.size() && m_match[node]);
}

void FlameGraphView::selectNode(std::uint32_t node)
{
    m_selected = node;
    const int f = m_layout.frameOf(node);
    if (f >= 0) {
        const auto &frame = m_layout.frames()[std::size_t(f)];
        if (frame.x + frame.width <= m_x0 || frame.x >= m_x1) // out of view: show it
            zoomToNode(node);
    }
    update();
}

void FlameGraphView::zoomToNode(std::uint32_t node)
{
    const int f = m_layout.frameOf(node);
    if (f < 0)
        return;
    const auto &frame = m_layout.frames()[std::size_t(f)];
    m_x0 = frame.x;
    m_x1 = frame.x + std::max(frame.width, kMinZoomWidth);
    update();
    emit zoomChanged();
}

void FlameGraphView::resetZoom()
{
    m_x0 = 0;
    m_x1 = m_layout.total();
    update();
    emit zoomChanged();
}

void FlameGraphView::setView(double from, double to)
{
    const double total = m_layout.total();
    m_x0 = std::clamp(from, 0.0, 1.0) * total;
    m_x1 = std::max(std::clamp(to, 0.0, 1.0) * total, m_x0 + std::min(kMinZoomWidth, total));
    update();
    emit zoomChanged();
}

double FlameGraphView::viewFrom() const
{
    return m_layout.total() > 0 ? m_x0 / m_layout.total() : 0;
}

double FlameGraphView::viewTo() const { return m_layout.total() > 0 ? m_x1 / m_layout.total() : 1; }

QColor FlameGraphView::colorOf(std::uint32_t node) const
{
    if (!matches(node))
        return QColor(210, 210, 210);
    if (node == m_tree->unattributed)
        return QColor(160, 160, 170);
    // Warm colours from the name, as flame graphs do: the same frame keeps its colour.
    const std::size_t h = qHash(m_tree->nodeName(node));
    return QColor::fromHsv(int(h % 50), 120 + int((h >> 8) % 90), 230 - int((h >> 16) % 30));
}

void FlameGraphView::render(QPainter &painter, QSize size)
{
    painter.fillRect(QRect(QPoint(0, 0), size), palette().base());
    if (!m_tree)
        return;
    m_layout.visible(m_x0, m_x1, size.width(), m_visible);
    const QFontMetrics fm(painter.font());
    const int rows = size.height() / kRowHeight + 1;
    for (const FlameGraphLayout::Visible &v : m_visible) {
        const auto &frame = m_layout.frames()[v.frame];
        if (int(frame.depth) > rows)
            continue;
        const int top = int(frame.depth) * kRowHeight;
        const double left = std::max(v.left, -1.0), right = std::min(v.right, size.width() + 1.0);
        const QRectF r(left, top, std::max(right - left - 0.5, 0.5), kRowHeight - 1);
        painter.fillRect(r, colorOf(frame.node));
        if (frame.node == m_selected) {
            painter.setPen(QPen(palette().highlight().color(), 2));
            painter.drawRect(r.adjusted(1, 1, -1, -1));
        }
        if (r.width() > 24) {
            painter.setPen(Qt::black);
            painter.drawText(r.adjusted(3, 0, -2, 0), Qt::AlignVCenter | Qt::AlignLeft,
                fm.elidedText(m_tree->nodeName(frame.node), Qt::ElideRight, int(r.width()) - 5));
        }
    }
}

QSize FlameGraphView::exportSize(int width) const
{
    return { std::max(width, 100), (m_layout.maxDepth() + 1) * kRowHeight };
}

QImage FlameGraphView::toImage(int width)
{
    QImage image(exportSize(width), QImage::Format_ARGB32_Premultiplied);
    QPainter painter(&image);
    render(painter, image.size());
    return image;
}

QByteArray FlameGraphView::toSvg(int width)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(exportSize(width));
    generator.setViewBox(QRect(QPoint(0, 0), exportSize(width)));
    generator.setTitle(tr("npuscope flame graph"));
    {
        QPainter painter(&generator);
        render(painter, exportSize(width));
    }
    return buffer.data();
}

void FlameGraphView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    render(painter, size());
}

std::uint32_t FlameGraphView::nodeAt(const QPoint &pos) const
{
    const auto depth = static_cast<std::uint32_t>(pos.y() / kRowHeight);
    std::vector<FlameGraphLayout::Visible> shown; // as the next paint will draw them
    m_layout.visible(m_x0, m_x1, width(), shown);
    for (const FlameGraphLayout::Visible &v : shown) {
        const auto &frame = m_layout.frames()[v.frame];
        if (frame.depth == depth && pos.x() >= v.left && pos.x() < v.right)
            return frame.node;
    }
    return CallTreeNode::kNone;
}

void FlameGraphView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::RightButton) {
        resetZoom();
        return;
    }
    const std::uint32_t node = nodeAt(event->position().toPoint());
    m_selected = node;
    update();
    if (node != CallTreeNode::kNone)
        emit frameClicked(node);
}

void FlameGraphView::mouseDoubleClickEvent(QMouseEvent *event)
{
    const std::uint32_t node = nodeAt(event->position().toPoint());
    if (node != CallTreeNode::kNone)
        zoomToNode(node);
}

void FlameGraphView::wheelEvent(QWheelEvent *event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0 || width() <= 0)
        return;
    const double factor = std::pow(kWheelStep, -steps);
    const double at = m_x0 + (m_x1 - m_x0) * event->position().x() / width();
    const double total = m_layout.total();
    double w = std::clamp((m_x1 - m_x0) * factor, std::min(kMinZoomWidth, total), total);
    double x0 = std::clamp(at - (at - m_x0) * (w / (m_x1 - m_x0)), 0.0, total - w);
    m_x0 = x0;
    m_x1 = x0 + w;
    update();
    emit zoomChanged();
    event->accept();
}

void FlameGraphView::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape || event->key() == Qt::Key_0) {
        resetZoom();
        return;
    }
    QWidget::keyPressEvent(event);
}

QString FlameGraphView::tooltip(std::uint32_t node) const
{
    const CallTreeNode &n = m_tree->nodes[node];
    const double share = m_tree->totalDeviceNs > 0
        ? 100.0 * double(n.totalDevice) / double(m_tree->totalDeviceNs)
        : 0.0;
    return m_tree->nodeName(node) % QLatin1Char('\n')
        % tr("Device: %1 (%2%), self %3")
              .arg(formatDuration(n.totalDevice), QString::number(share, 'f', 1),
                  formatDuration(n.selfDevice))
        % QLatin1Char('\n')
        % tr("Host: %1, self %2; %n call(s)", nullptr, int(n.calls))
              .arg(formatDuration(n.totalHost), formatDuration(n.selfHost));
}

bool FlameGraphView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const std::uint32_t node = nodeAt(help->pos());
        if (m_tree && node != CallTreeNode::kNone)
            QToolTip::showText(help->globalPos(), tooltip(node), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

} // namespace npuscope
