#include "kernelfixtures.h"
#include "widgets/charts/aggregationpanel.h"
#include "widgets/tables/aggregationmodel.h"
#include "widgets/tables/kerneltablemodel.h"

#include <QAbstractItemModelTester>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QDir>
#include <QHorizontalBarSeries>
#include <QPieSeries>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

using namespace npuscope;
using namespace npuscope::test;

class TstAggregationPanel : public QObject {
    Q_OBJECT

private:
    // Two MatMuls and a TransData on AI_CORE / AI_VECTOR_CORE, an AllReduce on HCCL.
    static std::shared_ptr<const KernelTable> kernels()
    {
        return makeKernels({
            { "MatMul_1", "MatMul", "AI_CORE", 2, kBase, 50'000, 0, 24, "", 0 },
            { "MatMul_2", "MatMul", "AI_CORE", 2, kBase + 60'000, 30'000, 0, 24, "", 0 },
            { "trans_TransData_0", "TransData", "AI_VECTOR_CORE", 2, kBase + 100'000, 10'000, 0, 8,
                "", 0 },
            { "hcom_allReduce_", "hcom_allReduce_", "HCCL", KernelTable::kNoValue, kBase + 120'000,
                110'000, 0, KernelTable::kNoValue, "", 0 },
        });
    }

    static QStringList keys(const AggregationModel &model)
    {
        QStringList out;
        for (int r = 0; r < model.rowCount(); ++r)
            out << model.index(r, AggregationModel::KeyColumn).data().toString();
        return out;
    }

    template <class T> static T *onlySeries(QChart *chart)
    {
        const QList<QAbstractSeries *> all = chart->series();
        return all.size() == 1 ? qobject_cast<T *>(all.constFirst()) : nullptr;
    }

private slots:
    void tables()
    {
        AggregationPanel panel;
        QAbstractItemModelTester typeTester(
            panel.typeModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester nameTester(
            panel.nameModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy updated(&panel, &AggregationPanel::updated);
        panel.setKernels(kernels());
        QCOMPARE(updated.count(), 1); // small tables are aggregated at once
        // Sorted by total time, largest first.
        QCOMPARE(keys(*panel.typeModel()),
            QStringList({ QStringLiteral("hcom_allReduce_"), QStringLiteral("MatMul"),
                QStringLiteral("TransData") }));
        QCOMPARE(panel.nameModel()->rowCount(), 4);
        const AggregationModel &types = *panel.typeModel();
        QCOMPARE(
            types.index(1, AggregationModel::CountColumn).data().toString(), QStringLiteral("2"));
        QCOMPARE(types.index(1, AggregationModel::TotalColumn).data().toString(),
            QStringLiteral("80.000"));
        QCOMPARE(types.index(1, AggregationModel::MeanColumn).data().toString(),
            QStringLiteral("40.000"));
        QCOMPARE(types.index(1, AggregationModel::MaxColumn).data().toString(),
            QStringLiteral("50.000"));
        QCOMPARE(types.index(1, AggregationModel::ShareColumn).data().toString(),
            QStringLiteral("40.0 %"));
        QCOMPARE(types.index(1, AggregationModel::ShareColumn)
                     .data(AggregationModel::ShareRole)
                     .toDouble(),
            0.4);
        panel.typeModel()->sort(AggregationModel::KeyColumn, Qt::AscendingOrder);
        QCOMPARE(keys(*panel.typeModel()),
            QStringList({ QStringLiteral("MatMul"), QStringLiteral("TransData"),
                QStringLiteral("hcom_allReduce_") }));
        panel.setKernels(nullptr);
        QCOMPARE(panel.typeModel()->rowCount(), 0);
    }

    void charts()
    {
        AggregationPanel panel;
        panel.setKernels(kernels());
        QCOMPARE(panel.barKeys(),
            QStringList({ QStringLiteral("hcom_allReduce_"), QStringLiteral("MatMul"),
                QStringLiteral("TransData") }));
        auto *bars = onlySeries<QHorizontalBarSeries>(panel.barChart());
        QVERIFY(bars);
        QCOMPARE(bars->barSets().size(), 1);
        // Bottom-up: the largest group is the last bar, drawn on top.
        QCOMPARE(bars->barSets().constFirst()->at(2), 0.110);
        auto *donut = onlySeries<QPieSeries>(panel.coreChart());
        QVERIFY(donut);
        QVERIFY(donut->holeSize() > 0);
        QCOMPARE(donut->count(), 3);
        QCOMPARE(donut->slices().constFirst()->label(), QStringLiteral("HCCL  55.0 %"));

        panel.tabs()->setCurrentIndex(1);
        QCOMPARE(panel.barKeys().size(), 4);
        QCOMPARE(panel.barKeys().constFirst(), QStringLiteral("hcom_allReduce_"));
    }

    void clicksRequestFilters()
    {
        AggregationPanel panel;
        panel.setKernels(kernels());
        QSignalSpy spy(&panel, &AggregationPanel::filterRequested);

        auto *typeView = qobject_cast<QTableView *>(panel.tabs()->widget(0));
        QVERIFY(typeView);
        emit typeView->clicked(panel.typeModel()->index(1, AggregationModel::TotalColumn));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toInt(), int(KernelTableModel::TypeColumn));
        QCOMPARE(spy.at(0).at(1).toString(), QStringLiteral("MatMul"));
        // The picked group's durations, as a histogram whose counts add up to its rows.
        auto *histogram = onlySeries<QBarSeries>(panel.histogramChart());
        QVERIFY(histogram);
        qint64 binned = 0;
        const QBarSet *set = histogram->barSets().constFirst();
        for (int i = 0; i < set->count(); ++i)
            binned += qint64(set->at(i));
        QCOMPARE(binned, panel.typeModel()->row(1)->count);
        QVERIFY(panel.histogramChart()->title().contains(QStringLiteral("MatMul")));

        auto *bars = onlySeries<QHorizontalBarSeries>(panel.barChart());
        QVERIFY(bars);
        emit bars->clicked(2, bars->barSets().constFirst()); // the top bar
        QCOMPARE(spy.at(1).at(1).toString(), QStringLiteral("hcom_allReduce_"));

        auto *donut = onlySeries<QPieSeries>(panel.coreChart());
        QVERIFY(donut);
        emit donut->clicked(donut->slices().at(1));
        QCOMPARE(spy.at(2).at(0).toInt(), int(KernelTableModel::CoreColumn));
        QCOMPARE(spy.at(2).at(1).toString(), QStringLiteral("AI_CORE"));

        panel.tabs()->setCurrentIndex(1);
        bars = onlySeries<QHorizontalBarSeries>(panel.barChart());
        emit bars->clicked(3, bars->barSets().constFirst());
        QCOMPARE(spy.at(3).at(0).toInt(), int(KernelTableModel::NameColumn));
        QCOMPARE(spy.at(3).at(1).toString(), QStringLiteral("hcom_allReduce_"));
    }

    void largeTablesAggregateInBackground()
    {
        AggregationPanel panel;
        QSignalSpy updated(&panel, &AggregationPanel::updated);
        panel.setKernels(makeLargeKernels(AggregationPanel::kSyncRows + 1, 300));
        QVERIFY(panel.isBusy());
        // A newer table makes the running result stale: only the last one is shown.
        panel.setKernels(makeLargeKernels(AggregationPanel::kSyncRows + 2, 50));
        QVERIFY(updated.wait(30000));
        QTRY_VERIFY(!panel.isBusy());
        QTest::qWait(200);
        QCOMPARE(updated.count(), 1);
        QCOMPARE(panel.nameModel()->rowCount(), 50);
        qint64 count = 0;
        for (const AggregateRow &r : panel.typeModel()->rows())
            count += r.count;
        QCOMPARE(count, AggregationPanel::kSyncRows + 2);
    }

    void renders()
    {
        AggregationPanel panel;
        panel.resize(1200, 320);
        panel.setKernels(kernels());
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.showHistogram(AggregateBy::Type, QStringLiteral("MatMul"));
        const QImage image = panel.grab().toImage();
        QVERIFY(!image.isNull());
        const QString path = QDir::current().filePath(QStringLiteral("tst_aggregationpanel.png"));
        QVERIFY(image.save(path));
        qInfo("wrote %s", qPrintable(path));
    }
};

QTEST_MAIN(TstAggregationPanel)
#include "tst_aggregationpanel.moc"
