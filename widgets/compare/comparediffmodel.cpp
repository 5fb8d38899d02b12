#include "widgets/compare/comparediffmodel.h"

#include <QBrush>
#include <QColor>

namespace npuscope {

namespace {

    QString usText(TimeNs ns, bool sign = false)
    {
        const QString s = QString::number(double(ns) / 1000.0, 'f', 1);
        return sign && ns > 0 ? QStringLiteral("+") + s : s;
    }

} // namespace

CompareDiffModel::CompareDiffModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void CompareDiffModel::setRows(std::vector<DiffRow> rows, const QString &keyTitle)
{
    beginResetModel();
    m_rows = std::move(rows);
    m_keyTitle = keyTitle;
    endResetModel();
    emit headerDataChanged(Qt::Horizontal, Key, Key);
}

const DiffRow *CompareDiffModel::rowAt(int row) const
{
    return row >= 0 && row < int(m_rows.size()) ? &m_rows[std::size_t(row)] : nullptr;
}

int CompareDiffModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CompareDiffModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CompareDiffModel::data(const QModelIndex &index, int role) const
{
    const DiffRow *r = index.isValid() ? rowAt(index.row()) : nullptr;
    if (!r)
        return {};
    const int column = index.column();
    if (role == Qt::DisplayRole) {
        switch (column) {
        case Key:
            return r->label;
        case Base:
            return usText(r->baseNs);
        case New:
            return usText(r->newNs);
        case Delta:
            return usText(r->deltaNs(), true);
        case DeltaPct:
            return r->hasDeltaPct() ? (r->deltaPct() > 0 ? QStringLiteral("+") : QString())
                    + QString::number(r->deltaPct(), 'f', 1) + QLatin1Char('%')
                                    : (r->newNs > 0 ? tr("new") : QStringLiteral("-"));
        case BaseCount:
            return r->baseCount;
        case NewCount:
            return r->newCount;
        }
    } else if (role == Qt::UserRole) {
        switch (column) {
        case Key:
            return r->key;
        case Base:
            return qint64(r->baseNs);
        case New:
            return qint64(r->newNs);
        case Delta:
            return qint64(r->deltaNs());
        case DeltaPct:
            return r->hasDeltaPct() ? r->deltaPct() : 1e300;
        case BaseCount:
            return r->baseCount;
        case NewCount:
            return r->newCount;
        }
    } else if (role == Qt::TextAlignmentRole) {
        return column == Key ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                             : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    } else if (role == Qt::ForegroundRole && (column == Delta || column == DeltaPct)) {
        // Slower in red, faster in green: the colours of the timeline tints.
        if (r->deltaNs() > 0)
            return QBrush(QColor(0xc6, 0x28, 0x28));
        if (r->deltaNs() < 0)
            return QBrush(QColor(0x2e, 0x7d, 0x32));
    } else if (role == Qt::ToolTipRole && column == Key) {
        return r->newKey.isEmpty()
            ? r->key
            : tr("Base: %1\nNew: %2\nThe kernels were matched by their order: the same kernels "
                 "under renumbered names.")
                  .arg(r->key, r->newKey);
    }
    return {};
}

QVariant CompareDiffModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Key:
        return m_keyTitle;
    case Base:
        return tr("Base (µs)");
    case New:
        return tr("New (µs)");
    case Delta:
        return tr("Delta (µs)");
    case DeltaPct:
        return tr("Delta %");
    case BaseCount:
        return tr("Base count");
    case NewCount:
        return tr("New count");
    }
    return {};
}

} // namespace npuscope
