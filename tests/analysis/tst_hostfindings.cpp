// sync-stream, gc, dataloader, op-dispatch, syncbn and memory-ops (after msprof-analyze's
// advisor): each bar from both sides on traces built event by event, and the samples against
// what the advisor reports on them (issue 36).

#include "analysis/rules/findings.h"
#include "model/profile/profileloader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;

class TstHostFindings : public QObject {
    Q_OBJECT
private slots:
    void syncStream_data();
    void syncStream();
    void gc_data();
    void gc();
    void dataloader_data();
    void dataloader();
    void opDispatch_data();
    void opDispatch();
    void syncBn_data();
    void syncBn();
    void memoryOps_data();
    void memoryOps();
    void fusibleOps_data();
    void fusibleOps();
    void withoutCann();
    void samples_data();
    void samples();
    void sampleKineto();
};

namespace {

const QString kSamples = QStringLiteral(NPUSCOPE_SAMPLES_DIR);
const QStringList kIds { QStringLiteral("sync-stream"), QStringLiteral("gc"),
    QStringLiteral("dataloader"), QStringLiteral("op-dispatch"), QStringLiteral("syncbn"),
    QStringLiteral("memory-ops"), QStringLiteral("fusible-ops") };

constexpr int kHost = 10; // pid of the Python process; its thread is 10 as well
constexpr int kCann = 20; // pid of the CANN process (same thread 10)
constexpr int kDevice = 30; // pid of the Ascend Hardware process (thread 1: Stream 1)
constexpr int kGcPid = 40; // pid of the GC process

const FindingCheck *checkOf(const RankAnalysis &a, const QString &id)
{
    for (const FindingCheck &c : a.checks) {
        if (c.id == id)
            return &c;
    }
    return nullptr;
}

const Finding *findingOf(const RankAnalysis &a, const QString &id)
{
    for (const Finding &f : a.findings) {
        if (f.id == id)
            return &f;
    }
    return nullptr;
}

// Everything a finding says, for "names X" checks.
QString textOf(const Finding &f)
{
    QStringList parts { f.title, f.advice, f.snippet };
    parts += f.details;
    for (const Evidence &e : f.evidence)
        parts << e.label;
    return parts.join(QLatin1Char('\n'));
}

// A trace_view.json written event by event; times in microseconds, as the export writes them.
class Events {
public:
    Events &x(int pid, const char *name, double tsUs, double durUs, const char *cat = "cpu_op",
        const char *stack = nullptr)
    {
        QByteArray e = "{\"ph\": \"X\", \"name\": \"" + QByteArray(name)
            + "\", \"pid\": " + QByteArray::number(pid)
            + ", \"tid\": " + QByteArray::number(pid == kDevice ? 1 : kHost) + ", \"ts\": \""
            + QByteArray::number(tsUs, 'f', 3) + "\", \"dur\": " + QByteArray::number(durUs, 'f', 3)
            + ", \"cat\": \"" + cat + "\", \"args\": {";
        if (stack)
            e += "\"Call stack\": \"" + QByteArray(stack) + "\"";
        m_events << e + "}}";
        return *this;
    }
    // `n` events of `name` `durUs` long, one every `everyUs` from `fromUs`.
    Events &repeat(int n, int pid, const char *name, double fromUs, double everyUs, double durUs)
    {
        for (int i = 0; i < n; ++i)
            x(pid, name, fromUs + i * everyUs, durUs);
        return *this;
    }
    QByteArray json() const
    {
        QList<QByteArray> all;
        auto meta = [&](int pid, const char *kind, const char *name, int tid = -1) {
            all << "{\"ph\": \"M\", \"name\": \"" + QByteArray(kind)
                    + "\", \"pid\": " + QByteArray::number(pid)
                    + (tid >= 0 ? ", \"tid\": " + QByteArray::number(tid) : QByteArray())
                    + ", \"args\": {\"name\": \"" + name + "\"}}";
        };
        meta(kHost, "process_name", "Python");
        meta(kCann, "process_name", "CANN");
        meta(kDevice, "process_name", "Ascend Hardware");
        meta(kDevice, "thread_name", "Stream 1", 1);
        meta(kGcPid, "process_name", "GC");
        return "[" + (all + m_events).join(",\n") + "]";
    }

private:
    QList<QByteArray> m_events;
};

// A rank folder of the text export: the trace, two kernel rows (device busy at the start and
// at `lastKernelUs`), profiler_info at Level1.
QString writeRank(const QTemporaryDir &dir, Events events, double lastKernelUs = 1000)
{
    const QString rank = dir.filePath(QStringLiteral("rank0_ascend_pt"));
    QDir().mkpath(rank + QStringLiteral("/ASCEND_PROFILER_OUTPUT"));
    auto write = [](const QString &path, const QByteArray &text) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
    };
    events.x(kDevice, "Add_0", 100, 50, "kernel").x(kDevice, "Add_1", lastKernelUs, 50, "kernel");
    write(rank + QStringLiteral("/profiler_info_0.json"),
        R"({"config": {"experimental_config": {"_profiler_level": "Level1"}}, "rank_id": 0})");
    write(rank + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json"), events.json());
    write(rank + QStringLiteral("/ASCEND_PROFILER_OUTPUT/kernel_details.csv"),
        "Step Id,Name,Type,Accelerator Core,Start Time(us),Duration(us),Wait Time(us),Block Dim\n"
        "1,Add_0,Add,AI_VECTOR_CORE,100.000,50,0,8\n1,Add_1,Add,AI_VECTOR_CORE,"
            + QByteArray::number(lastKernelUs, 'f', 3) + ",50,0,8\n");
    return rank;
}

RankAnalysis analyse(const Events &events, double lastKernelUs = 1000)
{
    QTemporaryDir dir;
    const LoadResult loaded = loadProfile(writeRank(dir, events, lastKernelUs));
    if (!loaded.profile || loaded.profile->ranks.size() != 1)
        return {};
    return analyseRank(*loaded.profile->ranks[0]);
}

const char *kStack = "/usr/lib/python3.9/site-packages/torch/_tensor.py(10): item;\\r\\n"
                     "/home/u/train.py(42): train;\\r\\n(1): <module>";

} // namespace

void TstHostFindings::syncStream_data()
{
    QTest::addColumn<int>("afterLaunch"); // of 10 launches, how many a sync follows at once
    QTest::addColumn<bool>("found");
    // synchronize.yaml: more than half of the launches (min_co_occurrence_ratio 0.5, strict).
    QTest::newRow("5 of 10: at the bar") << 5 << false;
    QTest::newRow("6 of 10: over it") << 6 << true;
}

void TstHostFindings::syncStream()
{
    QFETCH(int, afterLaunch);
    QFETCH(bool, found);
    Events ev;
    for (int i = 0; i < 10; ++i) {
        const double t = 2000 + i * 100;
        ev.x(kCann, "Node@launch", t, 5, "cann");
        if (i < afterLaunch) {
            ev.x(kHost, "aten::item", t + 9, 30, "cpu_op", kStack);
            ev.x(kCann, "AscendCL@aclrtSynchronizeStreamWithTimeout", t + 10, 20, "cann");
        }
    }
    // A synchronisation that follows another one, not a launch: not co-occurring.
    ev.x(kCann, "AscendCL@aclrtSynchronizeStream", 2035, 5, "cann");
    const RankAnalysis a = analyse(ev);
    QCOMPARE(checkOf(a, QStringLiteral("sync-stream"))->status,
        found ? CheckStatus::Found : CheckStatus::Clear);
    const Finding *f = findingOf(a, QStringLiteral("sync-stream"));
    QCOMPARE(f != nullptr, found);
    if (!f)
        return;
    QCOMPARE(f->metric(u"synchronize_calls"), double(afterLaunch + 1));
    QCOMPARE(f->metric(u"node_launches"), 10.0);
    QCOMPARE(f->metric(u"co_occurrence"), afterLaunch / 10.0);
    QCOMPARE(f->evidence.size(), std::size_t(afterLaunch));
    QVERIFY(f->evidence.front().event.isValid());
    const QString text = textOf(*f);
    QVERIFY2(text.contains(QStringLiteral("from /home/u/train.py(42): train")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("synchronize_stream_checker.py")));
    QVERIFY(f->snippet.contains(QStringLiteral("ASCEND_LAUNCH_BLOCKING")));
}

void TstHostFindings::gc_data()
{
    QTest::addColumn<double>("gcUs"); // a recorded GC event; 0: none
    QTest::addColumn<double>("gapUs"); // the device's idle gap
    QTest::addColumn<int>("aclCalls"); // AscendCL calls of 100 us in the gap
    QTest::addColumn<QString>("status");
    // gc.yaml gc_threshold 1000 us (>=); with GC events recorded the gaps are not conjectured.
    QTest::newRow("gc 999 us") << 999.0 << 300000.0 << 0 << "clear";
    QTest::newRow("gc 1000 us") << 1000.0 << 1000.0 << 0 << "found";
    // conjectured_gc.yaml: a gap over 200000 us (strict) with AscendCL under 1% of its time and
    // under 1 call per 10 ms.
    QTest::newRow("gap 200 ms") << 0.0 << 200000.0 << 0 << "clear";
    QTest::newRow("gap 200.01 ms") << 0.0 << 200010.0 << 0 << "found";
    QTest::newRow("gap with 20 calls") << 0.0 << 300000.0 << 20 << "found";
    QTest::newRow("gap with 30 calls: 1% of it") << 0.0 << 300000.0 << 30 << "clear";
}

void TstHostFindings::gc()
{
    QFETCH(double, gcUs);
    QFETCH(double, gapUs);
    QFETCH(int, aclCalls);
    QFETCH(QString, status);
    Events ev;
    ev.x(kCann, "AscendCL@aclopCreateAttr", 120, 5, "cann"); // the trace has CANN calls
    const double gapStart = 150; // the first kernel's end
    if (gcUs > 0)
        ev.x(kGcPid, "GC", 500, gcUs, "GC");
    ev.repeat(aclCalls, kCann, "AscendCL@aclrtMemcpy", gapStart + 1000, 9000, 100);
    const RankAnalysis a = analyse(ev, gapStart + gapUs);
    QCOMPARE(checkStatusName(checkOf(a, QStringLiteral("gc"))->status), status);
    const Finding *f = findingOf(a, QStringLiteral("gc"));
    QCOMPARE(f != nullptr, status == QLatin1String("found"));
    if (!f)
        return;
    QVERIFY(!f->evidence.empty());
    if (gcUs > 0) {
        QCOMPARE(f->metric(u"gc_events"), 1.0);
        QVERIFY(f->evidence.front().event.isValid());
        QVERIFY(textOf(*f).contains(QStringLiteral("gc.yaml")));
    } else {
        QCOMPARE(f->metric(u"conjectured_gc_gaps"), 1.0);
        QCOMPARE(f->evidence.front().end - f->evidence.front().start, TimeNs(gapUs * 1000));
        QVERIFY(textOf(*f).contains(QStringLiteral("conjectured_gc.yaml")));
        QVERIFY(!checkOf(a, QStringLiteral("gc"))->reason.isEmpty()); // says it conjectured
    }
}

void TstHostFindings::dataloader_data()
{
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<double>("durUs");
    QTest::addColumn<bool>("found");
    const QByteArray single = "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__";
    // dataloader.yaml: 10000 us or longer.
    QTest::newRow("9999.999 us") << single << 9999.999 << false;
    QTest::newRow("10000 us") << single << 10000.0 << true;
    QTest::newRow("multiprocess") << QByteArray("enumerate(DataLoader)#_MultiProcessingDataLoader"
                                                "Iter.__next__")
                                  << 20000.0 << true;
    // A Python frame of the call (with_stack) is the same wait, not a second one.
    QTest::newRow("python frame") << QByteArray("torch/utils/data/dataloader.py(625): __next__")
                                  << 20000.0 << false;
}

void TstHostFindings::dataloader()
{
    QFETCH(QByteArray, name);
    QFETCH(double, durUs);
    QFETCH(bool, found);
    Events ev;
    ev.x(kHost, name.constData(), 200, durUs, "cpu_op", kStack);
    const RankAnalysis a = analyse(ev, 30000);
    QCOMPARE(checkOf(a, QStringLiteral("dataloader"))->status,
        found ? CheckStatus::Found : CheckStatus::Clear);
    const Finding *f = findingOf(a, QStringLiteral("dataloader"));
    QCOMPARE(f != nullptr, found);
    if (!f)
        return;
    QCOMPARE(f->metric(u"slow_dataloader_calls"), 1.0);
    QCOMPARE(f->evidence.size(), std::size_t(1));
    QVERIFY(f->evidence.front().event.isValid());
    const QString text = textOf(*f);
    QVERIFY2(text.contains(QStringLiteral("/home/u/train.py(42): train")), qPrintable(text));
    QCOMPARE(f->advice.contains(QStringLiteral("num_workers=0")), name.contains("SingleProcess"));
}

void TstHostFindings::opDispatch_data()
{
    QTest::addColumn<int>("compiles");
    QTest::addColumn<bool>("found");
    // MAX_OP_COMPILE_NUM 20 (>=); the ascend-2025-01 samples have 19.
    QTest::newRow("19") << 19 << false;
    QTest::newRow("20") << 20 << true;
}

void TstHostFindings::opDispatch()
{
    QFETCH(int, compiles);
    QFETCH(bool, found);
    Events ev;
    ev.repeat(compiles, kCann, "AscendCL@aclopCompileAndExecute", 200, 20, 10);
    const RankAnalysis a = analyse(ev);
    QCOMPARE(checkOf(a, QStringLiteral("op-dispatch"))->status,
        found ? CheckStatus::Found : CheckStatus::Clear);
    const Finding *f = findingOf(a, QStringLiteral("op-dispatch"));
    QCOMPARE(f != nullptr, found);
    if (!f)
        return;
    QCOMPARE(f->metric(u"op_compiles"), double(compiles));
    QCOMPARE(f->metric(u"op_compile_time"), compiles * 10000.0);
    QVERIFY(f->snippet.contains(QStringLiteral("jit_compile=False")));
}

void TstHostFindings::syncBn_data()
{
    QTest::addColumn<int>("calls");
    QTest::addColumn<bool>("found");
    // sync_batchnorm.yaml max_syncbn_num 20 (>=).
    QTest::newRow("19") << 19 << false;
    QTest::newRow("20") << 20 << true;
}

void TstHostFindings::syncBn()
{
    QFETCH(int, calls);
    QFETCH(bool, found);
    Events ev;
    ev.repeat(calls, kHost, "SyncBatchNorm", 200, 20, 10);
    ev.repeat(5, kHost, "BatchNorm", 600, 20, 10); // not synchronised
    const RankAnalysis a = analyse(ev);
    QCOMPARE(checkOf(a, QStringLiteral("syncbn"))->status,
        found ? CheckStatus::Found : CheckStatus::Clear);
    const Finding *f = findingOf(a, QStringLiteral("syncbn"));
    QCOMPARE(f != nullptr, found);
    if (f)
        QCOMPARE(f->metric(u"syncbn_calls"), double(calls));
}

void TstHostFindings::memoryOps_data()
{
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<double>("durUs"); // each of 10 calls
    QTest::addColumn<bool>("found");
    // memory.yaml max_total_duration 10000 us (>=), per API.
    QTest::newRow("aclrtFree 9999 us") << QByteArray("AscendCL@aclrtFree") << 999.9 << false;
    QTest::newRow("aclrtFree 10000 us") << QByteArray("AscendCL@aclrtFree") << 1000.0 << true;
    QTest::newRow("aclMallocMemInner")
        << QByteArray("AscendCL@aclMallocMemInner") << 1000.0 << true;
    QTest::newRow("aclrtMalloc: not a rule's")
        << QByteArray("AscendCL@aclrtMalloc") << 2000.0 << false;
}

void TstHostFindings::memoryOps()
{
    QFETCH(QByteArray, name);
    QFETCH(double, durUs);
    QFETCH(bool, found);
    Events ev;
    ev.repeat(10, kCann, name.constData(), 200, 3000, durUs);
    const RankAnalysis a = analyse(ev, 40000);
    QCOMPARE(checkOf(a, QStringLiteral("memory-ops"))->status,
        found ? CheckStatus::Found : CheckStatus::Clear);
    const Finding *f = findingOf(a, QStringLiteral("memory-ops"));
    QCOMPARE(f != nullptr, found);
    if (!f)
        return;
    QVERIFY(f->title.contains(QString::fromLatin1(name)));
    QCOMPARE(f->metric(u"memory_api_calls"), 10.0);
    QCOMPARE(
        f->snippet.contains(QStringLiteral("expandable_segments")), name.contains("MallocMem"));
}

void TstHostFindings::fusibleOps_data()
{
    QTest::addColumn<bool>("nested");
    QTest::addColumn<bool>("found");
    // timeline_fusion_ops.yaml: add-layer_norm -> torch_npu.npu_add_layer_norm, on the
    // top-level forward operators only.
    QTest::newRow("top level") << false << true;
    QTest::newRow("inside another aten operator") << true << false;
}

void TstHostFindings::fusibleOps()
{
    QFETCH(bool, nested);
    QFETCH(bool, found);
    Events ev;
    if (nested)
        ev.x(kHost, "aten::my_block", 150, 100);
    ev.x(kHost, "aten::add", 200, 10, "cpu_op", kStack).x(kHost, "aten::layer_norm", 220, 20);
    const RankAnalysis a = analyse(ev);
    QCOMPARE(checkOf(a, QStringLiteral("fusible-ops"))->status,
        found ? CheckStatus::Found : CheckStatus::Clear);
    const Finding *f = findingOf(a, QStringLiteral("fusible-ops"));
    QCOMPARE(f != nullptr, found);
    if (!f)
        return;
    QCOMPARE(f->metric(u"fusible_sequences"), 1.0);
    const QString text = textOf(*f);
    QVERIFY2(text.contains(QStringLiteral("torch_npu.npu_add_layer_norm")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("/home/u/train.py(42): train")), qPrintable(text));
    QCOMPARE(f->evidence.front().end - f->evidence.front().start, TimeNs(40'000));
}

void TstHostFindings::withoutCann()
{
    // A Level0 trace: framework events only. The CANN checks say what to collect; so does gc,
    // which has neither GC events nor CANN calls to conjecture from.
    Events ev;
    ev.x(kHost, "aten::add", 200, 10);
    const RankAnalysis a = analyse(ev);
    for (const char *id : { "sync-stream", "gc", "op-dispatch", "memory-ops" }) {
        const FindingCheck *c = checkOf(a, QString::fromLatin1(id));
        QVERIFY(c);
        QCOMPARE(c->status, CheckStatus::NotChecked);
        QVERIFY2(c->reason.contains(QStringLiteral("Level0")), qPrintable(c->reason));
        QVERIFY(!c->collect.isEmpty());
    }
    QCOMPARE(checkOf(a, QStringLiteral("dataloader"))->status, CheckStatus::Clear);
    QCOMPARE(checkOf(a, QStringLiteral("syncbn"))->status, CheckStatus::Clear);
}

void TstHostFindings::samples_data()
{
    QTest::addColumn<QString>("rank");
    QTest::addColumn<QStringList>("statuses"); // of kIds, in order
    const QStringList level0 { QStringLiteral("not_checked"), QStringLiteral("not_checked"),
        QStringLiteral("clear"), QStringLiteral("not_checked"), QStringLiteral("clear"),
        QStringLiteral("not_checked"), QStringLiteral("clear") };
    const QStringList clear(kIds.size(), QStringLiteral("clear"));
    const QStringList noTrace(kIds.size(), QStringLiteral("not_checked"));
    // The advisor (advisor all / schedule) reports none of these checks on ascend-2025-01: 7
    // aclrtSynchronizeStreamWithTimeout against 191 Node@launch, 19 aclopCompileAndExecute (its
    // bar is 20), the DataLoader 3.3 ms, no GC events and no idle gap over 200 ms.
    for (int r : { 0, 1 }) {
        QTest::addRow("2025-01 level0 rank %d", r)
            << QStringLiteral("ascend-2025-01/level0/rank%1_ascend_pt").arg(r) << level0;
        for (const char *level : { "level1", "level2" })
            QTest::addRow("2025-01 %s rank %d", level, r)
                << QStringLiteral("ascend-2025-01/%1/rank%2_ascend_pt")
                       .arg(QLatin1String(level))
                       .arg(r)
                << clear;
        // The database of Level0 keeps the CANN API table.
        for (const char *level : { "level0", "level1", "level2" })
            QTest::addRow("2025-01-db %s rank %d", level, r)
                << QStringLiteral("ascend-2025-01-db/%1/rank%2_ascend_pt")
                       .arg(QLatin1String(level))
                       .arg(r)
                << clear;
    }
    for (int r : { 0, 1, 2, 3 })
        QTest::addRow("2025-11 rank %d", r)
            << QStringLiteral("ascend-2025-11/rank_%1_ascend_pt").arg(r) << noTrace;
}

void TstHostFindings::samples()
{
    QFETCH(QString, rank);
    QFETCH(QStringList, statuses);
    if (!QDir(kSamples).exists())
        QSKIP("samples not present");
    const QString path = kSamples + QLatin1Char('/') + rank;
    QVERIFY2(QDir(path).exists(), qPrintable(path));
    const LoadResult loaded = loadProfile(path);
    QVERIFY(loaded.profile && !loaded.profile->ranks.empty());
    const RankAnalysis a = analyseRank(*loaded.profile->ranks[0]);
    for (qsizetype i = 0; i < kIds.size(); ++i) {
        const FindingCheck *c = checkOf(a, kIds[i]);
        QVERIFY(c);
        QVERIFY2(checkStatusName(c->status) == statuses[i], qPrintable(kIds[i] + c->reason));
    }
}

void TstHostFindings::sampleKineto()
{
    // The advisor does not read Kineto traces; the DataLoader check applies to them as well: the
    // ResNet-50 sample waits 62-73 ms per step for a single-process DataLoader.
    if (!QDir(kSamples).exists())
        QSKIP("samples not present");
    const QString path
        = kSamples + QStringLiteral("/kineto/worker0.1623143089861.pt.trace.json.gz");
    QVERIFY2(QFile::exists(path), qPrintable(path));
    const LoadResult loaded = loadProfile(path);
    QVERIFY(loaded.profile && !loaded.profile->ranks.empty());
    const RankAnalysis a = analyseRank(*loaded.profile->ranks[0]);
    const Finding *f = findingOf(a, QStringLiteral("dataloader"));
    QVERIFY(f);
    QCOMPARE(f->metric(u"slow_dataloader_calls"), 6.0);
    QCOMPARE(f->metric(u"dataloader_longest"), 73418'000.0);
    QVERIFY(f->advice.contains(QStringLiteral("num_workers=0")));
    for (const char *id : { "sync-stream", "op-dispatch", "memory-ops" })
        QCOMPARE(checkOf(a, QString::fromLatin1(id))->status, CheckStatus::NotChecked);
}

QTEST_GUILESS_MAIN(TstHostFindings)
#include "tst_hostfindings.moc"
