#include "widgets/cluster/commmatrixview.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace npuscope {

namespace {

    // White (no traffic) to a deep blue at the group's highest bandwidth.
    QColor heat(double share)
    {
        share = std::clamp(share, 0.0, 1.0);
        const QColor low(0xf1, 0xf5, 0xfb);
        const QColor high(0x1d, 0x4e, 0xd8);
        return QColor::fromRgbF(low.redF() + (high.redF() - low.redF()) * share,
            low.greenF() + (high.greenF() - low.greenF()) * share,
            low.blueF() + (high.blueF() - low.blueF()) * share);
    }

} // namespace

CommMatrixView::CommMatrixView(QWidget *parent)
    : QWidget(parent)
    , m_groups(new QComboBox(this))
    , m_legend(new QLabel(this))
    , m_table(new QTableWidget(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Communication group:"), this));
    bar->addWidget(m_groups, 1);
    layout->addLayout(bar);
    m_legend->setText(tr("Bandwidth in GB/s from the row's group position to the column's, all "
                         "steps; hover a cell for size, time and transport."));
    m_legend->setWordWrap(true);
    m_legend->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_legend);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    layout->addWidget(m_table, 1);
    connect(m_groups, &QComboBox::currentIndexChanged, this, &CommMatrixView::showGroup);
}

void CommMatrixView::setMatrix(const CommMatrix &matrix)
{
    m_matrix = matrix;
    const QSignalBlocker blocker(m_groups);
    m_groups->clear();
    for (const CommGroupMatrix &g : m_matrix.groups) {
        const QString kind
            = g.kind == QLatin1String("p2p") ? tr("point-to-point") : tr("collective");
        m_groups->addItem(tr("%1 ranks, %2: %3 (%4)")
                              .arg(g.size)
                              .arg(kind, g.ops.join(QStringLiteral(", ")), g.group.right(8)));
        m_groups->setItemData(m_groups->count() - 1, g.group, Qt::ToolTipRole);
    }
    showGroup(m_matrix.groups.empty() ? -1 : 0);
}

void CommMatrixView::showGroup(int index)
{
    m_table->clear();
    if (index < 0 || std::size_t(index) >= m_matrix.groups.size()) {
        m_table->setRowCount(0);
        m_table->setColumnCount(0);
        return;
    }
    const CommGroupMatrix &g = m_matrix.groups[std::size_t(index)];
    m_table->setRowCount(g.size);
    m_table->setColumnCount(g.size);
    QStringList headers;
    for (int i = 0; i < g.size; ++i)
        headers << QString::number(i);
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setVerticalHeaderLabels(headers);
    double peak = 0;
    for (const auto &[link, totals] : g.links)
        if (totals.transport != QLatin1String("LOCAL")) // a copy within the device dwarfs links
            peak = std::max(peak, totals.bandwidthGBs());
    const QLocale locale;
    for (const auto &[link, totals] : g.links) {
        // Three significant digits: links run from a few MB/s (p2p of small tensors) to 300 GB/s.
        auto *item = new QTableWidgetItem(locale.toString(totals.bandwidthGBs(), 'g', 3));
        item->setTextAlignment(Qt::AlignCenter);
        const double share = peak > 0 ? totals.bandwidthGBs() / peak : 0;
        item->setBackground(heat(share));
        item->setForeground(share > 0.55 ? QColor(Qt::white) : QColor(Qt::black));
        item->setToolTip(
            tr("%1 → %2 over %3\n%4 MB in %5 ms (%6 GB/s), %n transfer(s)", nullptr, totals.ops)
                .arg(link.first)
                .arg(link.second)
                .arg(totals.transport.isEmpty() ? tr("unknown transport") : totals.transport)
                .arg(locale.toString(totals.sizeMb, 'f', 1), locale.toString(totals.timeMs, 'f', 3),
                    locale.toString(totals.bandwidthGBs(), 'f', 2)));
        m_table->setItem(link.first, link.second, item);
    }
}

} // namespace npuscope
