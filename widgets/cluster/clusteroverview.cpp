#include "widgets/cluster/clusteroverview.h"

#include "widgets/cluster/clusterlinksview.h"
#include "widgets/cluster/commmatrixview.h"

#include <QAction>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QStackedBarSeries>
#include <QTabWidget>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

namespace npuscope {

namespace {

    constexpr double kNsPerMs = 1e6;

    // Same hues as the rest of the app's breakdowns: compute blue, communication orange, idle grey.
    const QColor kCompute(0x3b, 0x82, 0xf6);
    const QColor kComm(0xf5, 0x9e, 0x0b);
    const QColor kFree(0xa3, 0xa3, 0xa3);
    const QColor kPreparing(0xa7, 0x8b, 0xfa); // violet: the host's part, before the device starts

} // namespace

ClusterOverview::ClusterOverview(QWidget *parent)
    : QWidget(parent)
    , m_headline(new QLabel(this))
    , m_chart(new QChart)
    , m_tabs(new QTabWidget(this))
    , m_links(new ClusterLinksView(this))
    , m_matrix(new CommMatrixView(this))
{
    auto *layout = new QVBoxLayout(this);
    m_headline->setWordWrap(true);
    m_headline->setTextFormat(Qt::RichText);
    layout->addWidget(m_headline);

    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chartView = new QChartView(m_chart, this); // takes ownership of the chart
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setMinimumHeight(220);

    m_tabs->addTab(m_links, tr("Links"));
    m_tabs->addTab(m_matrix, tr("Communication matrix"));

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_chartView);
    splitter->addWidget(m_tabs);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);
    m_buttons = new QHBoxLayout;
    m_buttons->addStretch(1);
    layout->addLayout(m_buttons);
    clear();
}

void ClusterOverview::addActionButton(QAction *action)
{
    auto *button = new QPushButton(action->text(), this);
    button->setObjectName(action->objectName() + QStringLiteral("Button"));
    button->setToolTip(action->toolTip());
    button->setEnabled(action->isEnabled());
    connect(button, &QPushButton::clicked, action, &QAction::trigger);
    connect(action, &QAction::changed, button, [button, action]() {
        button->setText(action->text());
        button->setToolTip(action->toolTip());
        button->setEnabled(action->isEnabled());
    });
    m_buttons->addWidget(button);
}

void ClusterOverview::clear()
{
    m_summary = {};
    m_matrix->setMatrix({});
    m_links->setLinks({});
    updateTabs();
    rebuildChart();
}

QString ClusterOverview::headlineText(const ClusterSummary &summary)
{
    int withSteps = 0;
    for (const ClusterRank &r : summary.ranks)
        withSteps += r.steps > 0;
    if (summary.ranks.empty())
        return tr("No profile.");
    if (withSteps == 0)
        return tr("%n rank(s); no step data yet (step_trace_time.csv or ProfilerStep slices).",
            nullptr, int(summary.ranks.size()));
    QString text = tr("<b>%n rank(s)</b>, mean time per step.", nullptr, int(summary.ranks.size()));
    if (summary.slowest >= 0 && summary.fastest >= 0) {
        const ClusterRank &slow = summary.ranks[std::size_t(summary.slowest)];
        const ClusterRank &fast = summary.ranks[std::size_t(summary.fastest)];
        text += QLatin1Char(' ')
            + tr("Slowest: <b>%1</b>, %2 ms behind %3 per step.")
                  .arg(slow.label.toHtmlEscaped(),
                      QString::number(double(summary.lagNs) / kNsPerMs, 'f', 2),
                      fast.label.toHtmlEscaped());
    }
    if (summary.stages > 1)
        text += QStringLiteral("<br>")
            + tr("%1 pipeline stages: bars ordered by stage (S) and data-parallel index (DP).")
                  .arg(summary.stages);
    if (!summary.stageImbalance.isEmpty())
        text += QStringLiteral("<br><b>") + summary.stageImbalance.toHtmlEscaped()
            + QStringLiteral("</b>");
    if (!summary.imbalance.isEmpty())
        text += QStringLiteral("<br>") + summary.imbalance.toHtmlEscaped();
    text += QStringLiteral("<br>") + tr("Click a bar to open that rank.");
    return text;
}

void ClusterOverview::setSummary(const ClusterSummary &summary)
{
    m_summary = summary;
    rebuildChart();
}

void ClusterOverview::setCommMatrix(const CommMatrix &matrix)
{
    m_matrix->setMatrix(matrix);
    updateTabs();
}

void ClusterOverview::setLinks(const ClusterLinks &links)
{
    m_links->setLinks(links);
    updateTabs();
}

void ClusterOverview::updateTabs()
{
    const bool links = !m_links->links().links.empty();
    const bool matrix = !m_matrix->matrix().empty();
    m_tabs->setTabVisible(m_tabs->indexOf(m_links), links);
    m_tabs->setTabVisible(m_tabs->indexOf(m_matrix), matrix);
    m_tabs->setVisible(links || matrix);
}

QString ClusterOverview::category(const ClusterRank &rank) const
{
    if (rank.stage < 0)
        return rank.label;
    if (rank.dpIndex < 0)
        return tr("%1 · S%2").arg(rank.label).arg(rank.stage);
    return tr("%1 · S%2 DP%3").arg(rank.label).arg(rank.stage).arg(rank.dpIndex);
}

void ClusterOverview::rebuildChart()
{
    m_headline->setText(headlineText(m_summary));
    m_chart->removeAllSeries(); // deletes the old series and its sets
    const QList<QAbstractAxis *> axes = m_chart->axes();
    for (QAbstractAxis *axis : axes) {
        m_chart->removeAxis(axis);
        delete axis;
    }
    m_series = new QStackedBarSeries;
    auto *compute = new QBarSet(tr("Computing"));
    auto *comm = new QBarSet(tr("Communication (not overlapped)"));
    auto *idle = new QBarSet(tr("Free"));
    // With it the bar is as tall as the wall time per step, which the headline compares.
    auto *preparing = new QBarSet(tr("Preparing"));
    compute->setColor(kCompute);
    comm->setColor(kComm);
    idle->setColor(kFree);
    preparing->setColor(kPreparing);
    QStringList categories;
    double top = 0;
    for (const ClusterRank &r : m_summary.ranks) {
        categories << category(r);
        *compute << double(r.computeNs) / kNsPerMs;
        *comm << double(r.commNotOverlappedNs) / kNsPerMs;
        *idle << double(r.freeNs) / kNsPerMs;
        *preparing << double(r.preparingNs) / kNsPerMs;
        top = std::max(
            top, double(r.computeNs + r.commNotOverlappedNs + r.freeNs + r.preparingNs) / kNsPerMs);
    }
    for (QBarSet *set : { compute, comm, idle, preparing }) {
        // The slowest rank's bar is drawn darker in every segment (and named in its label).
        set->setSelectedColor(set->color().darker(135));
        if (m_summary.slowest >= 0)
            set->selectBar(m_summary.slowest);
        set->setBorderColor(Qt::transparent);
        m_series->append(set);
    }
    if (m_summary.slowest >= 0)
        categories[m_summary.slowest] = tr("%1 (slowest)").arg(categories[m_summary.slowest]);
    m_series->setBarWidth(0.7);
    m_chart->addSeries(m_series);
    auto *x = new QBarCategoryAxis;
    x->append(categories);
    x->setLabelsAngle(m_summary.ranks.size() > 16 ? -90 : 0);
    // Hundreds of rotated labels do not fit: they all elide to "…". Say the order instead and
    // name the rank under the mouse in a tooltip.
    constexpr std::size_t kMaxLabels = 48;
    if (m_summary.ranks.size() > kMaxLabels) {
        x->setLabelsVisible(false); // (an axis title gets elided to "…" as well)
        m_headline->setText(m_headline->text() + QStringLiteral("<br>")
            + tr("Bars from %1 to %2, in this order: point at a bar for its rank.")
                  .arg(m_summary.ranks.front().label, m_summary.ranks.back().label));
    }
    auto *y = new QValueAxis;
    y->setTitleText(tr("ms per step"));
    y->setRange(0, top > 0 ? top * 1.05 : 1);
    y->applyNiceNumbers(); // ticks at 0, 200, 400, ... rather than fractions of the top bar
    y->setLabelFormat(QStringLiteral("%.1f"));
    m_chart->addAxis(x, Qt::AlignBottom);
    m_chart->addAxis(y, Qt::AlignLeft);
    m_series->attachAxis(x);
    m_series->attachAxis(y);
    connect(m_series, &QStackedBarSeries::hovered, this,
        [this, categories](bool on, int index, QBarSet *) {
            if (on && index >= 0 && index < categories.size())
                QToolTip::showText(QCursor::pos(), categories[index], m_chartView);
            else
                QToolTip::hideText();
        });
    connect(m_series, &QStackedBarSeries::clicked, this, [this](int index, QBarSet *) {
        if (index >= 0 && std::size_t(index) < m_summary.ranks.size())
            emit rankActivated(m_summary.ranks[std::size_t(index)].rankIndex);
    });
}

} // namespace npuscope
