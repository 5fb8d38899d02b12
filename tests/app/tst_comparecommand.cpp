#include "app/commands/commandline.h"

#include "../analysis/generatedpair.h"
#include "runbinary.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;
using namespace npuscope::test;

namespace {

using Run = test::BinaryRun;

Run runBinary(const QStringList &args) { return test::runNpuscope(args); }

QJsonObject rowOf(const QJsonArray &rows, const QString &keyName, const QString &key)
{
    for (const QJsonValue &v : rows) {
        if (v.toObject()[keyName].toString() == key)
            return v.toObject();
    }
    return {};
}

double us(TimeNs ns) { return double(ns) / 1000.0; }

} // namespace

class TstCompareCommand : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void jsonShapeAndDeltas();
    void droppedTransDataJson();
    void text();
    void html();
    void htmlNeverInsideAProfile();
    void failIfSlower_data();
    void failIfSlower();
    void failIfSlowerWithoutBaseTime();
    void userErrors_data();
    void userErrors();
    void rankAgainstRank();
    void vendorTablesOnSamples();
    void memoryWithoutTrace();
    void gateOnModuleAndCategory_data();
    void gateOnModuleAndCategory();

private:
    std::unique_ptr<GeneratedPair> m_slow; // new run: MatMulV2 twice as long
    std::unique_ptr<GeneratedPair> m_transData; // new run: the planted TransData removed
};

void TstCompareCommand::initTestCase()
{
    m_slow = generatePair({}, { QString(), QStringLiteral("MatMulV2"), 2.0 });
    m_transData = generatePair({ QStringLiteral("transdata"), QString(), 1.0 }, {});
    QVERIFY(m_slow->ok());
    QVERIFY(m_transData->ok());
}

void TstCompareCommand::jsonShapeAndDeltas()
{
    const Run r = runBinary({ QStringLiteral("compare"), m_slow->base.path, m_slow->next.path,
        QStringLiteral("--json") });
    QCOMPARE(r.exitCode, 0);
    const QJsonObject c = QJsonDocument::fromJson(r.out).object();
    for (const char *key : { "base", "new", "step_time_us", "by_type", "by_name", "by_bucket",
             "findings", "matching" })
        QVERIFY2(c.contains(QLatin1String(key)), key);
    const QJsonObject step = c[QStringLiteral("step_time_us")].toObject();
    const TimeNs baseWall = m_slow->base.truth().stepWallNs[0];
    const TimeNs newWall = m_slow->next.truth().stepWallNs[0];
    QCOMPARE(step[QStringLiteral("base")].toDouble(), us(baseWall));
    QCOMPARE(step[QStringLiteral("new")].toDouble(), us(newWall));
    QVERIFY(qAbs(step[QStringLiteral("delta_pct")].toDouble()
                - 100.0 * double(newWall - baseWall) / double(baseWall))
        < 1e-9);

    const QJsonArray byType = c[QStringLiteral("by_type")].toArray();
    const QJsonObject first = byType[0].toObject();
    const QStringList keys { QStringLiteral("type"), QStringLiteral("base_us"),
        QStringLiteral("new_us"), QStringLiteral("delta_us"), QStringLiteral("delta_pct"),
        QStringLiteral("base_count"), QStringLiteral("new_count") };
    QCOMPARE(first.keys(), [&] {
        QStringList k = keys;
        k.sort();
        return k;
    }());
    QCOMPARE(first[QStringLiteral("type")].toString(), QStringLiteral("MatMulV2"));
    const TimeNs baseMm = m_slow->base.truth().typeNs.at(QStringLiteral("MatMulV2"));
    const TimeNs newMm = m_slow->next.truth().typeNs.at(QStringLiteral("MatMulV2"));
    QCOMPARE(first[QStringLiteral("base_us")].toDouble(), us(baseMm));
    QCOMPARE(first[QStringLiteral("new_us")].toDouble(), us(newMm));
    QCOMPARE(first[QStringLiteral("delta_us")].toDouble(), us(newMm - baseMm));
    QCOMPARE(first[QStringLiteral("base_count")].toInteger(),
        m_slow->base.truth().typeRows.at(QStringLiteral("MatMulV2")));
    QVERIFY(!c[QStringLiteral("by_name")].toArray().isEmpty());
    QVERIFY(c[QStringLiteral("by_name")].toArray()[0].toObject().contains(QStringLiteral("name")));
    const QJsonObject base = c[QStringLiteral("base")].toObject();
    QCOMPARE(base[QStringLiteral("step")].toString(), QStringLiteral("2"));
    QCOMPARE(base[QStringLiteral("path")].toString(), m_slow->base.path);
    QVERIFY(base[QStringLiteral("top_kernel")].toObject().contains(QStringLiteral("name")));
    const QJsonObject matching = c[QStringLiteral("matching")].toObject();
    QCOMPARE(matching[QStringLiteral("only_base")].toInteger(), 0);
    QCOMPARE(matching[QStringLiteral("only_new")].toInteger(), 0);
    QVERIFY(matching[QStringLiteral("slower")].toInteger()
        >= m_slow->base.truth().typeRows.at(QStringLiteral("MatMulV2")));
}

void TstCompareCommand::droppedTransDataJson()
{
    const Run r = runBinary({ QStringLiteral("compare"), m_transData->base.path,
        m_transData->next.path, QStringLiteral("--json") });
    QCOMPARE(r.exitCode, 0);
    const QJsonObject c = QJsonDocument::fromJson(r.out).object();
    const RankTruth &t = m_transData->base.truth();
    const QJsonObject td = rowOf(c[QStringLiteral("by_type")].toArray(), QStringLiteral("type"),
        QStringLiteral("TransData"));
    QCOMPARE(td[QStringLiteral("base_us")].toDouble(), us(t.transDataNs));
    QCOMPARE(td[QStringLiteral("new_us")].toDouble(), 0.0);
    QCOMPARE(td[QStringLiteral("delta_pct")].toDouble(), -100.0);
    QCOMPARE(td[QStringLiteral("base_count")].toInteger(), t.transDataKernels);
    QCOMPARE(td[QStringLiteral("new_count")].toInteger(), 0);
    const QJsonObject conversion = rowOf(c[QStringLiteral("by_bucket")].toArray(),
        QStringLiteral("bucket"), QStringLiteral("format_conversion"));
    QCOMPARE(conversion[QStringLiteral("delta_us")].toDouble(), -us(t.transDataNs));
    const QJsonArray resolved
        = c[QStringLiteral("findings")].toObject()[QStringLiteral("resolved")].toArray();
    QVERIFY(!rowOf(resolved, QStringLiteral("id"), QStringLiteral("transdata-overhead")).isEmpty());
    QCOMPARE(c[QStringLiteral("matching")].toObject()[QStringLiteral("only_base")].toInteger(),
        t.transDataKernels);
    QVERIFY(
        c[QStringLiteral("base")].toObject()[QStringLiteral("transdata_share")].toDouble() > 0.1);
    QCOMPARE(
        c[QStringLiteral("new")].toObject()[QStringLiteral("transdata_share")].toDouble(), 0.0);
}

void TstCompareCommand::text()
{
    const Run r
        = runBinary({ QStringLiteral("compare"), m_transData->base.path, m_transData->next.path });
    QCOMPARE(r.exitCode, 0);
    const QString out = QString::fromUtf8(r.out);
    for (const char *part : { "Summary", "Step time (us)", "TransData share", "By Type", "By Name",
             "By work bucket", "Findings resolved", "transdata-overhead", "No memory by operator" })
        QVERIFY2(out.contains(QLatin1String(part)), part);
    // The step time line carries the same numbers as the JSON.
    const QString expected
        = QStringLiteral("Step time: %1 us -> %2 us")
              .arg(QString::number(us(m_transData->base.truth().stepWallNs[0]), 'f', 3),
                  QString::number(us(m_transData->next.truth().stepWallNs[0]), 'f', 3));
    QVERIFY2(out.contains(expected), qPrintable(out.left(600)));
}

// compare --html writes compare.html and compare.md with what the text says: the step line, the
// findings resolved, and every Type row of the JSON.
void TstCompareCommand::html()
{
    QTemporaryDir out;
    QVERIFY(out.isValid());
    const QStringList runs { QStringLiteral("compare"), m_transData->base.path,
        m_transData->next.path };
    const Run r = runBinary(runs + QStringList { QStringLiteral("--html"), out.path() });
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("compare.html"), r.out.constData());
    const Run json = runBinary(runs + QStringList { QStringLiteral("--json") });
    const QJsonObject c = QJsonDocument::fromJson(json.out).object();
    QFile htmlFile(QDir(out.path()).filePath(QStringLiteral("compare.html")));
    QFile mdFile(QDir(out.path()).filePath(QStringLiteral("compare.md")));
    QVERIFY(htmlFile.open(QIODevice::ReadOnly) && mdFile.open(QIODevice::ReadOnly));
    const QString html = QString::fromUtf8(htmlFile.readAll());
    const QString md = QString::fromUtf8(mdFile.readAll());
    const QString step
        = QStringLiteral("Step time: %1 us -&gt; %2 us")
              .arg(QString::number(us(m_transData->base.truth().stepWallNs[0]), 'f', 3),
                  QString::number(us(m_transData->next.truth().stepWallNs[0]), 'f', 3));
    QVERIFY2(html.contains(step), qPrintable(step));
    for (const QString &doc : { html, md }) {
        QVERIFY(doc.contains(QLatin1String("Findings resolved")));
        QVERIFY(doc.contains(QLatin1String("transdata-overhead")));
    }
    const QJsonArray types = c[QStringLiteral("by_type")].toArray();
    QVERIFY(!types.isEmpty());
    for (int i = 0; i < types.size() && i < 15; ++i) {
        const QString type = types[i].toObject()[QStringLiteral("type")].toString();
        QVERIFY2(html.contains(QStringLiteral(">%1<").arg(type.toHtmlEscaped())), qPrintable(type));
        QVERIFY2(md.contains(type), qPrintable(type));
    }
}

void TstCompareCommand::htmlNeverInsideAProfile()
{
    const QString inside = QDir(m_transData->base.path).filePath(QStringLiteral("cmp"));
    const Run r = runBinary({ QStringLiteral("compare"), m_transData->base.path,
        m_transData->next.path, QStringLiteral("--html"), inside });
    QCOMPARE(r.exitCode, int(kExitUserError));
    QVERIFY2(r.err.contains("never writes"), r.err.constData());
    QVERIFY(!QFileInfo::exists(inside));
}

void TstCompareCommand::failIfSlower_data()
{
    QTest::addColumn<bool>("slowerRun"); // compare base -> slowed (true) or slowed -> base
    QTest::addColumn<QString>("pct");
    QTest::addColumn<int>("exitCode");
    QTest::newRow("slower beyond 1%") << true << "1" << int(kExitRegression);
    QTest::newRow("slower within a huge limit") << true << "1000" << int(kExitOk);
    QTest::newRow("faster never fails") << false << "0" << int(kExitOk);
}

void TstCompareCommand::failIfSlower()
{
    QFETCH(bool, slowerRun);
    QFETCH(QString, pct);
    QFETCH(int, exitCode);
    const QString a = slowerRun ? m_slow->base.path : m_slow->next.path;
    const QString b = slowerRun ? m_slow->next.path : m_slow->base.path;
    const Run r
        = runBinary({ QStringLiteral("compare"), a, b, QStringLiteral("--fail-if-slower"), pct });
    QCOMPARE(r.exitCode, exitCode);
    QCOMPARE(r.err.contains("slower"), exitCode == kExitRegression);
    QVERIFY(!r.out.isEmpty()); // the comparison is printed either way
}

void TstCompareCommand::failIfSlowerWithoutBaseTime()
{
    // A base step of zero length gives no percentage: the gate must not pass silently.
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("kernel_details.csv"));
    QFile f(csv);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("Step Id,Name,Type,Accelerator Core,Start Time(us),Duration(us),Wait Time(us),"
            "Block Dim\n1,Add,Add,AI_VECTOR_CORE,1736408883704643.212,0,0,8\n");
    f.close();
    const Run r = runBinary({ QStringLiteral("compare"), csv, csv,
        QStringLiteral("--fail-if-slower"), QStringLiteral("5") });
    QCOMPARE(r.exitCode, int(kExitUserError));
    QVERIFY2(
        r.err.contains("--fail-if-slower") && r.err.contains("no step time"), r.err.constData());
    // Without the gate the same comparison is fine.
    QCOMPARE(runBinary({ QStringLiteral("compare"), csv, csv }).exitCode, int(kExitOk));
}

void TstCompareCommand::userErrors_data()
{
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<bool>("missingNew");
    QTest::addColumn<QString>("message");
    QTest::newRow("missing path") << QStringList() << true << "no such file or folder";
    QTest::newRow("unknown step") << QStringList { QStringLiteral("--step"), QStringLiteral("99") }
                                  << false << "step 99";
    QTest::newRow("unknown rank") << QStringList { QStringLiteral("--rank"), QStringLiteral("5") }
                                  << false << "rank 5";
    QTest::newRow("bad percentage")
        << QStringList { QStringLiteral("--fail-if-slower"), QStringLiteral("x") } << false
        << "--fail-if-slower";
    QTest::newRow("bad gate kind")
        << QStringList { QStringLiteral("--fail-if-slower"), QStringLiteral("5:colour=red") }
        << false << "--fail-if-slower";
    QTest::newRow("unknown category")
        << QStringList { QStringLiteral("--fail-if-slower"), QStringLiteral("5:category=Nope") }
        << false << "category Nope";
}

void TstCompareCommand::userErrors()
{
    QFETCH(QStringList, extra);
    QFETCH(bool, missingNew);
    QFETCH(QString, message);
    const QString next
        = missingNew ? m_slow->dir.filePath(QStringLiteral("nowhere")) : m_slow->next.path;
    const Run r
        = runBinary(QStringList { QStringLiteral("compare"), m_slow->base.path, next } + extra);
    QCOMPARE(r.exitCode, int(kExitUserError));
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    QVERIFY(r.out.isEmpty());
}

void TstCompareCommand::rankAgainstRank()
{
    QTemporaryDir dir;
    const GeneratorResult g = generateRanks(dir.path(), 2);
    QVERIFY(g.ok);
    const Run r = runBinary({ QStringLiteral("compare"), dir.path(), dir.path(),
        QStringLiteral("--rank"), QStringLiteral("0:1"), QStringLiteral("--json") });
    QCOMPARE(r.exitCode, 0);
    const QJsonObject c = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(c[QStringLiteral("base")].toObject()[QStringLiteral("rank")].toInt(), 0);
    QCOMPARE(c[QStringLiteral("new")].toObject()[QStringLiteral("rank")].toInt(), 1);
    const QJsonObject step = c[QStringLiteral("step_time_us")].toObject();
    QCOMPARE(step[QStringLiteral("base")].toDouble(), us(g.ranks[0].stepWallNs[0]));
    QCOMPARE(step[QStringLiteral("new")].toDouble(), us(g.ranks[1].stepWallNs[0]));
    // Rank 1 runs 3% slower kernels (the generator's planted imbalance): same kernels, all matched.
    QCOMPARE(c[QStringLiteral("matching")].toObject()[QStringLiteral("only_base")].toInteger(), 0);
    QCOMPARE(c[QStringLiteral("matching")].toObject()[QStringLiteral("matched")].toInteger(),
        g.ranks[0].kernelRows);
}

namespace {

const QString kLevel1
    = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-01/level1/rank0_ascend_pt");
const QString kLevel2
    = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-01/level2/rank0_ascend_pt");

// `compare --json` of level1 against level2; empty when it failed.
QJsonObject samplesJson()
{
    const test::BinaryRun r = test::runNpuscope(
        { QStringLiteral("compare"), kLevel1, kLevel2, QStringLiteral("--json") });
    return r.exitCode == 0 ? QJsonDocument::fromJson(r.out).object() : QJsonObject();
}

QStringList keysOf(const QJsonObject &o)
{
    QStringList k = o.keys();
    k.sort();
    return k;
}

} // namespace

// The JSON carries msprof-analyze compare's OverallMetrics and ModuleCompare tables; the text
// shows them.
void TstCompareCommand::vendorTablesOnSamples()
{
    if (!QDir(kLevel1).exists())
        QSKIP("samples not present");
    const QJsonObject c = samplesJson();
    QVERIFY(!c.isEmpty());
    const QJsonArray overall = c[QStringLiteral("overall")].toArray();
    const QJsonArray modules = c[QStringLiteral("modules")].toArray();
    QVERIFY(!overall.isEmpty());
    QVERIFY(!modules.isEmpty());
    const QJsonArray apis = c[QStringLiteral("apis")].toArray();
    QVERIFY(!apis.isEmpty());
    QCOMPARE(keysOf(apis[0].toObject()),
        (QStringList { QStringLiteral("base_count"), QStringLiteral("base_self_us"),
            QStringLiteral("base_total_us"), QStringLiteral("name"), QStringLiteral("new_count"),
            QStringLiteral("new_self_us"), QStringLiteral("new_total_us") }));
    const QJsonArray memory = c[QStringLiteral("memory")].toArray();
    QVERIFY(!memory.isEmpty());
    QCOMPARE(keysOf(memory[0].toObject()),
        (QStringList { QStringLiteral("base_allocated_ms"), QStringLiteral("base_count"),
            QStringLiteral("base_memory_mb"), QStringLiteral("name"),
            QStringLiteral("new_allocated_ms"), QStringLiteral("new_count"),
            QStringLiteral("new_memory_mb") }));
    const QJsonObject memorySource = c[QStringLiteral("memory_source")].toObject();
    QVERIFY(memorySource[QStringLiteral("base")].toString().endsWith(
        QLatin1String("operator_memory.csv")));
    QVERIFY(memorySource[QStringLiteral("new")].toString().endsWith(
        QLatin1String("operator_memory.csv")));
    QCOMPARE(keysOf(overall[0].toObject()),
        (QStringList { QStringLiteral("base_count"), QStringLiteral("base_ms"),
            QStringLiteral("depth"), QStringLiteral("index"), QStringLiteral("key"),
            QStringLiteral("new_count"), QStringLiteral("new_ms") }));
    QCOMPARE(overall[0].toObject()[QStringLiteral("index")].toString(),
        QStringLiteral("Computing Time"));
    QCOMPARE(keysOf(modules[0].toObject()),
        (QStringList { QStringLiteral("backward"), QStringLiteral("base_device_self_us"),
            QStringLiteral("base_device_total_us"), QStringLiteral("class"),
            QStringLiteral("level"), QStringLiteral("new_device_self_us"),
            QStringLiteral("new_device_total_us"), QStringLiteral("path") }));
    const Run text = runBinary({ QStringLiteral("compare"), kLevel1, kLevel2 });
    QCOMPARE(text.exitCode, 0);
    for (const char *part :
        { "Time by category", "Conv (Backward) (Vector)", "Device time by module",
            "Host time by API", "Device memory by operator", "DistributedDataParallel.forward" })
        QVERIFY2(text.out.contains(part), part);
}

void TstCompareCommand::gateOnModuleAndCategory_data()
{
    QTest::addColumn<QString>("gate"); // what follows "PCT:"
    QTest::addColumn<QString>("array"); // where the JSON has its times
    QTest::addColumn<QString>("field"); // the field that names it there
    QTest::addColumn<QString>("name");
    // Linear_0's forward and backward rows (path ending in "/Linear_0") add up.
    QTest::newRow("module by name") << "module=Linear_0"
                                    << "modules"
                                    << "path"
                                    << "/Linear_0";
    QTest::newRow("category by name") << "category=Matmul"
                                      << "overall"
                                      << "index"
                                      << "Matmul";
    QTest::newRow("category by key") << "category=conv_backward"
                                     << "overall"
                                     << "key"
                                     << "conv_backward";
}

// A gate fails just below the measured change and passes just above it (the change read from
// the JSON of the same comparison).
void TstCompareCommand::gateOnModuleAndCategory()
{
    QFETCH(QString, gate);
    QFETCH(QString, array);
    QFETCH(QString, field);
    QFETCH(QString, name);
    if (!QDir(kLevel1).exists())
        QSKIP("samples not present");
    const QJsonObject c = samplesJson();
    QVERIFY(!c.isEmpty());
    const bool module = array == QLatin1String("modules");
    double base = 0, next = 0;
    for (const QJsonValue &v : c[array].toArray()) {
        const QJsonObject row = v.toObject();
        const QString value = row[field].toString();
        if (module ? !value.endsWith(name) : value != name)
            continue;
        base += row[module ? QStringLiteral("base_device_total_us") : QStringLiteral("base_ms")]
                    .toDouble();
        next += row[module ? QStringLiteral("new_device_total_us") : QStringLiteral("new_ms")]
                    .toDouble();
    }
    QVERIFY2(base > 0, qPrintable(name));
    const double change = 100.0 * (next - base) / base;
    const double below = change - 0.5, above = change + 0.5;
    auto run = [&](double pct) {
        return runBinary({ QStringLiteral("compare"), kLevel1, kLevel2,
            QStringLiteral("--fail-if-slower"), QString::number(pct) + u':' + gate });
    };
    if (below >= 0) {
        const Run slower = run(below);
        QCOMPARE(slower.exitCode, int(kExitRegression));
        QVERIFY2(slower.err.contains("slower"), slower.err.constData());
    }
    QCOMPARE(run(std::max(0.0, above)).exitCode, int(kExitOk));
}

// ascend-2025-11 has operator_memory.csv but no readable trace_view.json: no operator holds
// the allocations, and the text says so instead of showing no memory table without a word.
void TstCompareCommand::memoryWithoutTrace()
{
    const QString run = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-11");
    if (!QFileInfo::exists(run))
        QSKIP("samples not present");
    const QStringList runs { run + QStringLiteral("/rank_0_ascend_pt"),
        run + QStringLiteral("/rank_2_ascend_pt") };
    const Run json = runBinary(QStringList { QStringLiteral("compare") } + runs
        + QStringList { QStringLiteral("--json") });
    QCOMPARE(json.exitCode, 0);
    const QJsonObject c = QJsonDocument::fromJson(json.out).object();
    QVERIFY(c[QStringLiteral("memory")].toArray().isEmpty());
    QVERIFY(!c[QStringLiteral("memory_source")][QStringLiteral("base")].isNull());
    const Run text = runBinary(QStringList { QStringLiteral("compare") } + runs);
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains("no framework operator (cpu_op) of the trace holds its allocations"),
        text.out.constData());
}

QTEST_GUILESS_MAIN(TstCompareCommand)
#include "tst_comparecommand.moc"
