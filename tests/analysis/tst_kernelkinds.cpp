#include "analysis/stats/kernelkinds.h"

#include <QTest>

using namespace npuscope;

namespace {

struct Row {
    const char *name, *type, *core;
    TimeNs start, duration;
};

KernelTable makeTable(std::initializer_list<Row> rows)
{
    KernelTable k;
    for (const Row &r : rows) {
        k.name.push_back(k.strings.intern(r.name));
        k.type.push_back(k.strings.intern(r.type));
        k.core.push_back(k.strings.intern(r.core));
        k.step.push_back(k.strings.intern(""));
        k.stream.push_back(2);
        k.blockDim.push_back(24);
        k.start.push_back(r.start);
        k.duration.push_back(r.duration);
        k.wait.push_back(0);
    }
    return k;
}

} // namespace

class TstKernelKinds : public QObject {
    Q_OBJECT
private slots:
    void classify_data();
    void classify();
    void unions();
};

void TstKernelKinds::classify_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("core");
    QTest::addColumn<QString>("flags"); // c: communication, a: AI CPU, t: TransData, u: cube
    QTest::newRow("Level1 TransData") << "trans_TransData_0"
                                      << "TransData"
                                      << "AI_VECTOR_CORE"
                                      << "t";
    QTest::newRow("Level0 TransData, no type") << "trans_TransData_1"
                                               << "N/A"
                                               << "N/A"
                                               << "t";
    QTest::newRow("special TransData typed TransData")
        << "aclnnMaxPool2dWithMask_TransDataSpecial_TransData"
        << "TransData"
        << "AI_VECTOR_CORE"
        << "t";
    QTest::newRow("name mentions TransData, other type") << "Foo_TransDataSpecial"
                                                         << "MaxPoolWithArgmaxV1"
                                                         << "AI_VECTOR_CORE"
                                                         << "";
    QTest::newRow("HCCL row") << "hcom_allReduce__586_0_1"
                              << "hcom_allReduce_"
                              << "HCCL"
                              << "c";
    // Newer CANN: Accelerator Core COMMUNICATION, a name without the hcom_ prefix.
    QTest::newRow("COMMUNICATION core") << "allReduce_1_2"
                                        << "allReduce"
                                        << "COMMUNICATION"
                                        << "c";
    QTest::newRow("Level0 HCCL row") << "hcom_broadcast__1_0_1"
                                     << "N/A"
                                     << "N/A"
                                     << "c";
    QTest::newRow("Kineto NCCL kernel") << "ncclKernel_AllReduce_RING_LL_Sum_float"
                                        << ""
                                        << ""
                                        << "c";
    QTest::newRow("AI CPU") << "aclnnNonzero_NonZero_NonZero"
                            << "NonZero"
                            << "AI_CPU"
                            << "a";
    QTest::newRow("cube AI_CORE") << "aclnnMm_MatMulCommon_MatMulV2"
                                  << "MatMulV2"
                                  << "AI_CORE"
                                  << "u";
    QTest::newRow("cube MIX_AIC") << "FlashAttentionScore"
                                  << "FlashAttentionScore"
                                  << "MIX_AIC"
                                  << "u";
    QTest::newRow("vector") << "aclnnAdd_AddAiCore_Add"
                            << "Add"
                            << "AI_VECTOR_CORE"
                            << "";
}

void TstKernelKinds::classify()
{
    QFETCH(QString, name);
    QFETCH(QString, type);
    QFETCH(QString, core);
    QFETCH(QString, flags);
    KernelTable k;
    k.name.push_back(k.strings.intern(name.toStdString()));
    k.type.push_back(k.strings.intern(type.toStdString()));
    k.core.push_back(k.strings.intern(core.toStdString()));
    k.step.push_back(k.strings.intern(""));
    k.stream.push_back(2);
    k.blockDim.push_back(1);
    k.start.push_back(1000);
    k.duration.push_back(10);
    k.wait.push_back(0);
    const KernelKinds kinds(k);
    QString got;
    got += kinds.isCommunication(0) ? QStringLiteral("c") : QString();
    got += kinds.isAiCpu(0) ? QStringLiteral("a") : QString();
    got += kinds.isTransData(0) ? QStringLiteral("t") : QString();
    got += kinds.isCube(0) ? QStringLiteral("u") : QString();
    QCOMPARE(got, flags);
    QCOMPARE(kinds.isCompute(0), !kinds.isCommunication(0));
}

void TstKernelKinds::unions()
{
    const KernelTable k = makeTable({
        { "MatMul", "MatMulV2", "AI_CORE", 0, 100 },
        { "Add", "Add", "AI_VECTOR_CORE", 50, 100 }, // overlaps the MatMul (two streams)
        { "hcom_allReduce__1_0_1", "hcom_allReduce_", "HCCL", 120, 200 },
        { "NoTime", "Add", "AI_VECTOR_CORE", Table::kMissingNs, 7 },
    });
    const KernelKinds kinds(k);
    QCOMPARE(kinds.computeUnion().total(), TimeNs(150)); // [0,150)
    QCOMPARE(kinds.commUnion().total(), TimeNs(200));
    QCOMPARE(kinds.computeSum(), TimeNs(207)); // durations, the untimed row included
    QCOMPARE(kinds.computeCount(), qsizetype(3));
    QVERIFY(!kinds.hasTime(3));
}

QTEST_GUILESS_MAIN(TstKernelKinds)
#include "tst_kernelkinds.moc"
