#include "app/commands/commandline.h"
#include "app/commands/reportcommand.h"
#include "app/reports/reportjson.h"
#include "model/profile/profileloader.h"

#include "runbinary.h"
#include "treehash.h"
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;

namespace {

const QString kLevel1
    = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-01/level1/rank0_ascend_pt");

using Run = test::BinaryRun;

Run runBinary(const QStringList &args) { return test::runNpuscope(args); }

// The ranks of `npuscope report PATH --json`; empty unless it exits with 0.
QJsonArray reportRanks(const QString &path)
{
    const Run r = runBinary({ QStringLiteral("report"), path, QStringLiteral("--json") });
    if (r.exitCode != 0)
        return {};
    return QJsonDocument::fromJson(r.out).object()[QStringLiteral("ranks")].toArray();
}

} // namespace

class TstReportCommand : public QObject {
    Q_OBJECT
private slots:
    void jsonOnSample();
    void textOnSample();
    void deviceTimeOnSamples();
    void exitCodes_data();
    void exitCodes();
    void generateThenReport();
    void notATrace();
    void generateDatabase();
    void findingsJsonOnSample();
    void findingsJsonOnGenerated_data();
    void findingsJsonOnGenerated();
    void findingsFirstInText();
    void damagedCsv_data();
    void damagedCsv();
    void checksOnLevel0();
    void databaseFolder();
    void databaseAgainstText();
    void damagedDatabase();
    void databaseNamesItsTables();
};

void TstReportCommand::jsonOnSample()
{
    if (!QDir(kLevel1).exists())
        QSKIP("samples not present");
    const Run r = runBinary({ QStringLiteral("report"), kLevel1, QStringLiteral("--json"),
        QStringLiteral("--top"), QStringLiteral("5") });
    QCOMPARE(r.exitCode, 0);
    const QJsonObject root = QJsonDocument::fromJson(r.out).object();
    const QJsonArray ranks = root[QStringLiteral("ranks")].toArray();
    QCOMPARE(ranks.size(), 1);
    const QJsonObject rank = ranks[0].toObject();
    QCOMPARE(rank[QStringLiteral("rank")].toInt(), 0);
    const QJsonObject profiler = rank[QStringLiteral("profiler")].toObject();
    QCOMPARE(profiler[QStringLiteral("level")].toString(), QStringLiteral("Level1"));
    QCOMPARE(profiler[QStringLiteral("with_stack")].toBool(), true);
    const QJsonObject trace = rank[QStringLiteral("trace")].toObject();
    QCOMPARE(trace[QStringLiteral("events")].toInteger(), 10112); // python: len(json.load(f))
    const QJsonObject kernels = rank[QStringLiteral("kernels")].toObject();
    QCOMPARE(kernels[QStringLiteral("count")].toInteger(), 191);
    // pandas/Decimal sums of Duration(us) and Wait Time(us) of the same CSV.
    QVERIFY(qAbs(kernels[QStringLiteral("total_duration_us")].toDouble() - 114865.613) < 0.001);
    QVERIFY(qAbs(kernels[QStringLiteral("total_wait_us")].toDouble() - 101120.641) < 0.001);
    const QJsonArray top = rank[QStringLiteral("top_kernels")].toArray();
    QCOMPARE(top.size(), 5);
    QVERIFY(top[0].toObject()[QStringLiteral("duration_us")].toDouble()
        >= top[1].toObject()[QStringLiteral("duration_us")].toDouble());
    double share = 0;
    for (const QJsonValue &v : rank[QStringLiteral("by_type")].toArray())
        share += v.toObject()[QStringLiteral("share")].toDouble();
    QVERIFY(qAbs(share - 1.0) < 1e-9);
    const QJsonArray steps = rank[QStringLiteral("steps")].toArray();
    QCOMPARE(steps.size(), 1);
    QCOMPARE(steps[0].toObject()[QStringLiteral("step")].toString(), QStringLiteral("50"));
    QVERIFY(qAbs(steps[0].toObject()[QStringLiteral("free_us")].toDouble() - 25744.05) < 0.001);
    // The call tree: every kernel microsecond attributed, the allreduce's launcher on top.
    const QJsonObject tree = rank[QStringLiteral("call_tree")].toObject();
    QCOMPARE(tree[QStringLiteral("source")].toString(), QStringLiteral("python_frames"));
    QVERIFY(qAbs(tree[QStringLiteral("total_device_us")].toDouble() - 114865.613) < 0.001);
    QCOMPARE(tree[QStringLiteral("unattributed_device_us")].toDouble(), 0.0);
    QCOMPARE(tree[QStringLiteral("kernels_by_rule")]
                 .toObject()[QStringLiteral("flow/forward_backward")]
                 .toInt(),
        89);
    const QJsonArray frames = tree[QStringLiteral("top_frames")].toArray();
    QCOMPARE(frames.size(), 5);
    const QJsonObject first = frames[0].toObject();
    QCOMPARE(first[QStringLiteral("frame")].toString(), QStringLiteral("HcclAllreduce"));
    QVERIFY(qAbs(first[QStringLiteral("self_device_us")].toDouble() - 105991.876) < 0.001);
    QVERIFY(first[QStringLiteral("depth")].toInt() > 10);
}

void TstReportCommand::textOnSample()
{
    if (!QDir(kLevel1).exists())
        QSKIP("samples not present");
    const LoadResult loaded = loadProfile(kLevel1);
    const QString text = renderReportText(profileReportJson(*loaded.profile, 3), 3);
    QVERIFY(text.contains(QStringLiteral("Profiler: Level1")));
    QVERIFY(text.contains(QStringLiteral("Kernels: 191 rows, total duration 114865.613 us")));
    QVERIFY(text.contains(QStringLiteral("Top 3 kernels by duration")));
    QVERIFY(text.contains(QStringLiteral("By Type (top 3 of")));
}

// HTA's analyses in the report: a Kineto trace's steps in their device window, never busier than
// long; device_time's parts add up to its span; what a trace lacks says so.
void TstReportCommand::deviceTimeOnSamples()
{
    const QString kineto = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/kineto");
    if (!QDir(kLevel1).exists() || !QDir(kineto).exists())
        QSKIP("samples not present");
    for (const QString &path : { kineto, kLevel1 }) {
        const LoadResult loaded = loadProfile(path);
        const QJsonObject report = profileReportJson(*loaded.profile, 3);
        const QJsonObject rank = report[QStringLiteral("ranks")].toArray()[0].toObject();
        const bool gpu = path == kineto;
        for (const QJsonValue &v : rank[QStringLiteral("steps")].toArray()) {
            const QJsonObject s = v.toObject();
            QCOMPARE(s[QStringLiteral("window")].toString(),
                gpu ? QStringLiteral("device") : QStringLiteral("host"));
            QVERIFY(s[QStringLiteral("device_busy_us")].toDouble()
                <= s[QStringLiteral("wall_us")].toDouble());
            QCOMPARE(s.contains(QStringLiteral("host_wall_us")), gpu);
        }
        const QJsonObject t = rank[QStringLiteral("device_time")].toObject();
        QCOMPARE(t[QStringLiteral("scope")].toString(),
            gpu ? QStringLiteral("launched_before_last_step") : QStringLiteral("all"));
        const double parts = t[QStringLiteral("idle_us")].toDouble()
            + t[QStringLiteral("compute_us")].toDouble()
            + t[QStringLiteral("non_compute_us")].toDouble();
        QVERIFY(qAbs(parts - t[QStringLiteral("span_us")].toDouble()) < 0.002);
        const QJsonObject a = rank[QStringLiteral("device_analyses")].toObject();
        // The GPU sample has no NCCL kernel; the Ascend sample's allreduce overlaps compute.
        QCOMPARE(a[QStringLiteral("comm_comp_overlap")].toObject().contains(
                     QStringLiteral("not_in_trace")),
            gpu);
        // Queue lengths wherever launches are linked (Kineto flows, torch_npu's launch flows).
        QCOMPARE(a[QStringLiteral("queue_length")].isArray(),
            !a[QStringLiteral("kernel_launches")].toObject().contains(
                QStringLiteral("not_in_trace")));
        const QString text = renderReportText(report, 3);
        QVERIFY(text.contains(QStringLiteral("Device time (HTA's temporal breakdown)")));
        QCOMPARE(text.contains(QStringLiteral("Not in this trace: no communication kernels")), gpu);
    }
}

void TstReportCommand::exitCodes_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::newRow("no path") << QStringList { QStringLiteral("report") } << int(kExitUserError);
    QTest::newRow("missing path") << QStringList { QStringLiteral("report"),
        QStringLiteral("/no/such/profile") }
                                  << int(kExitUserError);
    QTest::newRow("bad --top") << QStringList { QStringLiteral("report"), QStringLiteral("."),
        QStringLiteral("--top"), QStringLiteral("x") }
                               << int(kExitUserError);
    QTest::newRow("help") << QStringList { QStringLiteral("report"), QStringLiteral("--help") }
                          << int(kExitOk);
    QTest::newRow("generate bad plant") << QStringList { QStringLiteral("generate"),
        QStringLiteral("/tmp/x"), QStringLiteral("--plant"), QStringLiteral("nosuch") }
                                        << int(kExitUserError);
    QTest::newRow("generate bad format") << QStringList { QStringLiteral("generate"),
        QStringLiteral("/tmp/x"), QStringLiteral("--format"), QStringLiteral("sqlite") }
                                         << int(kExitUserError);
}

void TstReportCommand::exitCodes()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    const Run r = runBinary(args);
    QCOMPARE(r.exitCode, code);
    if (code == kExitUserError)
        QVERIFY(!r.err.isEmpty());
}

void TstReportCommand::generateThenReport()
{
    QTemporaryDir tmp;
    const Run g = runBinary({ QStringLiteral("generate"), tmp.path(), QStringLiteral("--events"),
        QStringLiteral("3000"), QStringLiteral("--ranks"), QStringLiteral("2") });
    QCOMPARE(g.exitCode, 0);
    const QJsonArray ranks = reportRanks(tmp.path());
    QCOMPARE(ranks.size(), 2);
    for (const QJsonValue &v : ranks) {
        const QJsonObject rank = v.toObject();
        QVERIFY(
            rank[QStringLiteral("kernels")].toObject()[QStringLiteral("count")].toInteger() > 0);
        QCOMPARE(rank[QStringLiteral("kernels_joined_to_trace")].toInteger(),
            rank[QStringLiteral("kernels")].toObject()[QStringLiteral("count")].toInteger());
        QVERIFY(rank[QStringLiteral("issues")].toArray().isEmpty());
    }
    // A damaged trace: the report still comes, with exit code 2 and the location.
    const QString trace = ranks[0].toObject()[QStringLiteral("path")].toString()
        + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json");
    QFile f(trace);
    QVERIFY(f.open(QIODevice::ReadWrite));
    QVERIFY(f.resize(f.size() - 40));
    f.close();
    const Run damaged = runBinary({ QStringLiteral("report"), trace });
    QCOMPARE(damaged.exitCode, int(kExitDataError));
    QVERIFY(damaged.out.contains("byte "));
}

// JSON files of a run that are not traces (issue 41): named, with what to open instead, exit 1
// (the user's mistake, nothing damaged). The report and comparison are npuscope's own output.
void TstReportCommand::notATrace()
{
    QTemporaryDir tmp;
    const QString et = tmp.filePath(QStringLiteral("rank0_et.json"));
    QFile f(et);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"schema": "1.0.2-chakra.0.0.4", "pid": 7, "time": "2025-01-09", "start_ts": 1,
  "nodes": [{"id": 1, "name": "[pytorch|profiler|execution_trace|process]", "ctrl_deps": 1}],
  "finish_ts": 2})");
    f.close();
    const QString gen = tmp.filePath(QStringLiteral("gen"));
    QCOMPARE(runBinary({ QStringLiteral("generate"), gen, QStringLiteral("--events"),
                           QStringLiteral("2000") })
                 .exitCode,
        0);
    const auto save = [&tmp](const QString &name, const Run &run) {
        QFile out(tmp.filePath(name));
        return run.exitCode == 0 && out.open(QIODevice::WriteOnly) && out.write(run.out) > 0;
    };
    // A report of an npuscope without rank summaries (a report that has them opens its ranks:
    // tst_reportsummaries).
    QFile old(tmp.filePath(QStringLiteral("old.json")));
    QVERIFY(old.open(QIODevice::WriteOnly));
    old.write(R"({"checks": [], "findings": [], "issues": [], "path": "/p",
                  "ranks": [{"rank": 0, "path": "/p", "issues": []}]})");
    old.close();
    QVERIFY(save(QStringLiteral("diff.json"),
        runBinary({ QStringLiteral("compare"), gen, gen, QStringLiteral("--json") })));
    const QList<std::pair<QStringList, QByteArray>> cases {
        { { QStringLiteral("report"), et },
            "a PyTorch execution trace (no timings): open the "
            "Kineto trace of the same run" },
        { { QStringLiteral("report"), et, QStringLiteral("--json") }, "execution trace" },
        { { QStringLiteral("compare"), et, gen }, "execution trace" },
        { { QStringLiteral("report"), tmp.filePath(QStringLiteral("old.json")) },
            "an npuscope report without rank summaries" },
        { { QStringLiteral("report"), tmp.filePath(QStringLiteral("diff.json")) },
            "an npuscope comparison (compare --json), not a profile" },
    };
    for (const auto &[args, message] : cases) {
        const Run r = runBinary(args);
        QVERIFY2(r.exitCode == kExitUserError, qPrintable(args.join(QLatin1Char(' '))));
        QVERIFY2(r.err.contains(message), r.err.constData());
        QVERIFY2(r.out.isEmpty(), r.out.left(200).constData());
    }
}

// --format db: the database and analysis.db, no trace or CSV; the summary names the database.
void TstReportCommand::generateDatabase()
{
    QTemporaryDir tmp;
    const Run g = runBinary({ QStringLiteral("generate"), tmp.path(), QStringLiteral("--events"),
        QStringLiteral("3000"), QStringLiteral("--format"), QStringLiteral("db") });
    QCOMPARE(g.exitCode, 0);
    const QString out = tmp.filePath(QStringLiteral("rank0_ascend_pt/ASCEND_PROFILER_OUTPUT"));
    QVERIFY(
        g.out.contains(QFile::encodeName(out + QStringLiteral("/ascend_pytorch_profiler_0.db"))));
    QCOMPARE(QDir(out).entryList(QDir::Files),
        QStringList(
            { QStringLiteral("analysis.db"), QStringLiteral("ascend_pytorch_profiler_0.db") }));
}

void TstReportCommand::findingsJsonOnSample()
{
    if (!QDir(kLevel1).exists())
        QSKIP("samples not present");
    const Run r = runBinary({ QStringLiteral("report"), kLevel1, QStringLiteral("--json"),
        QStringLiteral("--top"), QStringLiteral("5") });
    QCOMPARE(r.exitCode, 0);
    const QJsonObject root = QJsonDocument::fromJson(r.out).object();
    QVERIFY(
        root[QStringLiteral("findings")].isArray()); // profile-wide (rank-imbalance); one rank here
    QVERIFY(root[QStringLiteral("findings")].toArray().isEmpty());
    const QJsonObject rank = root[QStringLiteral("ranks")].toArray()[0].toObject();
    QStringList ids;
    QJsonObject transData;
    for (const QJsonValue &v : rank[QStringLiteral("findings")].toArray()) {
        const QJsonObject f = v.toObject();
        for (const char *key : { "id", "severity", "title", "metrics", "advice", "evidence" })
            QVERIFY2(f.contains(QLatin1String(key)), key);
        QVERIFY(QStringList(
            { QStringLiteral("info"), QStringLiteral("warning"), QStringLiteral("critical") })
                    .contains(f[QStringLiteral("severity")].toString()));
        ids << f[QStringLiteral("id")].toString();
        if (ids.last() == QLatin1String("transdata-overhead"))
            transData = f;
    }
    // low-block-dim is not checked: the text export does not record the chip. The advisor's
    // environment, dynamic-shape and affinity-API findings are (issue 36).
    for (const char *id : { "profiler-overhead", "transdata-overhead", "comm-not-overlapped",
             "host-bound", "unaccounted-time", "env-vars", "dynamic-shape", "affinity-api" })
        QVERIFY2(ids.contains(QLatin1String(id)), id);
    const QJsonObject metrics = transData[QStringLiteral("metrics")].toObject();
    QCOMPARE(metrics[QStringLiteral("transdata_tasks")].toInteger(), 57);
    QVERIFY(qAbs(metrics[QStringLiteral("transdata_time_us")].toDouble() - 1423.202) < 1e-6);
    const QJsonObject evidence = transData[QStringLiteral("evidence")].toArray()[0].toObject();
    QVERIFY(evidence[QStringLiteral("row")].toInt() >= 0);
    QVERIFY(evidence[QStringLiteral("event")].isObject());
    QVERIFY(evidence[QStringLiteral("end_us")].toDouble()
        > evidence[QStringLiteral("start_us")].toDouble());
    const QJsonObject gaps = rank[QStringLiteral("gaps")].toObject();
    QVERIFY(gaps[QStringLiteral("count")].toInteger() > 0);
    QVERIFY(gaps[QStringLiteral("total_us")].toDouble() > 0);
    QCOMPARE(gaps[QStringLiteral("largest")].toArray().size(), 5);
    QCOMPARE(gaps[QStringLiteral("largest")]
                 .toArray()[0]
                 .toObject()[QStringLiteral("next_kernel")]
                 .toString(),
        QStringLiteral("trans_TransData_0"));
    const QJsonObject step = rank[QStringLiteral("steps")].toArray()[0].toObject();
    QVERIFY(qAbs(step[QStringLiteral("free_us")].toDouble() - 25744.05)
        < 0.001); // the CSV's, unchanged
    QVERIFY(qAbs(step[QStringLiteral("wall_us")].toDouble() - 155985.8) < 0.001); // ProfilerStep#50
    QVERIFY(qAbs(step[QStringLiteral("device_busy_us")].toDouble() - 110836.94) < 0.01);
    QVERIFY(qAbs(step[QStringLiteral("unaccounted_us")].toDouble() - 45148.86) < 0.01);
}

void TstReportCommand::findingsJsonOnGenerated_data()
{
    QTest::addColumn<QString>("plants");
    QTest::addColumn<QStringList>("ids");
    QTest::newRow("clean") << QString() << QStringList();
    QTest::newRow("hostbound") << QStringLiteral("hostbound")
                               << QStringList { QStringLiteral("host-bound"),
                                      QStringLiteral("unaccounted-time") };
    QTest::newRow("transdata,aicpu")
        << QStringLiteral("transdata,aicpu")
        << QStringList { QStringLiteral("ai-cpu-fallback"), QStringLiteral("transdata-overhead") };
}

void TstReportCommand::findingsJsonOnGenerated()
{
    QFETCH(QString, plants);
    QFETCH(QStringList, ids);
    QTemporaryDir tmp;
    QStringList args { QStringLiteral("generate"), tmp.path(), QStringLiteral("--events"),
        QStringLiteral("4000"), QStringLiteral("--seed"), QStringLiteral("2") };
    if (!plants.isEmpty())
        args << QStringLiteral("--plant") << plants;
    QCOMPARE(runBinary(args).exitCode, 0);
    const Run r = runBinary({ QStringLiteral("report"), tmp.path(), QStringLiteral("--json") });
    QCOMPARE(r.exitCode, 0);
    const QJsonObject rank
        = QJsonDocument::fromJson(r.out).object()[QStringLiteral("ranks")].toArray()[0].toObject();
    QStringList got;
    for (const QJsonValue &v : rank[QStringLiteral("findings")].toArray())
        got << v.toObject()[QStringLiteral("id")].toString();
    got.sort();
    // The generator lowers the AI Core clock in some layers (generatorsim.cpp), which
    // aicore-frequency rightly finds whatever was planted; its layers run aten::add then
    // aten::layer_norm, which fusible-ops rightly finds (torch_npu.npu_add_layer_norm).
    got.removeAll(QStringLiteral("aicore-frequency"));
    got.removeAll(QStringLiteral("fusible-ops"));
    QCOMPARE(got, ids);
    // Generated profiles have a trace: every step carries the breakdown.
    const QJsonArray steps = rank[QStringLiteral("steps")].toArray();
    QCOMPARE(steps.size(), 3);
    for (const QJsonValue &v : steps) {
        const QJsonObject s = v.toObject();
        QVERIFY(s[QStringLiteral("wall_us")].toDouble() > 0);
        QVERIFY(s[QStringLiteral("device_busy_us")].toDouble()
            <= s[QStringLiteral("wall_us")].toDouble());
        QVERIFY(qAbs(s[QStringLiteral("wall_us")].toDouble()
                    - s[QStringLiteral("device_busy_us")].toDouble()
                    - s[QStringLiteral("unaccounted_us")].toDouble())
            < 0.002);
    }
    QVERIFY(rank[QStringLiteral("gaps")].toObject().contains(QStringLiteral("largest")));
}

void TstReportCommand::findingsFirstInText()
{
    if (!QDir(kLevel1).exists())
        QSKIP("samples not present");
    const LoadResult loaded = loadProfile(kLevel1);
    const QString text = renderReportText(profileReportJson(*loaded.profile, 3), 3);
    const qsizetype findings = text.indexOf(QStringLiteral("\nFindings\n"));
    QVERIFY(findings > 0);
    QVERIFY(findings < text.indexOf(QStringLiteral("Top 3 kernels by duration")));
    QVERIFY(text.contains(QStringLiteral("(transdata-overhead)")));
    QVERIFY(text.contains(QStringLiteral("torch_npu.npu_format_cast")));
    QVERIFY(text.contains(QStringLiteral("AiCMetrics.AiCoreNone"))); // the collection snippet
    QVERIFY(text.contains(QStringLiteral("Device idle: 91 gaps")));
    QVERIFY(text.contains(QStringLiteral("Unaccounted(us)")));
}

void TstReportCommand::damagedCsv_data()
{
    // How line 5 of kernel_details.csv is damaged; "" leaves it whole.
    QTest::addColumn<QString>("damage");
    QTest::addColumn<int>("code");
    QTest::newRow("intact") << QString() << int(kExitOk);
    QTest::newRow("row cut short") << QStringLiteral("cut") << int(kExitDataError);
    QTest::newRow("Duration not a time") << QStringLiteral("time") << int(kExitDataError);
}

void TstReportCommand::damagedCsv()
{
    // Findings computed on part of the rows must not pass for a clean run: exit code 2, and
    // stderr names the file and the line.
    QFETCH(QString, damage);
    QFETCH(int, code);
    QTemporaryDir tmp;
    QCOMPARE(runBinary({ QStringLiteral("generate"), tmp.path(), QStringLiteral("--events"),
                           QStringLiteral("3000") })
                 .exitCode,
        0);
    const QString csv
        = tmp.path() + QStringLiteral("/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv");
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QList<QByteArray> lines = f.readAll().split('\n');
    f.close();
    QList<QByteArray> cells = lines[4].split(',');
    QCOMPARE(lines[0].split(',')[9], QByteArray("Duration(us)"));
    if (damage == QLatin1String("cut")) {
        lines[4] = cells.mid(0, 3).join(',') + '\r';
    } else if (damage == QLatin1String("time")) {
        cells[9] = "12x.5";
        lines[4] = cells.join(',');
    }
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(lines.join('\n'));
    f.close();
    const Run r = runBinary({ QStringLiteral("report"), tmp.path() });
    QCOMPARE(r.exitCode, code);
    QVERIFY(!r.out.isEmpty()); // the report still comes
    if (code == kExitOk)
        return;
    QVERIFY2(r.err.contains("kernel_details.csv (line 5)"), r.err.constData());
}

void TstReportCommand::checksOnLevel0()
{
    // Level0 has no Accelerator Core and no Block Dim: two checks could not run, and the report
    // says so rather than listing nothing.
    const QString level0
        = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-01/level0/rank0_ascend_pt");
    if (!QDir(level0).exists())
        QSKIP("samples not present");
    const Run r = runBinary({ QStringLiteral("report"), level0, QStringLiteral("--json") });
    QCOMPARE(r.exitCode, 0);
    const QJsonObject root = QJsonDocument::fromJson(r.out).object();
    const QJsonObject rank = root[QStringLiteral("ranks")].toArray()[0].toObject();
    QStringList notChecked, all;
    for (const QJsonValue &v : rank[QStringLiteral("checks")].toArray()) {
        const QJsonObject c = v.toObject();
        all << c[QStringLiteral("id")].toString();
        QVERIFY(QStringList(
            { QStringLiteral("found"), QStringLiteral("clear"), QStringLiteral("not_checked") })
                    .contains(c[QStringLiteral("status")].toString()));
        if (c[QStringLiteral("status")].toString() != QLatin1String("not_checked"))
            continue;
        notChecked << all.last();
        QVERIFY(!c[QStringLiteral("collect")].toString().isEmpty());
        // The memory checks: one step (no growth to see), no device memory size recorded.
        if (all.last().startsWith(QLatin1String("memory-")))
            continue;
        QVERIFY(c[QStringLiteral("reason")].toString().contains(QStringLiteral("Level0")));
    }
    // Level0 has no communication statistics nor pipeline ratios either; its trace keeps the
    // AI Core clock, so aicore-frequency runs. Its trace has no CANN API events (sync-stream,
    // op-dispatch, memory-ops) and no GC events; its framework events are there (dataloader,
    // syncbn).
    QCOMPARE(notChecked,
        QStringList({ QStringLiteral("ai-cpu-fallback"), QStringLiteral("low-block-dim"),
            QStringLiteral("memory-near-capacity"), QStringLiteral("memory-growth"),
            QStringLiteral("dynamic-shape"), QStringLiteral("comm-byte-alignment"),
            QStringLiteral("comm-small-packets"), QStringLiteral("comm-bandwidth"),
            QStringLiteral("comm-retransmission"), QStringLiteral("aicore-op-efficiency"),
            QStringLiteral("op-bound"), QStringLiteral("op-no-bound"),
            QStringLiteral("sync-stream"), QStringLiteral("gc"), QStringLiteral("op-dispatch"),
            QStringLiteral("memory-ops") }));
    QCOMPARE(all.size(), 29);
    const QJsonArray profileChecks = root[QStringLiteral("checks")].toArray();
    QCOMPARE(profileChecks.size(), 3); // rank-imbalance, pp-stage-imbalance, slow-link
    for (const QJsonValue &c : profileChecks) // one rank given
        QCOMPARE(c.toObject()[QStringLiteral("status")].toString(), QStringLiteral("not_checked"));
    const Run text = runBinary({ QStringLiteral("report"), level0 });
    QVERIFY(text.out.contains("Not checked (data missing)\n  ai-cpu-fallback\n"));
}

namespace {

const QString kDbSamples = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-01-db/level1");

// A writable copy of the two level1 database ranks: SQLite could write a journal, -wal or -shm
// file beside a database it may write to, where the read-only samples would hide it.
bool copyDatabaseRanks(const QString &to)
{
    for (int r = 0; r < 2; ++r) {
        const QString rel = QStringLiteral("rank%1_ascend_pt").arg(r);
        for (const QString &f : { QStringLiteral("/profiler_info_%1.json").arg(r),
                 QStringLiteral("/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_%1.db").arg(r),
                 QStringLiteral("/ASCEND_PROFILER_OUTPUT/analysis.db") }) {
            QDir().mkpath(QFileInfo(to + u'/' + rel + f).path());
            if (!QFile::copy(kDbSamples + u'/' + rel + f, to + u'/' + rel + f))
                return false;
            QFile::setPermissions(to + u'/' + rel + f, QFile::ReadOwner | QFile::WriteOwner);
        }
    }
    return true;
}

} // namespace

void TstReportCommand::databaseFolder()
{
    if (!QDir(kDbSamples).exists())
        QSKIP("samples not present");
    QTemporaryDir tmp, images;
    QVERIFY(copyDatabaseRanks(tmp.path()));
    const auto before = test::hashTree(tmp.path());
    const QJsonArray ranks = reportRanks(tmp.path());
    QCOMPARE(ranks.size(), 2);
    for (const QJsonValue &v : ranks) {
        const QJsonObject rank = v.toObject();
        QCOMPARE(rank[QStringLiteral("source")].toObject()[QStringLiteral("format")].toString(),
            QStringLiteral("database"));
        QCOMPARE(rank[QStringLiteral("kernels_from")].toString(), QStringLiteral("database"));
        const qint64 count
            = rank[QStringLiteral("kernels")].toObject()[QStringLiteral("count")].toInteger();
        QCOMPARE(count, 191);
        QCOMPARE(rank[QStringLiteral("kernels_joined_to_trace")].toInteger(), count);
        QVERIFY(rank[QStringLiteral("issues")].toArray().isEmpty());
    }
    const Run text = runBinary({ QStringLiteral("report"), tmp.path() });
    QCOMPARE(text.exitCode, 0);
    QVERIFY(text.out.contains("Read from: database ascend_pytorch_profiler_0.db"));
    const Run image = runBinary({ QStringLiteral("export"), tmp.path(), QStringLiteral("-o"),
        images.filePath(QStringLiteral("db.png")) });
    QCOMPARE(image.exitCode, 0);
    QVERIFY(QFileInfo(images.filePath(QStringLiteral("db.png"))).size() > 0);
    QCOMPARE(test::hashTree(tmp.path()), before);
}

void TstReportCommand::databaseAgainstText()
{
    if (!QDir(kDbSamples).exists())
        QSKIP("samples not present");
    // The same job collected twice: every compute kernel of the database run has its twin. The
    // four allreduce operations carry other ids in their names (__210_ against __586_), so the
    // matcher pairs them by position, not all of them.
    const QString text = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-01/level1");
    const Run r
        = runBinary({ QStringLiteral("compare"), text, kDbSamples, QStringLiteral("--json") });
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    const QJsonObject m = o[QStringLiteral("matching")].toObject();
    QVERIFY(m[QStringLiteral("matched")].toInteger() >= 187);
    QVERIFY(m[QStringLiteral("only_base")].toInteger() <= 4);
    int compute = 0;
    for (const QJsonValue &v : o[QStringLiteral("by_name")].toArray()) {
        const QJsonObject row = v.toObject();
        if (row[QStringLiteral("name")].toString().startsWith(QLatin1String("hcom_")))
            continue;
        QCOMPARE(row[QStringLiteral("new_count")].toInteger(),
            row[QStringLiteral("base_count")].toInteger());
        compute += row[QStringLiteral("base_count")].toInteger();
    }
    QCOMPARE(compute, 187);
}

void TstReportCommand::damagedDatabase()
{
    if (!QDir(kDbSamples).exists())
        QSKIP("samples not present");
    QTemporaryDir tmp;
    QVERIFY(copyDatabaseRanks(tmp.path()));
    const QString db = tmp.filePath(QStringLiteral("rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/"
                                                   "ascend_pytorch_profiler_1.db"));
    QFile f(db);
    QVERIFY(f.resize(f.size() / 3));
    const Run r = runBinary({ QStringLiteral("report"), tmp.path() });
    QCOMPARE(r.exitCode, int(kExitDataError));
    QVERIFY2(r.out.contains("ascend_pytorch_profiler_1.db"), r.out.right(2000).constData());
    const Run bad = runBinary(
        { QStringLiteral("report"), tmp.path(), QStringLiteral("--source"), QStringLiteral("x") });
    QCOMPARE(bad.exitCode, int(kExitUserError));
}

// A database export holds no text files: what the report sends the user to is named as the
// database has it (its tables), never as a CSV or trace_view.json that is not there.
void TstReportCommand::databaseNamesItsTables()
{
    QTemporaryDir generated;
    QCOMPARE(
        runBinary({ QStringLiteral("generate"), generated.path(), QStringLiteral("--events"),
                      QStringLiteral("3000"), QStringLiteral("--format"), QStringLiteral("db") })
            .exitCode,
        0);
    struct Case {
        QString path;
        const char *expected; // in the text or the JSON report
        bool stepsFromTrace; // the comm finding's details name where the step time came from
    };
    std::vector<Case> cases { { generated.path(),
        "no MEMORY_RECORD in ascend_pytorch_profiler_0.db: the profile", false } };
    const QString root = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-01-db/");
    const bool samples = QDir(root).exists();
    if (samples) {
        const char *const allocations
            = "allocations of OP_MEMORY in ascend_pytorch_profiler_0.db alive then";
        cases.push_back({ root + QStringLiteral("level0"),
            "(COMPUTE_TASK_INFO in ascend_pytorch_profiler_0.db then has", true });
        cases.push_back({ root + QStringLiteral("level1"), allocations, true });
        cases.push_back({ root + QStringLiteral("level2"), allocations, false });
    }
    const char *const textFiles[] = { "kernel_details.csv", "trace_view.json", "memory_record.csv",
        "operator_memory.csv", "step_trace_time.csv", "npu_module_mem.csv" };
    for (const Case &c : cases) {
        // The text report wraps its lines (at spaces, never inside a file name); the JSON not.
        const Run text = runBinary({ QStringLiteral("report"), c.path });
        const Run json = runBinary({ QStringLiteral("report"), c.path, QStringLiteral("--json") });
        QCOMPARE(text.exitCode, 0);
        QCOMPARE(json.exitCode, 0);
        const QByteArray where = QFile::encodeName(c.path);
        QVERIFY2(json.out.contains(c.expected) || text.out.contains(c.expected), where);
        if (c.stepsFromTrace)
            QVERIFY2(json.out.contains("step time from the ProfilerStep slices of "
                                       "ascend_pytorch_profiler_0.db"),
                where);
        for (const char *file : textFiles)
            QVERIFY2(!text.out.contains(file) && !json.out.contains(file),
                QByteArray(where + ": " + file).constData());
    }
    if (!samples)
        QSKIP("samples not present: the generated database only");
}

QTEST_GUILESS_MAIN(TstReportCommand)
#include "tst_reportcommand.moc"
