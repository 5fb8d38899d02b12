#include "widgets/memory/memorychart.h"
#include "widgets/memory/memorypanel.h"

#include <QLabel>
#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>

using namespace npuscope;

namespace {

// PTA: 10 MB, then 30 MB at 2 ms (the peak), then 20 MB. Allocations: a (4 MB, kept), b (8 MB,
// 1-3 ms), c (16 MB, 2-2.5 ms), b again (2 MB, 2.5-4 ms).
std::shared_ptr<const MemoryProfile> sampleMemory()
{
    auto m = std::make_shared<MemoryProfile>();
    MemoryCurve pta;
    pta.component = QStringLiteral("PTA");
    pta.times = { 0, 1'000'000, 2'000'000, 3'000'000 };
    pta.allocated = { 10, 18, 30, 20 };
    pta.reserved = { 32, 32, 40, 40 };
    pta.active = pta.allocated;
    pta.peakAllocatedMb = 30;
    pta.peakAllocatedTime = 2'000'000;
    pta.reservedAtPeakMb = 40;
    pta.peakReservedMb = 40;
    pta.peakReservedTime = 2'000'000;
    m->components.push_back(pta);
    constexpr std::int64_t MiB = 1 << 20;
    m->allocations = MemoryAllocations::fromList(
        {
            { 0, 4 * MiB, 0, MemoryAllocation::kNever, -1 },
            { 1, 8 * MiB, 1'000'000, 3'000'000, -1 },
            { 2, 16 * MiB, 2'000'000, 2'500'000, -1 },
            { 1, 2 * MiB, 2'500'000, 4'000'000, -1 },
        },
        { QStringLiteral("aten::a"), QStringLiteral("aten::b"), QStringLiteral("aten::c") });
    return m;
}

QStringList groups(const QTreeWidget *tree)
{
    QStringList out;
    for (int i = 0; i < tree->topLevelItemCount(); ++i)
        out << tree->topLevelItem(i)->text(0) + QLatin1Char('/') + tree->topLevelItem(i)->text(2);
    return out;
}

} // namespace

class TstMemoryPanel : public QObject {
    Q_OBJECT

private slots:
    void opensAtThePeak();
    void clickPicksAnInstant();
    void selectingAnAllocation();
    void emptyProfile();
    void namesTheExportsParts();
};

void TstMemoryPanel::opensAtThePeak()
{
    MemoryPanel panel;
    panel.resize(800, 600);
    panel.setMemory(sampleMemory(), nullptr);
    QCOMPARE(panel.instant(), TimeNs(2'000'000));
    // Alive at 2 ms: a, b (1-3 ms) and c (from 2 ms); largest group first.
    QCOMPARE(groups(panel.tree()),
        (QStringList { QStringLiteral("aten::c/1"), QStringLiteral("aten::b/1"),
            QStringLiteral("aten::a/1") }));
    QCOMPARE(panel.tree()->topLevelItem(0)->text(1), QStringLiteral("16.00"));
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.grab().save(QStringLiteral("/tmp/memorypanel-test.png"));
}

void TstMemoryPanel::clickPicksAnInstant()
{
    MemoryPanel panel;
    panel.resize(800, 600);
    panel.setMemory(sampleMemory(), nullptr);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    auto *chart = panel.findChild<MemoryChart *>();
    QVERIFY(chart);
    const double x = chart->xOf(2'750'000);
    QTest::mouseClick(chart, Qt::LeftButton, {}, QPoint(int(std::lround(x)), chart->height() / 2));
    const TimeNs t = panel.instant();
    QVERIFY2(qAbs(t - 2'750'000) < 20'000, qPrintable(QString::number(t)));
    // At 2.75 ms: a, b (1-3 ms) and the second b (from 2.5 ms); c was released at 2.5 ms.
    QCOMPARE(groups(panel.tree()),
        (QStringList { QStringLiteral("aten::b/2"), QStringLiteral("aten::a/1") }));
}

void TstMemoryPanel::selectingAnAllocation()
{
    MemoryPanel panel;
    panel.setMemory(sampleMemory(), nullptr);
    QSignalSpy spy(&panel, &MemoryPanel::allocationSelected);
    QTreeWidgetItem *c = panel.tree()->topLevelItem(0)->child(0);
    panel.tree()->setCurrentItem(c);
    QCOMPARE(spy.size(), 1);
    QCOMPARE(spy[0][0].value<TimeNs>(), TimeNs(2'000'000));
    QCOMPARE(spy[0][1].value<TimeNs>(), TimeNs(2'500'000));
    QVERIFY(!spy[0][2].value<EventRef>().isValid()); // no trace
    panel.tree()->setCurrentItem(panel.tree()->topLevelItem(1)); // a group: nothing
    QCOMPARE(spy.size(), 1);
}

void TstMemoryPanel::emptyProfile()
{
    MemoryPanel panel;
    panel.setMemory(std::make_shared<MemoryProfile>(), nullptr);
    QCOMPARE(panel.tree()->topLevelItemCount(), 0);
    panel.setMemory(nullptr, nullptr);
    QCOMPARE(panel.tree()->topLevelItemCount(), 0);
}

// The summary names where the allocations come from as the export has them: a database has
// no operator_memory.csv.
void TstMemoryPanel::namesTheExportsParts()
{
    const auto labelsText = [](const MemoryPanel &panel) {
        QStringList texts;
        for (const QLabel *l : panel.findChildren<QLabel *>())
            texts << l->text();
        return texts.join(QLatin1Char('\n'));
    };
    MemoryPanel panel;
    panel.setMemory(sampleMemory(), nullptr);
    QVERIFY2(labelsText(panel).contains(QStringLiteral("4 allocation(s) in operator_memory.csv")),
        qPrintable(labelsText(panel)));
    RankSource db;
    db.database = QStringLiteral("/p/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db");
    MemoryPanel dbPanel;
    dbPanel.setMemory(sampleMemory(), nullptr, &db);
    const QString text = labelsText(dbPanel);
    QVERIFY2(text.contains(
                 QStringLiteral("4 allocation(s) in OP_MEMORY in ascend_pytorch_profiler_0.db")),
        qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral(".csv")), qPrintable(text));
}

QTEST_MAIN(TstMemoryPanel)
#include "tst_memorypanel.moc"
