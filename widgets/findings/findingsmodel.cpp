#include "widgets/findings/findingsmodel.h"

#include <QColor>
#include <QGuiApplication>
#include <QIcon>
#include <QLocale>
#include <QPainter>
#include <QPixmap>

#include <algorithm>
#include <cmath>

namespace npuscope {

namespace {

    QIcon severityIcon(FindingSeverity severity)
    {
        // A filled dot in the severity colour: reads at a glance and, unlike the style's
        // message-box icons, stays legible at list-row size.
        constexpr int kSize = 12;
        QPixmap pixmap(kSize, kSize);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(Qt::NoPen);
        painter.setBrush(FindingsModel::severityColor(severity));
        painter.drawEllipse(QRectF(1, 1, kSize - 2, kSize - 2));
        return QIcon(pixmap);
    }

} // namespace

FindingsModel::FindingsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void FindingsModel::setFindings(std::vector<Finding> findings)
{
    std::stable_sort(findings.begin(), findings.end(),
        [](const Finding &a, const Finding &b) { return a.severity > b.severity; });
    beginResetModel();
    m_findings = std::move(findings);
    endResetModel();
}

const Finding *FindingsModel::finding(int row) const
{
    return row >= 0 && std::size_t(row) < m_findings.size() ? &m_findings[std::size_t(row)]
                                                            : nullptr;
}

int FindingsModel::rowOf(const QString &id) const
{
    const auto it = std::find_if(
        m_findings.begin(), m_findings.end(), [&](const Finding &f) { return f.id == id; });
    return it == m_findings.end() ? -1 : int(it - m_findings.begin());
}

void FindingsModel::setChecks(const std::vector<FindingCheck> &checks)
{
    beginResetModel();
    m_notChecked.clear();
    for (const FindingCheck &c : checks) {
        if (c.status == CheckStatus::NotChecked)
            m_notChecked.push_back(c);
    }
    endResetModel();
}

const FindingCheck *FindingsModel::notCheckedAt(int row) const
{
    const auto i = std::size_t(row) - m_findings.size();
    return row >= 0 && std::size_t(row) >= m_findings.size() && i < m_notChecked.size()
        ? &m_notChecked[i]
        : nullptr;
}

int FindingsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_findings.size() + m_notChecked.size());
}

int FindingsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString FindingsModel::severityText(FindingSeverity severity)
{
    switch (severity) {
    case FindingSeverity::Info:
        return tr("Info");
    case FindingSeverity::Warning:
        return tr("Warning");
    case FindingSeverity::Critical:
        return tr("Critical");
    }
    return {};
}

QColor FindingsModel::severityColor(FindingSeverity severity)
{
    switch (severity) {
    case FindingSeverity::Info:
        return QColor(0x3b, 0x82, 0xc4);
    case FindingSeverity::Warning:
        return QColor(0xe0, 0x8e, 0x0b);
    case FindingSeverity::Critical:
        return QColor(0xd0, 0x2f, 0x2f);
    }
    return {};
}

QString FindingsModel::metricText(const Metric &metric)
{
    switch (metric.unit) {
    case Metric::Unit::Ns:
        return formatDuration(TimeNs(std::llround(metric.value)));
    case Metric::Unit::Ratio:
        return formatShare(metric.value);
    case Metric::Unit::Count:
        return QLocale().toString(qlonglong(std::llround(metric.value)));
    case Metric::Unit::Number:
        break;
    }
    return QLocale().toString(metric.value, 'g', 6);
}

QString FindingsModel::keyNumber(const Finding &finding)
{
    if (finding.id == QLatin1String(FindingId::kProfilerOverhead)) {
        const int options = int(finding.metric(u"costly_options"));
        return tr("%n option(s)", nullptr, options);
    }
    // The spread the title names (compute, exposed communication or idle time), not always the
    // compute lag: a 17 ms communication spread next to a 14 µs key number reads as a mistake.
    if (finding.id == QLatin1String(FindingId::kRankImbalance) && finding.hasMetric(u"spread"))
        return formatDuration(TimeNs(std::llround(finding.metric(u"spread"))));
    for (const Metric &m : finding.metrics) {
        if (m.key == QLatin1String("share"))
            return metricText(m);
    }
    for (const Metric &m : finding.metrics) {
        if (m.unit == Metric::Unit::Ns)
            return metricText(m);
    }
    return finding.metrics.empty() ? QString() : metricText(finding.metrics.front());
}

QVariant FindingsModel::checkData(const FindingCheck &check, int column, int role) const
{
    switch (role) {
    case Qt::DisplayRole:
        if (column == TitleColumn)
            return tr("Not checked: %1").arg(findingName(check.id));
        return column == KeyNumberColumn ? tr("not checked") : QVariant();
    case Qt::ToolTipRole:
    case Qt::AccessibleTextRole:
        return tr("%1\nTo check it: %2").arg(check.reason, check.collect);
    case Qt::ForegroundRole:
        return QColor(Qt::gray);
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(Qt::AlignVCenter)
            | (column == KeyNumberColumn ? Qt::AlignRight : Qt::AlignLeft));
    case FindingIdRole:
        return check.id;
    default:
        return {};
    }
}

QVariant FindingsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (const FindingCheck *check = notCheckedAt(index.row()))
        return checkData(*check, index.column(), role);
    const Finding &f = m_findings[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn:
            return {}; // the coloured icon says it; the tooltip names it
        case TitleColumn:
            return f.title;
        case KeyNumberColumn:
            return keyNumber(f);
        default:
            return {};
        }
    case Qt::ToolTipRole:
    case Qt::AccessibleTextRole:
        if (index.column() == SeverityColumn)
            return severityText(f.severity);
        return index.column() == TitleColumn ? f.title : QVariant();
    case Qt::DecorationRole:
        if (index.column() == SeverityColumn && qGuiApp)
            return severityIcon(f.severity);
        return {};
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(Qt::AlignVCenter)
            | (index.column() == KeyNumberColumn ? Qt::AlignRight : Qt::AlignLeft));
    case FindingIdRole:
        return f.id;
    case SeverityRole:
        return int(f.severity);
    default:
        return {};
    }
}

QVariant FindingsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical)
        return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn:
        return QString(); // the column is one icon wide
    case TitleColumn:
        return tr("Finding");
    case KeyNumberColumn:
        return tr("Key Number");
    default:
        return {};
    }
}

} // namespace npuscope
