#pragma once

#include "analysis/stats/aggregation.h"

#include <QWidget>

#include <memory>
#include <vector>

class QChart;
class QChartView;
class QHorizontalBarSeries;
class QTabWidget;
class QTableView;

namespace npuscope {

class ProfileSession;

class AggregationModel;

// Where the device time went, grouped: tables by Type and by Name (count, total, mean, max,
// percentiles, share), a bar chart of the top groups of the current table by total time and a
// donut of the share of each accelerator core. Clicking a row, bar or slice asks the kernel
// table to filter to that group (aggregate first, then drill down).
class AggregationPanel : public QWidget {
    Q_OBJECT

public:
    // At most this many bars; fewer when the chart is too short for their labels (Qt Charts
    // replaces a category label that is taller than its bar slot by "...").
    static constexpr int kTopN = 10;
    static constexpr int kMinBars = 3;
    // Up to this many kernel rows are aggregated on the GUI thread (a few ms); more go to a
    // worker so that a million-row table never blocks the first paint of the timeline.
    static constexpr qsizetype kSyncRows = 50000;

    explicit AggregationPanel(QWidget *parent = nullptr);
    ~AggregationPanel() override;

    void setKernels(std::shared_ptr<const KernelTable> kernels);
    // Aggregates the kernel table of the session's rank (not a preview).
    void setSession(ProfileSession *session);
    bool isBusy() const { return m_busy; }

    AggregationModel *typeModel() const { return m_typeModel; }
    AggregationModel *nameModel() const { return m_nameModel; }
    const std::vector<AggregateRow> &coreRows() const { return m_byCore; }
    QTabWidget *tabs() const { return m_tabs; }
    QChart *barChart() const;
    QChart *coreChart() const;
    QChart *histogramChart() const;
    // The duration histogram of every kernel whose Type or Name (as `by`) is `key`; shown in
    // the Durations tab. The tables call it when a row is picked.
    void showHistogram(AggregateBy by, const QString &key);
    // Keys of the bars, largest first, and of the donut slices.
    QStringList barKeys() const { return m_barKeys; }

signals:
    // `column` is a KernelTableModel column (Type, Name or Accelerator Core).
    void filterRequested(int column, const QString &value);
    void updated(); // new results are shown

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Results;
    QTableView *createTable(AggregationModel *model);
    void applyResults(Results results);
    void rebuildBarChart();
    void addBarSeries(QChart *chart, const std::vector<AggregateRow> &top);
    void connectBarSeries(QHorizontalBarSeries *series, const std::vector<AggregateRow> &top);
    int fittingBars() const;
    void rebuildCoreChart();
    void styleChart(QChart *chart) const;
    void onTableActivated(AggregationModel *model, int row);
    int currentColumn() const; // KernelTableModel column of the current tab

    QTabWidget *m_tabs = nullptr;
    AggregationModel *m_typeModel = nullptr;
    AggregationModel *m_nameModel = nullptr;
    QChartView *m_barView = nullptr;
    QChartView *m_coreView = nullptr;
    QChartView *m_histogramView = nullptr;
    QTabWidget *m_chartTabs = nullptr; // accelerator core donut, duration histogram
    std::shared_ptr<const KernelTable> m_kernels;
    std::vector<AggregateRow> m_byType;
    std::vector<AggregateRow> m_byName;
    std::vector<AggregateRow> m_byCore;
    QStringList m_barKeys;
    int m_fittingBars = kTopN; // what the last rebuild fitted
    quint64 m_generation = 0;
    bool m_busy = false;
};

} // namespace npuscope
