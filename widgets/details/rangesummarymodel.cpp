#include "widgets/details/rangesummarymodel.h"

#include "model/core/durationtext.h"
#include "widgets/timeline/timeaxis.h"

namespace npuscope {

RangeSummaryModel::RangeSummaryModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void RangeSummaryModel::setRows(std::vector<RangeSummaryRow> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int RangeSummaryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int RangeSummaryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RangeSummaryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const RangeSummaryRow &row = m_rows[static_cast<std::size_t>(index.row())];
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Name:
            return row.text;
        case Count:
            return QString::number(row.count);
        case Total:
            return formatDuration(row.total);
        case Mean:
            return formatDuration(row.mean());
        default:
            return {};
        }
    }
    if (role == Qt::UserRole) {
        switch (index.column()) {
        case Name:
            return row.text;
        case Count:
            return QVariant::fromValue<qlonglong>(row.count);
        case Total:
            return QVariant::fromValue<qlonglong>(row.total);
        case Mean:
            return QVariant::fromValue<qlonglong>(row.mean());
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() != Name)
        return QVariant::fromValue<int>(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == Name)
        return row.text;
    return {};
}

QVariant RangeSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Name:
        return tr("Name");
    case Count:
        return tr("Count");
    case Total:
        return tr("Total");
    case Mean:
        return tr("Mean");
    default:
        return {};
    }
}

} // namespace npuscope
