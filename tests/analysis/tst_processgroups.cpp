#include "analysis/parallel/processgroups.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace npuscope;

namespace {

const QString kSamples = QStringLiteral(NPUSCOPE_SAMPLES_DIR);

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("sample file missing: %s", qPrintable(path));
    return QJsonDocument::fromJson(f.readAll()).object();
}

// What a rank's communication.json names, read here with Qt's JSON parser.
void addSightings(const QJsonObject &comm, int rank, std::vector<GroupSighting> &out)
{
    for (const QJsonValue &step : comm) {
        const QJsonObject kinds = step.toObject();
        for (auto kind = kinds.begin(); kind != kinds.end(); ++kind) {
            const QJsonObject ops = kind.value().toObject();
            for (auto op = ops.begin(); op != ops.end(); ++op) {
                if (op.key().startsWith(QLatin1String("Total")))
                    continue;
                out.push_back({ op.key().section(QLatin1Char('@'), -1),
                    kind.key() == QLatin1String("p2p"), rank });
            }
        }
    }
}

void addNamed(const QJsonObject &metadata, std::vector<NamedGroup> &out)
{
    const QJsonObject info = metadata.value(QLatin1String("parallel_group_info")).toObject();
    for (auto it = info.begin(); it != info.end(); ++it) {
        NamedGroup g { it.key(),
            it.value().toObject().value(QLatin1String("group_name")).toString(), {} };
        for (const QJsonValue &r :
            it.value().toObject().value(QLatin1String("global_ranks")).toArray())
            g.ranks.push_back(r.toInt());
        out.push_back(std::move(g));
    }
}

const ProcessGroup *find(
    const std::vector<ProcessGroup> &groups, const QString &name, const std::vector<int> &ranks)
{
    for (const ProcessGroup &g : groups) {
        if (g.name == name && g.ranks == ranks)
            return &g;
    }
    return nullptr;
}

} // namespace

class TestProcessGroups : public QObject {
    Q_OBJECT
private slots:
    void groupIdOfKey();
    void sightingsMakeGroups();
    void namedRanksWin();
    void layoutFromArgsOrGroups();
    void fourRankSample();
};

// The ids the 2025-11 sample's communication.json uses for its parallel_group_info keys.
void TestProcessGroups::groupIdOfKey()
{
    QCOMPARE(hcclGroupId(u"group_name_19"), std::uint64_t(3985310405473756128ull));
    QCOMPARE(hcclGroupId(u"group_name_0"), std::uint64_t(5862276093215481612ull));
    QCOMPARE(hcclGroupId(u""), std::uint64_t(0));
}

void TestProcessGroups::sightingsMakeGroups()
{
    const std::vector<GroupSighting> seen = {
        { QStringLiteral("7"), false, 1 },
        { QStringLiteral("7"), false, 0 },
        { QStringLiteral("7"), false, 0 },
        { QStringLiteral("9"), true, 2 },
        { QStringLiteral("8"), false, 0 },
        { QStringLiteral("8"), false, 1 },
        { QStringLiteral("8"), false, 2 },
    };
    const auto groups = processGroups(seen, {});
    QCOMPARE(groups.size(), std::size_t(3));
    QCOMPARE(groups[0].id, QStringLiteral("8")); // collective, largest first
    QCOMPARE(groups[0].ranks, (std::vector<int> { 0, 1, 2 }));
    QCOMPARE(groups[1].ranks, (std::vector<int> { 0, 1 }));
    QVERIFY(groups[2].p2p);
    QVERIFY(groups[2].name.isEmpty());
}

void TestProcessGroups::namedRanksWin()
{
    const QString id = QString::number(hcclGroupId(u"group_name_19"));
    const auto groups = processGroups({ { id, true, 0 } },
        { { QStringLiteral("group_name_19"), QStringLiteral("pp"), { 2, 0 } },
            { QStringLiteral("group_name_3"), QStringLiteral("tp"), { 5 } } });
    QCOMPARE(groups.size(), std::size_t(1)); // a named group that never communicated is not one
    QCOMPARE(groups[0].name, QStringLiteral("pp"));
    QCOMPARE(groups[0].ranks, (std::vector<int> { 0, 2 }));
}

void TestProcessGroups::layoutFromArgsOrGroups()
{
    const std::vector<ProcessGroup> groups = {
        { QStringLiteral("dp"), QStringLiteral("1"), { 0, 1 }, false },
        { QStringLiteral("dp"), QStringLiteral("2"), { 2, 3 }, false },
        { QStringLiteral("pp"), QStringLiteral("3"), { 0, 2 }, true },
    };
    const ParallelLayout fromArgs = parallelLayout(ParallelArgs { 4, 1, 2, 2, 1, 1 }, groups);
    QCOMPARE(fromArgs.source, ParallelLayout::Source::DistributedArgs);
    QCOMPARE(fromArgs.groups.size(), std::size_t(3));
    const ParallelLayout inferred = parallelLayout(ParallelArgs { 6, 1, 2, 2, 1, 1 }, groups);
    QCOMPARE(inferred.source, ParallelLayout::Source::CommunicationGroups);
    QVERIFY(inferred.note.contains(QLatin1String("world_size 6")));
    QCOMPARE(inferred.stages, (std::vector<std::vector<int>> { { 0, 1 }, { 2, 3 } }));
    const ParallelLayout none = parallelLayout(std::nullopt, { groups[0] });
    QVERIFY(!none.known());
    QVERIFY(!none.note.isEmpty());
}

// ascend-2025-11: each pp group links the two stages; dp_cp {0, 1} and {2, 3} lie inside them.
void TestProcessGroups::fourRankSample()
{
    if (!QDir(kSamples).exists())
        QSKIP("samples not present");
    std::vector<GroupSighting> seen;
    std::vector<NamedGroup> named;
    for (int r = 0; r < 4; ++r) {
        const QString dir = kSamples + QStringLiteral("/ascend-2025-11/rank_%1_ascend_pt/").arg(r);
        addSightings(
            readJson(dir + QStringLiteral("ASCEND_PROFILER_OUTPUT/communication.json")), r, seen);
        addNamed(readJson(dir + QStringLiteral("profiler_metadata.json")), named);
    }
    const auto groups = processGroups(seen, named);
    QVERIFY(find(groups, QStringLiteral("default_group"), { 0, 1, 2, 3 }));
    QVERIFY(find(groups, QStringLiteral("dp_cp"), { 0, 1 }));
    QVERIFY(find(groups, QStringLiteral("dp_cp"), { 2, 3 }));
    const ProcessGroup *pp = find(groups, QStringLiteral("pp"), { 0, 2 });
    QVERIFY(pp && pp->p2p);
    QVERIFY(find(groups, QStringLiteral("pp"), { 1, 3 }));
    const ParallelLayout layout = parallelLayout(std::nullopt, groups);
    QCOMPARE(layout.source, ParallelLayout::Source::CommunicationGroups);
    QCOMPARE(layout.stages, (std::vector<std::vector<int>> { { 0, 1 }, { 2, 3 } }));
}

QTEST_APPLESS_MAIN(TestProcessGroups)
#include "tst_processgroups.moc"
