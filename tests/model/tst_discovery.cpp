#include "model/profile/discovery.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;

namespace {

void touch(const QString &path, const QByteArray &content = "x")
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(content);
}

// Lays out a rank folder the way torch_npu writes it.
QString makeRank(const QString &parent, const QString &name, int rank, bool oldLayout = false)
{
    const QString dir = parent + QLatin1Char('/') + name;
    touch(dir + QStringLiteral("/profiler_info_%1.json").arg(rank), "{}");
    const QString out = oldLayout ? dir : dir + QStringLiteral("/ASCEND_PROFILER_OUTPUT");
    touch(out + QStringLiteral("/kernel_details.csv"));
    touch(out + QStringLiteral("/trace_view.json"));
    touch(out + QStringLiteral("/step_trace_time.csv"));
    touch(out + QStringLiteral("/memory_record.csv"));
    return dir;
}

bool hasError(const ProfileSource &s)
{
    for (const Issue &i : s.issues)
        if (i.severity == Severity::Error)
            return true;
    return false;
}

} // namespace

class TstDiscovery : public QObject {
    Q_OBJECT
private slots:
    void parentOfRanks();
    void entryPoints_data();
    void entryPoints();
    void oldLayout();
    void rankFromRankId();
    void kinetoFolder();
    void errors_data();
    void errors();
    void notATrace_data();
    void notATrace();
    void settingsOpenTheirFolder_data();
    void settingsOpenTheirFolder();
    void symlinkLoop();
    void databaseOnly();
    void databaseLayouts();
    void samples();
    void partNames();
};

void TstDiscovery::parentOfRanks()
{
    QTemporaryDir tmp;
    makeRank(tmp.path(), QStringLiteral("w1_123_20250109_ascend_pt"), 1);
    makeRank(tmp.path(), QStringLiteral("w0_456_20250109_ascend_pt"), 0);
    touch(tmp.filePath(QStringLiteral("unrelated/readme.txt")));
    const ProfileSource s = discoverProfile(tmp.path());
    QVERIFY(!hasError(s));
    QCOMPARE(s.ranks.size(), std::size_t(2));
    QCOMPARE(s.ranks[0].rank, 0);
    QCOMPARE(s.ranks[1].rank, 1);
    QVERIFY(s.ranks[0].traceView.endsWith(QLatin1String("ASCEND_PROFILER_OUTPUT/trace_view.json")));
    QVERIFY(s.ranks[0].operatorDetails.isEmpty()); // not collected
    QCOMPARE(s.ranks[0].otherCsv.size(), 1);
    QCOMPARE(s.ranks[0].label(), QStringLiteral("rank 0"));
}

void TstDiscovery::entryPoints_data()
{
    QTest::addColumn<QString>("relative");
    QTest::addColumn<bool>("hasTrace");
    QTest::addColumn<bool>("hasKernels");
    QTest::newRow("rank folder") << QString() << true << true;
    QTest::newRow("output folder") << QStringLiteral("/ASCEND_PROFILER_OUTPUT") << true << true;
    QTest::newRow("profiler_info file") << QStringLiteral("/profiler_info_3.json") << true << true;
    QTest::newRow("trace_view.json alone")
        << QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json") << true << false;
    QTest::newRow("kernel_details.csv alone")
        << QStringLiteral("/ASCEND_PROFILER_OUTPUT/kernel_details.csv") << false << true;
}

void TstDiscovery::entryPoints()
{
    QFETCH(QString, relative);
    QFETCH(bool, hasTrace);
    QFETCH(bool, hasKernels);
    QTemporaryDir tmp;
    const QString rank = makeRank(tmp.path(), QStringLiteral("renamed_by_user_ascend_pt"), 3);
    const ProfileSource s = discoverProfile(rank + relative);
    QVERIFY(!hasError(s));
    QCOMPARE(s.ranks.size(), std::size_t(1));
    QCOMPARE(!s.ranks[0].traceView.isEmpty(), hasTrace);
    QCOMPARE(!s.ranks[0].kernelDetails.isEmpty(), hasKernels);
    QVERIFY(!s.ranks[0].kineto);
}

void TstDiscovery::oldLayout()
{
    QTemporaryDir tmp;
    const QString rank = makeRank(tmp.path(), QStringLiteral("x_ascend_pt"), 0, true);
    const ProfileSource s = discoverProfile(rank);
    QCOMPARE(s.ranks.size(), std::size_t(1));
    QVERIFY(!s.ranks[0].kernelDetails.isEmpty());
    QVERIFY(!s.ranks[0].stepTraceTime.isEmpty());
}

void TstDiscovery::rankFromRankId()
{
    QTemporaryDir tmp;
    touch(tmp.filePath(QStringLiteral("a_ascend_pt/profiler_info.json")), R"({"rank_id": "5"})");
    touch(tmp.filePath(QStringLiteral("a_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv")));
    const ProfileSource s = discoverProfile(tmp.path());
    QCOMPARE(s.ranks.size(), std::size_t(1));
    QCOMPARE(s.ranks[0].rank, 5);
}

void TstDiscovery::kinetoFolder()
{
    QTemporaryDir tmp;
    touch(tmp.filePath(QStringLiteral("worker0.1623143089861.pt.trace.json.gz")));
    touch(tmp.filePath(QStringLiteral("worker1.1623143089862.pt.trace.json")));
    const ProfileSource s = discoverProfile(tmp.path());
    QCOMPARE(s.ranks.size(), std::size_t(2));
    QVERIFY(s.ranks[0].kineto);
    QCOMPARE(s.ranks[0].label(), QStringLiteral("worker0.1623143089861.pt.trace.json.gz"));
}

void TstDiscovery::errors_data()
{
    QTest::addColumn<QString>("what");
    QTest::newRow("missing path") << QStringLiteral("missing");
    QTest::newRow("empty folder") << QStringLiteral("empty");
    QTest::newRow("unrelated file") << QStringLiteral("file");
}

void TstDiscovery::errors()
{
    QFETCH(QString, what);
    QTemporaryDir tmp;
    QString path = tmp.filePath(QStringLiteral("nope"));
    if (what == QLatin1String("empty")) {
        path = tmp.path();
    } else if (what == QLatin1String("file")) {
        path = tmp.filePath(QStringLiteral("notes.txt"));
        touch(path);
    }
    const ProfileSource s = discoverProfile(path);
    QVERIFY(s.ranks.empty());
    QVERIFY(hasError(s));
    QVERIFY(!s.issues.first().file.isEmpty());
}

// JSON files of a run that are not traces: named with what to open instead, nothing loaded.
void TstDiscovery::notATrace_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("beside"); // another file in the folder
    QTest::addColumn<QString>("message");
    const QByteArray et = R"({"schema": "1.0.2-chakra.0.0.4", "pid": 7, "nodes": [{"id": 1}]})";
    QTest::newRow("execution trace")
        << QStringLiteral("rank0_et.json") << et << QString()
        << QStringLiteral(
               "a PyTorch execution trace (no timings): open the Kineto trace of the same run");
    QTest::newRow("execution trace beside its Kineto trace")
        << QStringLiteral("rank0_et.json") << et << QStringLiteral("rank0.pt.trace.json")
        << QStringLiteral("a PyTorch execution trace (no timings): open the Kineto trace of the "
                          "same run (rank0.pt.trace.json is in this folder)");
    QTest::newRow("report --json")
        << QStringLiteral("report.json")
        << QByteArray(R"({"checks": [], "findings": [], "issues": [], "path": "/p"})") << QString()
        << QStringLiteral("an npuscope report without rank summaries (written by an older "
                          "npuscope): open the profile it describes, or report it again");
    QTest::newRow("compare --json")
        << QStringLiteral("diff.json") << QByteArray(R"({"base": {}, "by_bucket": []})")
        << QString()
        << QStringLiteral("an npuscope comparison (compare --json), not a profile: open one of "
                          "the two runs it compares");
}

void TstDiscovery::notATrace()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, content);
    QFETCH(QString, beside);
    QFETCH(QString, message);
    QTemporaryDir tmp;
    touch(tmp.filePath(name), content);
    if (!beside.isEmpty())
        touch(tmp.filePath(beside), R"({"traceEvents": []})");
    const ProfileSource s = discoverProfile(tmp.filePath(name));
    QVERIFY(s.ranks.empty());
    QCOMPARE(s.issues.size(), 1);
    QCOMPARE(s.issues.first().severity, Severity::Error);
    QCOMPARE(s.issues.first().file, tmp.filePath(name));
    QCOMPARE(s.issues.first().message, message);
    QVERIFY(!s.issues.first().damaged);
}

// The profiler's settings, by name or by content, and the other JSON files of a rank folder open
// that folder (as a double-click does), and say so; nothing is damaged.
void TstDiscovery::settingsOpenTheirFolder_data()
{
    QTest::addColumn<QString>("relative");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("message");
    const QString settings
        = QStringLiteral("the profiler's settings, not a trace: opening its profile folder");
    QTest::newRow("profiler_info_3.json")
        << QStringLiteral("profiler_info_3.json") << QByteArray("{}") << settings;
    QTest::newRow("profiler_metadata.json")
        << QStringLiteral("profiler_metadata.json")
        << QByteArray(R"({"ENV_VARIABLES": {"HCCL_RDMA_TC": ""}})") << settings;
    QTest::newRow("renamed, told by its keys")
        << QStringLiteral("settings copy.json")
        << QByteArray(R"({"config": {"common_config": {}}, "end_info": {}, "rank_id": 3})")
        << settings;
    QTest::newRow("communication.json")
        << QStringLiteral("ASCEND_PROFILER_OUTPUT/communication.json")
        << QByteArray(R"({"step50": {"p2p": {}, "collective": {}}})")
        << QStringLiteral("a file of a profile folder, not a trace: opening that folder");
}

void TstDiscovery::settingsOpenTheirFolder()
{
    QFETCH(QString, relative);
    QFETCH(QByteArray, content);
    QFETCH(QString, message);
    QTemporaryDir tmp;
    const QString rank = makeRank(tmp.path(), QStringLiteral("w_ascend_pt"), 3);
    touch(rank + QLatin1Char('/') + relative, content);
    const ProfileSource s = discoverProfile(rank + QLatin1Char('/') + relative);
    QCOMPARE(s.ranks.size(), std::size_t(1));
    QCOMPARE(s.ranks[0].dir, rank);
    QCOMPARE(s.ranks[0].rank, 3);
    QVERIFY(!s.ranks[0].traceView.isEmpty());
    QCOMPARE(s.issues.size(), 1);
    QCOMPARE(s.issues.first().severity, Severity::Info);
    QCOMPARE(s.issues.first().message, message);
}

void TstDiscovery::symlinkLoop()
{
    QTemporaryDir tmp;
    makeRank(tmp.path(), QStringLiteral("r0_ascend_pt"), 0);
    QVERIFY(QFile::link(tmp.path(), tmp.filePath(QStringLiteral("loop_ascend_pt"))));
    const ProfileSource s = discoverProfile(tmp.path()); // must terminate
    QVERIFY(s.ranks.size() >= 1);
}

void TstDiscovery::databaseOnly()
{
    QTemporaryDir tmp;
    touch(tmp.filePath(QStringLiteral("r_ascend_pt/profiler_info_0.json")), "{}");
    touch(tmp.filePath(
        QStringLiteral("r_ascend_pt/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db")));
    touch(tmp.filePath(QStringLiteral("r_ascend_pt/ASCEND_PROFILER_OUTPUT/analysis.db")));
    const ProfileSource s = discoverProfile(tmp.filePath(QStringLiteral("r_ascend_pt")));
    QCOMPARE(s.ranks.size(), std::size_t(1));
    QVERIFY(s.issues.isEmpty());
    const RankSource &r = s.ranks[0];
    QVERIFY(r.database.endsWith(QLatin1String("/ascend_pytorch_profiler_0.db")));
    QVERIFY(r.analysisDatabase.endsWith(QLatin1String("/analysis.db")));
    QVERIFY(r.otherSource.isEmpty());
    QCOMPARE(r.rank, 0);
}

void TstDiscovery::databaseLayouts()
{
    QTemporaryDir tmp;
    // MindSpore: *_ascend_ms with its renamed database; msprof: PROF_* with msprof_*.db and
    // communication_analyzer.db; a lone database without a profiler_info file names its rank.
    touch(tmp.filePath(
        QStringLiteral("run/w_ascend_ms/ASCEND_PROFILER_OUTPUT/ascend_mindspore_profiler_3.db")));
    touch(tmp.filePath(QStringLiteral("run/PROF_000001_20250101/msprof_20250101.db")));
    touch(tmp.filePath(QStringLiteral("run/PROF_000001_20250101/communication_analyzer.db")));
    touch(tmp.filePath(QStringLiteral("run/notes.txt")), "x");
    const ProfileSource s = discoverProfile(tmp.filePath(QStringLiteral("run")));
    QCOMPARE(s.ranks.size(), std::size_t(2));
    QCOMPARE(s.ranks[0].rank, 3); // from the file name
    QVERIFY(s.ranks[0].database.endsWith(QLatin1String("ascend_mindspore_profiler_3.db")));
    QVERIFY(s.ranks[1].database.endsWith(QLatin1String("msprof_20250101.db")));
    QVERIFY(s.ranks[1].analysisDatabase.endsWith(QLatin1String("communication_analyzer.db")));
    // The database file itself opens its rank folder.
    const ProfileSource file = discoverProfile(tmp.filePath(
        QStringLiteral("run/w_ascend_ms/ASCEND_PROFILER_OUTPUT/ascend_mindspore_profiler_3.db")));
    QCOMPARE(file.ranks.size(), std::size_t(1));
    QVERIFY(file.ranks[0].dir.endsWith(QLatin1String("w_ascend_ms")));
}

void TstDiscovery::samples()
{
    const QString base = QStringLiteral(NPUSCOPE_SAMPLES_DIR);
    if (!QDir(base).exists())
        QSKIP("samples not present");
    const ProfileSource multi = discoverProfile(base + QStringLiteral("/ascend-2025-11"));
    QCOMPARE(multi.ranks.size(), std::size_t(4));
    for (int r = 0; r < 4; ++r)
        QCOMPARE(multi.ranks[std::size_t(r)].rank, r);
    QVERIFY(multi.ranks[1].kernelDetails.isEmpty());
    QVERIFY(!multi.ranks[1].stepTraceTime.isEmpty());
    QVERIFY(multi.ranks[0].traceView.isEmpty()); // not in the snapshot
    const ProfileSource two = discoverProfile(base + QStringLiteral("/ascend-2025-01/level1"));
    QCOMPARE(two.ranks.size(), std::size_t(2));
    QVERIFY(!two.ranks[1].communicationMatrix.isEmpty());
}

// What messages call a part of the export: its file in a text export (the file read, when it
// has another name), its table in a database.
void TstDiscovery::partNames()
{
    using Part = RankSource::Part;
    RankSource text;
    QCOMPARE(text.partName(Part::Kernels), QStringLiteral("kernel_details.csv"));
    QCOMPARE(text.partName(Part::Trace), QStringLiteral("trace_view.json"));
    QCOMPARE(text.partName(Part::MemoryRecord), QStringLiteral("memory_record.csv"));
    QCOMPARE(text.partName(Part::OperatorMemory), QStringLiteral("operator_memory.csv"));
    QCOMPARE(text.partName(Part::ModuleMemory), QStringLiteral("npu_module_mem.csv"));
    QCOMPARE(text.partName(Part::StepTrace), QStringLiteral("step_trace_time.csv"));
    RankSource msprof;
    msprof.kernelDetails
        = QStringLiteral("/p/PROF_1/mindstudio_profiler_output/op_summary_0_1.csv");
    msprof.traceView = QStringLiteral("/p/PROF_1/mindstudio_profiler_output/msprof_0_1.json");
    QCOMPARE(msprof.partName(Part::Kernels), QStringLiteral("op_summary_0_1.csv"));
    QCOMPARE(msprof.partName(Part::Trace), QStringLiteral("msprof_0_1.json"));
    RankSource db;
    db.database = QStringLiteral("/p/rank3_ascend_pt/ASCEND_PROFILER_OUTPUT/"
                                 "ascend_pytorch_profiler_3.db");
    QCOMPARE(db.partName(Part::Trace), QStringLiteral("ascend_pytorch_profiler_3.db"));
    QCOMPARE(db.partName(Part::Kernels),
        QStringLiteral("COMPUTE_TASK_INFO in ascend_pytorch_profiler_3.db"));
    QCOMPARE(db.partName(Part::MemoryRecord),
        QStringLiteral("MEMORY_RECORD in ascend_pytorch_profiler_3.db"));
    QCOMPARE(db.partName(Part::OperatorMemory),
        QStringLiteral("OP_MEMORY in ascend_pytorch_profiler_3.db"));
    QCOMPARE(db.partName(Part::ModuleMemory),
        QStringLiteral("NPU_MODULE_MEM in ascend_pytorch_profiler_3.db"));
    QCOMPARE(db.partName(Part::StepTrace), QStringLiteral("StepTraceTime in analysis.db"));
    db.analysisDatabase = QStringLiteral("/p/PROF_2/communication_analyzer.db");
    QCOMPARE(
        db.partName(Part::StepTrace), QStringLiteral("StepTraceTime in communication_analyzer.db"));
}

QTEST_APPLESS_MAIN(TstDiscovery)
#include "tst_discovery.moc"
