#pragma once

#include "analysis/calltree/calltree.h"

#include <QAbstractItemModel>

#include <memory>

namespace npuscope {

// A call tree (top-down, bottom-up or flat) as an item model: one row per frame, children in the
// tree's order (device time, then host time). The tree is immutable and shared.
class CallTreeModel : public QAbstractItemModel {
    Q_OBJECT

public:
    enum Column { Frame, DeviceTotal, DeviceSelf, DeviceShare, HostTotal, HostSelf, Calls, Count };
    static constexpr int kNodeRole = Qt::UserRole + 1; // the node index (quint32)
    static constexpr int kSortRole = Qt::UserRole + 2; // the raw number of a cost column

    explicit CallTreeModel(QObject *parent = nullptr);

    void setTree(std::shared_ptr<const CallTree> tree);
    const std::shared_ptr<const CallTree> &tree() const { return m_tree; }
    QModelIndex indexOfNode(std::uint32_t node, int column = Frame) const;
    std::uint32_t nodeAt(const QModelIndex &index) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(
        int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const std::vector<std::uint32_t> &childrenOf(std::uint32_t node) const;
    QVariant value(std::uint32_t node, int column) const;

    std::shared_ptr<const CallTree> m_tree;
    std::vector<int> m_row; // per node: its row under its parent
};

} // namespace npuscope
