#pragma once

#include "widgets/calltree/flamegraphlayout.h"

#include <QImage>
#include <QWidget>

#include <memory>

namespace npuscope {

// The call tree as a flame graph (roots on top): width is device or host time; wheel zooms
// around the pointer, a double click zooms to a frame, Escape or a right click shows everything
// again. Frames whose name holds the search text keep their colour, the others turn grey.
class FlameGraphView : public QWidget {
    Q_OBJECT

public:
    explicit FlameGraphView(QWidget *parent = nullptr);

    void setTree(std::shared_ptr<const CallTree> tree);
    void setMetric(FlameMetric metric);
    FlameMetric metric() const { return m_metric; }
    void setSearch(const QString &text);
    void selectNode(std::uint32_t node); // kNone: no selection
    std::uint32_t selectedNode() const { return m_selected; }
    void zoomToNode(std::uint32_t node);
    void resetZoom();
    // The shown part, in fractions of the whole width (0..1).
    void setView(double from, double to);
    double viewFrom() const;
    double viewTo() const;
    const FlameGraphLayout &layout() const { return m_layout; }
    std::uint32_t nodeAt(const QPoint &pos) const;
    // Draws what paintEvent draws into any painter (tests, benchmarks, export).
    void render(QPainter &painter, QSize size);
    // The shown range at `width` pixels, every row (no scrolling): for File > Export.
    QSize exportSize(int width) const;
    QImage toImage(int width);
    QByteArray toSvg(int width);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void frameClicked(std::uint32_t node);
    void zoomChanged();

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool event(QEvent *event) override;

private:
    void rebuild();
    QColor colorOf(std::uint32_t node) const;
    bool matches(std::uint32_t node) const;
    QString tooltip(std::uint32_t node) const;

    std::shared_ptr<const CallTree> m_tree;
    FlameGraphLayout m_layout;
    FlameMetric m_metric = FlameMetric::Device;
    double m_x0 = 0; // shown range, metric units
    double m_x1 = 0;
    QString m_search;
    std::vector<bool> m_match; // per node, when searching
    std::uint32_t m_selected = CallTreeNode::kNone;
    std::vector<FlameGraphLayout::Visible> m_visible; // reused by every paint
};

} // namespace npuscope
