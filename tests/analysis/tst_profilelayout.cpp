// profileLayout() and profileLinks() on a real run of four ranks (ascend-2025-11: TP 1, PP 2,
// DP 2 in its profiler_metadata.json). The numbers are what
// msprof-analyze's cluster_analyse (mstt, communication_matrix recipe) printed for the same
// folders: its bandwidth is the matrix's Transit Size over Transit Time summed over the steps,
// rounded to four decimals.
#include "analysis/parallel/profilelayout.h"
#include "model/profile/profileloader.h"

#include <QDir>
#include <QTest>

using namespace npuscope;

class TstProfileLayout : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void layout();
    void links_data();
    void links();

private:
    std::shared_ptr<const Profile> m_profile;
};

static const char kRun[] = NPUSCOPE_SAMPLES_DIR "/ascend-2025-11";

void TstProfileLayout::initTestCase()
{
    if (!QDir(QString::fromUtf8(NPUSCOPE_SAMPLES_DIR)).exists())
        QSKIP("samples not present");
    for (int r = 0; r < 4; ++r) {
        const QString meta = QStringLiteral("%1/rank_%2_ascend_pt/profiler_metadata.json")
                                 .arg(QString::fromUtf8(kRun))
                                 .arg(r);
        QVERIFY2(QFile::exists(meta), qPrintable(meta));
    }
    LoadResult loaded = loadProfile(QString::fromUtf8(kRun), LoadOptions {});
    QVERIFY(loaded.profile);
    QCOMPARE(loaded.profile->ranks.size(), std::size_t(4));
    m_profile = std::move(loaded.profile);
}

void TstProfileLayout::layout()
{
    const ParallelLayout l = profileLayout(*m_profile);
    QCOMPARE(l.source, ParallelLayout::Source::DistributedArgs);
    QCOMPARE(l.index.size(), std::size_t(4));
    // The vendor's DP / PP / TP index of each rank.
    QCOMPARE(l.index[1].dp, 1);
    QCOMPARE(l.index[1].pp, 0);
    QCOMPARE(l.index[1].tp, 0);
    QCOMPARE(l.index[2].dp, 0);
    QCOMPARE(l.index[2].pp, 1);
    QCOMPARE(l.index[2].tp, 0);
    QCOMPARE(l.stages, (std::vector<std::vector<int>> { { 0, 1 }, { 2, 3 } }));
    QCOMPARE(l.stageOf(3), 1);
    // The groups the communication files name are those of parallel_group_info.
    QVERIFY(!l.groups.empty());
    for (const ProcessGroup &g : l.groups)
        QVERIFY2(!g.ranks.empty(), qPrintable(g.id));
}

void TstProfileLayout::links_data()
{
    QTest::addColumn<std::vector<int>>("groupRanks");
    QTest::addColumn<QString>("op");
    QTest::addColumn<int>("src");
    QTest::addColumn<int>("dst");
    QTest::addColumn<double>("bandwidth");
    QTest::newRow("pp send 0->2") << std::vector<int> { 0, 2 } << QStringLiteral("batchsendrecv")
                                  << 0 << 2 << 20.9093;
    QTest::newRow("dp reduce 0->1")
        << std::vector<int> { 0, 1 } << QStringLiteral("reduce") << 0 << 1 << 18.6921;
    QTest::newRow("dp allgather 0->1")
        << std::vector<int> { 0, 1 } << QStringLiteral("allgather") << 0 << 1 << 19.47;
    QTest::newRow("dp reduce 2->3")
        << std::vector<int> { 2, 3 } << QStringLiteral("reduce") << 2 << 3 << 18.6757;
}

void TstProfileLayout::links()
{
    QFETCH(std::vector<int>, groupRanks);
    QFETCH(QString, op);
    QFETCH(int, src);
    QFETCH(int, dst);
    QFETCH(double, bandwidth);
    const ClusterLinks all = profileLinks(*m_profile);
    QVERIFY(!all.links.empty());
    QCOMPARE(all.unmapped, 0);
    const ClusterLink *found = nullptr;
    for (const ClusterLink &l : all.links) {
        if (l.groupRanks == groupRanks && l.op.compare(op, Qt::CaseInsensitive) == 0 && l.src == src
            && l.dst == dst && (!found || l.sizeMb > found->sizeMb))
            found = &l;
    }
    QVERIFY2(found, qPrintable(op));
    QVERIFY2(std::abs(found->bandwidthGBs() - bandwidth) < 1e-4 * 5,
        qPrintable(QStringLiteral("%1 GB/s").arg(found->bandwidthGBs(), 0, 'f', 6)));
}

QTEST_GUILESS_MAIN(TstProfileLayout)
#include "tst_profilelayout.moc"
