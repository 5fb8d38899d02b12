#include "widgets/charts/aggregationpanel.h"

#include "widgets/session/profilesession.h"

#include "widgets/charts/durationhistogramchart.h"
#include "widgets/tables/aggregationmodel.h"
#include "widgets/tables/kerneltablemodel.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QEvent>
#include <QFutureWatcher>
#include <QHeaderView>
#include <QHorizontalBarSeries>
#include <QPainter>
#include <QPieSeries>
#include <QPieSlice>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTabWidget>
#include <QTableView>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>
#include <QtConcurrent/QtConcurrentRun>

namespace npuscope {

namespace {

    // Category labels longer than this are elided in the middle so the bars keep their width.
    constexpr int kMaxLabelPixels = 170;
    // Donut proportions: a ring wide enough to hover, with room for the exploded slice.
    constexpr qreal kHoleSize = 0.5;
    constexpr qreal kPieSize = 0.85;

    // Draws the share as a bar behind the text: the eye finds the big groups without reading.
    class ShareBarDelegate : public QStyledItemDelegate {
    public:
        using QStyledItemDelegate::QStyledItemDelegate;
        void paint(QPainter *painter, const QStyleOptionViewItem &option,
            const QModelIndex &index) const override
        {
            const double share = index.data(AggregationModel::ShareRole).toDouble();
            QStyledItemDelegate::paint(painter, option, index);
            QColor color = option.palette.color(QPalette::Highlight);
            color.setAlpha(70);
            QRect bar = option.rect.adjusted(2, 3, -2, -3);
            bar.setWidth(int(bar.width() * std::clamp(share, 0.0, 1.0)));
            painter->fillRect(bar, color);
        }
    };

} // namespace

struct AggregationPanel::Results {
    std::vector<AggregateRow> byType;
    std::vector<AggregateRow> byName;
    std::vector<AggregateRow> byCore;
};

AggregationPanel::AggregationPanel(QWidget *parent)
    : QWidget(parent)
    , m_tabs(new QTabWidget(this))
    , m_typeModel(new AggregationModel(this))
    , m_nameModel(new AggregationModel(this))
    , m_barView(new QChartView(this))
    , m_coreView(new QChartView(this))
    , m_histogramView(new QChartView(this))
    , m_chartTabs(new QTabWidget(this))
{
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(createTable(m_typeModel), tr("By Type"));
    m_tabs->addTab(createTable(m_nameModel), tr("By Name"));
    for (QChartView *view : { m_barView, m_coreView, m_histogramView }) {
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumWidth(220);
        view->chart()->legend()->hide();
        styleChart(view->chart());
    }
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_tabs);
    splitter->addWidget(m_barView);
    m_chartTabs->setDocumentMode(true);
    m_chartTabs->addTab(m_coreView, tr("Cores"));
    m_chartTabs->addTab(m_histogramView, tr("Durations"));
    splitter->addWidget(m_chartTabs);
    splitter->setStretchFactor(0, 5);
    splitter->setStretchFactor(1, 4);
    splitter->setStretchFactor(2, 3);
    splitter->setSizes({ 400, 400, 320 }); // proportions; scaled to the real width
    splitter->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_tabs, &QTabWidget::currentChanged, this, &AggregationPanel::rebuildBarChart);
    m_barView->installEventFilter(this);
    m_typeModel->setRows({}, tr("Type"));
    m_nameModel->setRows({}, tr("Name"));
    rebuildBarChart();
    rebuildCoreChart();
}

AggregationPanel::~AggregationPanel() = default;

QChart *AggregationPanel::barChart() const { return m_barView->chart(); }

QChart *AggregationPanel::coreChart() const { return m_coreView->chart(); }

QChart *AggregationPanel::histogramChart() const { return m_histogramView->chart(); }

void AggregationPanel::showHistogram(AggregateBy by, const QString &key)
{
    std::vector<TimeNs> durations;
    if (m_kernels) {
        for (qsizetype row = 0; row < m_kernels->rowCount(); ++row)
            if (aggregateKey(*m_kernels, by, row) == key)
                durations.push_back(m_kernels->duration[std::size_t(row)]);
    }
    const Histogram histogram = durationHistogram(durations);
    fillDurationHistogram(histogramChart(), histogram,
        durations.empty() ? QString()
                          : tr("%1: %n kernel(s)", nullptr, int(durations.size())).arg(key));
    styleChart(histogramChart());
    m_chartTabs->setCurrentWidget(m_histogramView);
}

QTableView *AggregationPanel::createTable(AggregationModel *model)
{
    auto *view = new QTableView(this);
    view->setModel(model);
    view->setSortingEnabled(true);
    view->sortByColumn(AggregationModel::TotalColumn, Qt::DescendingOrder);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->setTextElideMode(Qt::ElideMiddle);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    view->horizontalHeader()->setHighlightSections(false);
    view->horizontalHeader()->setStretchLastSection(true);
    view->setColumnWidth(AggregationModel::KeyColumn, 220);
    view->setItemDelegateForColumn(AggregationModel::ShareColumn, new ShareBarDelegate(view));
    view->setToolTip(tr("Click a row to filter the kernel table to it"));
    auto activate
        = [this, model](const QModelIndex &index) { onTableActivated(model, index.row()); };
    connect(view, &QTableView::clicked, this, activate);
    connect(view, &QTableView::activated, this, activate);
    return view;
}

int AggregationPanel::currentColumn() const
{
    return m_tabs->currentIndex() == 1 ? KernelTableModel::NameColumn
                                       : KernelTableModel::TypeColumn;
}

void AggregationPanel::onTableActivated(AggregationModel *model, int row)
{
    if (const AggregateRow *r = model->row(row)) {
        showHistogram(model == m_nameModel ? AggregateBy::Name : AggregateBy::Type, r->key);
        emit filterRequested(
            model == m_nameModel ? KernelTableModel::NameColumn : KernelTableModel::TypeColumn,
            r->key);
    }
}

void AggregationPanel::setKernels(std::shared_ptr<const KernelTable> kernels)
{
    const quint64 generation = ++m_generation;
    m_kernels = kernels;
    fillDurationHistogram(histogramChart(), {}, QString());
    auto compute = [](std::shared_ptr<const KernelTable> k) {
        Results r;
        if (k) {
            r.byType = aggregateKernels(*k, AggregateBy::Type);
            r.byName = aggregateKernels(*k, AggregateBy::Name);
            r.byCore = aggregateKernels(*k, AggregateBy::AcceleratorCore);
        }
        return r;
    };
    if (!kernels || kernels->rowCount() <= kSyncRows) {
        applyResults(compute(std::move(kernels)));
        return;
    }
    m_busy = true;
    auto *watcher = new QFutureWatcher<Results>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation]() {
        watcher->deleteLater();
        if (generation == m_generation) // a newer table makes this result stale
            applyResults(watcher->result());
    });
    watcher->setFuture(QtConcurrent::run(compute, std::move(kernels)));
}

void AggregationPanel::applyResults(Results results)
{
    m_busy = false;
    m_byType = std::move(results.byType);
    m_byName = std::move(results.byName);
    m_byCore = std::move(results.byCore);
    m_typeModel->setRows(m_byType, tr("Type"));
    m_nameModel->setRows(m_byName, tr("Name"));
    rebuildBarChart();
    rebuildCoreChart();
    emit updated();
}

void AggregationPanel::styleChart(QChart *chart) const
{
    const QPalette &pal = palette();
    chart->setBackgroundBrush(pal.base());
    chart->setBackgroundPen(Qt::NoPen);
    chart->setBackgroundRoundness(0);
    chart->setMargins(QMargins(2, 2, 2, 2));
    chart->setTitleBrush(pal.text());
    QFont title = font();
    title.setBold(true);
    chart->setTitleFont(title);
    chart->legend()->setLabelColor(pal.color(QPalette::Text));
    chart->legend()->setFont(font());
    for (QAbstractAxis *axis : chart->axes()) {
        axis->setLabelsColor(pal.color(QPalette::Text));
        axis->setLabelsFont(font());
        axis->setTitleBrush(pal.text());
        axis->setTitleFont(font());
        axis->setLinePenColor(pal.color(QPalette::Mid));
        axis->setGridLineColor(pal.color(QPalette::Midlight));
    }
}

void AggregationPanel::rebuildBarChart()
{
    QChart *chart = m_barView->chart();
    chart->removeAllSeries();
    for (QAbstractAxis *axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
    const bool byName = currentColumn() == KernelTableModel::NameColumn;
    const std::vector<AggregateRow> &rows = byName ? m_byName : m_byType;
    m_fittingBars = fittingBars();
    const int n = int(std::min<std::size_t>(std::size_t(m_fittingBars), rows.size()));
    m_barKeys.clear();
    for (int i = 0; i < n; ++i)
        m_barKeys << rows[std::size_t(i)].key;
    chart->setTitle(n == 0 ? tr("No kernels")
            : byName       ? tr("Top %1 names by total time").arg(n)
                           : tr("Top %1 types by total time").arg(n));
    if (n > 0)
        addBarSeries(chart, std::vector<AggregateRow>(rows.begin(), rows.begin() + n));
    styleChart(chart);
}

void AggregationPanel::addBarSeries(QChart *chart, const std::vector<AggregateRow> &top)
{
    auto *set = new QBarSet(tr("Total time"));
    set->setColor(palette().color(QPalette::Highlight));
    set->setBorderColor(palette().color(QPalette::Highlight));
    QStringList categories;
    const QFontMetrics metrics(font());
    // Bars are listed bottom-up: the largest group goes last so that it is drawn on top.
    for (auto it = top.rbegin(); it != top.rend(); ++it) {
        QString label = metrics.elidedText(it->key, Qt::ElideMiddle, kMaxLabelPixels);
        if (label.isEmpty())
            label = tr("(empty)");
        while (categories.contains(label)) // the category axis needs distinct labels
            label += QLatin1Char(' ');
        categories << label;
        *set << double(it->total) / 1e6;
    }
    auto *series = new QHorizontalBarSeries(chart);
    series->append(set);
    series->setBarWidth(0.7);
    series->setLabelsVisible(true);
    series->setLabelsPosition(QAbstractBarSeries::LabelsInsideBase);
    series->setLabelsPrecision(3);
    chart->addSeries(series);
    auto *axisY = new QBarCategoryAxis(chart);
    axisY->append(categories);
    chart->addAxis(axisY, Qt::AlignLeft);
    series->attachAxis(axisY);
    auto *axisX = new QValueAxis(chart);
    axisX->setTitleText(tr("Total (ms)"));
    axisX->setLabelFormat(QStringLiteral("%.3g"));
    chart->addAxis(axisX, Qt::AlignBottom);
    series->attachAxis(axisX);
    axisX->setMin(0);
    axisX->applyNiceNumbers();
    connectBarSeries(series, top);
}

void AggregationPanel::connectBarSeries(
    QHorizontalBarSeries *series, const std::vector<AggregateRow> &top)
{
    // Bar index 0 is the bottom bar, i.e. the last of `top`.
    const int column = currentColumn();
    const auto last = top.size() - 1;
    connect(series, &QHorizontalBarSeries::clicked, this, [this, top, column, last](int index) {
        emit filterRequested(column, top[last - std::size_t(index)].key);
    });
    connect(series, &QHorizontalBarSeries::hovered, this, [top, last](bool status, int index) {
        if (!status) {
            QToolTip::hideText();
            return;
        }
        const AggregateRow &r = top[last - std::size_t(index)];
        QToolTip::showText(QCursor::pos(),
            tr("%1\n%2 kernels, total %3 µs, %4 % of device time")
                .arg(r.key, QString::number(r.count), KernelTableModel::formatMicros(r.total))
                .arg(r.share * 100.0, 0, 'f', 1));
    });
}

void AggregationPanel::rebuildCoreChart()
{
    QChart *chart = m_coreView->chart();
    chart->removeAllSeries();
    chart->setTitle(m_byCore.empty() ? QString() : tr("Share by accelerator core"));
    auto *series = new QPieSeries(chart);
    series->setHoleSize(kHoleSize);
    series->setPieSize(kPieSize);
    QStringList keys;
    for (const AggregateRow &r : m_byCore) {
        const QString key = r.key.isEmpty() ? tr("(none)") : r.key;
        QPieSlice *slice = series->append(
            QStringLiteral("%1  %2 %").arg(key).arg(r.share * 100.0, 0, 'f', 1), double(r.total));
        slice->setLabelVisible(false);
        slice->setBorderColor(palette().color(QPalette::Base));
        keys << r.key;
    }
    chart->addSeries(series);
    chart->legend()->setVisible(!m_byCore.empty());
    chart->legend()->setAlignment(Qt::AlignRight);
    styleChart(chart);
    connect(series, &QPieSeries::clicked, this, [this, series, keys](QPieSlice *slice) {
        const qsizetype i = series->slices().indexOf(slice);
        if (i >= 0)
            emit filterRequested(KernelTableModel::CoreColumn, keys[i]);
    });
    connect(series, &QPieSeries::hovered, this,
        [](QPieSlice *slice, bool state) { slice->setExploded(state); });
}

int AggregationPanel::fittingBars() const
{
    if (!m_barView->isVisible())
        return kTopN; // decided again when shown (see eventFilter)
    const QFontMetrics metrics(font());
    // Measured on Qt 6.4: title, value axis labels, axis title and margins take about four
    // text lines; a category label shows only when its slot is ~8 px taller than the text.
    const int chrome = 4 * metrics.height() + 20;
    const int perBar = metrics.height() + 8;
    return std::clamp((m_barView->height() - chrome) / perBar, kMinBars, kTopN);
}

bool AggregationPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_barView && (event->type() == QEvent::Resize || event->type() == QEvent::Show)
        && fittingBars() != m_fittingBars)
        rebuildBarChart();
    return QWidget::eventFilter(watched, event);
}

void AggregationPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        rebuildBarChart();
        rebuildCoreChart();
    }
}

void AggregationPanel::setSession(ProfileSession *session)
{
    connect(session, &ProfileSession::rankChanged, this, [this, session]() {
        const auto rank = session->fullRank();
        setKernels(rank ? rank->kernels : nullptr);
    });
}

} // namespace npuscope
