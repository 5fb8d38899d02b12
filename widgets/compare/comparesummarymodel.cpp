#include "widgets/compare/comparesummarymodel.h"

#include <QBrush>
#include <QColor>

namespace npuscope {

namespace {

    QString ms(TimeNs ns)
    {
        return QString::number(double(ns) / 1e6, 'f', 3) + QStringLiteral(" ms");
    }

    QString percent(double ratio)
    {
        return QString::number(ratio * 100.0, 'f', 1) + QLatin1Char('%');
    }

    QString change(TimeNs base, TimeNs next)
    {
        if (base == 0)
            return next == 0 ? QStringLiteral("0") : QStringLiteral("-");
        const double pct = 100.0 * double(next - base) / double(base);
        return (pct > 0 ? QStringLiteral("+") : QString()) + QString::number(pct, 'f', 1)
            + QLatin1Char('%');
    }

    int sign(double delta) { return delta > 0 ? 1 : (delta < 0 ? -1 : 0); }

} // namespace

CompareSummaryModel::CompareSummaryModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void CompareSummaryModel::setComparison(const RunComparison &c)
{
    beginResetModel();
    m_rows.clear();
    const StepSummary &b = c.base;
    const StepSummary &n = c.next;
    auto time = [&](const QString &measure, TimeNs x, TimeNs y) {
        m_rows.push_back({ { measure, ms(x), ms(y), change(x, y) }, sign(double(y - x)) });
    };
    auto share = [&](const QString &measure, double x, double y) {
        const QString points = (y > x ? QStringLiteral("+") : QString())
            + QString::number((y - x) * 100.0, 'f', 1) + tr(" pt");
        m_rows.push_back({ { measure, percent(x), percent(y), points }, sign(y - x) });
    };
    m_rows.push_back({ { tr("Step"), b.stepId, n.stepId, QString() }, 0 });
    time(tr("Step time"), b.wallNs, n.wallNs);
    m_rows.push_back({ { tr("Top-1 kernel"), b.topKernel, n.topKernel, QString() }, 0 });
    time(tr("Top-1 kernel time"), b.topKernelNs, n.topKernelNs);
    share(tr("AI_CPU share"), b.aiCpuShare, n.aiCpuShare);
    share(tr("TransData share"), b.transDataShare, n.transDataShare);
    time(tr("Free time"), b.freeNs, n.freeNs);
    time(tr("Communication not overlapped"), b.commNotOverlappedNs, n.commNotOverlappedNs);
    time(tr("Kernel total"), b.kernelSumNs, n.kernelSumNs);
    m_rows.push_back({ { tr("Kernels"), QString::number(b.kernelCount),
                           QString::number(n.kernelCount), QString() },
        0 });
    m_rows.push_back({ { tr("Matched kernels"), QString::number(c.match.pairs.size()),
                           tr("%1 faster, %2 slower").arg(c.faster).arg(c.slower), QString() },
        0 });
    for (const FindingChange &f : c.appeared)
        m_rows.push_back({ { tr("Finding appeared"), QString(), f.title, f.id }, 1 });
    for (const FindingChange &f : c.resolved)
        m_rows.push_back({ { tr("Finding resolved"), f.title, QString(), f.id }, -1 });
    endResetModel();
}

int CompareSummaryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CompareSummaryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CompareSummaryModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()) || index.column() >= ColumnCount)
        return {};
    const Row &r = m_rows[std::size_t(index.row())];
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
        return r.cells.value(index.column());
    if (role == Qt::ForegroundRole && index.column() == Change && r.sign != 0)
        return QBrush(r.sign > 0 ? QColor(0xc6, 0x28, 0x28) : QColor(0x2e, 0x7d, 0x32));
    return {};
}

QVariant CompareSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Measure:
        return tr("Measure");
    case Base:
        return tr("Base");
    case New:
        return tr("New");
    case Change:
        return tr("Change");
    }
    return {};
}

} // namespace npuscope
