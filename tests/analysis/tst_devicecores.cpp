// The core counts a Block Dim is judged against come from the chip, never from the Block Dims:
// the false alarm of issue 36 (FlashAttentionScore, MIX_AIC, Block Dim 24 / Mix Block Dim 48 on
// a 24-cube-core 910B, called "low Block Dim" against a guessed 48).

#include "analysis/rules/devicecores.h"
#include "analysis/rules/findings.h"
#include "model/csv/csvreader.h"
#include "model/profile/ascendchip.h"

#include <QTest>

using namespace npuscope;

class TstDeviceCores : public QObject {
    Q_OBJECT
private slots:
    void chipTable();
    void resolution();
    void flashAttention();
    void damagedRow();
    void unknownChip_data();
    void unknownChip();
    void mixTasks_data();
    void mixTasks();
};

namespace {

const FindingCheck *checkOf(const RankAnalysis &a, const char *id)
{
    for (const FindingCheck &c : a.checks) {
        if (c.id == QLatin1String(id))
            return &c;
    }
    return nullptr;
}

struct Task {
    const char *type;
    const char *core;
    int blockDim;
    int mixBlockDim;
    double durationUs = 400;
};

// A text-export kernel table, one row per task, one after the other.
std::shared_ptr<RankProfile> rankOf(const std::vector<Task> &tasks, const QString &npuName,
    const QByteArray &extraRow = QByteArray())
{
    QByteArray csv = "Step Id,Name,Type,OP State,Accelerator Core,Start Time(us),Duration(us),"
                     "Wait Time(us),Block Dim,Mix Block Dim,Input Shapes\n";
    double start = 1736408883704643.0;
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        const Task &t = tasks[i];
        csv += QStringLiteral("1,%1_%2,%1,static,%3,%4,%5,0,%6,%7,\"1,2\"\n")
                   .arg(QLatin1String(t.type))
                   .arg(i)
                   .arg(QLatin1String(t.core))
                   .arg(start, 0, 'f', 3)
                   .arg(t.durationUs)
                   .arg(t.blockDim)
                   .arg(t.mixBlockDim)
                   .toUtf8();
        start += t.durationUs + 1;
    }
    csv += extraRow;
    auto rank = std::make_shared<RankProfile>();
    CsvResult r = readCsvData(
        std::string_view(csv.constData(), std::size_t(csv.size())), QStringLiteral("k.csv"));
    rank->issues += r.issues;
    rank->kernels = std::make_shared<const KernelTable>(
        KernelTable::fromTable(std::shared_ptr<const Table>(std::move(r.table)), &rank->issues));
    rank->npuName = npuName;
    return rank;
}

} // namespace

void TstDeviceCores::chipTable()
{
    QCOMPARE(ascendChip(u"Ascend910B1")->cubeCores, 24);
    QCOMPARE(ascendChip(u"Ascend910B1")->vectorCores, 48);
    QCOMPARE(ascendChip(u"ascend910b4")->cubeCores, 20); // case and spaces ignored
    QCOMPARE(ascendChip(u"Ascend 910B3")->vectorCores, 40);
    QVERIFY(!ascendChip(u"Ascend910B")); // the family: 20 or 24
    QCOMPARE(ascendChipFamilyCores(u"Ascend910B"), QList<int>({ 20, 24 }));
    QVERIFY(ascendChipFamilyCores(u"Ascend910B2").isEmpty()); // a model, not a family
    QVERIFY(!ascendChip(u""));
    QVERIFY(ascendChipFamilyCores(u"").isEmpty());
    QVERIFY(!ascendChip(u"Ascend999"));
}

void TstDeviceCores::resolution()
{
    RankProfile rank;
    rank.npuName = QStringLiteral("Ascend910B2");
    DeviceCores c = deviceCores(rank);
    QCOMPARE(c.cube, 24);
    QCOMPARE(c.vector, 48);
    QVERIFY(c.source.contains(QStringLiteral("Ascend910B2")));
    // NPU_INFO's own count wins; the table's vector count only goes with its model's count.
    rank.aiCores = 20;
    c = deviceCores(rank);
    QCOMPARE(c.cube, 20);
    QCOMPARE(c.vector, 0);
    QCOMPARE(deviceCores(rank, 32).cube, 32); // given by the caller
    RankProfile none;
    c = deviceCores(none);
    QVERIFY(!c.known());
    QVERIFY(c.unknownReason.contains(QStringLiteral("NPU_INFO")));
}

void TstDeviceCores::flashAttention()
{
    // 24 cube blocks and 48 vector blocks on a 24-cube-core chip: the whole chip.
    const std::vector<Task> tasks { { "FlashAttentionScore", "MIX_AIC", 24, 48 },
        { "MatMulV2", "AI_CORE", 24, 0 } };
    const RankAnalysis a = analyseRank(*rankOf(tasks, QStringLiteral("Ascend910B1")));
    QCOMPARE(a.aiCores, 24);
    QCOMPARE(a.flags, std::vector<KernelFlags>({ 0, 0 }));
    QCOMPARE(checkOf(a, "low-block-dim")->status, CheckStatus::Clear);
    QVERIFY(checkOf(a, "low-block-dim")->reason.contains(QStringLiteral("48 vector cores")));
    // Half the chip is low, by either count.
    const RankAnalysis half = analyseRank(
        *rankOf({ { "FlashAttentionScore", "MIX_AIC", 12, 24 } }, QStringLiteral("Ascend910B1")));
    QCOMPARE(half.flags, std::vector<KernelFlags>({ kFlagLowBlockDim }));
    QCOMPARE(checkOf(half, "low-block-dim")->status, CheckStatus::Found);
}

void TstDeviceCores::damagedRow()
{
    // A row whose cells shifted one to the left (Accelerator Core holds a time, Block Dim a
    // shape): not a task of any core, so it neither feeds a count nor is judged.
    const QByteArray damaged = "1,FlashAttentionScore_9,FlashAttentionScore,MIX_AIC,"
                               "1736408883800000.000,400,0,48,96,\"1,2\",\n";
    const auto rank
        = rankOf({ { "MatMulV2", "AI_CORE", 24, 0 } }, QStringLiteral("Ascend910B1"), damaged);
    const RankAnalysis a = analyseRank(*rank);
    QCOMPARE(a.aiCores, 24);
    QCOMPARE(checkOf(a, "low-block-dim")->status, CheckStatus::Clear);
    for (KernelFlags f : a.flags)
        QVERIFY(!(f & kFlagLowBlockDim));
}

void TstDeviceCores::unknownChip_data()
{
    QTest::addColumn<QString>("npuName");
    QTest::addColumn<QString>("reason");
    QTest::newRow("text export") << QString() << "NPU_INFO";
    QTest::newRow("the 910B family") << "Ascend910B"
                                     << "20 or 24";
    QTest::newRow("not in the table") << "Ascend999X"
                                      << "Ascend999X";
}

void TstDeviceCores::unknownChip()
{
    QFETCH(QString, npuName);
    QFETCH(QString, reason);
    // Block Dim 16 everywhere: a guess from the largest Block Dim would call it clean.
    const RankAnalysis a = analyseRank(
        *rankOf({ { "MatMulV2", "AI_CORE", 16, 0 }, { "MatMulV2", "AI_CORE", 16, 0 } }, npuName));
    QCOMPARE(a.aiCores, 0);
    const FindingCheck *c = checkOf(a, "low-block-dim");
    QCOMPARE(c->status, CheckStatus::NotChecked);
    QVERIFY2(c->reason.contains(reason), qPrintable(c->reason));
    QVERIFY(!c->collect.isEmpty());
    QCOMPARE(a.flags, std::vector<KernelFlags>({ 0, 0 }));
}

void TstDeviceCores::mixTasks_data()
{
    QTest::addColumn<QString>("core");
    QTest::addColumn<int>("blockDim");
    QTest::addColumn<int>("mixBlockDim");
    QTest::addColumn<bool>("low");
    // On an Ascend910B1: 24 AI Cores, 48 vector cores.
    QTest::newRow("cube full") << "AI_CORE" << 48 << 0 << false;
    QTest::newRow("cube 23") << "AI_CORE" << 23 << 0 << true;
    QTest::newRow("mix aic, vector half fills") << "MIX_AIC" << 12 << 48 << false;
    QTest::newRow("mix aic, neither fills") << "MIX_AIC" << 20 << 40 << true;
    QTest::newRow("mix aiv full") << "MIX_AIV" << 48 << 24 << false;
    QTest::newRow("mix aiv, cube half fills") << "MIX_AIV" << 40 << 24 << false;
    QTest::newRow("mix aiv, neither fills") << "MIX_AIV" << 40 << 20 << true;
    QTest::newRow("vector 48") << "AI_VECTOR_CORE" << 48 << 0 << false;
    QTest::newRow("vector 47") << "AI_VECTOR_CORE" << 47 << 0 << true;
    QTest::newRow("ai cpu") << "AI_CPU" << 1 << 0 << false;
}

void TstDeviceCores::mixTasks()
{
    QFETCH(QString, core);
    QFETCH(int, blockDim);
    QFETCH(int, mixBlockDim);
    QFETCH(bool, low);
    const QByteArray c = core.toLatin1();
    const auto rank
        = rankOf({ { "Op", c.constData(), blockDim, mixBlockDim } }, QStringLiteral("Ascend910B1"));
    const RankAnalysis a = analyseRank(*rank);
    QCOMPARE(bool(a.flags.at(0) & kFlagLowBlockDim), low);
    // A task under 20 µs is never flagged (kLowBlockDimMinNs).
    const auto shortRank = rankOf(
        { { "Op", c.constData(), blockDim, mixBlockDim, 19.999 } }, QStringLiteral("Ascend910B1"));
    QCOMPARE(analyseRank(*shortRank).flags.at(0) & kFlagLowBlockDim, 0);
}

QTEST_GUILESS_MAIN(TstDeviceCores)
#include "tst_devicecores.moc"
