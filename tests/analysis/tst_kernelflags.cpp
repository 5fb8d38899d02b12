#include "analysis/rules/kernelflags.h"

#include <QTest>

using namespace npuscope;

namespace {

struct Row {
    const char *name, *type, *core;
    TimeNs duration, wait;
    std::int32_t blockDim;
};

KernelTable makeTable(std::initializer_list<Row> rows)
{
    KernelTable k;
    TimeNs start = 1'000'000;
    for (const Row &r : rows) {
        k.name.push_back(k.strings.intern(r.name));
        k.type.push_back(k.strings.intern(r.type));
        k.core.push_back(k.strings.intern(r.core));
        k.step.push_back(k.strings.intern(""));
        k.stream.push_back(2);
        k.blockDim.push_back(r.blockDim);
        start += r.wait;
        k.start.push_back(start);
        k.duration.push_back(r.duration);
        k.wait.push_back(r.wait);
        start += r.duration;
    }
    return k;
}

} // namespace

class TstKernelFlags : public QObject {
    Q_OBJECT
private slots:
    void boundaries_data();
    void boundaries();
    void inferredCores();
    void text();
};

void TstKernelFlags::boundaries_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("core");
    QTest::addColumn<qint64>("duration");
    QTest::addColumn<qint64>("wait");
    QTest::addColumn<int>("blockDim");
    QTest::addColumn<int>("flags");
    const QString vec = QStringLiteral("AI_VECTOR_CORE");
    const QString add = QStringLiteral("Add");
    // host-bound: Wait >= 10 x Duration and Wait >= 10 µs.
    QTest::newRow("host-bound at both bars")
        << add << vec << 1'000LL << 10'000LL << 8 << int(kFlagHostBound);
    QTest::newRow("wait just under 10x") << add << vec << 1'001LL << 10'000LL << 8 << 0;
    QTest::newRow("wait under the floor") << add << vec << 500LL << 9'999LL << 8 << 0;
    QTest::newRow("long wait, 10x")
        << add << vec << 20'000LL << 200'000LL << 8 << int(kFlagHostBound);
    QTest::newRow("long wait, under 10x") << add << vec << 20'000LL << 199'999LL << 8 << 0;
    QTest::newRow("zero duration, floor wait")
        << add << vec << 0LL << 10'000LL << 8 << int(kFlagHostBound);
    QTest::newRow("communication waits") << "hcom_allReduce_"
                                         << "HCCL" << 1'000LL << 500'000LL << 0 << 0;
    // low Block Dim: cube task >= 20 µs, Block Dim not a multiple of 24 cores.
    QTest::newRow("low Block Dim at 20 µs")
        << "MatMulV2"
        << "AI_CORE" << 20'000LL << 0LL << 20 << int(kFlagLowBlockDim);
    QTest::newRow("low Block Dim, short task") << "MatMulV2"
                                               << "AI_CORE" << 19'999LL << 0LL << 20 << 0;
    QTest::newRow("Block Dim = cores") << "MatMulV2"
                                       << "AI_CORE" << 50'000LL << 0LL << 24 << 0;
    QTest::newRow("Block Dim = 2 x cores") << "MatMulV2"
                                           << "AI_CORE" << 50'000LL << 0LL << 48 << 0;
    QTest::newRow("Block Dim 25") << "MatMulV2"
                                  << "AI_CORE" << 50'000LL << 0LL << 25 << int(kFlagLowBlockDim);
    QTest::newRow("MIX_AIC low Block Dim")
        << "FlashAttentionScore"
        << "MIX_AIC" << 20'000LL << 0LL << 12 << int(kFlagLowBlockDim);
    QTest::newRow("vector task, any Block Dim") << add << vec << 50'000LL << 0LL << 20 << 0;
    QTest::newRow("Block Dim N/A")
        << "MatMulV2"
        << "AI_CORE" << 50'000LL << 0LL << int(KernelTable::kNoValue) << 0;
    // format conversion: any TransData on the device.
    QTest::newRow("TransData") << "TransData" << vec << 10LL << 0LL << 8 << int(kFlagTransData);
    QTest::newRow("Cast") << "Cast" << vec << 10LL << 0LL << 8 << 0;
    // AI_CPU fallback: longer than 20 µs.
    QTest::newRow("AI_CPU over 20 µs") << "NonZero"
                                       << "AI_CPU" << 20'001LL << 0LL << 1 << int(kFlagAiCpu);
    QTest::newRow("AI_CPU at 20 µs") << "NonZero"
                                     << "AI_CPU" << 20'000LL << 0LL << 1 << 0;
    // Several at once.
    QTest::newRow("host-bound and low Block Dim")
        << "MatMulV2"
        << "AI_CORE" << 30'000LL << 300'000LL << 20 << int(kFlagHostBound | kFlagLowBlockDim);
    QTest::newRow("host-bound AI_CPU")
        << "NonZero"
        << "AI_CPU" << 30'000LL << 300'000LL << 1 << int(kFlagHostBound | kFlagAiCpu);
}

void TstKernelFlags::boundaries()
{
    QFETCH(QString, type);
    QFETCH(QString, core);
    QFETCH(qint64, duration);
    QFETCH(qint64, wait);
    QFETCH(int, blockDim);
    QFETCH(int, flags);
    const std::string t = type.toStdString(), c = core.toStdString();
    const KernelTable k
        = makeTable({ { "kernel", t.c_str(), c.c_str(), duration, wait, std::int32_t(blockDim) } });
    const KernelKinds kinds(k);
    const std::vector<KernelFlags> got = kernelFlags(k, kinds, 24);
    QCOMPARE(got.size(), std::size_t(1));
    QCOMPARE(int(got[0]), flags);
    QCOMPARE(int(kernelFlagsOf(k, kinds, 0, 24)), flags);
    QCOMPARE(kernelFlagsReason(k, 0, got[0], 24).isEmpty(), flags == 0);
}

// Without the device's counts no Block Dim is judged (never a guess from the Block Dims).
void TstKernelFlags::inferredCores()
{
    const KernelTable k = makeTable({
        { "MatMul_full", "MatMulV2", "AI_CORE", 50'000, 0, 24 },
        { "MatMul_tail", "MatMulV2", "AI_CORE", 50'000, 0, 20 },
        { "Add", "Add", "AI_VECTOR_CORE", 50'000, 0, 40 }, // vector tasks do not count
    });
    const KernelKinds kinds(k);
    QCOMPARE(kernelFlags(k, kinds), std::vector<KernelFlags>({ 0, 0, 0 }));
    // The AI Cores alone judge the cube tasks; the vector cores, when known, the vector ones.
    QCOMPARE(kernelFlags(k, kinds, 20), std::vector<KernelFlags>({ kFlagLowBlockDim, 0, 0 }));
    QCOMPARE(kernelFlags(k, kinds, DeviceCores(24, 48)),
        std::vector<KernelFlags>({ 0, kFlagLowBlockDim, kFlagLowBlockDim }));
}

void TstKernelFlags::text()
{
    QCOMPARE(kernelFlagsText(0), QString());
    QCOMPARE(kernelFlagsText(kFlagHostBound | kFlagLowBlockDim),
        QStringLiteral("host-bound, low Block Dim"));
    QCOMPARE(kernelFlagsText(kFlagTransData | kFlagAiCpu),
        QStringLiteral("format conversion, AI_CPU fallback"));
    const KernelTable k = makeTable({ { "MatMul", "MatMulV2", "AI_CORE", 30'000, 300'000, 20 } });
    const QString reason = kernelFlagsReason(k, 0, kFlagHostBound | kFlagLowBlockDim, 24);
    QVERIFY2(reason.contains(QStringLiteral("300 µs")), qPrintable(reason));
    QVERIFY2(reason.contains(QStringLiteral("30.0 µs")) || reason.contains(QStringLiteral("30 µs")),
        qPrintable(reason));
    QVERIFY2(reason.contains(QStringLiteral("20 blocks")), qPrintable(reason));
    QVERIFY2(reason.contains(QStringLiteral("24 AI Cores")), qPrintable(reason));
    QCOMPARE(reason.count(QLatin1Char('\n')), 1);
}

QTEST_GUILESS_MAIN(TstKernelFlags)
#include "tst_kernelflags.moc"
