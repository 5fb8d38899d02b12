#include "analysis/stats/kernelkinds.h"
#include "analysis/timeline/stepbreakdown.h"

#include "generatedprofile.h"

#include <QDir>
#include <QTest>

using namespace npuscope;
using namespace npuscope::test;

namespace {

const QString kSamples = QStringLiteral(NPUSCOPE_SAMPLES_DIR);

// The generator's step_trace_time numbers for one step, as text, for whole-row comparisons.
QString truthText(const StepTruth &t)
{
    return QStringLiteral("%1 wall=%2 compute=%3 comm=%4 overlapped=%5 notOverlapped=%6 free=%7 "
                          "preparing=%8 busy=%9 unaccounted=%10 tasks=%11")
        .arg(t.stepId)
        .arg(t.wallNs)
        .arg(t.computingNs)
        .arg(t.commNs)
        .arg(t.overlappedNs)
        .arg(t.commNotOverlappedNs)
        .arg(t.freeNs)
        .arg(t.preparingNs)
        .arg(t.computingNs + t.commNotOverlappedNs)
        .arg(t.wallNs - t.computingNs - t.commNotOverlappedNs)
        .arg(t.kernelRows);
}

QString breakdownText(const StepBreakdown &b)
{
    return QStringLiteral("%1 wall=%2 compute=%3 comm=%4 overlapped=%5 notOverlapped=%6 free=%7 "
                          "preparing=%8 busy=%9 unaccounted=%10 tasks=%11")
        .arg(b.id)
        .arg(b.wallNs)
        .arg(b.computeNs)
        .arg(b.commNs)
        .arg(b.overlappedNs)
        .arg(b.commNotOverlappedNs)
        .arg(b.freeNs)
        .arg(b.preparingNs)
        .arg(b.deviceBusyNs)
        .arg(b.unaccountedNs)
        .arg(b.kernelCount + b.commCount);
}

// The same rank without its trace and step_trace_time.csv: only kernel rows left.
std::shared_ptr<RankProfile> kernelsOnly(const RankProfile &rank)
{
    auto copy = std::make_shared<RankProfile>();
    copy->source = rank.source;
    copy->kernels = rank.kernels;
    return copy;
}

} // namespace

class TstStepBreakdown : public QObject {
    Q_OBJECT
private slots:
    void generatedFromTrace_data();
    void generatedFromTrace();
    void generatedFromStepTraceCsv();
    void generatedFromKernelsOnly();
    void stepTraceCsvOnly();
    void sampleLevel1();
    void sampleKineto();
};

void TstStepBreakdown::generatedFromTrace_data()
{
    QTest::addColumn<QString>("plants");
    QTest::addColumn<quint64>("seed");
    QTest::newRow("clean 1") << "" << quint64(1);
    QTest::newRow("clean 7") << "" << quint64(7);
    QTest::newRow("comm not overlapped 1") << "commnotoverlapped" << quint64(1);
    QTest::newRow("comm not overlapped 2") << "commnotoverlapped" << quint64(2);
    QTest::newRow("host bound 3") << "hostbound" << quint64(3);
    QTest::newRow("all 4") << "all" << quint64(4);
}

void TstStepBreakdown::generatedFromTrace()
{
    QFETCH(QString, plants);
    QFETCH(quint64, seed);
    const auto g = generate(plants, seed);
    QVERIFY(g->ok());
    const std::vector<StepBreakdown> steps = computeStepBreakdown(g->rank());
    const RankTruth &truth = g->truth();
    QCOMPARE(steps.size(), truth.steps.size());
    for (std::size_t i = 0; i < steps.size(); ++i) {
        QCOMPARE(steps[i].source, StepSource::Trace);
        QCOMPARE(breakdownText(steps[i]), truthText(truth.steps[i]));
        QCOMPARE(steps[i].start, truth.steps[i].startNs);
        QCOMPARE(steps[i].firstTaskNs, truth.steps[i].firstTaskNs);
    }
}

void TstStepBreakdown::generatedFromStepTraceCsv()
{
    GenerateSpec spec;
    spec.plants = QStringLiteral("commnotoverlapped");
    spec.seed = 5;
    spec.load.loadTrace = false;
    const auto g = generate(spec);
    QVERIFY(g->ok());
    QVERIFY(!g->rank().trace);
    const std::vector<StepBreakdown> steps = computeStepBreakdown(g->rank());
    QCOMPARE(steps.size(), g->truth().steps.size());
    for (std::size_t i = 0; i < steps.size(); ++i) {
        QCOMPARE(steps[i].source, StepSource::StepTraceCsv);
        // Stage + Preparing is the wall time exactly; compute and communication come from the
        // kernel rows of the step, free and preparing from the CSV.
        QCOMPARE(breakdownText(steps[i]), truthText(g->truth().steps[i]));
        QCOMPARE(steps[i].start, TimeNs(0));
    }
}

void TstStepBreakdown::generatedFromKernelsOnly()
{
    const auto g = generate(QStringLiteral("hostbound"), 2);
    QVERIFY(g->ok());
    const auto rank = kernelsOnly(g->rank());
    const std::vector<StepBreakdown> steps = computeStepBreakdown(*rank);
    QCOMPARE(steps.size(), g->truth().steps.size());
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const StepTruth &t = g->truth().steps[i];
        const StepBreakdown &b = steps[i];
        QCOMPARE(b.source, StepSource::Kernels);
        QCOMPARE(b.id, QString::number(t.stepId));
        QCOMPARE(b.computeNs, t.computingNs);
        QCOMPARE(b.commNs, t.commNs);
        QCOMPARE(b.firstTaskNs, t.firstTaskNs);
        // Without the host's step the wall time is the device span; what is idle inside it is
        // both free and unaccounted.
        QCOMPARE(b.start, t.firstTaskNs);
        QCOMPARE(b.wallNs, b.end - b.start);
        QCOMPARE(b.freeNs, b.wallNs - b.deviceBusyNs);
        QCOMPARE(b.unaccountedNs, b.freeNs);
        QVERIFY(b.freeNs <= t.freeNs);
    }
}

void TstStepBreakdown::stepTraceCsvOnly()
{
    // A rank with nothing but step_trace_time.csv (ascend-2025-11 ranks 1 and 3).
    const auto g = generate(QStringLiteral("commnotoverlapped"), 3);
    QVERIFY(g->ok());
    auto rank = std::make_shared<RankProfile>();
    rank->stepTrace = g->rank().stepTrace;
    const std::vector<StepBreakdown> steps = computeStepBreakdown(*rank);
    QCOMPARE(steps.size(), g->truth().steps.size());
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const StepTruth &t = g->truth().steps[i];
        QCOMPARE(steps[i].source, StepSource::StepTraceCsv);
        QCOMPARE(steps[i].wallNs, t.wallNs);
        QCOMPARE(steps[i].computeNs, t.computingNs);
        QCOMPARE(steps[i].commNotOverlappedNs, t.commNotOverlappedNs);
        QCOMPARE(steps[i].deviceBusyNs, t.computingNs + t.commNotOverlappedNs);
        QCOMPARE(steps[i].unaccountedNs, t.freeNs + t.preparingNs);
        QCOMPARE(steps[i].kernelCount, qint64(0));
    }
}

void TstStepBreakdown::sampleLevel1()
{
    const QString path = kSamples + QStringLiteral("/ascend-2025-01/level1/rank0_ascend_pt");
    if (!QDir(path).exists())
        QSKIP("samples not present");
    const LoadResult loaded = loadProfile(path);
    QVERIFY(loaded.profile);
    const std::vector<StepBreakdown> steps = computeStepBreakdown(*loaded.profile->ranks[0]);
    QCOMPARE(steps.size(), std::size_t(1));
    const StepBreakdown &s = steps[0];
    QCOMPARE(s.id, QStringLiteral("50"));
    QCOMPARE(s.source, StepSource::Trace);
    QCOMPARE(s.wallNs, TimeNs(155985800)); // ProfilerStep#50 "dur": 155985.800
    // step_trace_time.csv: Communication(Not Overlapped) 101963.203, Preparing 17902.5 (the
    // CSV keeps 0.5 us; the trace has 17902.502), Computing 8873.756 (the CSV's own rounding).
    QCOMPARE(s.commNotOverlappedNs, TimeNs(101963203));
    QCOMPARE(s.commNs, TimeNs(105991876));
    QCOMPARE(s.preparingNs, TimeNs(17902502));
    QVERIFY(qAbs(s.computeNs - 8873756) < 100);
    QCOMPARE(s.kernelSumNs, TimeNs(8873737)); // pandas: sum of the 187 non-HCCL Duration(us)
    QCOMPARE(s.kernelCount, qint64(187));
    QCOMPARE(s.commCount, qint64(4));
    QCOMPARE(s.unaccountedNs, s.wallNs - s.deviceBusyNs);
    QVERIFY(s.unaccountedNs > 40'000'000); // "the step takes 156 ms, tasks cover 111 ms"
}

void TstStepBreakdown::sampleKineto()
{
    const QString path = kSamples + QStringLiteral("/kineto");
    if (!QDir(path).exists())
        QSKIP("samples not present");
    const LoadResult loaded = loadProfile(path);
    QVERIFY(loaded.profile);
    const RankProfile &rank = *loaded.profile->ranks[0];
    const std::vector<StepBreakdown> steps = computeStepBreakdown(rank);
    QStringList ids;
    qint64 kernels = 0;
    for (const StepBreakdown &s : steps) {
        ids << s.id;
        kernels += s.kernelCount;
        QCOMPARE(s.source, StepSource::Trace);
        QVERIFY(s.deviceBusyNs <= s.wallNs);
    }
    QCOMPARE(ids.join(QLatin1Char(',')), QStringLiteral("5,6,7,8,9,10"));
    // No Step Id column in a Kineto trace: each kernel goes to the step of its launch.
    QCOMPARE(kernels, qint64(rank.kernels->rowCount()));
}

QTEST_GUILESS_MAIN(TstStepBreakdown)
#include "tst_stepbreakdown.moc"
