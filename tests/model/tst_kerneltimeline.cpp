#include "model/csv/csvreader.h"
#include "model/profile/kerneltimeline.h"
#include "model/profile/profileloader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;

namespace {

// Two streams (rows out of order), an HCCL row without a stream, a row without a start, two
// steps; times in µs with three decimals and a trailing TAB, as torch_npu writes them.
const char kKernels[] = "Step Id,Stream ID,Name,Type,Accelerator Core,Start Time(us),Duration(us)\n"
                        "1,2,MatMulV2,MatMulV2,AI_CORE,1000.500\t,10.000\n"
                        "1,5,Add,Add,AI_VECTOR_CORE,1005.000\t,2.000\n"
                        "1,2,Cast,Cast,AI_VECTOR_CORE,1012.000\t,3.000\n"
                        "1,N/A,hcom_allReduce__1,N/A,HCCL,1016.000\t,20.000\n"
                        "2,2,MatMulV2,MatMulV2,AI_CORE,1100.000\t,10.000\n"
                        "2,2,Broken,Cast,AI_VECTOR_CORE,N/A,3.000\n";

const Track *findTrack(const Trace &trace, const QString &process, const QString &thread)
{
    for (const Track &t : trace.tracks)
        if (t.processName == process && t.threadName == thread)
            return &t;
    return nullptr;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

class TstKernelTimeline : public QObject {
    Q_OBJECT
private slots:
    void streamsCommunicationAndSteps();
    void unreadableTraceFallsBack();
    void sampleWithoutTrace();
};

void TstKernelTimeline::streamsCommunicationAndSteps()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("kernel_details.csv"));
    QVERIFY(writeFile(path, kKernels));
    CsvResult csv = readCsvFile(path);
    QVERIFY(csv.ok);
    IssueList issues;
    const KernelTable k
        = KernelTable::fromTable(std::shared_ptr<const Table>(std::move(csv.table)), &issues);
    issues.clear();
    const std::shared_ptr<Trace> trace = KernelTimeline::build(k, &issues);
    QVERIFY(trace);
    QCOMPARE(KernelTimeline::builtFrom(*trace), QStringLiteral("kernel_details.csv"));
    QCOMPARE(trace->tracks.size(), std::size_t(4));
    const Track *s2
        = findTrack(*trace, QStringLiteral("Ascend Hardware"), QStringLiteral("Stream 2"));
    const Track *s5
        = findTrack(*trace, QStringLiteral("Ascend Hardware"), QStringLiteral("Stream 5"));
    const Track *comm
        = findTrack(*trace, QStringLiteral("Communication"), QStringLiteral("Communication"));
    const Track *steps = findTrack(*trace, QStringLiteral("Steps"), QStringLiteral("Steps"));
    QVERIFY(s2 && s5 && comm && steps);
    QCOMPARE(s2->kind, TrackKind::DeviceStream);
    QCOMPARE(s2->streamId, 2);
    QCOMPARE(s2->events.size(), std::size_t(3));
    QCOMPARE(trace->strings.string(s2->events[1].name), QStringLiteral("Cast"));
    QCOMPARE(s2->events[0].start, TimeNs(1'000'500));
    QCOMPARE(s2->events[0].duration, TimeNs(10'000));
    QCOMPARE(s5->events.size(), std::size_t(1));
    QCOMPARE(comm->kind, TrackKind::Communication);
    QCOMPARE(comm->events.size(), std::size_t(1));
    // Step 1 spans its kernels: 1000.5 µs to the allreduce's end at 1036 µs.
    QCOMPARE(steps->events.size(), std::size_t(2));
    QCOMPARE(trace->strings.string(steps->events[0].name), QStringLiteral("ProfilerStep#1"));
    QCOMPARE(steps->events[0].start, TimeNs(1'000'500));
    QCOMPARE(steps->events[0].end(), TimeNs(1'036'000));
    QCOMPARE(trace->strings.string(steps->events[1].name), QStringLiteral("ProfilerStep#2"));
    QCOMPARE(trace->minTime, TimeNs(1'000'500));
    QCOMPARE(trace->maxTime, TimeNs(1'110'000));
    // The row without a start is reported against the file.
    QCOMPARE(issues.size(), 1);
    QCOMPARE(issues.front().file, path);
}

void TstKernelTimeline::unreadableTraceFallsBack()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/"));
    QVERIFY(writeFile(out + QStringLiteral("kernel_details.csv"), kKernels));
    QVERIFY(writeFile(out + QStringLiteral("trace_view.json"), "this is not json"));
    const LoadResult r = loadProfile(dir.filePath(QStringLiteral("rank0_ascend_pt")));
    QVERIFY(r.profile);
    QCOMPARE(r.profile->ranks.size(), std::size_t(1));
    const RankProfile &rank = *r.profile->ranks.front();
    QVERIFY(rank.trace);
    QCOMPARE(KernelTimeline::builtFrom(*rank.trace), QStringLiteral("kernel_details.csv"));
    // Every timed kernel row is joined to its slice.
    QCOMPARE(rank.join.matched, qsizetype(5));
}

void TstKernelTimeline::sampleWithoutTrace()
{
    const QDir samples(QStringLiteral(NPUSCOPE_SAMPLES_DIR));
    if (!samples.exists())
        QSKIP("sample profiles not available");
    const QString path = samples.filePath(QStringLiteral("ascend-2025-11/rank_0_ascend_pt"));
    QVERIFY2(QFile::exists(path + QStringLiteral("/ASCEND_PROFILER_OUTPUT/kernel_details.csv")),
        qPrintable(path));
    const LoadResult r = loadProfile(path);
    QVERIFY(r.profile && r.profile->ranks.size() == 1);
    const RankProfile &rank = *r.profile->ranks.front();
    QVERIFY(rank.notCollected.contains(QStringLiteral("trace_view.json")));
    QVERIFY(rank.trace);
    QCOMPARE(KernelTimeline::builtFrom(*rank.trace), QStringLiteral("kernel_details.csv"));
    // 2,463 rows: 2,448 on stream 2, 15 communication tasks (Stream ID N/A); one step, 13.
    const Track *stream
        = findTrack(*rank.trace, QStringLiteral("Ascend Hardware"), QStringLiteral("Stream 2"));
    const Track *comm
        = findTrack(*rank.trace, QStringLiteral("Communication"), QStringLiteral("Communication"));
    const Track *steps = findTrack(*rank.trace, QStringLiteral("Steps"), QStringLiteral("Steps"));
    QVERIFY(stream && comm && steps);
    QCOMPARE(stream->events.size(), std::size_t(2448));
    QCOMPARE(comm->events.size(), std::size_t(15));
    QCOMPARE(steps->events.size(), std::size_t(1));
    QCOMPARE(rank.trace->strings.string(steps->events[0].name), QStringLiteral("ProfilerStep#13"));
    QCOMPARE(rank.join.matched, qsizetype(2463));
}

QTEST_GUILESS_MAIN(TstKernelTimeline)
#include "tst_kerneltimeline.moc"
