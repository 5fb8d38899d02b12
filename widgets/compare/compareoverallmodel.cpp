#include "widgets/compare/compareoverallmodel.h"

#include <QBrush>
#include <QColor>
#include <QFont>

namespace npuscope {

namespace {

    QString msText(TimeNs ns, bool sign = false)
    {
        const QString s = QString::number(double(ns) / 1e6, 'f', 3);
        return sign && ns > 0 ? QStringLiteral("+") + s : s;
    }

    QVariant countText(qint64 count)
    {
        return count >= 0 ? QVariant(count) : QVariant(QStringLiteral("/"));
    }

} // namespace

CompareOverallModel::CompareOverallModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void CompareOverallModel::setRows(std::vector<OverallRow> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

const OverallRow *CompareOverallModel::rowAt(int row) const
{
    return row >= 0 && row < int(m_rows.size()) ? &m_rows[std::size_t(row)] : nullptr;
}

int CompareOverallModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CompareOverallModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CompareOverallModel::display(const OverallRow &r, int column) const
{
    switch (column) {
    case Category:
        return QString(QString(4 * r.depth, QLatin1Char(' ')) + overallRowName(r));
    case Base:
        return msText(r.baseNs);
    case BaseCount:
        return countText(r.baseCount);
    case New:
        return msText(r.newNs);
    case NewCount:
        return countText(r.newCount);
    case Delta:
        return msText(r.newNs - r.baseNs, true);
    case DeltaPct:
        if (r.baseNs == 0)
            return r.newNs > 0 ? tr("new") : QStringLiteral("-");
        return QString(
            QString::number(100.0 * double(r.newNs - r.baseNs) / double(r.baseNs), 'f', 1)
            + QLatin1Char('%'));
    }
    return {};
}

QVariant CompareOverallModel::sortValue(const OverallRow &r, int column) const
{
    switch (column) {
    case Category:
        return r.key;
    case Base:
        return qint64(r.baseNs);
    case BaseCount:
        return r.baseCount;
    case New:
        return qint64(r.newNs);
    case NewCount:
        return r.newCount;
    case Delta:
        return qint64(r.newNs - r.baseNs);
    case DeltaPct:
        return r.baseNs != 0 ? double(r.newNs - r.baseNs) / double(r.baseNs) : 1e300;
    }
    return {};
}

QVariant CompareOverallModel::data(const QModelIndex &index, int role) const
{
    const OverallRow *r = index.isValid() ? rowAt(index.row()) : nullptr;
    if (!r)
        return {};
    const int column = index.column();
    if (role == Qt::DisplayRole)
        return display(*r, column);
    if (role == Qt::UserRole)
        return sortValue(*r, column);
    if (role == Qt::TextAlignmentRole)
        return column == Category ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                  : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::FontRole && r->depth == 0) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::ForegroundRole && (column == Delta || column == DeltaPct)) {
        // Slower in red, faster in green: the colours of the timeline tints.
        if (r->newNs > r->baseNs)
            return QBrush(QColor(0xc6, 0x28, 0x28));
        if (r->newNs < r->baseNs)
            return QBrush(QColor(0x2e, 0x7d, 0x32));
    }
    if (role == Qt::ToolTipRole && column == Category)
        return tr("msprof-analyze compare: %1").arg(r->index);
    return {};
}

QVariant CompareOverallModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Category:
        return tr("Category");
    case Base:
        return tr("Base (ms)");
    case BaseCount:
        return tr("Base count");
    case New:
        return tr("New (ms)");
    case NewCount:
        return tr("New count");
    case Delta:
        return tr("Delta (ms)");
    case DeltaPct:
        return tr("Delta %");
    }
    return {};
}

} // namespace npuscope
