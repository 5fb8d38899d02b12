#pragma once

#include "analysis/cluster/clustersummary.h"
#include "analysis/parallel/clusterlinks.h"
#include "model/profile/commmatrix.h"

#include <QWidget>

class QAction;
class QChart;
class QHBoxLayout;
class QChartView;
class QLabel;
class QStackedBarSeries;
class QTabWidget;

namespace npuscope {

class ClusterLinksView;
class CommMatrixView;

// The first view of a multi-rank run: per-rank mean step time split into computing,
// communication not overlapped, free and preparing time (stacked bars, as tall as the wall time),
// the slowest rank highlighted with its lag; the ranks ordered by pipeline stage and DP index when
// the layout is known. Beside it, when the profile has them, the links between global ranks (per
// group, operation and transport, slow ones in red) and the communication matrix per group.
// Clicking a rank's bar asks to show that rank.
class ClusterOverview : public QWidget {
    Q_OBJECT

public:
    explicit ClusterOverview(QWidget *parent = nullptr);

    void setSummary(const ClusterSummary &summary);
    void setCommMatrix(const CommMatrix &matrix);
    void setLinks(const ClusterLinks &links);
    void clear();
    // A push button for `action` in the row under the chart (text, tooltip and enabled state
    // follow the action).
    void addActionButton(QAction *action);

    const ClusterSummary &summary() const { return m_summary; }
    QLabel *headline() const { return m_headline; }
    QChart *chart() const { return m_chart; }
    QStackedBarSeries *series() const { return m_series; }
    CommMatrixView *commMatrixView() const { return m_matrix; }
    ClusterLinksView *linksView() const { return m_links; }
    QTabWidget *communicationTabs() const { return m_tabs; }

    // The headline for `summary`: how many ranks, which is slowest and by how much.
    static QString headlineText(const ClusterSummary &summary);

signals:
    void rankActivated(int rankIndex); // index in Profile::ranks

private:
    void rebuildChart();
    void updateTabs();
    QString category(const ClusterRank &rank) const;

    ClusterSummary m_summary;
    QLabel *m_headline = nullptr;
    QChart *m_chart = nullptr;
    QChartView *m_chartView = nullptr;
    QStackedBarSeries *m_series = nullptr;
    QTabWidget *m_tabs = nullptr;
    ClusterLinksView *m_links = nullptr;
    CommMatrixView *m_matrix = nullptr;
    QHBoxLayout *m_buttons = nullptr;
};

} // namespace npuscope
