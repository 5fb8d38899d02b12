#pragma once

#include "analysis/compare/comparison.h"

#include <QWidget>

#include <vector>

namespace npuscope {

// The differential flame graph of a run comparison's modules (RunComparison::modules): the
// module tree of one side drawn top-down (top-level modules first, backward ones after the
// forward ones), each module as wide as its device total on that side, coloured by its change
// against the other side (red slower, green faster, grey unchanged, the stronger the larger;
// purple only in the new run, blue only in the base). A click selects a module.
class ModuleFlameGraph : public QWidget {
    Q_OBJECT

public:
    enum class Side { Base, New };

    // A drawn module: its row of RunComparison::modules, where it is (x and width in fractions
    // of the side's total, depth from the top).
    struct Box {
        int row = -1;
        double x = 0;
        double width = 0;
        int depth = 0;
    };

    explicit ModuleFlameGraph(QWidget *parent = nullptr);

    // Keeps the pointer: the comparison must outlive the graph or the next call.
    void setComparison(const RunComparison *comparison);
    void setSide(Side side);
    Side side() const { return m_side; }
    void selectRow(int row); // -1: none
    int selectedRow() const { return m_selected; }
    const std::vector<Box> &boxes() const { return m_boxes; }
    int rowAt(const QPoint &pos) const;
    // The fill of a module whose device total went from `base` to `next` ns (-1: absent).
    static QColor changeColor(TimeNs base, TimeNs next);

    QSize sizeHint() const override;

signals:
    void rowClicked(int row);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    void rebuild();
    void place(const ModuleTree &tree, std::uint32_t node, double x, double total,
        const std::vector<int> &rowOfNode);
    QRect rectOf(const Box &box) const;
    QString tooltip(int row) const;

    const RunComparison *m_comparison = nullptr;
    Side m_side = Side::New;
    std::vector<Box> m_boxes;
    int m_depths = 0;
    int m_selected = -1;
};

} // namespace npuscope
