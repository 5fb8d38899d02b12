#pragma once

#include "analysis/compare/overallmetrics.h"

#include <QAbstractTableModel>

#include <vector>

namespace npuscope {

// The time categories of a run comparison (msprof-analyze compare's OverallMetrics rows, in
// its order, the parts indented under their totals): base and new time and count, delta.
// Qt::UserRole gives raw numbers for sorting.
class CompareOverallModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Category, Base, BaseCount, New, NewCount, Delta, DeltaPct, ColumnCount };

    explicit CompareOverallModel(QObject *parent = nullptr);

    void setRows(std::vector<OverallRow> rows);
    const OverallRow *rowAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QVariant display(const OverallRow &r, int column) const;
    QVariant sortValue(const OverallRow &r, int column) const;

    std::vector<OverallRow> m_rows;
};

} // namespace npuscope
