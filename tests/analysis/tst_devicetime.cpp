// HTA's per-rank analyses (analysis/device/) on Kineto traces written by the test. Every number
// is checked against a computation of the test's own: busy, compute and communication time by
// marking each nanosecond a task covers (not by merging intervals), idle causes and queue lengths
// by scanning all tasks for each one (not by a sweep).

#include "analysis/device/deviceanalysis.h"
#include "analysis/stats/kernelkinds.h"
#include "analysis/timeline/stepbreakdown.h"
#include "model/profile/profileloader.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

using namespace npuscope;

namespace {

const QString kSamples = QStringLiteral(NPUSCOPE_SAMPLES_DIR);
constexpr TimeNs kBase = 1'700'000'000'000'000'000; // absolute ns, as Kineto writes them

enum class Kind { Compute, Comm, Memory, Other };

// Kernel names with the kind HTA gives them (hta/common/types.py), labelled by hand.
struct NamedKernel {
    const char *name;
    const char *cat;
    Kind kind;
};
const NamedKernel kKernels[] = {
    { "volta_sgemm_128x64_nn", "kernel", Kind::Compute },
    { "void at::native::vectorized_elementwise_kernel<4>", "kernel", Kind::Compute },
    { "ncclKernel_AllReduce_RING_LL_Sum_float", "kernel", Kind::Comm },
    { "ncclDevKernel_AllGather_RING_LL", "kernel", Kind::Comm },
    { "Memcpy DtoD (Device -> Device)", "gpu_memcpy", Kind::Memory },
    { "Memset (Device)", "gpu_memset", Kind::Memory },
    { "cudnn::batchnorm_fwd_SyncReduce", "kernel", Kind::Other }, // "Sync" anywhere
    { "void dmaCopyKernel", "kernel", Kind::Other }, // "dma" anywhere
};

struct Task {
    int kernel = 0; // index into kKernels
    int stream = 7;
    TimeNs start = 0, dur = 0;
    TimeNs launchStart = 0, launchDur = 0;
    bool linked = true; // the trace has the launch's flow
    int step = -1; // host step the launch falls in
};

struct Spec {
    std::vector<std::pair<TimeNs, TimeNs>> steps; // host ProfilerStep#N start, duration
    std::vector<Task> tasks;
};

QString usText(TimeNs ns) // ns as µs with three decimals, as PyTorch >= 2.3 writes them
{
    return QStringLiteral("%1.%2").arg(ns / 1000).arg(ns % 1000, 3, 10, QLatin1Char('0'));
}

// Three host steps; per step launches on the host, each kernel on one of two streams some time
// after its launch (a GPU runs behind the host), a few of them without a flow.
Spec randomSpec(quint32 seed, bool wholeMicroseconds)
{
    QRandomGenerator rng(seed);
    auto pick = [&](TimeNs lo, TimeNs hi) { return lo + TimeNs(rng.bounded(quint32(hi - lo))); };
    auto round = [&](TimeNs t) { return wholeMicroseconds ? t / 1000 * 1000 : t; };
    Spec s;
    TimeNs host = kBase;
    std::map<int, TimeNs> streamFree;
    for (int step = 0; step < 3; ++step) {
        const TimeNs stepStart = host;
        for (int i = 0; i < 25; ++i) {
            Task t;
            t.kernel = int(rng.bounded(quint32(std::size(kKernels))));
            // Collectives on a stream of their own, as NCCL runs them, beside compute.
            t.stream = kKernels[t.kernel].kind == Kind::Comm || rng.bounded(6) == 0 ? 20 : 7;
            t.launchStart = round(host + pick(500, 9'000));
            t.launchDur = round(pick(1'000, 70'000)) + (wholeMicroseconds ? 1000 : 1);
            host = t.launchStart + t.launchDur;
            // In stream order: after the launch and after the stream's previous kernel, some
            // right behind it (kernel wait), some after a longer wait.
            const TimeNs ready = std::max(host + pick(0, 3'000), streamFree[t.stream]);
            t.start = round(ready + (rng.bounded(2) ? pick(0, 20'000) : pick(0, 200'000)));
            t.dur = round(pick(1'500, 90'000)) + (wholeMicroseconds ? 1000 : 1);
            streamFree[t.stream] = t.start + t.dur;
            t.linked = rng.bounded(12) != 0;
            t.step = step;
            s.tasks.push_back(t);
        }
        host += 5'000;
        s.steps.emplace_back(stepStart, host - stepStart);
    }
    return s;
}

QByteArray kinetoJson(const Spec &s)
{
    QStringList e;
    e << QStringLiteral(
        R"({"name":"thread_name","ph":"M","pid":0,"tid":7,"args":{"name":"stream 7 "}})")
      << QStringLiteral(
             R"({"name":"thread_name","ph":"M","pid":0,"tid":20,"args":{"name":"stream 20 "}})");
    for (std::size_t i = 0; i < s.steps.size(); ++i)
        e << QStringLiteral(
            R"({"ph":"X","cat":"user_annotation","name":"ProfilerStep#%1","pid":9,"tid":9,"ts":%2,"dur":%3})")
                 .arg(i + 1)
                 .arg(usText(s.steps[i].first), usText(s.steps[i].second));
    for (std::size_t i = 0; i < s.tasks.size(); ++i) {
        const Task &t = s.tasks[i];
        const NamedKernel &k = kKernels[t.kernel];
        const bool memory = k.kind == Kind::Memory;
        const QString corr = QString::number(1000 + i);
        e << QStringLiteral(
            R"({"ph":"X","cat":"cuda_runtime","name":"%1","pid":9,"tid":9,"ts":%2,"dur":%3,"args":{"correlation":%4}})")
                 .arg(memory ? QStringLiteral("cudaMemcpyAsync")
                             : QStringLiteral("cudaLaunchKernel"),
                     usText(t.launchStart), usText(t.launchDur), corr);
        e << QStringLiteral(
            R"({"ph":"X","cat":"%1","name":"%2","pid":0,"tid":%3,"ts":%4,"dur":%5,"args":{"stream":%3,"correlation":%6}})")
                 .arg(QLatin1String(k.cat), QLatin1String(k.name), QString::number(t.stream),
                     usText(t.start), usText(t.dur), corr);
        if (!t.linked)
            continue;
        e << QStringLiteral(
            R"({"ph":"s","id":%1,"pid":9,"tid":9,"ts":%2,"cat":"ac2g","name":"ac2g"})")
                 .arg(corr, usText(t.launchStart));
        e << QStringLiteral(
            R"({"ph":"f","id":%1,"pid":0,"tid":%2,"ts":%3,"cat":"ac2g","name":"ac2g","bp":"e"})")
                 .arg(corr, QString::number(t.stream), usText(t.start));
    }
    return QStringLiteral("{\"schemaVersion\":1,\"traceEvents\":[\n%1\n]}")
        .arg(e.join(QStringLiteral(",\n")))
        .toUtf8();
}

// Nanoseconds covered by the tasks, counted cell by cell over [from, to).
struct Coverage {
    TimeNs from = 0;
    std::vector<std::uint8_t> cells; // bit 1: any task, 2: compute, 4: communication

    Coverage(TimeNs a, TimeNs b)
        : from(a)
        , cells(std::size_t(b - a), 0)
    {
    }
    void mark(TimeNs start, TimeNs end, Kind kind)
    {
        const std::uint8_t bits
            = 1 | (kind == Kind::Compute ? 2 : 0) | (kind == Kind::Comm ? 4 : 0);
        for (TimeNs t = start; t < end; ++t)
            cells[std::size_t(t - from)] |= bits;
    }
    TimeNs count(std::uint8_t bits) const
    {
        return TimeNs(std::count_if(
            cells.begin(), cells.end(), [bits](std::uint8_t c) { return (c & bits) == bits; }));
    }
};

struct Expected {
    TimeNs span = 0, busy = 0, compute = 0, comm = 0, overlap = 0;
};

// The test's own breakdown of `tasks`, each cut by `cut` (for HTA's rounding).
template <class Cut> Expected expectedTime(const std::vector<Task> &tasks, Cut cut)
{
    TimeNs first = std::numeric_limits<TimeNs>::max(), last = std::numeric_limits<TimeNs>::min();
    for (const Task &t : tasks) {
        const auto [a, b] = cut(t);
        first = std::min(first, a);
        last = std::max(last, b);
    }
    Coverage c(first, last);
    for (const Task &t : tasks) {
        const auto [a, b] = cut(t);
        c.mark(a, b, kKernels[t.kernel].kind);
    }
    return { last - first, c.count(1), c.count(2), c.count(4), c.count(2 | 4) };
}

// HTA's scope: with 2+ steps, the tasks whose launch the trace links and that were launched
// before the last step began.
std::vector<Task> inScope(const Spec &s)
{
    std::vector<Task> out;
    for (const Task &t : s.tasks)
        if (t.linked && t.launchStart < s.steps.back().first)
            out.push_back(t);
    return out;
}

std::shared_ptr<const RankProfile> load(const QTemporaryDir &dir, const QByteArray &json)
{
    QFile f(dir.filePath(QStringLiteral("worker0.1.pt.trace.json")));
    if (!f.open(QIODevice::WriteOnly) || f.write(json) != json.size())
        return nullptr;
    f.close();
    const LoadResult r = loadProfile(f.fileName());
    return r.profile && r.profile->ranks.size() == 1 ? r.profile->ranks[0] : nullptr;
}

} // namespace

class TstDeviceTime : public QObject {
    Q_OBJECT
private slots:
    void kernelKinds();
    void temporalBreakdown_data();
    void temporalBreakdown();
    void idleBreakdown();
    void launchesAndQueues();
    void deviceStepWindows();
    void notInTrace();
    void sampleKineto();
};

void TstDeviceTime::kernelKinds()
{
    for (const NamedKernel &k : kKernels) {
        const DeviceWorkKind want = k.kind == Kind::Compute ? DeviceWorkKind::Compute
            : k.kind == Kind::Comm                          ? DeviceWorkKind::Communication
            : k.kind == Kind::Memory                        ? DeviceWorkKind::Memory
                                                            : DeviceWorkKind::Other;
        QCOMPARE(deviceWorkKindId(kinetoKernelKind(k.name)), deviceWorkKindId(want));
    }
    // HTA matches case-sensitively and "cuda...LaunchKernel" only from the start.
    QCOMPARE(kinetoKernelKind("NCCL_fake"), DeviceWorkKind::Compute);
    QCOMPARE(kinetoKernelKind("cudaGraphLaunchKernel"), DeviceWorkKind::Other);
    QCOMPARE(kinetoKernelKind("xcudaLaunchKernel"), DeviceWorkKind::Compute);
    QCOMPARE(kinetoKernelKind("hipMemcpyDtoD"), DeviceWorkKind::Communication); // ^hip first
}

void TstDeviceTime::temporalBreakdown_data()
{
    QTest::addColumn<quint32>("seed");
    QTest::addColumn<bool>("whole");
    QTest::newRow("ns timestamps, seed 1") << 1u << false;
    QTest::newRow("ns timestamps, seed 2") << 2u << false;
    QTest::newRow("ns timestamps, seed 3") << 3u << false;
    QTest::newRow("whole us, seed 4") << 4u << true;
}

void TstDeviceTime::temporalBreakdown()
{
    QFETCH(quint32, seed);
    QFETCH(bool, whole);
    const Spec spec = randomSpec(seed, whole);
    QTemporaryDir dir;
    const auto rank = load(dir, kinetoJson(spec));
    QVERIFY(rank && rank->kernels);
    const KernelKinds kinds(*rank->kernels);
    const DeviceAnalysis d = analyseDevice(*rank, &kinds);
    const std::vector<Task> scoped = inScope(spec);
    QCOMPARE(d.scope, DeviceScope::BeforeLastStep);
    QCOMPARE(d.lastStep, QStringLiteral("ProfilerStep#3"));
    QCOMPARE(d.time.tasks, qsizetype(scoped.size()));
    QCOMPARE(d.excluded, qsizetype(spec.tasks.size() - scoped.size()));
    const Expected e
        = expectedTime(scoped, [](const Task &t) { return std::pair(t.start, t.start + t.dur); });
    QCOMPARE(d.time.spanNs, e.span);
    QCOMPARE(d.time.busyNs, e.busy);
    QCOMPARE(d.time.idleNs, e.span - e.busy);
    QCOMPARE(d.time.computeNs, e.compute);
    QCOMPARE(d.time.nonComputeNs, e.busy - e.compute);
    QCOMPARE(d.time.commNs, e.comm);
    QCOMPARE(d.time.commOverlapNs, e.overlap);
    QVERIFY(e.comm > 0 && e.overlap > 0 && e.span > e.busy); // the trace exercises them
    QCOMPARE(d.time.htaRounded.has_value(), !whole);
    if (whole)
        return;
    // HTA's default: the trace's texts read as doubles, start rounded up, start + duration down
    // to whole µs.
    const Expected r = expectedTime(scoped, [](const Task &t) {
        const double ts = usText(t.start).toDouble();
        const double end = ts + usText(t.dur).toDouble();
        const auto a = TimeNs(std::ceil(ts));
        return std::pair(a * 1000, std::max(a, TimeNs(std::floor(end))) * 1000);
    });
    QCOMPARE(d.time.htaRounded->spanNs, r.span);
    QCOMPARE(d.time.htaRounded->idleNs, r.span - r.busy);
    QCOMPARE(d.time.htaRounded->computeNs, r.compute);
    QCOMPARE(d.time.htaRounded->nonComputeNs, r.busy - r.compute);
}

void TstDeviceTime::idleBreakdown()
{
    const Spec spec = randomSpec(5, false);
    QTemporaryDir dir;
    const auto rank = load(dir, kinetoJson(spec));
    QVERIFY(rank);
    const KernelKinds kinds(*rank->kernels);
    const IdleBreakdown idle = analyseDevice(*rank, &kinds).idle;
    const std::vector<Task> scoped = inScope(spec);
    std::map<int, StreamIdle> want;
    for (const Task &t : scoped) {
        StreamIdle &s = want[t.stream];
        s.stream = t.stream;
        // The latest end of the stream's tasks that started before this one.
        TimeNs previous = std::numeric_limits<TimeNs>::min();
        for (const Task &o : scoped)
            if (o.stream == t.stream && o.start < t.start)
                previous = std::max(previous, o.start + o.dur);
        if (previous == std::numeric_limits<TimeNs>::min() || t.start <= previous)
            continue;
        const TimeNs gap = t.start - previous;
        ++s.gaps;
        (t.launchStart > previous ? s.hostWaitNs
                : gap < 30'000    ? s.kernelWaitNs
                                  : s.otherNs)
            += gap;
    }
    QCOMPARE(idle.streams.size(), want.size());
    for (const StreamIdle &s : idle.streams) {
        const StreamIdle &w = want[s.stream];
        QCOMPARE(s.gaps, w.gaps);
        QCOMPARE(s.hostWaitNs, w.hostWaitNs);
        QCOMPARE(s.kernelWaitNs, w.kernelWaitNs);
        QCOMPARE(s.otherNs, w.otherNs);
    }
    const StreamIdle total = idle.total();
    QVERIFY(total.hostWaitNs > 0 && total.kernelWaitNs > 0 && total.otherNs > 0);
}

void TstDeviceTime::launchesAndQueues()
{
    const Spec spec = randomSpec(6, false);
    QTemporaryDir dir;
    const auto rank = load(dir, kinetoJson(spec));
    QVERIFY(rank);
    const KernelKinds kinds(*rank->kernels);
    const LaunchStats l = analyseDevice(*rank, &kinds).launches;
    const std::vector<Task> scoped = inScope(spec);
    qsizetype shortKernels = 0, longDelays = 0, longLaunches = 0;
    TimeNs sum = 0, max = 0;
    for (const Task &t : scoped) {
        const TimeNs delay = std::max<TimeNs>(0, t.start - (t.launchStart + t.launchDur));
        sum += delay;
        max = std::max(max, delay);
        longDelays += delay > 100'000;
        longLaunches += t.launchDur > 50'000;
        shortKernels += t.launchDur <= 50'000 && t.dur < t.launchDur;
    }
    QCOMPARE(l.launches, qsizetype(scoped.size()));
    QCOMPARE(l.delayMeanNs, sum / TimeNs(scoped.size()));
    QCOMPARE(l.delayMaxNs, max);
    QCOMPARE(l.longDelays, longDelays);
    QCOMPARE(l.longLaunches, longLaunches);
    QCOMPARE(l.shortKernels, shortKernels);
    QVERIFY(shortKernels > 0 && longDelays > 0);
    // The longest queue of a stream: at some launch, launched so far minus started so far.
    for (const StreamQueue &q : l.queues) {
        int longest = 0;
        for (const Task &at : scoped) {
            if (at.stream != q.stream)
                continue;
            int n = 0;
            for (const Task &t : scoped)
                if (t.stream == q.stream)
                    n += (t.launchStart <= at.launchStart) - (t.start <= at.launchStart);
            longest = std::max(longest, n);
        }
        QCOMPARE(q.maxLength, longest);
    }
    QCOMPARE(l.queues.size(), std::size_t(2));
}

void TstDeviceTime::deviceStepWindows()
{
    Spec spec = randomSpec(7, false);
    for (Task &t : spec.tasks) // a kernel without its flow goes to the step its start falls in
        t.linked = true;
    QTemporaryDir dir;
    const auto rank = load(dir, kinetoJson(spec));
    QVERIFY(rank);
    const std::vector<StepBreakdown> steps = computeStepBreakdown(*rank);
    QCOMPARE(steps.size(), spec.steps.size());
    TimeNs previousEnd = -1; // where the device finished the step before
    for (std::size_t i = 0; i < steps.size(); ++i) {
        // The step's device work: the kernels launched inside it.
        std::vector<Task> mine;
        for (const Task &t : spec.tasks)
            if (t.step == int(i))
                mine.push_back(t);
        QVERIFY(!mine.empty());
        const Expected e
            = expectedTime(mine, [](const Task &t) { return std::pair(t.start, t.start + t.dur); });
        TimeNs first = mine.front().start, last = 0;
        for (const Task &t : mine) {
            first = std::min(first, t.start);
            last = std::max(last, t.start + t.dur);
        }
        // From the previous step's last kernel end (the first step: its host start), or from
        // its own first kernel when that started earlier.
        const TimeNs from = std::min(first, i == 0 ? spec.steps[0].first : previousEnd);
        previousEnd = last;
        const StepBreakdown &s = steps[i];
        QCOMPARE(s.window, StepWindow::Device);
        QCOMPARE(s.hostWallNs, spec.steps[i].second);
        QCOMPARE(s.start, from);
        QCOMPARE(s.end, last);
        QCOMPARE(s.wallNs, last - from);
        QCOMPARE(s.preparingNs, first - from);
        QCOMPARE(s.deviceBusyNs, e.busy);
        QCOMPARE(s.freeNs, e.span - e.busy);
        QCOMPARE(s.unaccountedNs, s.wallNs - e.busy);
        if (i > 0) // the steps tile the device's time: no hole between them
            QVERIFY(s.start <= steps[i - 1].end);
    }
}

void TstDeviceTime::notInTrace()
{
    // No flows (a trace stripped of them), no communication: three steps, but nothing tells
    // which step launched a task, so every task is measured; nothing is linked.
    Spec spec = randomSpec(8, false);
    for (Task &t : spec.tasks) {
        t.linked = false;
        if (kKernels[t.kernel].kind == Kind::Comm)
            t.kernel = 0;
    }
    QTemporaryDir dir;
    const auto rank = load(dir, kinetoJson(spec));
    QVERIFY(rank);
    const KernelKinds kinds(*rank->kernels);
    const DeviceAnalysis d = analyseDevice(*rank, &kinds);
    QCOMPARE(d.scope, DeviceScope::All);
    QCOMPARE(d.time.tasks, qsizetype(spec.tasks.size()));
    QCOMPARE(d.time.commNs, TimeNs(0));
    QCOMPARE(d.time.commOverlapRatio(), -1.0);
    QCOMPARE(d.launches.launches, qsizetype(0));
    QCOMPARE(d.idle.linkedTasks, qsizetype(0));
    QCOMPARE(d.idle.total().hostWaitNs, TimeNs(0));
}

void TstDeviceTime::sampleKineto()
{
    const QString path = kSamples + QStringLiteral("/kineto");
    if (!QDir(path).exists())
        QSKIP("samples not present");
    const LoadResult loaded = loadProfile(path);
    QVERIFY(loaded.profile);
    const RankProfile &rank = *loaded.profile->ranks[0];
    const KernelKinds kinds(*rank.kernels);
    const DeviceAnalysis d = analyseDevice(rank, &kinds);
    QCOMPARE(d.scope, DeviceScope::BeforeLastStep);
    QCOMPARE(d.lastStep, QStringLiteral("ProfilerStep#10"));
    // The test's own sweep over the kernel rows launched before the last step: +1 at a start,
    // -1 at an end; busy while the count is positive.
    const std::vector<StepSpan> spans = findStepSpans(*rank.trace);
    std::vector<std::pair<TimeNs, int>> edges;
    TimeNs first = std::numeric_limits<TimeNs>::max(), last = 0;
    for (qsizetype row = 0; row < rank.kernels->rowCount(); ++row) {
        const auto r = std::size_t(row);
        const auto flows = rank.trace->flowsTo(rank.join.rowToEvent[r]);
        if (flows.empty()
            || rank.trace->event(rank.trace->flows[flows[0]].from).start >= spans.back().start)
            continue;
        const TimeNs a = rank.kernels->start[r], b = a + rank.kernels->duration[r];
        first = std::min(first, a);
        last = std::max(last, b);
        edges.emplace_back(a, +1);
        edges.emplace_back(b, -1);
    }
    std::sort(edges.begin(), edges.end());
    TimeNs busy = 0;
    int running = 0;
    for (std::size_t i = 0; i + 1 < edges.size(); ++i) {
        running += edges[i].second;
        if (running > 0)
            busy += edges[i + 1].first - edges[i].first;
    }
    QCOMPARE(d.time.tasks, qsizetype(edges.size() / 2));
    QCOMPARE(d.time.spanNs, last - first);
    QCOMPARE(d.time.idleNs, last - first - busy);
    QCOMPARE(d.time.computeNs + d.time.nonComputeNs, busy);
    QVERIFY(!d.time.htaRounded); // whole µs (2021 format)
    for (const StepBreakdown &s : computeStepBreakdown(rank)) {
        QCOMPARE(s.window, StepWindow::Device);
        QVERIFY(s.deviceBusyNs <= s.wallNs);
    }
}

QTEST_GUILESS_MAIN(TstDeviceTime)
#include "tst_devicetime.moc"
