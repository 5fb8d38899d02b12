#include "model/core/decimal.h"
#include "model/generator/generator.h"
#include "tests/model/generatedfiles.h"

#include <QDirIterator>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstdint>
#include <map>

using namespace npuscope;
using namespace npuscope::test;

namespace {

TimeNs durNs(const QJsonValue &v) { return qRound64(v.toDouble() * 1000.0); }

struct Trace {
    QJsonArray events;
    QHash<qint64, QString> processNames;
    QHash<QPair<qint64, qint64>, QString> threadNames;
    QString lane(const QJsonObject &e) const
    {
        return threadNames.value({ e.value(QLatin1String("pid")).toInteger(),
            e.value(QLatin1String("tid")).toInteger() });
    }
    QString process(const QJsonObject &e) const
    {
        return processNames.value(e.value(QLatin1String("pid")).toInteger());
    }
};

Trace loadTrace(const RankTruth &rank)
{
    Trace t;
    t.events = QJsonDocument::fromJson(readAll(outputFile(rank, "trace_view.json"))).array();
    for (const QJsonValue &v : std::as_const(t.events)) {
        const QJsonObject e = v.toObject();
        if (e.value(QLatin1String("ph")).toString() != QLatin1String("M"))
            continue;
        const QString name = e.value(QLatin1String("name")).toString();
        const QString arg
            = e.value(QLatin1String("args")).toObject().value(QLatin1String("name")).toString();
        const qint64 pid = e.value(QLatin1String("pid")).toInteger();
        if (name == QLatin1String("process_name"))
            t.processNames.insert(pid, arg);
        else if (name == QLatin1String("thread_name"))
            t.threadNames.insert({ pid, e.value(QLatin1String("tid")).toInteger() }, arg);
    }
    return t;
}

bool isHccl(const Row &row)
{
    return row.value(QStringLiteral("Accelerator Core")) == QLatin1String("HCCL");
}

TimeNs cellNs(const Row &row, const char *column)
{
    return micros(row.value(QLatin1String(column)));
}

const char kKernelDetailsHeader[]
    = "Step Id,Model ID,Task ID,Stream ID,Name,Type,OP State,Accelerator Core,Start Time(us),"
      "Duration(us),Wait Time(us),Block Dim,Mix Block Dim,HF32 Eligible,Input Shapes,"
      "Input Data Types,Input Formats,Output Shapes,Output Data Types,Output Formats,Context ID";

// What traceShape counts over the non-metadata events.
struct TraceCounts {
    QStringList steps;
    qint64 cpuOps = 0;
    qint64 hardwareTasks = 0;
    qint64 hardwareTasksWithArgs = 0;
    qint64 commTasks = 0;
    int counters = 0;

    void add(const Trace &t, const QJsonObject &e)
    {
        const QString ph = e.value(QLatin1String("ph")).toString();
        const QString process = t.process(e);
        if (ph == QLatin1String("C")) {
            counters += process == QLatin1String("AI Core Freq") ? 1 : 0;
            return;
        }
        if (ph != QLatin1String("X") || !e.value(QLatin1String("dur")).isDouble())
            return;
        const QString name = e.value(QLatin1String("name")).toString();
        if (e.value(QLatin1String("cat")).toString() == QLatin1String("cpu_op"))
            cpuOps += process == QLatin1String("Python") ? 1 : 0;
        if (name.startsWith(QLatin1String("ProfilerStep#")))
            steps.append(name);
        if (process == QLatin1String("HCCL") && name.startsWith(QLatin1String("hcom_allReduce_")))
            ++commTasks;
        if (process != QLatin1String("Ascend Hardware"))
            return;
        ++hardwareTasks;
        const QJsonObject args = e.value(QLatin1String("args")).toObject();
        bool all = true;
        for (const char *k : { "Model Id", "Task Type", "Physic Stream Id", "Task Id" })
            all = all && args.contains(QLatin1String(k));
        hardwareTasksWithArgs += all ? 1 : 0;
    }
};

// Device X events by lane ("Stream 2", "Group 0 Communication"): (start, duration).
QMultiHash<QString, QPair<TimeNs, TimeNs>> deviceTasks(const Trace &t)
{
    QMultiHash<QString, QPair<TimeNs, TimeNs>> tasks;
    for (const QJsonValue &v : std::as_const(t.events)) {
        const QJsonObject e = v.toObject();
        const QString process = t.process(e);
        if (e.value(QLatin1String("ph")).toString() != QLatin1String("X")
            || (process != QLatin1String("Ascend Hardware") && process != QLatin1String("HCCL")))
            continue;
        tasks.insert(t.lane(e),
            { micros(e.value(QLatin1String("ts")).toString()),
                durNs(e.value(QLatin1String("dur"))) });
    }
    return tasks;
}

// The RankTruth numbers an analysis would compute from kernel_details.csv alone.
RankTruth truthFromKernelCsv(const RankTruth &rank, int deviceCores)
{
    RankTruth csv;
    for (const Row &row : parseCsv(outputFile(rank, "kernel_details.csv"))) {
        const TimeNs start = cellNs(row, "Start Time(us)");
        const TimeNs dur = cellNs(row, "Duration(us)");
        csv.firstTaskNs = csv.kernelRows == 0 ? start : std::min(csv.firstTaskNs, start);
        csv.lastTaskEndNs = std::max(csv.lastTaskEndNs, start + dur);
        ++csv.kernelRows;
        if (isHccl(row)) {
            ++csv.commOps;
            csv.commNs += dur;
            continue;
        }
        ++csv.computeKernels;
        csv.kernelTotalNs += dur;
        const QString core = row.value(QStringLiteral("Accelerator Core"));
        if (row.value(QStringLiteral("Type")) == QLatin1String("TransData")) {
            ++csv.transDataKernels;
            csv.transDataNs += dur;
        }
        if (core == QLatin1String("AI_CPU")) {
            ++csv.aiCpuKernels;
            csv.aiCpuNs += dur;
            csv.aiCpuOver20us += dur > 20000 ? 1 : 0;
        }
        csv.waitOver10xKernels += cellNs(row, "Wait Time(us)") >= 10 * dur ? 1 : 0;
        if (core == QLatin1String("AI_CORE")
            && row.value(QStringLiteral("Block Dim")).toInt() < deviceCores) {
            ++csv.lowBlockDimKernels;
            csv.lowBlockDimNs += dur;
        }
    }
    return csv;
}

} // namespace

class TestGenerator : public QObject {
    Q_OBJECT

private:
    GeneratorResult generate(const GeneratorOptions &base, const QString &subdir = QString());
    void checkStepTrace(const RankTruth &rank);
    QTemporaryDir m_tmp;
    int m_runs = 0;

private slots:
    void plantNames();
    void plantLists_data();
    void plantLists();
    void invalidOptions();
    void deterministic();
    void traceShape();
    void traceFlows();
    void kernelRowsMatchTrace_data();
    void kernelRowsMatchTrace();
    void truthMatchesCsv_data();
    void truthMatchesCsv();
    void cleanProfileHasNoPattern();
    void plantedPatterns();
    void multiRank();
    void rankSlowdownIsExplicit();
    void eventCount_data();
    void eventCount();
    void otherFiles();
    void cancel_data();
    void cancel();
};

GeneratorResult TestGenerator::generate(const GeneratorOptions &base, const QString &subdir)
{
    GeneratorOptions o = base;
    o.outDir = m_tmp.filePath(subdir.isEmpty() ? QStringLiteral("run%1").arg(++m_runs) : subdir);
    GeneratorResult r = generateProfile(o);
    if (!r.ok)
        qWarning("generateProfile failed: %s", qPrintable(r.error));
    return r;
}

void TestGenerator::plantNames()
{
    for (Plant p : allPlants()) {
        QCOMPARE(plantFromName(plantName(p)), std::optional<Plant>(p));
        QCOMPARE(plantFromName(plantName(p).toUpper()), std::optional<Plant>(p));
    }
    QCOMPARE(plantFromName(u"transdata"), std::optional<Plant>(Plant::TransData));
    QCOMPARE(plantFromName(u"commnotoverlapped"), std::optional<Plant>(Plant::CommNotOverlapped));
    QVERIFY(!plantFromName(u"bogus"));
    QVERIFY(!plantFromName(u""));
    QCOMPARE(allPlants().size(), 7);
}

void TestGenerator::plantLists_data()
{
    QTest::addColumn<QString>("list");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<int>("count");
    QTest::newRow("empty") << QString() << true << 0;
    QTest::newRow("none") << QStringLiteral("none") << true << 0;
    QTest::newRow("one") << QStringLiteral("aicpu") << true << 1;
    QTest::newRow("two with spaces") << QStringLiteral(" transdata , HostBound") << true << 2;
    QTest::newRow("duplicate") << QStringLiteral("aicpu,aicpu") << true << 1;
    QTest::newRow("all") << QStringLiteral("all") << true << 7;
    QTest::newRow("unknown") << QStringLiteral("transdata,slow") << false << 0;
}

void TestGenerator::plantLists()
{
    QFETCH(QString, list);
    QFETCH(bool, ok);
    QFETCH(int, count);
    QString error;
    const auto plants = plantsFromList(list, &error);
    QCOMPARE(plants.has_value(), ok);
    if (ok)
        QCOMPARE(plants->size(), count);
    else
        QVERIFY(error.contains(QLatin1String("slow")));
}

void TestGenerator::invalidOptions()
{
    GeneratorOptions o;
    QVERIFY(!generateProfile(o).ok); // no outDir
    o.outDir = m_tmp.filePath(QStringLiteral("invalid"));
    o.ranks = 0;
    QVERIFY(!generateProfile(o).ok);
    o.ranks = 1;
    o.steps = 0;
    const GeneratorResult r = generateProfile(o);
    QVERIFY(!r.ok);
    QVERIFY(!r.error.isEmpty());
}

void TestGenerator::deterministic()
{
    GeneratorOptions o;
    o.events = 4000;
    o.ranks = 2;
    o.plants = allPlants();
    const GeneratorResult a = generate(o, QStringLiteral("detA"));
    const GeneratorResult b = generate(o, QStringLiteral("detB"));
    o.seed = 2;
    const GeneratorResult c = generate(o, QStringLiteral("detC"));
    QVERIFY(a.ok && b.ok && c.ok);
    int files = 0;
    QDirIterator it(
        m_tmp.filePath(QStringLiteral("detA")), QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString rel = QDir(m_tmp.filePath(QStringLiteral("detA"))).relativeFilePath(path);
        const QByteArray bytes = readAll(path);
        QCOMPARE(readAll(m_tmp.filePath(QStringLiteral("detB/") + rel)), bytes);
        if (rel.endsWith(QLatin1String("trace_view.json"))
            || rel.endsWith(QLatin1String("kernel_details.csv")))
            QVERIFY2(
                readAll(m_tmp.filePath(QStringLiteral("detC/") + rel)) != bytes, qPrintable(rel));
        ++files;
    }
    // 5 CSV/JSON outputs + 3 memory CSVs (memory plants) + profiler_info + metadata per rank
    QCOMPARE(files, 2 * 10);
}

void TestGenerator::traceShape()
{
    GeneratorOptions o;
    o.events = 3000;
    o.plants = allPlants();
    const GeneratorResult r = generate(o);
    QVERIFY(r.ok);
    const RankTruth &rank = r.ranks.front();
    const QByteArray raw = readAll(outputFile(rank, "trace_view.json"));
    QVERIFY(raw.startsWith('['));
    QVERIFY(raw.endsWith(']'));
    QVERIFY(!raw.contains('\n'));
    QCOMPARE(qint64(raw.size()), rank.traceBytes);

    const Trace t = loadTrace(rank);
    QCOMPARE(qint64(t.events.size()), rank.traceEvents);
    const QSet<QString> processes(t.processNames.cbegin(), t.processNames.cend());
    for (const char *p :
        { "Python", "CANN", "Ascend Hardware", "HCCL", "Overlap Analysis", "AI Core Freq" })
        QVERIFY2(processes.contains(QLatin1String(p)), p);
    const QSet<QString> threads(t.threadNames.cbegin(), t.threadNames.cend());
    for (const char *n : { "Stream 2", "Group 0 Communication", "Computing", "Communication",
             "Communication(Not Overlapped)", "Free" })
        QVERIFY2(threads.contains(QLatin1String(n)), n);

    static const QRegularExpression tsPattern(QStringLiteral("^\\d{16}\\.\\d{3}$"));
    TraceCounts counts;
    TimeNs previousTs = 0;
    bool sorted = true;
    for (const QJsonValue &v : std::as_const(t.events)) {
        const QJsonObject e = v.toObject();
        if (e.value(QLatin1String("ph")).toString() == QLatin1String("M"))
            continue;
        const QJsonValue ts = e.value(QLatin1String("ts"));
        QVERIFY(ts.isString());
        QVERIFY2(tsPattern.match(ts.toString()).hasMatch(), qPrintable(ts.toString()));
        sorted = sorted && micros(ts.toString()) >= previousTs;
        previousTs = micros(ts.toString());
        counts.add(t, e);
    }
    QVERIFY2(!sorted, "real traces are not sorted by time");
    QCOMPARE(counts.steps,
        (QStringList { QStringLiteral("ProfilerStep#2"), QStringLiteral("ProfilerStep#3"),
            QStringLiteral("ProfilerStep#4") }));
    QCOMPARE(counts.cpuOps, rank.hostOps);
    QCOMPARE(counts.hardwareTasks, rank.computeKernels);
    QCOMPARE(counts.hardwareTasksWithArgs, rank.computeKernels);
    QCOMPARE(counts.commTasks, rank.commOps);
    QVERIFY(counts.counters >= 3);
}

void TestGenerator::traceFlows()
{
    GeneratorOptions o;
    o.events = 3000;
    o.plants = allPlants();
    const GeneratorResult r = generate(o);
    QVERIFY(r.ok);
    const RankTruth &rank = r.ranks.front();
    const Trace t = loadTrace(rank);
    QHash<QString, int> hostToDevice; // id -> 1 per s + 100 per f
    for (const QJsonValue &v : std::as_const(t.events)) {
        const QJsonObject e = v.toObject();
        if (e.value(QLatin1String("cat")).toString() != QLatin1String("HostToDevice"))
            continue;
        const QString ph = e.value(QLatin1String("ph")).toString();
        const QJsonValue id = e.value(QLatin1String("id"));
        QVERIFY(id.isString());
        QVERIFY(id.toString().size() >= 20); // above 2^64: must stay text
        QCOMPARE(e.value(QLatin1String("name")).toString(),
            QStringLiteral("HostToDevice") + id.toString());
        if (ph == QLatin1String("s")) {
            QCOMPARE(t.process(e), QStringLiteral("CANN"));
        } else {
            QCOMPARE(ph, QStringLiteral("f"));
            QCOMPARE(e.value(QLatin1String("bp")).toString(), QStringLiteral("e"));
        }
        hostToDevice[id.toString()] += ph == QLatin1String("s") ? 1 : 100;
    }
    QCOMPARE(qint64(hostToDevice.size()), rank.kernelRows);
    for (int n : std::as_const(hostToDevice))
        QCOMPARE(n, 101);

    // async_npu ids are integers above 2^53: check them in the raw text, not through double.
    static const QRegularExpression flow(QStringLiteral(
        R"re(\{"ph": "([sf])", "bp": "e", "name": "torch_to_npu", "id": (\d+), "pid": (\d+))re"));
    const qint64 pythonPid = t.processNames.key(QStringLiteral("Python"));
    std::map<quint64, int> flows;
    const QString raw = QString::fromLatin1(readAll(outputFile(rank, "trace_view.json")));
    for (auto it = flow.globalMatch(raw); it.hasNext();) {
        const auto m = it.next();
        const quint64 id = m.captured(2).toULongLong();
        QVERIFY(id > (quint64(1) << 53));
        const bool start = m.captured(1) == QLatin1String("s");
        QCOMPARE(m.captured(3).toLongLong() == pythonPid, start); // host op -> device task
        flows[id] += start ? 1 : 100;
    }
    QCOMPARE(qint64(flows.size()), rank.kernelRows);
    for (const auto &[id, n] : flows)
        QCOMPARE(n, 101);
}

void TestGenerator::kernelRowsMatchTrace_data()
{
    QTest::addColumn<QList<Plant>>("plants");
    QTest::newRow("clean") << QList<Plant>();
    QTest::newRow("all plants") << allPlants();
}

void TestGenerator::kernelRowsMatchTrace()
{
    QFETCH(QList<Plant>, plants);
    GeneratorOptions o;
    o.events = 3000;
    o.plants = plants;
    const GeneratorResult r = generate(o);
    QVERIFY(r.ok);
    const RankTruth &rank = r.ranks.front();

    const QByteArray raw = readAll(outputFile(rank, "kernel_details.csv"));
    QVERIFY(raw.endsWith("\r\n"));
    QCOMPARE(raw.count("\r\n"), raw.count('\n'));
    QVERIFY(raw.contains(R"(,"""32,4096""",)"));
    QStringList header;
    const QList<Row> rows = parseCsv(outputFile(rank, "kernel_details.csv"), &header);
    QCOMPARE(header.join(QLatin1Char(',')), QLatin1String(kKernelDetailsHeader));
    QCOMPARE(qint64(rows.size()), rank.kernelRows);

    const QMultiHash<QString, QPair<TimeNs, TimeNs>> tasks = deviceTasks(loadTrace(rank));
    QCOMPARE(qint64(tasks.size()), rank.kernelRows);
    QHash<QString, TimeNs> previousEnd;
    for (const Row &row : rows) {
        QVERIFY(row.value(QStringLiteral("Start Time(us)")).endsWith(QLatin1Char('\t')));
        QCOMPARE(row.value(QStringLiteral("Model ID")), QStringLiteral("4294967295"));
        const QString stream = row.value(QStringLiteral("Stream ID"));
        QCOMPARE(stream == QLatin1String("N/A"), isHccl(row));
        const QString lane = isHccl(row) ? QStringLiteral("Group 0 Communication")
                                         : QStringLiteral("Stream ") + stream;
        const TimeNs start = cellNs(row, "Start Time(us)");
        const TimeNs dur = cellNs(row, "Duration(us)");
        QVERIFY2(tasks.values(lane).count({ start, dur }) == 1,
            qPrintable(row.value(QStringLiteral("Name"))));
        const TimeNs expectedWait
            = previousEnd.contains(lane) ? start - previousEnd.value(lane) : 0;
        QCOMPARE(cellNs(row, "Wait Time(us)"), expectedWait);
        previousEnd.insert(lane, start + dur);
    }
}

void TestGenerator::truthMatchesCsv_data()
{
    QTest::addColumn<QList<Plant>>("plants");
    QTest::addColumn<int>("ranks");
    QTest::newRow("clean") << QList<Plant>() << 1;
    for (Plant p : allPlants())
        QTest::newRow(qPrintable(plantName(p))) << QList<Plant> { p } << 1;
    QTest::newRow("all, 2 ranks") << allPlants() << 2;
}

void TestGenerator::truthMatchesCsv()
{
    QFETCH(QList<Plant>, plants);
    QFETCH(int, ranks);
    GeneratorOptions o;
    o.events = 5000;
    o.plants = plants;
    o.ranks = ranks;
    const GeneratorResult r = generate(o);
    QVERIFY(r.ok);
    QCOMPARE(int(r.ranks.size()), ranks);
    for (const RankTruth &rank : r.ranks) {
        const RankTruth csv = truthFromKernelCsv(rank, o.deviceCores);
        QCOMPARE(csv.kernelRows, rank.kernelRows);
        QCOMPARE(csv.computeKernels, rank.computeKernels);
        QCOMPARE(csv.kernelTotalNs, rank.kernelTotalNs);
        QCOMPARE(csv.transDataKernels, rank.transDataKernels);
        QCOMPARE(csv.transDataNs, rank.transDataNs);
        QCOMPARE(csv.aiCpuKernels, rank.aiCpuKernels);
        QCOMPARE(csv.aiCpuNs, rank.aiCpuNs);
        QCOMPARE(csv.aiCpuOver20us, rank.aiCpuOver20us);
        QCOMPARE(csv.waitOver10xKernels, rank.waitOver10xKernels);
        QCOMPARE(csv.lowBlockDimKernels, rank.lowBlockDimKernels);
        QCOMPARE(csv.lowBlockDimNs, rank.lowBlockDimNs);
        QCOMPARE(csv.commOps, rank.commOps);
        QCOMPARE(csv.commNs, rank.commNs);
        QCOMPARE(csv.firstTaskNs, rank.firstTaskNs);
        QCOMPARE(csv.lastTaskEndNs, rank.lastTaskEndNs);
        if (plants == QList<Plant> { Plant::HostBound })
            QCOMPARE(rank.waitOver10xKernels, rank.hostGaps); // nothing else waits that long
        checkStepTrace(rank);
        if (QTest::currentTestFailed())
            return;
    }
}

void TestGenerator::checkStepTrace(const RankTruth &rank)
{
    const QList<Row> steps = parseCsv(outputFile(rank, "step_trace_time.csv"));
    QCOMPARE(steps.size(), qsizetype(rank.steps.size()));
    TimeNs notOverlapped = 0;
    qint64 rows = 0;
    for (qsizetype i = 0; i < steps.size(); ++i) {
        const Row &row = steps[i];
        const StepTruth &s = rank.steps[size_t(i)];
        QCOMPARE(row.value(QStringLiteral("Step")).toInt(), s.stepId);
        QCOMPARE(cellNs(row, "Computing"), s.computingNs);
        QCOMPARE(cellNs(row, "Communication(Not Overlapped)"), s.commNotOverlappedNs);
        QCOMPARE(cellNs(row, "Overlapped"), s.overlappedNs);
        QCOMPARE(cellNs(row, "Communication"), s.commNs);
        QCOMPARE(cellNs(row, "Free"), s.freeNs);
        QCOMPARE(cellNs(row, "Stage"), s.stageNs);
        QCOMPARE(cellNs(row, "Preparing"), s.preparingNs);
        QCOMPARE(s.stageNs, s.computingNs + s.commNotOverlappedNs + s.freeNs);
        QCOMPARE(s.stageNs + s.preparingNs, s.wallNs);
        QCOMPARE(s.wallNs, rank.stepWallNs[size_t(i)]);
        notOverlapped += s.commNotOverlappedNs;
        rows += s.kernelRows;
    }
    QCOMPARE(notOverlapped, rank.commNotOverlappedNs);
    QCOMPARE(rows, rank.kernelRows);
}

void TestGenerator::cleanProfileHasNoPattern()
{
    GeneratorOptions o;
    o.events = 8000;
    const GeneratorResult r = generate(o);
    QVERIFY(r.ok);
    const RankTruth &rank = r.ranks.front();
    QCOMPARE(rank.transDataKernels, 0LL);
    QCOMPARE(rank.aiCpuKernels, 0LL);
    QCOMPARE(rank.hostGaps, 0LL);
    QCOMPARE(rank.waitOver10xKernels, 0LL);
    QCOMPARE(rank.lowBlockDimKernels, 0LL);
    QCOMPARE(rank.commNotOverlappedNs, 0LL);
    QVERIFY(rank.commOps > 0);
    for (const StepTruth &s : rank.steps)
        QCOMPARE(s.overlappedNs, s.commNs);
    for (const Row &row : parseCsv(outputFile(rank, "kernel_details.csv"))) {
        if (isHccl(row))
            continue;
        const QString core = row.value(QStringLiteral("Accelerator Core"));
        QVERIFY(core != QLatin1String("AI_CPU"));
        QVERIFY(row.value(QStringLiteral("Type")) != QLatin1String("TransData"));
        QCOMPARE(row.value(QStringLiteral("Block Dim")).toInt() % o.deviceCores, 0);
        // Every gap is well below the task's own duration.
        QVERIFY(4 * cellNs(row, "Wait Time(us)") <= cellNs(row, "Duration(us)"));
    }
}

void TestGenerator::plantedPatterns()
{
    GeneratorOptions o;
    o.events = 8000;
    for (quint64 seed : { 1, 7, 42 }) {
        o.seed = seed;
        o.plants = allPlants();
        const GeneratorResult r = generate(o);
        QVERIFY(r.ok);
        const RankTruth &p = r.ranks.front();
        QVERIFY2(p.transDataNs * 100 >= 15 * p.kernelTotalNs, "TransData >= 15% of kernel time");
        QVERIFY(p.aiCpuOver20us >= 3);
        QVERIFY(p.hostGaps >= o.steps);
        QVERIFY(p.hostGapNs >= p.hostGaps * 400000);
        QVERIFY(p.lowBlockDimKernels > 0);
        QVERIFY(p.commOps > 0);
        QCOMPARE(p.commNotOverlappedNs, p.commNs);

        TimeNs lowDur = 0;
        TimeNs fullDur = 0;
        qint64 full = 0;
        for (const Row &row : parseCsv(outputFile(p, "kernel_details.csv"))) {
            if (row.value(QStringLiteral("Type")) == QLatin1String("TransData")) {
                QCOMPARE(row.value(QStringLiteral("Accelerator Core")),
                    QStringLiteral("AI_VECTOR_CORE"));
                QCOMPARE(row.value(QStringLiteral("Input Formats")), QStringLiteral("NCHW"));
                QCOMPARE(row.value(QStringLiteral("Output Formats")), QStringLiteral("NC1HWC0"));
            }
            if (row.value(QStringLiteral("Type")) != QLatin1String("MatMulV2"))
                continue;
            const int blockDim = row.value(QStringLiteral("Block Dim")).toInt();
            if (blockDim < o.deviceCores) {
                QVERIFY(blockDim >= 1 && blockDim <= 4);
                lowDur += cellNs(row, "Duration(us)");
            } else {
                fullDur += cellNs(row, "Duration(us)");
                ++full;
            }
        }
        QVERIFY(lowDur / p.lowBlockDimKernels > 2 * fullDur / full); // long despite few cores
        QCOMPARE(lowDur, p.lowBlockDimNs);
    }
}

void TestGenerator::rankSlowdownIsExplicit()
{
    // Off by default; asked for, rank r's kernels run (1 + r x 3%) as long as without it, the
    // rest unchanged (same random draws).
    QCOMPARE(GeneratorOptions().rankSlowdownPermille, 0);
    GeneratorOptions o;
    o.events = 3000;
    o.ranks = 2;
    const GeneratorResult even = generate(o, QStringLiteral("even"));
    o.rankSlowdownPermille = 30;
    const GeneratorResult slowed = generate(o, QStringLiteral("slowed"));
    QVERIFY(even.ok && slowed.ok);
    QCOMPARE(slowed.ranks[0].kernelTotalNs, even.ranks[0].kernelTotalNs);
    QCOMPARE(slowed.ranks[1].kernelRows, even.ranks[1].kernelRows);
    const double ratio
        = double(slowed.ranks[1].kernelTotalNs) / double(even.ranks[1].kernelTotalNs);
    QVERIFY2(qAbs(ratio - 1.03) < 0.001, qPrintable(QString::number(ratio)));
}

void TestGenerator::multiRank()
{
    GeneratorOptions o;
    o.events = 3000;
    o.ranks = 3;
    o.rankSlowdownPermille = 30; // a planted imbalance: +3% per rank
    const GeneratorResult r = generate(o, QStringLiteral("multi"));
    QVERIFY(r.ok);
    QCOMPARE(int(r.ranks.size()), 3);
    TimeNs previousWall = 0;
    for (const RankTruth &rank : r.ranks) {
        QVERIFY(rank.dir.endsWith(QStringLiteral("rank%1_ascend_pt").arg(rank.rank)));
        const QJsonObject info = QJsonDocument::fromJson(
            readAll(rank.dir + QStringLiteral("/profiler_info_%1.json").arg(rank.rank)))
                                     .object();
        QCOMPARE(info.value(QLatin1String("rank_id")).toInt(), rank.rank);
        TimeNs wall = 0;
        for (TimeNs w : rank.stepWallNs)
            wall += w;
        QVERIFY2(wall > previousWall, "each rank runs a little slower than the one before");
        previousWall = wall;
    }
    // Same model on every rank: same kernels and collectives.
    QCOMPARE(r.ranks[1].kernelRows, r.ranks[0].kernelRows);
    QCOMPARE(r.ranks[2].commOps, r.ranks[0].commOps);
}

void TestGenerator::eventCount_data()
{
    QTest::addColumn<qint64>("events");
    QTest::addColumn<QList<Plant>>("plants");
    QTest::newRow("5k") << qint64(5000) << QList<Plant>();
    QTest::newRow("20k") << qint64(20000) << QList<Plant>();
    QTest::newRow("20k planted") << qint64(20000) << allPlants();
    QTest::newRow("100k") << qint64(100000) << QList<Plant>();
}

void TestGenerator::eventCount()
{
    QFETCH(qint64, events);
    QFETCH(QList<Plant>, plants);
    GeneratorOptions o;
    o.events = events;
    o.plants = plants;
    const GeneratorResult r = generate(o);
    QVERIFY(r.ok);
    const qint64 got = r.ranks.front().traceEvents;
    QVERIFY2(qAbs(got - events) * 10 <= events, qPrintable(QString::number(got)));
}

void TestGenerator::otherFiles()
{
    GeneratorOptions o;
    o.events = 3000;
    o.steps = 4;
    const GeneratorResult r = generate(o);
    QVERIFY(r.ok);
    const RankTruth &rank = r.ranks.front();

    const QJsonObject info
        = QJsonDocument::fromJson(readAll(rank.dir + QStringLiteral("/profiler_info_0.json")))
              .object();
    const QJsonObject config = info.value(QLatin1String("config")).toObject();
    const QJsonObject common = config.value(QLatin1String("common_config")).toObject();
    const QJsonObject schedule = common.value(QLatin1String("schedule")).toObject();
    QCOMPARE(schedule.value(QLatin1String("active")).toInt(), 4);
    QCOMPARE(schedule.value(QLatin1String("wait")).toInt(), 1);
    QCOMPARE(schedule.value(QLatin1String("warmup")).toInt(), 1);
    QCOMPARE(common.value(QLatin1String("with_stack")).toBool(true), false);
    const QJsonObject experimental = config.value(QLatin1String("experimental_config")).toObject();
    QCOMPARE(
        experimental.value(QLatin1String("_profiler_level")).toString(), QStringLiteral("Level1"));
    QCOMPARE(experimental.value(QLatin1String("_aic_metrics")).toString(),
        QStringLiteral("ACL_AICORE_NONE"));
    QVERIFY(info.contains(QLatin1String("torch_npu_version")));
    QVERIFY(info.contains(QLatin1String("cann_version")));
    const double end = info.value(QLatin1String("end_info"))
                           .toObject()
                           .value(QLatin1String("collectionTimeEnd"))
                           .toDouble();
    QVERIFY(end > double(rank.lastTaskEndNs));
    QVERIFY(QJsonDocument::fromJson(readAll(rank.dir + QStringLiteral("/profiler_metadata.json")))
                .isObject());
    QCOMPARE(int(rank.steps.size()), 4);

    QStringList header;
    const QList<Row> ops = parseCsv(outputFile(rank, "operator_details.csv"), &header);
    QCOMPARE(header.size(), 9);
    QCOMPARE(header.first(), QStringLiteral("Name"));
    QVERIFY(ops.size() >= 10);
    for (const Row &row : ops)
        QVERIFY(row.value(QStringLiteral("Call Stack")).count(QLatin1Char('\n')) >= 3);

    const QList<Row> stats = parseCsv(outputFile(rank, "op_statistic.csv"));
    qint64 count = 0;
    TimeNs total = 0;
    for (const Row &row : stats) {
        count += row.value(QStringLiteral("Count")).toLongLong();
        total += cellNs(row, "Total Time(us)");
    }
    QCOMPARE(count, rank.computeKernels);
    QCOMPARE(total, rank.kernelTotalNs);
}

void TestGenerator::cancel_data()
{
    QTest::addColumn<int>("allowedCalls");
    QTest::newRow("at once") << 0;
    // 3000 events, 2 ranks: about 66 blocks per pass, 3 passes per rank, one call per block.
    QTest::newRow("host pass") << 40;
    QTest::newRow("device pass") << 100;
    QTest::newRow("second rank") << 250;
}

void TestGenerator::cancel()
{
    QFETCH(int, allowedCalls);
    GeneratorOptions o;
    o.events = 3000;
    o.ranks = 2;
    int calls = 0;
    qint64 lastDone = -1;
    bool monotonic = true;
    const ProgressFn progress = [&](qint64 done, qint64 total) {
        monotonic = monotonic && done >= lastDone && done <= total;
        lastDone = done;
        return calls++ < allowedCalls;
    };
    o.outDir = m_tmp.filePath(QStringLiteral("cancel%1").arg(allowedCalls));
    const GeneratorResult r = generateProfile(o, progress);
    QVERIFY(!r.ok);
    QCOMPARE(r.error, QStringLiteral("cancelled"));
    QCOMPARE(calls, allowedCalls + 1);
    QVERIFY(monotonic);
}

QTEST_GUILESS_MAIN(TestGenerator)
#include "tst_generator.moc"
