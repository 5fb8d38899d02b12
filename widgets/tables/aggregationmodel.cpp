#include "widgets/tables/aggregationmodel.h"

#include "widgets/tables/kerneltablemodel.h"

#include <QLocale>

#include <algorithm>

namespace npuscope {

AggregationModel::AggregationModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void AggregationModel::setRows(std::vector<AggregateRow> rows, const QString &keyTitle)
{
    beginResetModel();
    m_rows = std::move(rows);
    m_keyTitle = keyTitle;
    endResetModel();
    emit headerDataChanged(Qt::Horizontal, KeyColumn, KeyColumn);
    if (m_sortColumn >= 0)
        sort(m_sortColumn, m_sortOrder);
}

const AggregateRow *AggregationModel::row(int index) const
{
    return index >= 0 && std::size_t(index) < m_rows.size() ? &m_rows[std::size_t(index)] : nullptr;
}

int AggregationModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int AggregationModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

qint64 AggregationModel::numericValue(const AggregateRow &row, int column)
{
    switch (column) {
    case CountColumn:
        return row.count;
    case TotalColumn:
        return row.total;
    case MeanColumn:
        return row.mean;
    case MaxColumn:
        return row.max;
    case P50Column:
        return row.p50;
    case P90Column:
        return row.p90;
    case P99Column:
        return row.p99;
    default:
        return 0;
    }
}

QVariant AggregationModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const AggregateRow &r = m_rows[std::size_t(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        if (column == KeyColumn)
            return r.key;
        if (column == CountColumn)
            return QLocale().toString(r.count);
        if (column == ShareColumn)
            return QStringLiteral("%1 %").arg(r.share * 100.0, 0, 'f', 1);
        return KernelTableModel::formatMicros(numericValue(r, column));
    case Qt::ToolTipRole:
        return column == KeyColumn ? QVariant(r.key) : QVariant();
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(Qt::AlignVCenter)
            | (column == KeyColumn ? Qt::AlignLeft : Qt::AlignRight));
    case ShareRole:
        return r.share;
    case SortRole:
        if (column == KeyColumn)
            return r.key;
        if (column == ShareColumn)
            return r.share;
        return numericValue(r, column);
    default:
        return {};
    }
}

QVariant AggregationModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical)
        return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(Qt::Alignment(Qt::AlignVCenter)
            | (section == KeyColumn ? Qt::AlignLeft : Qt::AlignRight));
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KeyColumn:
        return m_keyTitle;
    case CountColumn:
        return tr("Count");
    case TotalColumn:
        return tr("Total (µs)");
    case MeanColumn:
        return tr("Mean (µs)");
    case MaxColumn:
        return tr("Max (µs)");
    case P50Column:
        return tr("P50 (µs)");
    case P90Column:
        return tr("P90 (µs)");
    case P99Column:
        return tr("P99 (µs)");
    case ShareColumn:
        return tr("Share");
    default:
        return {};
    }
}

void AggregationModel::sort(int column, Qt::SortOrder order)
{
    m_sortColumn = column;
    m_sortOrder = order;
    if (column < 0 || column >= ColumnCount)
        return;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    QStringList keys;
    for (const QModelIndex &i : before)
        keys << m_rows[std::size_t(i.row())].key;

    auto less = [column](const AggregateRow &a, const AggregateRow &b) {
        if (column == KeyColumn)
            return a.key < b.key;
        if (column == ShareColumn)
            return a.share < b.share;
        return numericValue(a, column) < numericValue(b, column);
    };
    if (order == Qt::AscendingOrder)
        std::stable_sort(m_rows.begin(), m_rows.end(), less);
    else
        std::stable_sort(m_rows.begin(), m_rows.end(),
            [&less](const AggregateRow &a, const AggregateRow &b) { return less(b, a); });

    QModelIndexList after;
    for (qsizetype i = 0; i < before.size(); ++i) {
        const auto it = std::find_if(
            m_rows.begin(), m_rows.end(), [&](const AggregateRow &r) { return r.key == keys[i]; });
        after << (it == m_rows.end() ? QModelIndex()
                                     : index(int(it - m_rows.begin()), before[i].column()));
    }
    changePersistentIndexList(before, after);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

} // namespace npuscope
