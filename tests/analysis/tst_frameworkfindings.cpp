// env-vars, dynamic-shape and affinity-api (after msprof-analyze's advisor): each condition from
// both sides on profiles built row by row, and the samples against what the advisor reports on
// them (issue 36).

#include "analysis/rules/findings.h"
#include "model/csv/csvreader.h"
#include "model/profile/profileloader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;

class TstFrameworkFindings : public QObject {
    Q_OBJECT
private slots:
    void envVars_data();
    void envVars();
    void envVarsNotRecorded();
    void dynamicShape_data();
    void dynamicShape();
    void affinityApi_data();
    void affinityApi();
    void samples_data();
    void samples();
};

namespace {

const QString kSamples = QStringLiteral(NPUSCOPE_SAMPLES_DIR);

const FindingCheck *checkOf(const RankAnalysis &a, const char *id)
{
    for (const FindingCheck &c : a.checks) {
        if (c.id == QLatin1String(id))
            return &c;
    }
    return nullptr;
}

const Finding *findingOf(const RankAnalysis &a, const char *id)
{
    for (const Finding &f : a.findings) {
        if (f.id == QLatin1String(id))
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

// A kernel table from CSV text: "OP State" and other columns as the text export writes them.
std::shared_ptr<RankProfile> rankFromCsv(const QByteArray &csv)
{
    auto rank = std::make_shared<RankProfile>();
    CsvResult r = readCsvData(
        std::string_view(csv.constData(), std::size_t(csv.size())), QStringLiteral("k.csv"));
    rank->kernels = std::make_shared<const KernelTable>(
        KernelTable::fromTable(std::shared_ptr<const Table>(std::move(r.table)), &rank->issues));
    return rank;
}

QByteArray kernelCsv(const QStringList &states)
{
    QByteArray csv = "Step Id,Name,Type,OP State,Accelerator Core,Start Time(us),Duration(us),"
                     "Wait Time(us),Block Dim\n";
    double start = 1736408883704643.0;
    for (int i = 0; i < states.size(); ++i, start += 100) {
        csv += QStringLiteral("1,Add_%1,Add,%2,AI_VECTOR_CORE,%3,50,0,8\n")
                   .arg(i)
                   .arg(states[i])
                   .arg(start, 0, 'f', 3)
                   .toUtf8();
    }
    csv += QStringLiteral("1,hcom_allReduce__1_0_1,hcom_allReduce_,N/A,HCCL,%1,50,0,0\n")
               .arg(start, 0, 'f', 3)
               .toUtf8();
    return csv;
}

// One rank folder of the text export: a trace with host events, a kernel row, the metadata.
QString writeRank(const QTemporaryDir &dir, const QByteArray &hostEvents)
{
    const QString rank = dir.filePath(QStringLiteral("rank0_ascend_pt"));
    QDir().mkpath(rank + QStringLiteral("/ASCEND_PROFILER_OUTPUT"));
    auto write = [](const QString &path, const QByteArray &text) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
    };
    write(rank + QStringLiteral("/profiler_info_0.json"),
        R"({"config": {"experimental_config": {"_profiler_level": "Level1"}}, "rank_id": 0})");
    write(rank + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json"),
        "[{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 10, \"args\": {\"name\": "
        "\"Python\"}},\n"
            + hostEvents
            + ",\n{\"ph\": \"X\", \"name\": \"aten::add\", \"pid\": 10, \"tid\": 10, \"ts\": "
              "\"1000.000\", \"dur\": 1, \"cat\": \"cpu_op\", \"args\": {}}]");
    return rank;
}

QByteArray stepEvent(const char *name, int ts, const char *stack)
{
    QByteArray e = "{\"ph\": \"X\", \"name\": \"";
    e += name;
    e += "\", \"pid\": 10, \"tid\": 10, \"ts\": \"" + QByteArray::number(ts)
        + ".000\", \"dur\": 500, \"cat\": \"cpu_op\", \"args\": {";
    if (stack)
        e += "\"Call stack\": \"" + QByteArray(stack) + "\"";
    return e + "}}";
}

} // namespace

void TstFrameworkFindings::envVars_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("value");
    QTest::addColumn<bool>("flagged");
    // ACLNN_CACHE_LIMIT: below 10000 (environment_variable_checker.py).
    QTest::newRow("aclnn cache 9999") << "ACLNN_CACHE_LIMIT"
                                      << "9999" << true;
    QTest::newRow("aclnn cache 10000") << "ACLNN_CACHE_LIMIT"
                                       << "10000" << false;
    QTest::newRow("aclnn cache unset") << "ACLNN_CACHE_LIMIT"
                                       << "" << true;
    QTest::newRow("host cache 0") << "HOST_CACHE_CAPACITY"
                                  << "0" << true;
    QTest::newRow("host cache 1") << "HOST_CACHE_CAPACITY"
                                  << "1" << false;
    QTest::newRow("alloc conf other") << "PYTORCH_NPU_ALLOC_CONF"
                                      << "max_split_size_mb:64" << true;
    QTest::newRow("alloc conf expandable")
        << "PYTORCH_NPU_ALLOC_CONF"
        << "max_split_size_mb:64,expandable_segments:True" << false;
    QTest::newRow("launch blocking 1") << "ASCEND_LAUNCH_BLOCKING"
                                       << "1" << true;
    QTest::newRow("launch blocking 0") << "ASCEND_LAUNCH_BLOCKING"
                                       << "0" << false;
    QTest::newRow("launch blocking unset") << "ASCEND_LAUNCH_BLOCKING"
                                           << "" << false;
    QTest::newRow("log level 2") << "ASCEND_GLOBAL_LOG_LEVEL"
                                 << "2" << true;
    QTest::newRow("log level 3") << "ASCEND_GLOBAL_LOG_LEVEL"
                                 << "3" << false;
    QTest::newRow("hccl algo set") << "HCCL_ALGO"
                                   << "level0:NA;level1:ring" << true;
    QTest::newRow("hccl algo unset") << "HCCL_ALGO"
                                     << "" << false;
    QTest::newRow("rdma sl set") << "HCCL_RDMA_SL"
                                 << "4" << true;
    QTest::newRow("unknown variable") << "ASCEND_ENHANCE_ENABLE"
                                      << "" << false;
}

void TstFrameworkFindings::envVars()
{
    QFETCH(QString, name);
    QFETCH(QString, value);
    QFETCH(bool, flagged);
    RankProfile rank;
    rank.metadata.found = rank.metadata.hasEnvVariables = true;
    rank.metadata.path = QStringLiteral("/x/profiler_metadata.json");
    rank.metadata.envVariables = { { name, value } };
    const RankAnalysis a = analyseRank(rank);
    QCOMPARE(checkOf(a, "env-vars")->status, flagged ? CheckStatus::Found : CheckStatus::Clear);
    const Finding *f = findingOf(a, "env-vars");
    QCOMPARE(f != nullptr, flagged);
    if (!f)
        return;
    QVERIFY(f->title.contains(name));
    QCOMPARE(f->metric(u"env_vars_flagged"), 1.0);
    QVERIFY2(textOf(*f).contains(QStringLiteral("environment_variable_checker.py")),
        qPrintable(textOf(*f)));
    QCOMPARE(f->severity,
        name == QLatin1String("ASCEND_LAUNCH_BLOCKING")
                || name.startsWith(QLatin1String("ASCEND_G"))
            ? FindingSeverity::Warning
            : FindingSeverity::Info);
}

void TstFrameworkFindings::envVarsNotRecorded()
{
    RankProfile rank;
    const RankAnalysis a = analyseRank(rank);
    QCOMPARE(checkOf(a, "env-vars")->status, CheckStatus::NotChecked);
    QVERIFY(checkOf(a, "env-vars")->collect.contains(QStringLiteral("profiler_metadata.json")));
}

void TstFrameworkFindings::dynamicShape_data()
{
    QTest::addColumn<QStringList>("states");
    QTest::addColumn<QString>("status");
    QTest::newRow("all dynamic") << QStringList { QStringLiteral("dynamic"),
        QStringLiteral("dynamic"), QStringLiteral("Dynamic") }
                                 << "found";
    // The advisor's bar: one static operator and it is not "all dynamic".
    QTest::newRow("one static") << QStringList { QStringLiteral("dynamic"),
        QStringLiteral("static"), QStringLiteral("dynamic") }
                                << "clear";
    QTest::newRow("all static") << QStringList { QStringLiteral("static"),
        QStringLiteral("static") }
                                << "clear";
    QTest::newRow("no state recorded")
        << QStringList { QStringLiteral("N/A"), QStringLiteral("") } << "not_checked";
}

void TstFrameworkFindings::dynamicShape()
{
    QFETCH(QStringList, states);
    QFETCH(QString, status);
    const auto rank = rankFromCsv(kernelCsv(states));
    const RankAnalysis a = analyseRank(*rank);
    QCOMPARE(checkStatusName(checkOf(a, "dynamic-shape")->status), status);
    const Finding *f = findingOf(a, "dynamic-shape");
    QCOMPARE(f != nullptr, status == QLatin1String("found"));
    if (f) {
        QCOMPARE(f->metric(u"dynamic_tasks"), double(states.size())); // not the HCCL row
        QCOMPARE(f->rows.size(), std::size_t(states.size()));
        QVERIFY(f->snippet.contains(QStringLiteral("jit_compile=False")));
    }
    // Without the column (Level0) it is not checked, whatever msprof-analyze says.
    QByteArray level0 = kernelCsv(states);
    level0.replace("OP State,", "State,");
    const RankAnalysis a0 = analyseRank(*rankFromCsv(level0));
    QCOMPARE(checkOf(a0, "dynamic-shape")->status, CheckStatus::NotChecked);
}

void TstFrameworkFindings::affinityApi_data()
{
    QTest::addColumn<QByteArray>("events");
    QTest::addColumn<QString>("expected"); // the API named, empty: clear
    const char *stack = "/usr/lib/python3.9/site-packages/torch/optim/optimizer.py(361): "
                        "wrapper;\\r\\n/home/u/train.py(42): train;\\r\\n(1): <module>";
    QTest::newRow("SGD with its stack") << stepEvent("Optimizer.step#SGD.step", 2000, stack) + ",\n"
            + stepEvent("Optimizer.step#SGD.step", 4000, stack)
                                        << "torch_npu.optim.NpuFusedSGD";
    QTest::newRow("AdamW without a stack")
        << stepEvent("Optimizer.step#AdamW.step", 2000, nullptr) << "torch_npu.optim.NpuFusedAdamW";
    // Only the optimizers the rules name, by their exact name.
    QTest::newRow("own optimizer")
        << stepEvent("Optimizer.step#MyAdam.step", 2000, stack) << QString();
    QTest::newRow("zero_grad") << stepEvent("Optimizer.zero_grad#SGD.zero_grad", 2000, stack)
                               << QString();
}

void TstFrameworkFindings::affinityApi()
{
    QFETCH(QByteArray, events);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const LoadResult loaded = loadProfile(writeRank(dir, events));
    QVERIFY(loaded.profile && loaded.profile->ranks.size() == 1);
    const RankAnalysis a = analyseRank(*loaded.profile->ranks[0]);
    QCOMPARE(checkOf(a, "affinity-api")->status,
        expected.isEmpty() ? CheckStatus::Clear : CheckStatus::Found);
    const Finding *f = findingOf(a, "affinity-api");
    if (expected.isEmpty()) {
        QVERIFY(!f);
        return;
    }
    QVERIFY(f);
    QVERIFY2(f->title.contains(expected), qPrintable(f->title));
    QVERIFY(!f->evidence.empty() && f->evidence.front().event.isValid());
    const QString text = textOf(*f);
    if (events.contains("Call stack")) {
        QCOMPARE(f->metric(u"optimizer_calls"), 2.0);
        QVERIFY2(
            text.contains(QStringLiteral("from /home/u/train.py(42): train")), qPrintable(text));
    } else {
        QVERIFY2(text.contains(QStringLiteral("with_stack=True")), qPrintable(text));
    }
}

void TstFrameworkFindings::samples_data()
{
    QTest::addColumn<QString>("rank");
    QTest::addColumn<QStringList>("envVars"); // what msprof-analyze advisor lists
    QTest::addColumn<QString>("dynamicShape"); // check status
    QTest::addColumn<QString>("affinity"); // check status
    const QStringList env01 { QStringLiteral("ACLNN_CACHE_LIMIT"),
        QStringLiteral("HOST_CACHE_CAPACITY"), QStringLiteral("PYTORCH_NPU_ALLOC_CONF") };
    for (const char *level : { "level0", "level1", "level2" }) {
        for (int r : { 0, 1 }) {
            // Level0 has no OP State: the advisor's "all dynamic" there rests on nothing.
            const QString dyn = qstrcmp(level, "level0") == 0 ? QStringLiteral("not_checked")
                                                              : QStringLiteral("found");
            QTest::addRow("2025-01 %s rank %d", level, r)
                << QStringLiteral("ascend-2025-01/%1/rank%2_ascend_pt")
                       .arg(QLatin1String(level))
                       .arg(r)
                << env01 << dyn << QStringLiteral("found");
        }
    }
    const QStringList env11 { QStringLiteral("ACLNN_CACHE_LIMIT"),
        QStringLiteral("HOST_CACHE_CAPACITY") };
    for (int r : { 0, 1, 2, 3 }) {
        QTest::addRow("2025-11 rank %d", r)
            << QStringLiteral("ascend-2025-11/rank_%1_ascend_pt").arg(r) << env11
            << QString::fromLatin1(r % 2 == 0 ? "found" : "not_checked")
            << QStringLiteral("not_checked"); // no trace in this sample
    }
}

void TstFrameworkFindings::samples()
{
    QFETCH(QString, rank);
    QFETCH(QStringList, envVars);
    QFETCH(QString, dynamicShape);
    QFETCH(QString, affinity);
    const QString path = kSamples + QLatin1Char('/') + rank;
    if (!QDir(path).exists())
        QSKIP("samples not present");
    const LoadResult loaded = loadProfile(path);
    const RankAnalysis a = analyseRank(*loaded.profile->ranks[0]);
    const Finding *env = findingOf(a, "env-vars");
    QVERIFY(env);
    QCOMPARE(env->metric(u"env_vars_flagged"), double(envVars.size()));
    for (const QString &v : envVars)
        QVERIFY2(env->title.contains(v), qPrintable(env->title));
    QCOMPARE(checkStatusName(checkOf(a, "dynamic-shape")->status), dynamicShape);
    QCOMPARE(checkStatusName(checkOf(a, "affinity-api")->status), affinity);
    if (affinity == QLatin1String("found")) {
        const QString text = textOf(*findingOf(a, "affinity-api"));
        QVERIFY2(text.contains(QStringLiteral("torch_npu.optim.NpuFusedSGD")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("main.py(366): train")), qPrintable(text));
    }
    if (dynamicShape == QLatin1String("found")) {
        const Finding *f = findingOf(a, "dynamic-shape");
        QVERIFY(f->metric(u"dynamic_tasks") > 100);
        QCOMPARE(f->metric(u"static_tasks"), 0.0);
    }
}

QTEST_GUILESS_MAIN(TstFrameworkFindings)
#include "tst_frameworkfindings.moc"
