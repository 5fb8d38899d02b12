#include "widgets/cluster/clusteroverview.h"
#include "widgets/cluster/commmatrixview.h"

#include <QAbstractAxis>
#include <QAction>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QCoreApplication>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QStackedBarSeries>
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
};

QTEST_MAIN(TstClusterOverview)
#include "tst_clusteroverview.moc"
