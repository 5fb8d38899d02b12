#pragma once

#include "model/core/issue.h"

#include <QAbstractTableModel>

namespace npuscope {

// Problems found in the input (severity, file, location, message) as a flat table.
class IssuesModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { SeverityColumn, FileColumn, LocationColumn, MessageColumn, ColumnCount };
    enum Role {
        SortRole = Qt::UserRole + 1, // severity as an int (errors sort first when descending)
    };

    explicit IssuesModel(QObject *parent = nullptr);

    void setIssues(IssueList issues);
    const IssueList &issues() const { return m_issues; }
    int count(Severity severity) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(
        int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString severityText(Severity severity);

private:
    IssueList m_issues;
};

} // namespace npuscope
