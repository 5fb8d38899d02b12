#include "widgets/cluster/clusterlinksview.h"

#include "analysis/rules/linkfindings.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <map>
#include <set>

namespace npuscope {

namespace {

    constexpr double kSlowRatio = 0.8; // as the slow-link finding

    QString groupLabel(const ClusterLink &l)
    {
        QStringList ranks;
        for (int r : l.groupRanks)
            ranks << QString::number(r);
        const QString name = l.groupName.isEmpty() ? ClusterLinksView::tr("group") : l.groupName;
        return QStringLiteral("%1 (%2)").arg(name, ranks.join(QLatin1String(", ")));
    }

    // A cell that sorts by `value` and shows `text`.
    QTableWidgetItem *cell(const QString &text, const QVariant &value = {})
    {
        auto *item = new QTableWidgetItem;
        item->setData(Qt::DisplayRole, value.isValid() ? value : QVariant(text));
        item->setTextAlignment(
            value.isValid() ? Qt::AlignRight | Qt::AlignVCenter : Qt::AlignLeft | Qt::AlignVCenter);
        return item;
    }

    QTableWidgetItem *number(double v, int decimals)
    {
        // Rounded for display, still sorted as a number.
        return cell({}, QVariant(QString::number(v, 'f', decimals).toDouble()));
    }

} // namespace

ClusterLinksView::ClusterLinksView(QWidget *parent)
    : QWidget(parent)
    , m_groups(new QComboBox(this))
    , m_ops(new QComboBox(this))
    , m_legend(new QLabel(this))
    , m_table(new QTableWidget(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Group:"), this));
    bar->addWidget(m_groups, 1);
    bar->addWidget(new QLabel(tr("Operation:"), this));
    bar->addWidget(m_ops, 1);
    layout->addLayout(bar);
    m_legend->setWordWrap(true);
    m_legend->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_legend);
    m_table->setColumnCount(ColumnCount);
    m_table->setHorizontalHeaderLabels({ tr("Group"), tr("Operation"), tr("From"), tr("To"),
        tr("Transport"), tr("Size (MB)"), tr("Time (ms)"), tr("GB/s"), tr("Peers' GB/s") });
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    layout->addWidget(m_table, 1);
    connect(m_groups, &QComboBox::currentIndexChanged, this, &ClusterLinksView::refill);
    connect(m_ops, &QComboBox::currentIndexChanged, this, &ClusterLinksView::refill);
}

void ClusterLinksView::setLinks(const ClusterLinks &links)
{
    m_links = links;
    std::set<QString> groups, ops;
    for (const ClusterLink &l : m_links.links) {
        groups.insert(groupLabel(l));
        ops.insert(l.op);
    }
    for (auto [combo, items] : { std::pair { m_groups, &groups }, std::pair { m_ops, &ops } }) {
        const QSignalBlocker blocker(combo);
        combo->clear();
        combo->addItem(tr("All"));
        for (const QString &item : *items)
            combo->addItem(item);
    }
    refill();
}

void ClusterLinksView::refill()
{
    std::map<const ClusterLink *, double> medians;
    for (const JudgedLink &j : judgeLinks(m_links))
        medians[j.link] = j.peerMedianGBs;
    const QString group = m_groups->currentIndex() > 0 ? m_groups->currentText() : QString();
    const QString op = m_ops->currentIndex() > 0 ? m_ops->currentText() : QString();
    m_table->setSortingEnabled(false);
    m_table->setRowCount(0);
    m_slow = 0;
    for (const ClusterLink &l : m_links.links) {
        if ((!group.isEmpty() && groupLabel(l) != group) || (!op.isEmpty() && l.op != op))
            continue;
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        const auto median = medians.find(&l);
        const bool slow = median != medians.end() && l.bandwidthGBs() < kSlowRatio * median->second;
        m_slow += slow;
        QTableWidgetItem *items[ColumnCount] = { cell(groupLabel(l)), cell(l.op), cell({}, l.src),
            cell({}, l.dst), cell(l.transport), number(l.sizeMb, 1), number(l.timeMs, 3),
            number(l.bandwidthGBs(), 2),
            median != medians.end() ? number(median->second, 2) : cell(QString()) };
        const QString tip = tr("%1 %2, rank %3 to %4 over %5: %6 MB in %7 ms, %8 GB/s (%9 entries)")
                                .arg(groupLabel(l), l.op)
                                .arg(l.src)
                                .arg(l.dst)
                                .arg(l.transport)
                                .arg(l.sizeMb, 0, 'f', 3)
                                .arg(l.timeMs, 0, 'f', 4)
                                .arg(l.bandwidthGBs(), 0, 'f', 4)
                                .arg(l.entries);
        for (int c = 0; c < ColumnCount; ++c) {
            items[c]->setToolTip(tip);
            if (slow)
                items[c]->setBackground(QColor(0xfe, 0xca, 0xca));
            m_table->setItem(row, c, items[c]);
        }
    }
    m_table->setSortingEnabled(true);
    QString legend = tr("Links between global ranks, summed over the steps. Red: under 80% of the "
                        "median bandwidth of its peers (same operation and transport in groups "
                        "of the same name).");
    if (m_links.unmapped > 0)
        legend += QLatin1Char(' ')
            + tr("%n link(s) left out: they join ranks that were not collected.", nullptr,
                m_links.unmapped);
    m_legend->setText(legend);
}

} // namespace npuscope
