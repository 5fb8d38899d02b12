#include "analysis/parallel/clusterlinks.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace npuscope;

namespace {

const QString kSamples = QStringLiteral(NPUSCOPE_SAMPLES_DIR);

MatrixLink entry(int fileRank, const QString &op, bool total, int src, int dst, double size,
    double time, const QString &transport = QStringLiteral("HCCS"))
{
    return { fileRank, QStringLiteral("42"), false, op, total, src, dst, transport, size, time };
}

// A rank's communication_matrix.json as entries, read here with Qt's JSON parser.
void addMatrix(const QString &path, int rank, std::vector<MatrixLink> &out)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("sample file missing: %s", qPrintable(path));
    const QJsonObject steps = QJsonDocument::fromJson(f.readAll()).object();
    for (const QJsonValue &step : steps) {
        const QJsonObject kinds = step.toObject();
        for (auto kind = kinds.begin(); kind != kinds.end(); ++kind) {
            const QJsonObject ops = kind.value().toObject();
            for (auto op = ops.begin(); op != ops.end(); ++op) {
                const QString name = op.key().section(QLatin1Char('@'), 0, 0);
                const QString group = op.key().section(QLatin1Char('@'), -1);
                const QJsonObject links = op.value().toObject();
                for (auto l = links.begin(); l != links.end(); ++l) {
                    const QJsonObject v = l.value().toObject();
                    out.push_back({ rank, group, kind.key() == QLatin1String("p2p"),
                        name.section(QLatin1Char('-'), 0, 0),
                        name.endsWith(QLatin1String("-total")),
                        l.key().section(QLatin1Char('-'), 0, 0).toInt(),
                        l.key().section(QLatin1Char('-'), 1, 1).toInt(),
                        v.value(QLatin1String("Transport Type")).toString(),
                        v.value(QLatin1String("Transit Size(MB)")).toDouble(),
                        v.value(QLatin1String("Transit Time(ms)")).toDouble() });
                }
            }
        }
    }
}

const ClusterLink *link(const ClusterLinks &links, int src, int dst)
{
    for (const ClusterLink &l : links.links) {
        if (l.src == src && l.dst == dst)
            return &l;
    }
    return nullptr;
}

} // namespace

class TestClusterLinks : public QObject {
    Q_OBJECT
private slots:
    void selfLinksMapLocalRanks();
    void splitEntriesNotCounted();
    void parallelGroupInfoMapsTheRest();
    void unmappedLeftOut();
    void twoRankAllreduceSample();
};

// Group 42 holds global ranks 4 and 9; rank 9's file says it is local rank 1 ("1-1").
void TestClusterLinks::selfLinksMapLocalRanks()
{
    const std::vector<MatrixLink> entries = {
        entry(4, QStringLiteral("allreduce"), true, 0, 0, 1, 0.01, QStringLiteral("LOCAL")),
        entry(4, QStringLiteral("allreduce"), true, 0, 1, 8, 0.5),
        entry(9, QStringLiteral("allreduce"), true, 1, 1, 1, 0.01, QStringLiteral("LOCAL")),
        entry(9, QStringLiteral("allreduce"), true, 1, 0, 8, 0.25),
        entry(4, QStringLiteral("allreduce"), true, 0, 1, 8, 0.5), // a second step
    };
    const ClusterLinks links = clusterLinks(entries, {}, {});
    QCOMPARE(links.unmapped, 0);
    const ClusterLink *a = link(links, 4, 9);
    QVERIFY(a);
    QCOMPARE(a->sizeMb, 16.0);
    QCOMPARE(a->timeMs, 1.0);
    QCOMPARE(a->bandwidthGBs(), 16.0);
    QCOMPARE(a->entries, 2);
    QCOMPARE(link(links, 9, 4)->bandwidthGBs(), 32.0);
    QCOMPARE(link(links, 4, 4)->transport, QStringLiteral("LOCAL"));
}

void TestClusterLinks::splitEntriesNotCounted()
{
    const std::vector<MatrixLink> entries = {
        entry(0, QStringLiteral("allgather"), true, 0, 0, 1, 1),
        entry(0, QStringLiteral("allgather"), false, 0, 0, 5, 5), // "-top1"
    };
    const ClusterLinks links = clusterLinks(entries, {}, {});
    QCOMPARE(links.links.size(), std::size_t(1));
    QCOMPARE(links.links[0].sizeMb, 1.0);
}

void TestClusterLinks::parallelGroupInfoMapsTheRest()
{
    const QString key = QStringLiteral("group_name_7");
    MatrixLink e = entry(3, QStringLiteral("broadcast"), true, 1, 0, 2, 1);
    e.group = QString::number(hcclGroupId(key));
    const ProcessGroup g { QStringLiteral("dp"), e.group, { 3, 5 }, false };
    const ClusterLinks links
        = clusterLinks({ e }, { g }, { { key, QStringLiteral("dp"), { 5, 3 } } });
    QCOMPARE(links.unmapped, 0);
    const ClusterLink *l = link(links, 5, 3); // local 0 = rank 3, local 1 = rank 5
    QVERIFY(l);
    QCOMPARE(l->groupName, QStringLiteral("dp"));
    QCOMPARE(l->groupRanks, (std::vector<int> { 3, 5 }));
}

void TestClusterLinks::unmappedLeftOut()
{
    const ClusterLinks links
        = clusterLinks({ entry(0, QStringLiteral("allreduce"), true, 0, 3, 1, 1) }, {}, {});
    QVERIFY(links.links.empty());
    QCOMPARE(links.unmapped, 1);
}

// ascend-2025-01 level1: an 8-rank group of which ranks 0 and 1 were collected. Their files map
// local 0 and 1; the links to local 2..7 cannot be placed.
void TestClusterLinks::twoRankAllreduceSample()
{
    if (!QDir(kSamples).exists())
        QSKIP("samples not present");
    std::vector<MatrixLink> entries;
    for (int r = 0; r < 2; ++r) {
        addMatrix(kSamples
                + QStringLiteral("/ascend-2025-01/level1/rank%1_ascend_pt/ASCEND_PROFILER_OUTPUT/"
                                 "communication_matrix.json")
                      .arg(r),
            r, entries);
    }
    const ClusterLinks links = clusterLinks(entries, {}, {});
    const ClusterLink *l01 = link(links, 0, 1);
    QVERIFY(l01);
    QCOMPARE(l01->op, QStringLiteral("allreduce"));
    QCOMPARE(l01->transport, QStringLiteral("HCCS"));
    // The file's own total entry: 61.210624 MB in 3.88393759375 ms.
    QVERIFY(qAbs(l01->sizeMb - 61.210624) < 1e-9);
    QVERIFY(qAbs(l01->bandwidthGBs() - 61.210624 / 3.88393759375) < 1e-9);
    QVERIFY(link(links, 1, 0));
    QCOMPARE(links.links.size(), std::size_t(4)); // 0-0, 0-1, 1-0, 1-1
    QCOMPARE(links.unmapped, 12); // 6 links of each file to ranks not collected
}

QTEST_APPLESS_MAIN(TestClusterLinks)
#include "tst_clusterlinks.moc"
