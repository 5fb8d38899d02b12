#include "widgets/findings/issuesmodel.h"

#include <QApplication>
#include <QFileInfo>
#include <QStyle>

namespace npuscope {

IssuesModel::IssuesModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void IssuesModel::setIssues(IssueList issues)
{
    beginResetModel();
    m_issues = std::move(issues);
    endResetModel();
}

int IssuesModel::count(Severity severity) const
{
    return int(std::count_if(m_issues.begin(), m_issues.end(),
        [severity](const Issue &i) { return i.severity == severity; }));
}

int IssuesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_issues.size());
}

int IssuesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString IssuesModel::severityText(Severity severity)
{
    switch (severity) {
    case Severity::Info:
        return tr("Info");
    case Severity::Warning:
        return tr("Warning");
    case Severity::Error:
        return tr("Error");
    }
    return {};
}

QVariant IssuesModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Issue &issue = m_issues.at(index.row());
    const int column = index.column();
    if (role == Qt::DisplayRole || role == SortRole) {
        switch (column) {
        case SeverityColumn:
            return role == SortRole ? QVariant(int(issue.severity))
                                    : QVariant(severityText(issue.severity));
        case FileColumn:
            return role == SortRole ? issue.file : QFileInfo(issue.file).fileName();
        case LocationColumn:
            return issue.location;
        case MessageColumn:
            return issue.message;
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        if (column == FileColumn)
            return issue.file;
        if (column == MessageColumn)
            return issue.message;
        return {};
    }
    if (role == Qt::DecorationRole && column == SeverityColumn && qApp) {
        const QStyle::StandardPixmap icon = issue.severity == Severity::Error
            ? QStyle::SP_MessageBoxCritical
            : issue.severity == Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                  : QStyle::SP_MessageBoxInformation;
        return QApplication::style()->standardIcon(icon);
    }
    return {};
}

QVariant IssuesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical)
        return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn:
        return tr("Severity");
    case FileColumn:
        return tr("File");
    case LocationColumn:
        return tr("Location");
    case MessageColumn:
        return tr("Message");
    default:
        return {};
    }
}

} // namespace npuscope
