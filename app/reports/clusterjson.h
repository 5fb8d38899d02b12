#pragma once

#include "analysis/cluster/clusterreport.h"

#include <QJsonObject>
#include <QList>
#include <QStringList>

#include <vector>

namespace npuscope {

// report --json's "cluster" object (runs of several ranks): the layout, ranks with their DP / PP /
// TP index, stages, process groups by name and the links of each group and operation type.
QJsonObject clusterJson(const ClusterReport &cluster);

// The same as tables, which the text report and the HTML / Markdown report both print, so that
// they say what the JSON says.
struct ReportTable {
    QString title;
    QStringList header;
    QList<QStringList> rows;
    QList<bool> numeric; // right-aligned columns
};
struct ClusterTables {
    QString layoutLine; // "Parallel layout: from distributed_args ..."
    std::vector<ReportTable> tables; // ranks, stages, groups, links (those with rows)
};
ClusterTables clusterTables(const QJsonObject &cluster);

} // namespace npuscope
