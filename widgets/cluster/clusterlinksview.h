#pragma once

#include "analysis/parallel/clusterlinks.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QTableWidget;

namespace npuscope {

// The links of a run between global ranks, one row per group, operation type, sender and receiver
// (summed over the steps): transport, size, time, bandwidth and the median bandwidth of its peers
// (the same operation type over the same transport in groups of the same name). A link under 80%
// of its peers is tinted red, as the slow-link finding judges it. Filters by group and operation;
// sortable; hover a row for its numbers in full.
class ClusterLinksView : public QWidget {
    Q_OBJECT

public:
    enum Column {
        Group,
        Op,
        From,
        To,
        Transport,
        SizeMb,
        TimeMs,
        Bandwidth,
        PeerMedian,
        ColumnCount
    };

    explicit ClusterLinksView(QWidget *parent = nullptr);

    void setLinks(const ClusterLinks &links);
    const ClusterLinks &links() const { return m_links; }

    QComboBox *groupCombo() const { return m_groups; }
    QComboBox *opCombo() const { return m_ops; }
    QTableWidget *table() const { return m_table; }
    int slowLinks() const { return m_slow; } // links tinted red

private:
    void refill();

    ClusterLinks m_links;
    QComboBox *m_groups = nullptr;
    QComboBox *m_ops = nullptr;
    QLabel *m_legend = nullptr;
    QTableWidget *m_table = nullptr;
    int m_slow = 0;
};

} // namespace npuscope
