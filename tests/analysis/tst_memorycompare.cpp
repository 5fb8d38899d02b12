// msprof-analyze compare's MemoryCompareStatistic (analysis/compare/memorycompare.h): on a
// written trace, which operator each allocation counts for (nested ops, the task queue's
// "cann::" allocations at their enqueue, allocations outside any op); on the samples, every row
// of the vendor tool's sheet for ascend-2025-01 level1 (base) against level2 (new), rank 0.
#include "analysis/compare/comparison.h"
#include "analysis/compare/memorycompare.h"
#include "analysis/rules/findings.h"
#include "model/memory/memoryallocations.h"
#include "model/profile/profileloader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;

namespace {

const QString kSamples = QStringLiteral(NPUSCOPE_SAMPLES_DIR);

QByteArray x(int tid, const char *name, const char *cat, int ts, int dur)
{
    return QByteArray(R"({"ph": "X", "pid": 1, "tid": )") + QByteArray::number(tid)
        + R"(, "name": ")" + name + R"(", "cat": ")" + cat + R"(", "ts": )" + QByteArray::number(ts)
        + R"(, "dur": )" + QByteArray::number(dur) + "},\n";
}

// Main thread 1: ProfilerStep#1 100-1000 holding aten::conv2d 110-300 (aten::empty 120-130
// and an Enqueue at 150) and aten::add 400-500; Optimizer.step 1100-1200 after the step.
// Thread 2: aten::mul 600-700 (a backward thread: nested in the step by time). Thread 3, the
// task queue: the Dequeue 420-470 of that Enqueue.
QByteArray traceJson()
{
    QByteArray j = "[\n";
    j += R"({"ph": "M", "name": "process_name", "pid": 1, "tid": 0, "args": {"name": "Python"}},)"
         "\n";
    j += x(1, "ProfilerStep#1", "cpu_op", 100, 900);
    j += x(1, "aten::conv2d", "cpu_op", 110, 190);
    j += x(1, "aten::empty", "cpu_op", 120, 10);
    j += x(1, "Enqueue", "enqueue", 150, 2);
    j += x(1, "aten::add", "cpu_op", 400, 100);
    j += x(1, "Optimizer.step", "cpu_op", 1100, 100);
    j += x(2, "aten::mul", "cpu_op", 600, 100);
    j += x(3, "Dequeue", "dequeue", 420, 50);
    j += R"({"ph": "s", "pid": 1, "tid": 1, "ts": 150, "cat": "async_task_queue", )"
         R"("name": "AscendCL@Conv2D", "id": 7},)"
         "\n";
    j += R"({"ph": "f", "pid": 1, "tid": 3, "ts": 420, "cat": "async_task_queue", )"
         R"("name": "AscendCL@Conv2D", "id": 7, "bp": "e"})"
         "\n";
    return j + "]\n";
}

std::shared_ptr<const Profile> writtenProfile(const QString &dir)
{
    const QString out = dir + QStringLiteral("/r_ascend_pt/ASCEND_PROFILER_OUTPUT");
    QDir().mkpath(out);
    QFile f(out + QStringLiteral("/trace_view.json"));
    if (!f.open(QIODevice::WriteOnly) || f.write(traceJson()) < 0)
        return {};
    f.close();
    return loadProfile(dir + QStringLiteral("/r_ascend_pt")).profile;
}

constexpr TimeNs us(qint64 v) { return v * 1000; }

// Sizes in bytes; `addKb`: the size of aten::add's allocation in KiB.
MemoryAllocations allocations(std::int64_t addKb)
{
    const QStringList names { QStringLiteral("aten::empty"), QStringLiteral("cann::Conv2D"),
        QStringLiteral("cann::Orphan"), QStringLiteral("aten::add"), QStringLiteral("early"),
        QStringLiteral("aten::mul"), QStringLiteral("step") };
    constexpr TimeNs never = MemoryAllocation::kNever;
    std::vector<MemoryAllocation> a {
        { 4, 512, us(50), us(60) }, // before any op: counted for none
        { 0, 1024, us(125), us(225) }, // in aten::empty, in aten::conv2d
        { 3, addKb * 1024, us(400), never }, // at aten::add's start: its own; never released
        { 1, 2048, us(450), us(470) }, // in the dequeue: at 150 (the enqueue), aten::conv2d
        { 5, 8192, us(650), us(690) },
        { 2, 100, us(800), us(900) }, // "cann::" outside any dequeue: dropped
        { 6, 16384, us(1150), us(1160) }, // Optimizer.step, outside the step
    };
    return MemoryAllocations::fromList(std::move(a), names);
}

const MemoryDiffRow *row(const std::vector<MemoryDiffRow> &rows, const char *name)
{
    for (const MemoryDiffRow &r : rows)
        if (r.name == QLatin1String(name))
            return &r;
    return nullptr;
}

// A row of the vendor's MemoryCompareStatistic sheet (msprof-analyze compare
// --enable_memory_compare -d level2/rank0_ascend_pt -bp level1/rank0_ascend_pt).
struct VendorRow {
    const char *name;
    double baseMs;
    double baseMb;
    int baseCount;
    double newMs;
    double newMb;
    int newCount;
};

// clang-format off
const VendorRow kVendor[] = {
    { "enumerate(DataLoader)#_MultiProcessingDataLoaderIter.__next__", 0, 0, 1, 0, 0, 1 },
    { "aten::to", 0.72172, 18.37744140625, 4, 0.731, 18.37744140625, 4 },
    { "DistributedDataParallel.forward", 411.86365, 360.853515625, 1, 406.43992, 360.853515625, 1 },
    { "aten::cross_entropy_loss", 17.94127, 0.130859375, 1, 17.71187, 0.130859375, 1 },
    { "aten::topk", 7.11255, 0.00537109375, 1, 7.07774, 0.00537109375, 1 },
    { "aten::t", 0, 0, 1, 0, 0, 1 },
    { "aten::view", 0, 0, 1, 0, 0, 1 },
    { "aten::expand_as", 0, 0, 1, 0, 0, 1 },
    { "aten::eq", 2.74573, 0.00390625, 1, 2.73994, 0.00390625, 1 },
    { "aten::slice", 0, 0, 2, 0, 0, 2 },
    { "aten::reshape", 0, 0, 2, 0, 0, 2 },
    { "aten::sum", 0.17005, 0.00390625, 2, 0.16988, 0.00390625, 2 },
    { "aten::mul_", 0, 0, 2, 0, 0, 2 },
    { "aten::item", 0, 0, 5, 0, 0, 5 },
    { "aten::select", 0, 0, 2, 0, 0, 2 },
    { "aten::mul", 0.84973, 0.0009765625, 2, 0.85344, 0.0009765625, 2 },
    { "aten::add_", 0, 0, 2, 0, 0, 2 },
    { "aten::div", 0, 0.0009765625, 2, 0, 0.0009765625, 2 },
    { "Optimizer.zero_grad#SGD.zero_grad", 0, 0, 1, 0, 0, 1 },
    { "aten::ones_like", 8.57148, 0.00048828125, 1, 8.84305, 0.00048828125, 1 },
    { "autograd::engine::evaluate_function: NllLossBackward0", 0.31499, 0.12744140625, 1, 0.30009, 0.12744140625, 1 },
    { "autograd::engine::evaluate_function: LogSoftmaxBackward0", 0.31611, 0.12255859375, 1, 0.31938, 0.12255859375, 1 },
    { "autograd::engine::evaluate_function: AddmmBackward0", 1.95447, 246.65283203125, 3, 2.05156, 246.65283203125, 3 },
    { "autograd::engine::evaluate_function: torch::autograd::AccumulateGrad", 0, 0, 16, 0, 0, 16 },
    { "autograd::engine::evaluate_function: TBackward0", 0, 0, 3, 0, 0, 3 },
    { "autograd::engine::evaluate_function: ReluBackward0", 2.75047, 60.20654296875, 7, 2.82835, 60.20654296875, 7 },
    { "autograd::engine::evaluate_function: NpuDropoutBackward0", 0.27628, 2.484375, 2, 0.30633, 2.484375, 2 },
    { "autograd::engine::evaluate_function: ViewBackward0", 0, 0, 1, 0, 0, 1 },
    { "autograd::engine::evaluate_function: AdaptiveAvgPool2DBackward0", 0.29919, 36.30908203125, 1, 0.35696, 36.30908203125, 1 },
    { "autograd::engine::evaluate_function: MaxPool2DWithIndicesBackward0", 0.79261, 148.78857421875, 3, 0.94199, 148.78857421875, 3 },
    { "autograd::engine::evaluate_function: ConvolutionBackward0", 6.07486, 318.03369140625, 5, 6.30735, 318.03369140625, 5 },
    { "wait_event", 0, 0, 4, 0, 0, 4 },
    { "aten::as_strided", 0, 0, 16, 0, 0, 16 },
    { "torch.distributed.ddp.reducer::copy_bucket_to_grad", 0, 0, 16, 0, 0, 16 },
    { "Optimizer.step#SGD.step", 77.73584, 233.91650390625, 1, 76.50369, 233.91650390625, 1 },
};
// clang-format on

constexpr double kMb = 1024.0 * 1024.0;

} // namespace

class TestMemoryCompare : public QObject {
    Q_OBJECT
private slots:
    void attribution();
    void orderByGrowth();
    void missingSide();
    void vendorSample();
};

void TestMemoryCompare::attribution()
{
    QTemporaryDir dir;
    const auto profile = writtenProfile(dir.path());
    QVERIFY(profile && !profile->ranks.empty() && profile->ranks[0]->trace);
    const Trace *trace = profile->ranks[0]->trace.get();
    const MemoryAllocations base = allocations(4);
    const auto rows = compareOperatorMemory({ trace, &base }, { trace, &base });
    // Top-level operators: the step's children (conv2d, add, mul on the other thread) and
    // Optimizer.step outside it; not the step, not aten::empty (nested in conv2d).
    QCOMPARE(rows.size(), std::size_t(4));
    QVERIFY(!row(rows, "ProfilerStep#1") && !row(rows, "aten::empty"));
    const MemoryDiffRow *conv = row(rows, "aten::conv2d");
    QVERIFY(conv);
    // Its nested op's 1 KiB and the 2 KiB the task queue allocated for its enqueue, although
    // aten::add is the op running on the main thread at that time.
    QCOMPARE(conv->baseBytes, std::int64_t(1024 + 2048));
    QCOMPARE(conv->baseAllocatedNs, us(100) + us(20));
    QCOMPARE(conv->baseCount, 1);
    const MemoryDiffRow *add = row(rows, "aten::add");
    QVERIFY(add);
    QCOMPARE(add->baseBytes, std::int64_t(4 * 1024)); // not the cann one
    QCOMPARE(add->baseAllocatedNs, TimeNs(0)); // never released: 0, as the vendor counts it
    QVERIFY(row(rows, "aten::mul") && row(rows, "Optimizer.step"));
    QCOMPARE(row(rows, "aten::mul")->baseBytes, std::int64_t(8192));
    QCOMPARE(row(rows, "Optimizer.step")->baseBytes, std::int64_t(16384));
    std::int64_t sum = 0;
    for (const MemoryDiffRow &r : rows)
        sum += r.baseBytes;
    // The allocation before any op and the orphan "cann::" one count for nobody.
    QCOMPARE(sum, std::int64_t(1024 + 2048 + 4 * 1024 + 8192 + 16384));
}

void TestMemoryCompare::orderByGrowth()
{
    QTemporaryDir dir;
    const auto profile = writtenProfile(dir.path());
    QVERIFY(profile && !profile->ranks.empty() && profile->ranks[0]->trace);
    const Trace *trace = profile->ranks[0]->trace.get();
    const MemoryAllocations base = allocations(4), next = allocations(40), less = allocations(1);
    auto rows = compareOperatorMemory({ trace, &base }, { trace, &next });
    QCOMPARE(rows.front().name, QStringLiteral("aten::add"));
    QCOMPARE(rows.front().deltaBytes(), std::int64_t(36 * 1024));
    rows = compareOperatorMemory({ trace, &base }, { trace, &less });
    QCOMPARE(rows.back().name, QStringLiteral("aten::add"));
    QVERIFY(rows.back().deltaBytes() < 0);
}

void TestMemoryCompare::missingSide()
{
    QTemporaryDir dir;
    const auto profile = writtenProfile(dir.path());
    QVERIFY(profile && !profile->ranks.empty() && profile->ranks[0]->trace);
    const Trace *trace = profile->ranks[0]->trace.get();
    const MemoryAllocations base = allocations(4);
    const auto rows = compareOperatorMemory({ trace, &base }, { trace, nullptr });
    QCOMPARE(rows.size(), std::size_t(4));
    for (const MemoryDiffRow &r : rows)
        QVERIFY(r.newCount == 0 && r.newBytes == 0);
}

void TestMemoryCompare::vendorSample()
{
    const QString l1 = kSamples + QStringLiteral("/ascend-2025-01/level1/rank0_ascend_pt");
    const QString l2 = kSamples + QStringLiteral("/ascend-2025-01/level2/rank0_ascend_pt");
    if (!QDir(kSamples).exists())
        QSKIP("samples folder absent");
    QVERIFY2(QDir(l1).exists() && QDir(l2).exists(), "ascend-2025-01 level1/level2 missing");
    const auto base = loadProfile(l1).profile, next = loadProfile(l2).profile;
    QVERIFY(base && next && !base->ranks.empty() && !next->ranks.empty());
    const RankAnalysis ba = analyseRank(*base->ranks[0]), na = analyseRank(*next->ranks[0]);
    const RunComparison c
        = compareRuns({ base->ranks[0].get(), &ba }, { next->ranks[0].get(), &na });
    QVERIFY(c.ok());
    QVERIFY(c.baseMemorySource.endsWith(QLatin1String("operator_memory.csv")));
    QCOMPARE(c.memory.size(), std::size(kVendor));
    for (const VendorRow &v : kVendor) {
        const MemoryDiffRow *r = row(c.memory, v.name);
        QVERIFY2(r, v.name);
        QCOMPARE(r->baseCount, v.baseCount);
        QCOMPARE(r->newCount, v.newCount);
        QVERIFY2(qAbs(double(r->baseBytes) / kMb - v.baseMb) < 1e-9, v.name);
        QVERIFY2(qAbs(double(r->newBytes) / kMb - v.newMb) < 1e-9, v.name);
        // The vendor sums µs of 2 decimals as floats; we sum ns.
        QVERIFY2(qAbs(double(r->baseAllocatedNs) / 1e6 - v.baseMs) < 1e-6,
            qPrintable(QStringLiteral("%1: %2 ms")
                           .arg(QLatin1String(v.name))
                           .arg(double(r->baseAllocatedNs) / 1e6)));
        QVERIFY2(qAbs(double(r->newAllocatedNs) / 1e6 - v.newMs) < 1e-6,
            qPrintable(QStringLiteral("%1: %2 ms")
                           .arg(QLatin1String(v.name))
                           .arg(double(r->newAllocatedNs) / 1e6)));
    }
}

QTEST_GUILESS_MAIN(TestMemoryCompare)
#include "tst_memorycompare.moc"
