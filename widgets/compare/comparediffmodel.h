#pragma once

#include "analysis/compare/comparison.h"

#include <QAbstractTableModel>

#include <vector>

namespace npuscope {

// A diff table of a run comparison (by Type, by Name or by work bucket): key, base and new
// totals, delta, delta %, counts. Rows keep the comparison's order (largest |delta| first);
// Qt::UserRole gives raw numbers so that a QSortFilterProxyModel sorts them as numbers.
class CompareDiffModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Key, Base, New, Delta, DeltaPct, BaseCount, NewCount, ColumnCount };

    explicit CompareDiffModel(QObject *parent = nullptr);

    void setRows(std::vector<DiffRow> rows, const QString &keyTitle);
    const std::vector<DiffRow> &rows() const { return m_rows; }
    const DiffRow *rowAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<DiffRow> m_rows;
    QString m_keyTitle;
};

} // namespace npuscope
