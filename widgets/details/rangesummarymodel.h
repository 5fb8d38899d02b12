#pragma once

#include "widgets/details/rangesummary.h"

#include <QAbstractTableModel>

#include <vector>

namespace npuscope {

// The rows of a RangeSummary as a table: Name, Count, Total, Mean. Display text is formatted;
// Qt::UserRole holds the raw number (ns or count) for sorting through a proxy.
class RangeSummaryModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Name, Count, Total, Mean, ColumnCount };

    explicit RangeSummaryModel(QObject *parent = nullptr);

    void setRows(std::vector<RangeSummaryRow> rows);
    const std::vector<RangeSummaryRow> &rows() const { return m_rows; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(
        int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<RangeSummaryRow> m_rows;
};

} // namespace npuscope
