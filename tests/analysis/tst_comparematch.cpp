#include "analysis/compare/kernelmatch.h"
#include "analysis/compare/workbuckets.h"
#include "analysis/stats/kernelkinds.h"
#include "model/profile/profileloader.h"

#include <QDir>
#include <QRandomGenerator>
#include <QTest>

using namespace npuscope;

namespace {

const QString kSamples = QStringLiteral(NPUSCOPE_SAMPLES_DIR);

std::vector<quint32> keys(const QString &letters)
{
    std::vector<quint32> out;
    for (QChar c : letters)
        out.push_back(c.unicode());
    return out;
}

// "AB|AB C|C": the letters each pair keeps, then the positions, for whole-result comparison.
QString pairsText(const std::vector<quint32> &a, const std::vector<AlignedPair> &pairs)
{
    QString letters, positions;
    for (const AlignedPair &p : pairs) {
        letters += QChar(char16_t(a[std::size_t(p.first)]));
        positions += QStringLiteral("%1:%2 ").arg(p.first).arg(p.second);
    }
    return letters + QLatin1Char('|') + positions.trimmed();
}

bool consistent(const std::vector<quint32> &a, const std::vector<quint32> &b,
    const std::vector<AlignedPair> &pairs)
{
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const AlignedPair &p = pairs[i];
        if (a[std::size_t(p.first)] != b[std::size_t(p.second)])
            return false;
        if (i > 0 && (p.first <= pairs[i - 1].first || p.second <= pairs[i - 1].second))
            return false;
    }
    return true;
}

} // namespace

class TstCompareMatch : public QObject {
    Q_OBJECT
private slots:
    void align_data();
    void align();
    void alignManyKernelsFewEdits();
    void alignBoundedWindow();
    void family_data();
    void family();
    void bucket_data();
    void bucket();
    void bucketsOfSamples_data();
    void bucketsOfSamples();
};

void TstCompareMatch::align_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<QString>("expected");
    QTest::newRow("same") << "ABCD"
                          << "ABCD"
                          << "ABCD|0:0 1:1 2:2 3:3";
    QTest::newRow("inserted") << "ABCD"
                              << "ABXCD"
                              << "ABCD|0:0 1:1 2:3 3:4";
    QTest::newRow("removed") << "ABXCD"
                             << "ABCD"
                             << "ABCD|0:0 1:1 3:2 4:3";
    QTest::newRow("replaced") << "ABCD"
                              << "AXCD"
                              << "ACD|0:0 2:2 3:3";
    // A repeated name: the inserted Add is the second one, the first pairs with the first.
    QTest::newRow("repeated name inserted") << "MAMA"
                                            << "MAAMA"
                                            << "MAMA|0:0 1:1 2:3 3:4";
    QTest::newRow("nothing shared") << "ABC"
                                    << "XYZ"
                                    << "|";
    QTest::newRow("empty base") << ""
                                << "AB"
                                << "|";
    QTest::newRow("empty new") << "AB"
                               << ""
                               << "|";
    QTest::newRow("moved") << "ABCDE"
                           << "BCDAE"
                           << "BCDE|1:0 2:1 3:2 4:4";
}

void TstCompareMatch::align()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(QString, expected);
    const std::vector<quint32> ka = keys(a), kb = keys(b);
    QCOMPARE(pairsText(ka, alignSequences(ka, kb, kMaxAlignEdits)), expected);
}

void TstCompareMatch::alignManyKernelsFewEdits()
{
    // 20k kernels of 12 names; the new run inserts 7 and removes 9 at random places. Every
    // kernel that is in both must pair with itself.
    QRandomGenerator rng(42);
    std::vector<quint32> a(20000);
    for (quint32 &k : a)
        k = rng.bounded(12u);
    std::vector<qint32> origin(a.size()); // position in a of each element of b, -1: inserted
    for (std::size_t i = 0; i < a.size(); ++i)
        origin[i] = qint32(i);
    std::vector<quint32> b = a;
    for (int i = 0; i < 9; ++i) {
        const auto at = rng.bounded(quint32(b.size()));
        b.erase(b.begin() + at);
        origin.erase(origin.begin() + at);
    }
    for (int i = 0; i < 7; ++i) {
        const auto at = rng.bounded(quint32(b.size()));
        b.insert(b.begin() + at, 100 + quint32(i));
        origin.insert(origin.begin() + at, -1);
    }
    const std::vector<AlignedPair> pairs = alignSequences(a, b, kMaxAlignEdits);
    QVERIFY(consistent(a, b, pairs));
    // Minimal edits: all 19991 kept kernels pair up (possibly with an equal neighbour when a
    // removed kernel sat next to a twin, which is the same name and so as good).
    QCOMPARE(pairs.size(), a.size() - 9);
    qsizetype selfPaired = 0;
    for (const AlignedPair &p : pairs)
        selfPaired += origin[std::size_t(p.second)] == p.first ? 1 : 0;
    QVERIFY2(selfPaired >= qsizetype(pairs.size()) - 40, qPrintable(QString::number(selfPaired)));
}

void TstCompareMatch::alignBoundedWindow()
{
    // More edits than allowed: the halves are aligned on their own; pairs stay consistent and
    // the shared head and tail still pair.
    const std::vector<quint32> a = keys(QStringLiteral("HEADabcdefghijklmnopTAIL"));
    const std::vector<quint32> b = keys(QStringLiteral("HEADponmlkjihgfedcbaTAIL"));
    const std::vector<AlignedPair> pairs = alignSequences(a, b, 2);
    QVERIFY(consistent(a, b, pairs));
    QVERIFY(pairs.size() >= 9);
    QCOMPARE(pairs.front(), AlignedPair(0, 0));
    QCOMPARE(pairs.back(), AlignedPair(23, 23));
}

void TstCompareMatch::family_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("family");
    QTest::newRow("TransData instance") << "trans_TransData_12"
                                        << "trans_TransData_";
    QTest::newRow("numbered conv") << "Conv2D4"
                                   << "Conv2D";
    QTest::newRow("hccl counters") << "hcom_allReduce__612_6_1"
                                   << "hcom_allReduce__";
    QTest::newRow("no number") << "aclnnAdd_AddAiCore_Add"
                               << "aclnnAdd_AddAiCore_Add";
    QTest::newRow("digits inside kept") << "Conv2DBackpropFilter6_MemSet"
                                        << "Conv2DBackpropFilter6_MemSet";
    QTest::newRow("only digits") << "12345"
                                 << "12345";
    QTest::newRow("gpu kernel") << "volta_sgemm_64x64_nt"
                                << "volta_sgemm_64x64_nt";
}

void TstCompareMatch::family()
{
    QFETCH(QString, name);
    QFETCH(QString, family);
    QCOMPARE(kernelFamily(name), family);
}

void TstCompareMatch::bucket_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("core");
    QTest::addColumn<bool>("comm");
    QTest::addColumn<QString>("bucket");
    // Ascend (kernel_details.csv of the samples)
    QTest::newRow("ascend matmul") << "aclnnMm_MatMulCommon_MatMulV2"
                                   << "MatMulV2"
                                   << "AI_CORE" << false << "matrix_multiply";
    QTest::newRow("ascend flash attention")
        << "aclnnFlashAttentionScore_FlashAttentionScore_FlashAttentionScore"
        << "FlashAttentionScore"
        << "MIX_AIC" << false << "matrix_multiply";
    QTest::newRow("ascend conv") << "Conv2D4"
                                 << "Conv2D"
                                 << "AI_CORE" << false << "convolution";
    QTest::newRow("ascend conv backprop") << "Conv2DBackpropFilter6"
                                          << "Conv2DBackpropFilter"
                                          << "AI_CORE" << false << "convolution";
    QTest::newRow("ascend transdata") << "trans_TransData_12"
                                      << "TransData"
                                      << "AI_VECTOR_CORE" << false << "format_conversion";
    QTest::newRow("ascend maxpool transdata") << "aclnnMaxPool2dWithMask_TransDataSpecial_TransData"
                                              << "TransData"
                                              << "AI_VECTOR_CORE" << false << "format_conversion";
    QTest::newRow("ascend add") << "aclnnAdd_AddAiCore_Add"
                                << "Add"
                                << "AI_VECTOR_CORE" << false << "element_wise";
    QTest::newRow("ascend rmsnorm grad") << "RmsNormGrad"
                                         << "RmsNormGrad"
                                         << "MIX_AIV" << false << "element_wise";
    QTest::newRow("ascend tensor move") << "aclnnInplaceCopy_TensorMoveAiCore_TensorMove"
                                        << "TensorMove"
                                        << "AI_VECTOR_CORE" << false << "memory_copy";
    QTest::newRow("ascend memset") << "aclnnMm_MatMulCommon_MemSet"
                                   << "MemSet"
                                   << "AI_VECTOR_CORE" << false << "memory_copy";
    QTest::newRow("ascend allreduce") << "hcom_allReduce__612_4_1"
                                      << "hcom_allReduce_"
                                      << "COMMUNICATION" << true << "communication";
    QTest::newRow("ascend ai cpu") << "aclnnNonzero_NonZero_NonZero"
                                   << "NonZero"
                                   << "AI_CPU" << false << "other";
    // Kineto (the ResNet-50 GPU sample)
    QTest::newRow("gpu sgemm") << "volta_sgemm_64x64_nt"
                               << "Kernel"
                               << "GPU" << false << "matrix_multiply";
    QTest::newRow("gpu implicit conv sgemm")
        << "void implicit_convolve_sgemm<float, float, 1024, 6, 7, 3, 3, 5, 1, false, true, true>"
        << "Kernel"
        << "GPU" << false << "convolution";
    QTest::newRow("gpu scudnn") << "volta_scudnn_128x64_relu_interior_nn_v1"
                                << "Kernel"
                                << "GPU" << false << "convolution";
    QTest::newRow("gpu winograd")
        << "void cudnn::winograd_nonfused::winogradForwardData4x4<float, float>"
        << "Kernel"
        << "GPU" << false << "convolution";
    QTest::newRow("gpu elementwise")
        << "void at::native::vectorized_elementwise_kernel<4, at::native::AddFunctor<float>>"
        << "Kernel"
        << "GPU" << false << "element_wise";
    QTest::newRow("gpu batch norm") << "void cudnn::bn_fw_tr_1C11_singleread<float, 512>"
                                    << "Kernel"
                                    << "GPU" << false << "element_wise";
    QTest::newRow("gpu layout") << "void nchwToNhwcKernel<float, float, float, true, false>"
                                << "Kernel"
                                << "GPU" << false << "format_conversion";
    QTest::newRow("gpu memcpy") << "Memcpy HtoD (Pageable -> Device)"
                                << "Memcpy"
                                << "GPU" << false << "memory_copy";
    QTest::newRow("gpu memset") << "Memset (Device)"
                                << "Memset"
                                << "GPU" << false << "memory_copy";
    QTest::newRow("gpu nccl") << "ncclKernel_AllReduce_RING_LL_Sum_float"
                              << "Kernel"
                              << "GPU" << false << "communication";
    QTest::newRow("gpu unknown") << "void cudnn::ops::scalePackedTensor_kernel<float, float>"
                                 << "Kernel"
                                 << "GPU" << false << "other";
}

void TstCompareMatch::bucket()
{
    QFETCH(QString, name);
    QFETCH(QString, type);
    QFETCH(QString, core);
    QFETCH(bool, comm);
    QFETCH(QString, bucket);
    QCOMPARE(workBucketKey(workBucketOf(name, type, core, comm)), bucket);
}

void TstCompareMatch::bucketsOfSamples_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QStringList>("expected"); // buckets that must hold time
    const QStringList kAllBuckets
        = QStringLiteral("matrix_multiply,convolution,element_wise,memory_copy,format_conversion")
              .split(QLatin1Char(','));
    QTest::newRow("kineto") << QStringLiteral("/kineto") << kAllBuckets;
    QTest::newRow("ascend level1")
        << QStringLiteral("/ascend-2025-01/level1/rank0_ascend_pt") << kAllBuckets;
}

void TstCompareMatch::bucketsOfSamples()
{
    QFETCH(QString, path);
    QFETCH(QStringList, expected);
    if (!QDir(kSamples + path).exists())
        QSKIP("samples not present");
    const LoadResult loaded = loadProfile(kSamples + path);
    QVERIFY(loaded.profile && !loaded.profile->ranks.empty());
    const KernelTable &k = *loaded.profile->ranks[0]->kernels;
    const KernelKinds kinds(k);
    const std::vector<WorkBucket> buckets = workBuckets(k, kinds);
    std::array<TimeNs, kWorkBucketCount> ns {};
    TimeNs all = 0;
    for (qsizetype r = 0; r < k.rowCount(); ++r) {
        ns[std::size_t(buckets[std::size_t(r)])] += k.duration[std::size_t(r)];
        all += k.duration[std::size_t(r)];
    }
    for (const QString &b : expected) {
        bool found = false;
        for (int i = 0; i < kWorkBucketCount; ++i)
            found = found || (workBucketKey(WorkBucket(i)) == b && ns[std::size_t(i)] > 0);
        QVERIFY2(found, qPrintable(b));
    }
    // The mapping leaves little unexplained: under 5% of device time falls into "other".
    QVERIFY2(ns[std::size_t(WorkBucket::Other)] * 20 < all,
        qPrintable(QString::number(double(ns[std::size_t(WorkBucket::Other)]) / double(all))));
}

QTEST_GUILESS_MAIN(TstCompareMatch)
#include "tst_comparematch.moc"
