#include "tracefixtures.h"
#include "widgets/details/rangesummary.h"
#include "widgets/details/rangesummarymodel.h"
#include "widgets/details/rangesummarywidget.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace npuscope;

namespace {

// Host thread (track 0):  step [0, 1000) > fwd [100, 600) > mm [150, 250), mm [400, 550)
//                         mark: instant at 450
// Device stream (track 1): MatMul [200, 300), MatMul [500, 700), Add [800, 900)
std::shared_ptr<const Trace> makeRangeTrace()
{
    test::TraceMaker m;
    const auto host = m.addTrack(QStringLiteral("Python"), QStringLiteral("Thread 1"));
    const auto device = m.addTrack(
        QStringLiteral("Ascend Hardware"), QStringLiteral("Stream 2"), TrackKind::DeviceStream, 1);
    m.addEvent(host, 0, 1000, "step");
    m.addEvent(host, 100, 500, "fwd");
    m.addEvent(host, 150, 100, "mm");
    m.addEvent(host, 400, 150, "mm");
    m.addEvent(host, 450, 0, "mark");
    m.addEvent(device, 200, 100, "MatMul");
    m.addEvent(device, 500, 200, "MatMul");
    m.addEvent(device, 800, 100, "Add");
    m.indexTracks();
    return m.finish();
}

// "name count total mean" per row, in order.
QString describe(const std::vector<RangeSummaryRow> &rows)
{
    QStringList parts;
    for (const RangeSummaryRow &r : rows)
        parts << QStringLiteral("%1 %2 %3 %4").arg(r.text).arg(r.count).arg(r.total).arg(r.mean());
    return parts.join(QStringLiteral(", "));
}

} // namespace

class TestRangeSummary : public QObject {
    Q_OBJECT

private slots:
    void compute_data();
    void compute();
    void modelPassesTester();
    void widgetShowsRange();
    void widgetShowsDeviceTime();
};

void TestRangeSummary::compute_data()
{
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    QTest::addColumn<QList<int>>("tracks");
    QTest::addColumn<QString>("expected");

    QTest::newRow("whole trace, every track")
        << qint64(0) << qint64(1000) << QList<int>()
        << QStringLiteral("step 1 1000 1000, fwd 1 500 500, MatMul 2 300 150, mm 2 250 125, "
                          "Add 1 100 100, mark 1 0 0");
    QTest::newRow("clipped to the range")
        << qint64(220) << qint64(520) << QList<int>()
        << QStringLiteral(
               "fwd 1 300 300, step 1 300 300, mm 2 150 75, MatMul 2 100 50, mark 1 0 0");
    QTest::newRow("one track") << qint64(220) << qint64(520) << QList<int> { 1 }
                               << QStringLiteral("MatMul 2 100 50");
    QTest::newRow("touching ends do not count")
        << qint64(700) << qint64(800) << QList<int> { 1 } << QString();
    QTest::newRow("empty range") << qint64(300) << qint64(300) << QList<int>() << QString();
    QTest::newRow("reversed range") << qint64(500) << qint64(100) << QList<int>() << QString();
    QTest::newRow("unknown track is ignored")
        << qint64(0) << qint64(1000) << QList<int> { 7 } << QString();
}

void TestRangeSummary::compute()
{
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    QFETCH(QList<int>, tracks);
    QFETCH(QString, expected);
    std::vector<TrackId> ids;
    for (int t : tracks)
        ids.push_back(TrackId(static_cast<std::uint32_t>(t)));
    const auto trace = makeRangeTrace();
    QCOMPARE(describe(RangeSummary::compute(*trace, start, end, ids)), expected);
}

void TestRangeSummary::modelPassesTester()
{
    const auto trace = makeRangeTrace();
    RangeSummaryModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRows(RangeSummary::compute(*trace, 0, 1000));
    QCOMPARE(model.rowCount(), 6);
    QCOMPARE(model.columnCount(), int(RangeSummaryModel::ColumnCount));
    QCOMPARE(model.index(2, RangeSummaryModel::Name).data().toString(), QStringLiteral("MatMul"));
    QCOMPARE(model.index(2, RangeSummaryModel::Count).data().toString(), QStringLiteral("2"));
    QCOMPARE(model.index(2, RangeSummaryModel::Total).data().toString(), QStringLiteral("300 ns"));
    QCOMPARE(model.index(2, RangeSummaryModel::Mean).data().toString(), QStringLiteral("150 ns"));
    QCOMPARE(model.index(2, RangeSummaryModel::Total).data(Qt::UserRole).toLongLong(), 300);
    model.setRows({});
    QCOMPARE(model.rowCount(), 0);
}

void TestRangeSummary::widgetShowsRange()
{
    RangeSummaryWidget widget;
    widget.setTrace(makeRangeTrace());
    QSignalSpy updated(&widget, &RangeSummaryWidget::updated);
    widget.setTracks({ TrackId(0) });
    widget.setRange(220, 520);
    QCOMPARE(updated.count(), 1);
    QAbstractItemModel *shown = widget.view()->model();
    QCOMPARE(shown->rowCount(), 4);
    // Sorted by total, descending: fwd and step (300 each) first, then mm.
    QCOMPARE(shown->index(2, RangeSummaryModel::Name).data().toString(), QStringLiteral("mm"));
    QVERIFY2(
        widget.headingText().contains(QStringLiteral("300 ns")), qPrintable(widget.headingText()));
    widget.clear();
    QCOMPARE(shown->rowCount(), 0);
}

// The whole trace's device time (HTA's temporal breakdown) above the range, whatever the range.
void TestRangeSummary::widgetShowsDeviceTime()
{
    RangeSummaryWidget widget;
    widget.setTrace(makeRangeTrace());
    QVERIFY(widget.deviceText().isEmpty());
    DeviceAnalysis d;
    d.scope = DeviceScope::BeforeLastStep;
    d.lastStep = QStringLiteral("ProfilerStep#9");
    d.time.tasks = 3;
    d.time.spanNs = 4'000'000;
    d.time.idleNs = 1'000'000;
    d.time.computeNs = 2'000'000;
    d.time.nonComputeNs = 1'000'000;
    widget.setDeviceAnalysis(d);
    const QString text = widget.deviceText();
    QVERIFY2(text.contains(QStringLiteral("idle 1.00 ms (25.00%)")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("compute 2.00 ms (50.00%)")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("ProfilerStep#9")), qPrintable(text));
    widget.setRange(220, 520);
    QCOMPARE(widget.deviceText(), text);
    widget.setDeviceAnalysis(std::nullopt);
    QVERIFY(widget.deviceText().isEmpty());
}

QTEST_MAIN(TestRangeSummary)
#include "tst_rangesummary.moc"
