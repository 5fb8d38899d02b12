#include "../widgets/tracefixtures.h"
#include "app/reports/exportcaption.h"
#include "model/core/kerneltable.h"

#include <QTest>

using namespace npuscope;

namespace {

constexpr TimeNs kMs = 1'000'000;

// A kernel table of rows (name, core, start, duration); Type is the name, as in the samples.
struct Row {
    const char *name;
    const char *core;
    TimeNs start;
    TimeNs duration;
};

std::shared_ptr<const KernelTable> kernelTable(std::initializer_list<Row> rows)
{
    auto k = std::make_shared<KernelTable>();
    for (const Row &r : rows) {
        k->name.push_back(k->strings.intern(r.name));
        k->type.push_back(k->strings.intern(r.name));
        k->core.push_back(k->strings.intern(r.core));
        k->step.push_back(k->strings.intern(""));
        k->stream.push_back(2);
        k->blockDim.push_back(KernelTable::kNoValue);
        k->start.push_back(r.start);
        k->duration.push_back(r.duration);
        k->wait.push_back(0);
    }
    return k;
}

} // namespace

class TstExportCaption : public QObject {
    Q_OBJECT

private slots:
    void communicationIsNeverTheTopKernel();
    void clippedToTheRange();
    void traceWithoutKernelTable();
};

// HCCL's Notify Wait is the longest task of a communication-heavy rank; the caption names the
// longest compute kernel and counts the wait in the device time only.
void TstExportCaption::communicationIsNeverTheTopKernel()
{
    RankProfile rank;
    rank.kernels = kernelTable({ { "Notify Wait", "HCCL", 0, 10 * kMs },
        { "hcom_allReduce_", "COMMUNICATION", 10 * kMs, 4 * kMs },
        { "MatMulV2", "AI_CORE", 0, 3 * kMs }, { "Add", "AI_VECTOR_CORE", 3 * kMs, 1 * kMs },
        { "MatMulV2", "AI_CORE", 5 * kMs, 1 * kMs } });
    const ExportCaption::TopKernel top = ExportCaption::topKernel(rank, 0, 20 * kMs);
    QCOMPARE(top.name, QStringLiteral("MatMulV2"));
    QCOMPARE(top.totalNs, 4 * kMs);
    QCOMPARE(top.deviceNs, 19 * kMs);
}

void TstExportCaption::clippedToTheRange()
{
    RankProfile rank;
    rank.kernels = kernelTable(
        { { "MatMulV2", "AI_CORE", 0, 10 * kMs }, { "Add", "AI_VECTOR_CORE", 10 * kMs, 3 * kMs } });
    // 2 ms of the MatMul, all 3 ms of the Add.
    const ExportCaption::TopKernel top = ExportCaption::topKernel(rank, 8 * kMs, 20 * kMs);
    QCOMPARE(top.name, QStringLiteral("Add"));
    QCOMPARE(top.totalNs, 3 * kMs);
    QCOMPARE(top.deviceNs, 5 * kMs);
    QVERIFY(ExportCaption::topKernel(rank, 30 * kMs, 40 * kMs).name.isEmpty());
}

// Kineto traces, or a kernel table without times: the device stream tracks decide, with the
// communication tasks of HCCL and NCCL recognised by name.
void TstExportCaption::traceWithoutKernelTable()
{
    test::TraceMaker maker;
    const auto stream = maker.addTrack(
        QStringLiteral("Ascend Hardware"), QStringLiteral("Stream 4"), TrackKind::DeviceStream);
    const auto host = maker.addTrack(QStringLiteral("Python"), QStringLiteral("main"));
    maker.addEvent(stream, 0, 9 * kMs, "Notify Wait");
    maker.addEvent(stream, 9 * kMs, 5 * kMs, "ncclDevKernel_AllReduce");
    maker.addEvent(stream, 14 * kMs, 2 * kMs, "FlashAttentionScore");
    maker.addEvent(host, 0, 20 * kMs, "aten::linear"); // host time is not device time
    maker.indexTracks();
    RankProfile rank;
    rank.trace = maker.finish();
    const ExportCaption::TopKernel top = ExportCaption::topKernel(rank, 0, 20 * kMs);
    QCOMPARE(top.name, QStringLiteral("FlashAttentionScore"));
    QCOMPARE(top.totalNs, 2 * kMs);
    QCOMPARE(top.deviceNs, 16 * kMs);
}

QTEST_GUILESS_MAIN(TstExportCaption)
#include "tst_exportcaption.moc"
