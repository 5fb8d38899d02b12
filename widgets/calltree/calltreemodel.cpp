#include "widgets/calltree/calltreemodel.h"

#include "analysis/rules/findings.h"

namespace npuscope {

namespace {
    constexpr std::uint32_t kNone = CallTreeNode::kNone;
    const std::vector<std::uint32_t> kNoChildren;
} // namespace

CallTreeModel::CallTreeModel(QObject *parent)
    : QAbstractItemModel(parent)
{
}

void CallTreeModel::setTree(std::shared_ptr<const CallTree> tree)
{
    beginResetModel();
    m_tree = std::move(tree);
    m_row.clear();
    if (m_tree) {
        m_row.assign(m_tree->nodes.size(), 0);
        for (std::size_t i = 0; i < m_tree->roots.size(); ++i)
            m_row[m_tree->roots[i]] = static_cast<int>(i);
        for (const CallTreeNode &n : m_tree->nodes)
            for (std::size_t i = 0; i < n.children.size(); ++i)
                m_row[n.children[i]] = static_cast<int>(i);
    }
    endResetModel();
}

const std::vector<std::uint32_t> &CallTreeModel::childrenOf(std::uint32_t node) const
{
    if (!m_tree)
        return kNoChildren;
    return node == kNone ? m_tree->roots : m_tree->nodes[node].children;
}

std::uint32_t CallTreeModel::nodeAt(const QModelIndex &index) const
{
    return index.isValid() ? static_cast<std::uint32_t>(index.internalId()) : kNone;
}

QModelIndex CallTreeModel::indexOfNode(std::uint32_t node, int column) const
{
    if (!m_tree || node >= m_tree->nodes.size())
        return {};
    return createIndex(m_row[node], column, quintptr(node));
}

QModelIndex CallTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    const auto &children = childrenOf(nodeAt(parent));
    if (row < 0 || column < 0 || column >= Count || std::size_t(row) >= children.size())
        return {};
    return createIndex(row, column, quintptr(children[std::size_t(row)]));
}

QModelIndex CallTreeModel::parent(const QModelIndex &child) const
{
    const std::uint32_t node = nodeAt(child);
    if (!m_tree || node == kNone)
        return {};
    return indexOfNode(m_tree->nodes[node].parent);
}

int CallTreeModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != Frame)
        return 0;
    return static_cast<int>(childrenOf(nodeAt(parent)).size());
}

int CallTreeModel::columnCount(const QModelIndex &) const { return Count; }

QVariant CallTreeModel::value(std::uint32_t node, int column) const
{
    const CallTreeNode &n = m_tree->nodes[node];
    switch (column) {
    case DeviceTotal:
    case DeviceShare:
        return qlonglong(n.totalDevice);
    case DeviceSelf:
        return qlonglong(n.selfDevice);
    case HostTotal:
        return qlonglong(n.totalHost);
    case HostSelf:
        return qlonglong(n.selfHost);
    case Calls:
        return n.calls;
    default:
        return m_tree->nodeName(node);
    }
}

QVariant CallTreeModel::data(const QModelIndex &index, int role) const
{
    const std::uint32_t node = nodeAt(index);
    if (!m_tree || node >= m_tree->nodes.size())
        return {};
    const int column = index.column();
    if (role == kNodeRole)
        return node;
    if (role == kSortRole)
        return value(node, column);
    if (role == Qt::TextAlignmentRole && column != Frame)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && column == Frame)
        return m_tree->nodeName(node);
    if (role != Qt::DisplayRole)
        return {};
    const CallTreeNode &n = m_tree->nodes[node];
    switch (column) {
    case DeviceShare:
        return m_tree->totalDeviceNs > 0
            ? QString::number(100.0 * double(n.totalDevice) / double(m_tree->totalDeviceNs), 'f', 1)
                + QLatin1Char('%')
            : QString();
    case DeviceTotal:
    case DeviceSelf:
    case HostTotal:
    case HostSelf:
        return formatDuration(value(node, column).toLongLong());
    default:
        return value(node, column);
    }
}

QVariant CallTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Frame:
        return tr("Frame");
    case DeviceTotal:
        return tr("Device (total)");
    case DeviceSelf:
        return tr("Device (self)");
    case DeviceShare:
        return tr("Device %");
    case HostTotal:
        return tr("Host (total)");
    case HostSelf:
        return tr("Host (self)");
    case Calls:
        return tr("Calls");
    default:
        return {};
    }
}

} // namespace npuscope
