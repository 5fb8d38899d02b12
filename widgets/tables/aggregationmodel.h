#pragma once

#include "analysis/stats/aggregation.h"

#include <QAbstractTableModel>

#include <vector>

namespace npuscope {

// Kernel groups (by Type, Name, ...) as a table: count, total, mean, max, percentiles, share.
// Groups are few (thousands at most), so sorting moves the rows themselves.
class AggregationModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        KeyColumn,
        CountColumn,
        TotalColumn,
        MeanColumn,
        MaxColumn,
        P50Column,
        P90Column,
        P99Column,
        ShareColumn,
        ColumnCount
    };
    enum Role {
        ShareRole = Qt::UserRole + 1, // double in [0, 1]
        SortRole, // the raw value (qint64 ns, count or share)
    };

    explicit AggregationModel(QObject *parent = nullptr);

    // `keyTitle` is the header of the first column ("Type", "Name").
    void setRows(std::vector<AggregateRow> rows, const QString &keyTitle);
    const std::vector<AggregateRow> &rows() const { return m_rows; }
    const AggregateRow *row(int index) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(
        int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

private:
    static qint64 numericValue(const AggregateRow &row, int column); // ns or count

    std::vector<AggregateRow> m_rows;
    QString m_keyTitle;
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
};

} // namespace npuscope
