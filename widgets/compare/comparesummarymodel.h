#pragma once

#include "analysis/compare/comparison.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

namespace npuscope {

// The summary of a run comparison, like the article's baseline table (section 6.3): one row per
// measure (step time, top-1 kernel, AI_CPU share, TransData share, free time, communication not
// overlapped, ...) with base, new and the change, then the findings that appeared or resolved.
class CompareSummaryModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Measure, Base, New, Change, ColumnCount };

    explicit CompareSummaryModel(QObject *parent = nullptr);

    void setComparison(const RunComparison &comparison);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    struct Row {
        QStringList cells; // ColumnCount texts
        int sign = 0; // +1 worse (slower, more), -1 better: colours the change
    };
    std::vector<Row> m_rows;
};

} // namespace npuscope
