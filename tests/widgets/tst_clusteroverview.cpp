#include "widgets/cluster/clusterlinksview.h"
#include "widgets/cluster/clusteroverview.h"
#include "widgets/cluster/commmatrixview.h"

#include <QAbstractAxis>
#include <QAction>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QCoreApplication>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QStackedBarSeries>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>

using namespace npuscope;

namespace {

ClusterSummary summary()
{
    ClusterSummary s;
    for (int i = 0; i < 4; ++i) {
        ClusterRank r;
        r.rankIndex = i;
        r.label = QStringLiteral("rank %1").arg(i);
        r.steps = 3;
        r.computeNs = 200'000'000 + i * 10'000'000;
        r.commNotOverlappedNs = 50'000'000;
        r.freeNs = 30'000'000;
        r.preparingNs = 20'000'000 - i * 1'000'000;
        r.wallNs = r.computeNs + r.commNotOverlappedNs + r.freeNs + r.preparingNs;
        s.ranks.push_back(r);
    }
    s.slowest = 3;
    s.fastest = 0;
    s.lagNs = 27'000'000; // 327 - 300 ms per step
    s.imbalance = QStringLiteral("rank 3 computes 30 ms longer per step than rank 0");
    return s;
}

} // namespace

class TstClusterOverview : public QObject {
    Q_OBJECT

private slots:
    void bars()
    {
        ClusterOverview view;
        view.resize(1000, 500);
        view.setSummary(summary());
        QStackedBarSeries *series = view.series();
        QCOMPARE(series->count(), 4); // computing, communication not overlapped, free, preparing
        const QList<QBarSet *> sets = series->barSets();
        QCOMPARE(sets[0]->count(), 4);
        QCOMPARE(sets[0]->at(3), 230.0); // ms
        QCOMPARE(sets[1]->at(0), 50.0);
        QCOMPARE(sets[2]->at(2), 30.0);
        QCOMPARE(sets[3]->at(1), 19.0);
        for (int i = 0; i < 4; ++i) { // each bar is as tall as the rank's wall time per step
            double top = 0;
            for (QBarSet *set : sets)
                top += set->at(i);
            QCOMPARE(top, double(summary().ranks[std::size_t(i)].wallNs) / 1e6);
        }
        for (QBarSet *set : sets) // the slowest rank, and only it, is highlighted
            QCOMPARE(set->selectedBars(), QList<int> { 3 });
        const QString headline = view.headline()->text();
        QVERIFY2(headline.contains(QLatin1String("rank 3"))
                && headline.contains(QLatin1String("27.00 ms")),
            qPrintable(headline));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(view.grab().save(
            QCoreApplication::applicationDirPath() + QStringLiteral("/tst_clusteroverview.png")));
    }

    void manyRanksHideTheirLabels()
    {
        ClusterSummary many = summary();
        for (int i = 4; i < 100; ++i) {
            ClusterRank r = many.ranks.back();
            r.rankIndex = i;
            r.label = QStringLiteral("rank %1").arg(i);
            many.ranks.push_back(r);
        }
        ClusterOverview view;
        view.setSummary(many);
        const auto axes = view.chart()->axes(Qt::Horizontal);
        QCOMPARE(axes.size(), 1);
        QVERIFY(!axes.front()->labelsVisible()); // 100 labels would all elide to "…"
        QVERIFY(view.headline()->text().contains(QLatin1String("rank 0 to rank 99")));
        view.setSummary(summary()); // a few ranks keep their labels
        QVERIFY(view.chart()->axes(Qt::Horizontal).front()->labelsVisible());
    }

    void clickShowsRank()
    {
        ClusterOverview view;
        ClusterSummary s = summary();
        s.ranks[2].rankIndex = 7; // bars map to Profile::ranks indexes, not positions
        view.setSummary(s);
        QSignalSpy activated(&view, &ClusterOverview::rankActivated);
        emit view.series()->clicked(2, view.series()->barSets().constFirst());
        QCOMPARE(activated.size(), 1);
        QCOMPARE(activated.at(0).at(0).toInt(), 7);
        emit view.series()->clicked(99, nullptr);
        QCOMPARE(activated.size(), 1);
    }

    void actionButton()
    {
        ClusterOverview overview;
        QAction action(QStringLiteral("Show Ranks"));
        action.setObjectName(QStringLiteral("ShowRanks"));
        action.setEnabled(false);
        overview.addActionButton(&action);
        auto *button = overview.findChild<QPushButton *>(QStringLiteral("ShowRanksButton"));
        QVERIFY(button);
        QVERIFY(!button->isEnabled());
        action.setEnabled(true);
        action.setText(QStringLiteral("Show Two Ranks"));
        QVERIFY(button->isEnabled());
        QCOMPARE(button->text(), action.text());
        QSignalSpy triggered(&action, &QAction::triggered);
        button->click();
        QCOMPARE(triggered.count(), 1);
    }

    void headlines()
    {
        QCOMPARE(ClusterOverview::headlineText({}), QStringLiteral("No profile."));
        ClusterSummary empty = summary();
        for (ClusterRank &r : empty.ranks)
            r.steps = 0;
        QVERIFY(ClusterOverview::headlineText(empty).contains(QLatin1String("no step data")));
        ClusterSummary noSlowest = summary();
        noSlowest.slowest = noSlowest.fastest = -1;
        noSlowest.imbalance.clear();
        QVERIFY(!ClusterOverview::headlineText(noSlowest).contains(QLatin1String("Slowest")));
    }

    void matrix()
    {
        CommMatrix m;
        CommGroupMatrix g;
        g.group = QStringLiteral("123456789");
        g.kind = QStringLiteral("collective");
        g.ops = { QStringLiteral("allreduce") };
        g.size = 2;
        g.links[{ 0, 1 }] = { 20.0, 1.0, QStringLiteral("HCCS"), 2 };
        g.links[{ 1, 0 }] = { 10.0, 1.0, QStringLiteral("HCCS"), 2 };
        m.groups.push_back(g);
        ClusterOverview view;
        view.setSummary(summary());
        view.show();
        view.setCommMatrix(m);
        CommMatrixView *matrixView = view.commMatrixView();
        QVERIFY(matrixView->isVisible());
        QCOMPARE(matrixView->groupCombo()->count(), 1);
        QTableWidget *table = matrixView->table();
        QCOMPARE(table->rowCount(), 2);
        QCOMPARE(table->item(0, 1)->text(), QStringLiteral("20")); // GB/s
        QVERIFY(!table->item(0, 0)); // no traffic
        // The faster link is the darker cell.
        QVERIFY(table->item(0, 1)->background().color().lightness()
            < table->item(1, 0)->background().color().lightness());
        QVERIFY(table->item(0, 1)->toolTip().contains(QLatin1String("HCCS")));
        view.setCommMatrix({});
        QVERIFY(!matrixView->isVisible());
    }

    void links()
    {
        // The dp groups (0,1) and (2,3): reduce over HCCS, rank 2 -> 3 at 9 GB/s against 18.
        ClusterLinks links;
        auto add = [&](std::vector<int> ranks, const char *op, int src, int dst, double gbps) {
            ClusterLink l;
            l.group = QString::number(ranks.front());
            l.groupName = QStringLiteral("dp");
            l.groupRanks = std::move(ranks);
            l.op = QLatin1String(op);
            l.src = src;
            l.dst = dst;
            l.transport = QStringLiteral("HCCS");
            l.sizeMb = 90;
            l.timeMs = 90 / gbps;
            l.entries = 2;
            links.links.push_back(l);
        };
        add({ 0, 1 }, "reduce", 0, 1, 18);
        add({ 0, 1 }, "reduce", 1, 0, 18);
        add({ 2, 3 }, "reduce", 2, 3, 9);
        add({ 2, 3 }, "reduce", 3, 2, 18);
        add({ 0, 1 }, "allgather", 0, 1, 19);
        ClusterOverview view;
        view.setSummary(summary());
        view.show();
        QVERIFY(!view.communicationTabs()->isVisible());
        view.setLinks(links);
        QVERIFY(view.communicationTabs()->isVisible());
        ClusterLinksView *v = view.linksView();
        QTableWidget *table = v->table();
        QCOMPARE(table->rowCount(), 5);
        QCOMPARE(v->slowLinks(), 1);
        // Filter by operation, then by group: the slow link stays tinted.
        v->opCombo()->setCurrentText(QStringLiteral("reduce"));
        QCOMPARE(table->rowCount(), 4);
        v->groupCombo()->setCurrentText(QStringLiteral("dp (2, 3)"));
        QCOMPARE(table->rowCount(), 2);
        QCOMPARE(v->slowLinks(), 1);
        int slowRow = -1;
        for (int r = 0; r < table->rowCount(); ++r) {
            if (table->item(r, ClusterLinksView::From)->data(Qt::DisplayRole).toInt() == 2)
                slowRow = r;
        }
        QVERIFY(slowRow >= 0);
        QCOMPARE(
            table->item(slowRow, ClusterLinksView::Bandwidth)->data(Qt::DisplayRole).toDouble(),
            9.0);
        // The peers' median of 18, 18, 9 and 18.
        QCOMPARE(
            table->item(slowRow, ClusterLinksView::PeerMedian)->data(Qt::DisplayRole).toDouble(),
            18.0);
        QVERIFY(table->item(slowRow, 0)->background().color().red() > 0xf0);
        QVERIFY(
            table->item(slowRow, 0)->toolTip().contains(QLatin1String("rank 2 to 3 over HCCS")));
        // Sorting by bandwidth keeps the numbers numeric (9 before 18).
        v->groupCombo()->setCurrentIndex(0);
        table->sortItems(ClusterLinksView::Bandwidth);
        QCOMPARE(
            table->item(0, ClusterLinksView::Bandwidth)->data(Qt::DisplayRole).toDouble(), 9.0);
    }

    void stageLabels()
    {
        ClusterSummary s = summary();
        for (ClusterRank &r : s.ranks) {
            r.stage = r.rankIndex / 2;
            r.dpIndex = r.rankIndex % 2;
        }
        s.stages = 2;
        s.stageImbalance = QStringLiteral("stage 1 computes 170 ms longer per step than stage 0");
        ClusterOverview view;
        view.setSummary(s);
        auto *x = qobject_cast<QBarCategoryAxis *>(view.chart()->axes(Qt::Horizontal).first());
        QVERIFY(x);
        QCOMPARE(x->categories().first(), QStringLiteral("rank 0 · S0 DP0"));
        QVERIFY(x->categories().last().startsWith(QStringLiteral("rank 3 · S1 DP1")));
        const QString headline = ClusterOverview::headlineText(s);
        QVERIFY(headline.contains(QLatin1String("2 pipeline stages")));
        QVERIFY(headline.contains(QLatin1String("stage 1 computes")));
    }
};

QTEST_MAIN(TstClusterOverview)
#include "tst_clusteroverview.moc"
