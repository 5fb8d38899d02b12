#include "analysis/parallel/parallellayout.h"

#include <QTest>

using namespace npuscope;

class TestParallelLayout : public QObject {
    Q_OBJECT
private slots:
    void megatronOrder_data();
    void megatronOrder();
    void fourRanksTwoStages();
    void badSizes_data();
    void badSizes();
    void stagesFromGroups();
    void noPipelineNoStages();
    void collectiveAcrossStagesIgnored();
};

void TestParallelLayout::megatronOrder_data()
{
    QTest::addColumn<int>("tp");
    QTest::addColumn<int>("pp");
    QTest::addColumn<int>("dp");
    QTest::newRow("tp1 pp1 dp8") << 1 << 1 << 8;
    QTest::newRow("tp2 pp2 dp2") << 2 << 2 << 2;
    QTest::newRow("tp4 pp2 dp4") << 4 << 2 << 4;
    QTest::newRow("tp8 pp4 dp2") << 8 << 4 << 2;
    QTest::newRow("tp1 pp8 dp1") << 1 << 8 << 1;
}

// Megatron numbers ranks tensor first, then data, then pipeline: rank = (p * dp + d) * tp + t.
// Every index the layout gives must be that formula read backwards.
void TestParallelLayout::megatronOrder()
{
    QFETCH(int, tp);
    QFETCH(int, pp);
    QFETCH(int, dp);
    QString error;
    const auto layout = megatronLayout({ tp * pp * dp, tp, pp, dp, 1, 1 }, &error);
    QVERIFY2(layout, qPrintable(error));
    QCOMPARE(int(layout->index.size()), tp * pp * dp);
    for (int p = 0; p < pp; ++p) {
        for (int d = 0; d < dp; ++d) {
            for (int t = 0; t < tp; ++t) {
                const int rank = (p * dp + d) * tp + t;
                const ParallelIndex &x = layout->index[std::size_t(rank)];
                QCOMPARE(x.pp, p);
                QCOMPARE(x.dp, d);
                QCOMPARE(x.tp, t);
                QCOMPARE(layout->stageOf(rank), p);
            }
        }
    }
    QCOMPARE(int(layout->stages.size()), pp);
}

// ascend-2025-11's distributed_args: TP 1, PP 2, DP 2 on 4 ranks.
void TestParallelLayout::fourRanksTwoStages()
{
    QString error;
    const auto layout = megatronLayout({ 4, 1, 2, 2, 1, 1 }, &error);
    QVERIFY(layout);
    QCOMPARE(layout->stages, (std::vector<std::vector<int>> { { 0, 1 }, { 2, 3 } }));
    QCOMPARE(layout->index[2].dp, 0);
    QCOMPARE(layout->index[2].pp, 1);
    QCOMPARE(layout->index[1].dp, 1);
    QCOMPARE(layout->index[1].pp, 0);
    QCOMPARE(layout->stageOf(7), -1);
}

void TestParallelLayout::badSizes_data()
{
    QTest::addColumn<int>("world");
    QTest::addColumn<int>("tp");
    QTest::addColumn<int>("pp");
    QTest::addColumn<int>("dp");
    QTest::addColumn<int>("ep");
    QTest::newRow("world not the product") << 6 << 1 << 2 << 2 << 1;
    QTest::newRow("zero size") << 4 << 0 << 2 << 2 << 1;
    QTest::newRow("negative world") << -4 << 1 << 2 << 2 << 1;
    QTest::newRow("ep does not divide dp") << 12 << 1 << 2 << 6 << 4;
}

void TestParallelLayout::badSizes()
{
    QFETCH(int, world);
    QFETCH(int, tp);
    QFETCH(int, pp);
    QFETCH(int, dp);
    QFETCH(int, ep);
    QString error;
    QVERIFY(!megatronLayout({ world, tp, pp, dp, 1, ep }, &error));
    QVERIFY(!error.isEmpty());
}

// The groups of ascend-2025-11 as its profiler_metadata.json and communication name them.
void TestParallelLayout::stagesFromGroups()
{
    const std::vector<ProcessGroup> groups = {
        { QStringLiteral("default_group"), {}, { 0, 1, 2, 3 }, false },
        { QStringLiteral("dp_cp"), {}, { 0, 1 }, false },
        { QStringLiteral("dp_cp"), {}, { 2, 3 }, false },
        { QStringLiteral("mp"), {}, { 0, 2 }, false },
        { QStringLiteral("embd"), {}, { 1, 3 }, false },
        { QStringLiteral("pp"), {}, { 0, 2 }, true },
        { QStringLiteral("pp"), {}, { 1, 3 }, true },
    };
    QCOMPARE(inferStages(groups), (std::vector<std::vector<int>> { { 0, 1 }, { 2, 3 } }));
}

void TestParallelLayout::noPipelineNoStages()
{
    const std::vector<ProcessGroup> groups = {
        { QStringLiteral("dp"), {}, { 0, 1 }, false },
        { QStringLiteral("send_recv"), {}, { 0, 1 }, true }, // not named pp: not a pipeline
    };
    QVERIFY(inferStages(groups).empty());
}

// A collective that holds two ranks of one pipeline link spans stages and says nothing of them;
// overlapping collectives inside a stage are joined.
void TestParallelLayout::collectiveAcrossStagesIgnored()
{
    const std::vector<ProcessGroup> groups = {
        { QStringLiteral("pp"), {}, { 0, 4 }, true },
        { QStringLiteral("pp"), {}, { 4, 8 }, true },
        { QStringLiteral("tp"), {}, { 0, 1 }, false },
        { QStringLiteral("dp"), {}, { 1, 2, 3 }, false },
        { QStringLiteral("tp"), {}, { 4, 5, 6, 7 }, false },
        { QStringLiteral("mp"), {}, { 0, 4 }, false },
        { QStringLiteral("tp"), {}, { 8, 9 }, false },
    };
    QCOMPARE(inferStages(groups),
        (std::vector<std::vector<int>> { { 0, 1, 2, 3 }, { 4, 5, 6, 7 }, { 8, 9 } }));
}

QTEST_APPLESS_MAIN(TestParallelLayout)
#include "tst_parallellayout.moc"
