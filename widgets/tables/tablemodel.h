#pragma once

#include "model/core/table.h"

#include <QAbstractTableModel>
#include <QRegularExpression>

#include <memory>
#include <vector>

namespace npuscope {

// Any CSV table of the profile (operator_details.csv, op_statistic.csv, ...) as a flat item
// model with every original column. Sorting builds an index permutation over typed keys
// (rowsort.h: numbers by value, time columns by exact ns, text by bytes); filtering by a
// substring or regular expression over the text columns keeps a row list. No QVariant per row
// is ever sorted or filtered.
class TableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Role {
        TableRowRole = Qt::UserRole + 1, // qint32 row of the Table
    };

    explicit TableModel(QObject *parent = nullptr);
    ~TableModel() override;

    void setTable(std::shared_ptr<const Table> table);
    const std::shared_ptr<const Table> &table() const { return m_table; }

    // Case-insensitive substring, or a regular expression, over every text column. Returns
    // false (and keeps every row) when the regular expression is invalid.
    bool setTextFilter(const QString &text, bool regex);
    QString textFilter() const { return m_filterText; }

    qsizetype totalRowCount() const;
    qint32 tableRow(int viewRow) const; // -1 when out of range
    int viewRow(qint32 tableRow) const; // -1 when filtered out
    // The first column whose header reads like a name ("Name", "OP Name", "Op Type"...), or -1.
    int nameColumn() const { return m_nameColumn; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

private:
    void rebuildView();

    std::shared_ptr<const Table> m_table;
    std::vector<qint32> m_order; // sorted table rows; empty: table order
    std::vector<qint32> m_view; // rows shown (after the filter), in m_order's order
    bool m_filtered = false; // m_view is in use
    QString m_filterText;
    bool m_filterRegex = false;
    QRegularExpression m_regex;
    int m_nameColumn = -1;
};

} // namespace npuscope
