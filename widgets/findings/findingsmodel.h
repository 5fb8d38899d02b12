#pragma once

#include "analysis/rules/findings.h"

#include <QAbstractTableModel>

#include <vector>

namespace npuscope {

// The findings of the current rank (and those across ranks) as a flat table, most severe first:
// severity (a coloured icon, named in its tooltip), title, the key number behind it. The checks
// that could not run follow, greyed, with what was missing in their tooltip.
class FindingsModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { SeverityColumn, TitleColumn, KeyNumberColumn, ColumnCount };
    enum Role {
        FindingIdRole = Qt::UserRole + 1, // QString, one of FindingId
        SeverityRole, // int(FindingSeverity)
    };

    explicit FindingsModel(QObject *parent = nullptr);

    // Sorted most severe first; equal severities keep their order (the catalogue's).
    void setFindings(std::vector<Finding> findings);
    const std::vector<Finding> &findings() const { return m_findings; }
    const Finding *finding(int row) const;
    int rowOf(const QString &id) const; // -1 when absent
    // Keeps the not-checked ones, shown after the findings in the order given.
    void setChecks(const std::vector<FindingCheck> &checks);
    const std::vector<FindingCheck> &notChecked() const { return m_notChecked; }
    const FindingCheck *notCheckedAt(int row) const; // null on a finding's row

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(
        int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString severityText(FindingSeverity severity);
    static QColor severityColor(FindingSeverity severity);
    // The one number that sums a finding up: its share when it has one, else its main time or
    // count ("16.0%", "1.42 ms", "3 options").
    static QString keyNumber(const Finding &finding);
    // A metric's value with its unit ("830 µs", "16.0%", "12").
    static QString metricText(const Metric &metric);

private:
    QVariant checkData(const FindingCheck &check, int column, int role) const;

    std::vector<Finding> m_findings;
    std::vector<FindingCheck> m_notChecked;
};

} // namespace npuscope
