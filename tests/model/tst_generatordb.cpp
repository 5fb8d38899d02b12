// The generator's database export (`generate --format db`): the same profile as its text export
// (kernels, steps, flows, planted problems), in the tables and columns of the real profiler's
// database (the ascend-2025-01-db samples).

#include "model/generator/generator.h"
#include "tests/model/generatedfiles.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <map>

using namespace npuscope;
using namespace npuscope::test;

namespace {

using DbRow = QList<QVariant>;

// A database opened the way a viewer must open a profile: read-only and immutable.
class ReadDb {
public:
    explicit ReadDb(const QString &path)
    {
        const QByteArray uri = "file:" + QFile::encodeName(path) + "?mode=ro&immutable=1";
        if (sqlite3_open_v2(uri.constData(), &m_db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr)
            != SQLITE_OK)
            m_error = QStringLiteral("cannot open ") + path;
    }
    ~ReadDb() { sqlite3_close(m_db); }
    ReadDb(const ReadDb &) = delete;
    ReadDb &operator=(const ReadDb &) = delete;

    bool ok() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }

    // Every row of a query: integers as qint64, text as QString, NULL as a null QVariant.
    QList<DbRow> rows(const char *sql)
    {
        QList<DbRow> out;
        sqlite3_stmt *st = nullptr;
        if (sqlite3_prepare_v2(m_db, sql, -1, &st, nullptr) != SQLITE_OK) {
            m_error = QString::fromUtf8(sqlite3_errmsg(m_db)) + QStringLiteral(": ")
                + QString::fromUtf8(sql);
            return out;
        }
        while (sqlite3_step(st) == SQLITE_ROW) {
            DbRow row;
            for (int c = 0; c < sqlite3_column_count(st); ++c)
                row.append(value(st, c));
            out.append(row);
        }
        sqlite3_finalize(st);
        return out;
    }
    qint64 count(const char *sql)
    {
        const QList<DbRow> r = rows(sql);
        return r.isEmpty() ? -1 : r.first().value(0).toLongLong();
    }
    QStringList tables()
    {
        QStringList names;
        for (const DbRow &r : rows("SELECT name FROM sqlite_master WHERE type = 'table' AND "
                                   "name NOT LIKE 'sqlite_%' ORDER BY name"))
            names << r.value(0).toString();
        return names;
    }
    // "name TYPE pk" of each column, in order.
    QStringList columns(const QString &table)
    {
        QStringList cols;
        const QByteArray sql = "PRAGMA table_info(" + table.toUtf8() + ")";
        for (const DbRow &r : rows(sql.constData()))
            cols << r.value(1).toString() + QLatin1Char(' ') + r.value(2).toString().toUpper()
                    + QLatin1Char(' ') + r.value(5).toString();
        return cols;
    }

private:
    static QVariant value(sqlite3_stmt *st, int c)
    {
        switch (sqlite3_column_type(st, c)) {
        case SQLITE_INTEGER:
            return QVariant::fromValue<qint64>(sqlite3_column_int64(st, c));
        case SQLITE_FLOAT:
            return sqlite3_column_double(st, c);
        case SQLITE_NULL:
            return QVariant();
        default:
            return QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(st, c)),
                sqlite3_column_bytes(st, c));
        }
    }

    sqlite3 *m_db = nullptr;
    QString m_error;
};

QString dbFile(const RankTruth &rank)
{
    return outputFile(rank, "ascend_pytorch_profiler_") + QString::number(rank.rank)
        + QStringLiteral(".db");
}

// The kernel table as a reader builds it: TASK + COMPUTE_TASK_INFO with STRING_IDS, in start
// order, with kernel_details.csv's cells (shapes as the CSV cell reads once unquoted).
constexpr const char *kKernelSql = R"(
SELECT n.value, op.value, core.value, t.startNs, t.endNs - t.startNs, c.blockDim, c.mixBlockDim,
       ish.value, ity.value, ifm.value, osh.value, oty.value, ofm.value, t.taskId, t.streamId
FROM COMPUTE_TASK_INFO c JOIN TASK t ON t.globalTaskId = c.globalTaskId
JOIN STRING_IDS n ON n.id = c.name JOIN STRING_IDS op ON op.id = c.opType
JOIN STRING_IDS core ON core.id = c.taskType
JOIN STRING_IDS ish ON ish.id = c.inputShapes JOIN STRING_IDS ity ON ity.id = c.inputDataTypes
JOIN STRING_IDS ifm ON ifm.id = c.inputFormats JOIN STRING_IDS osh ON osh.id = c.outputShapes
JOIN STRING_IDS oty ON oty.id = c.outputDataTypes JOIN STRING_IDS ofm ON ofm.id = c.outputFormats
ORDER BY t.startNs)";

constexpr const char *kCommSql = R"(
SELECT n.value, ty.value, o.startNs, o.endNs - o.startNs FROM COMMUNICATION_OP o
JOIN STRING_IDS n ON n.id = o.opName JOIN STRING_IDS ty ON ty.id = o.opType ORDER BY o.startNs)";

const char *const kKernelColumns[]
    = { "Name", "Type", "Accelerator Core", "Start Time(us)", "Duration(us)", "Block Dim",
          "Mix Block Dim", "Input Shapes", "Input Data Types", "Input Formats", "Output Shapes",
          "Output Data Types", "Output Formats", "Task ID", "Stream ID" };

// The kernel_details.csv row a database kernel row stands for, cell by cell.
QStringList csvCells(const DbRow &db)
{
    QStringList cells;
    for (int i = 0; i < db.size(); ++i)
        cells << db[i].toString();
    return cells;
}

QStringList csvCells(const Row &csv)
{
    QStringList cells;
    for (const char *column : kKernelColumns) {
        const QString cell = csv.value(QLatin1String(column));
        const bool time = column == kKernelColumns[3] || column == kKernelColumns[4];
        cells << (time ? QString::number(micros(cell)) : cell);
    }
    return cells;
}

// What RankTruth says, computed from the database alone.
RankTruth truthFromDb(ReadDb &db, int deviceCores)
{
    RankTruth r;
    TimeNs previousEnd = -1;
    for (const DbRow &k : db.rows(kKernelSql)) {
        const QString type = k[1].toString(), core = k[2].toString();
        const TimeNs start = k[3].toLongLong(), dur = k[4].toLongLong();
        // Wait Time as the profiler computes it: the gap since the stream's previous task.
        const TimeNs wait = previousEnd < 0 ? 0 : start - previousEnd;
        previousEnd = start + dur;
        ++r.computeKernels;
        r.kernelTotalNs += dur;
        r.typeNs[type] += dur;
        ++r.typeRows[type];
        if (type == QLatin1String("TransData")) {
            ++r.transDataKernels;
            r.transDataNs += dur;
        }
        if (core == QLatin1String("AI_CPU")) {
            ++r.aiCpuKernels;
            r.aiCpuNs += dur;
            r.aiCpuOver20us += dur > 20000 ? 1 : 0;
        }
        r.waitOver10xKernels += wait >= 10 * dur ? 1 : 0;
        if (core == QLatin1String("AI_CORE") && k[5].toInt() < deviceCores) {
            ++r.lowBlockDimKernels;
            r.lowBlockDimNs += dur;
        }
    }
    for (const DbRow &c : db.rows(kCommSql)) {
        ++r.commOps;
        r.commNs += c[3].toLongLong();
        r.typeNs[c[1].toString()] += c[3].toLongLong();
        ++r.typeRows[c[1].toString()];
    }
    r.kernelRows = r.computeKernels + r.commOps;
    r.commNotOverlappedNs
        = db.count("SELECT sum(endNs - startNs) FROM OVERLAP_ANALYSIS WHERE type = 2");
    return r;
}

} // namespace

class TestGeneratorDb : public QObject {
    Q_OBJECT

private:
    GeneratorResult generate(GeneratorOptions o, GeneratorFormat format);
    QTemporaryDir m_tmp;
    int m_runs = 0;

private slots:
    void formatNames();
    void kernelsMatchText_data();
    void kernelsMatchText();
    void commMatchesText();
    void stepsMatchText();
    void flowsMatchTrace();
    void dbOnlyFolder();
    void stringIds();
    void schemaMatchesSample();
    void neverHalfAFile();
    void cancelLeavesNoFile();
};

GeneratorResult TestGeneratorDb::generate(GeneratorOptions o, GeneratorFormat format)
{
    o.format = format;
    o.outDir = m_tmp.filePath(QStringLiteral("run%1").arg(++m_runs));
    GeneratorResult r = generateProfile(o);
    if (!r.ok)
        qWarning("generateProfile failed: %s", qPrintable(r.error));
    return r;
}

void TestGeneratorDb::formatNames()
{
    QVERIFY(generatorFormatFromName(u"text") == GeneratorFormat::Text);
    QVERIFY(generatorFormatFromName(u"DB") == GeneratorFormat::Db);
    QVERIFY(generatorFormatFromName(u" both ") == GeneratorFormat::Both);
    QVERIFY(!generatorFormatFromName(u"sqlite"));
    QVERIFY(GeneratorOptions().format == GeneratorFormat::Text);
}

void TestGeneratorDb::kernelsMatchText_data()
{
    QTest::addColumn<QList<Plant>>("plants");
    QTest::addColumn<int>("ranks");
    QTest::newRow("clean") << QList<Plant>() << 1;
    QTest::newRow("all plants, 2 ranks") << allPlants() << 2;
}

// Every compute kernel of the database is the kernel_details.csv row of the same profile, and
// what an analysis counts on the database (planted problems included) is the generator's truth.
void TestGeneratorDb::kernelsMatchText()
{
    QFETCH(QList<Plant>, plants);
    QFETCH(int, ranks);
    GeneratorOptions o;
    o.events = 15000;
    o.ranks = ranks;
    o.seed = 11;
    o.plants = plants;
    const GeneratorResult result = generate(o, GeneratorFormat::Both);
    QVERIFY(result.ok);
    for (const RankTruth &rank : result.ranks) {
        ReadDb db(dbFile(rank));
        QVERIFY2(db.ok(), qPrintable(db.error()));
        QList<Row> csv = parseCsv(outputFile(rank, "kernel_details.csv"));
        csv.removeIf([](const Row &r) {
            return r.value(QStringLiteral("Accelerator Core")) == QLatin1String("HCCL");
        });
        const QList<DbRow> kernels = db.rows(kKernelSql);
        QVERIFY2(db.ok(), qPrintable(db.error()));
        QCOMPARE(qint64(kernels.size()), rank.computeKernels);
        QCOMPARE(kernels.size(), csv.size());
        for (qsizetype i = 0; i < kernels.size(); ++i)
            QCOMPARE(csvCells(kernels[i]), csvCells(csv[i]));
        // Wait Time from the database's rows equals the CSV's, row by row.
        TimeNs previousEnd = -1;
        for (qsizetype i = 0; i < kernels.size(); ++i) {
            const TimeNs start = kernels[i][3].toLongLong();
            QCOMPARE(previousEnd < 0 ? 0 : start - previousEnd,
                micros(csv[i].value(QStringLiteral("Wait Time(us)"))));
            previousEnd = start + kernels[i][4].toLongLong();
        }
        const RankTruth fromDb = truthFromDb(db, o.deviceCores);
        QCOMPARE(fromDb.kernelRows, rank.kernelRows);
        QCOMPARE(fromDb.kernelTotalNs, rank.kernelTotalNs);
        QCOMPARE(fromDb.transDataKernels, rank.transDataKernels);
        QCOMPARE(fromDb.transDataNs, rank.transDataNs);
        QCOMPARE(fromDb.aiCpuKernels, rank.aiCpuKernels);
        QCOMPARE(fromDb.aiCpuOver20us, rank.aiCpuOver20us);
        QCOMPARE(fromDb.waitOver10xKernels, rank.waitOver10xKernels);
        QCOMPARE(fromDb.lowBlockDimKernels, rank.lowBlockDimKernels);
        QCOMPARE(fromDb.lowBlockDimNs, rank.lowBlockDimNs);
        QCOMPARE(fromDb.commOps, rank.commOps);
        QCOMPARE(fromDb.commNs, rank.commNs);
        QCOMPARE(fromDb.commNotOverlappedNs, rank.commNotOverlappedNs);
        QVERIFY(fromDb.typeRows == rank.typeRows);
        QVERIFY(fromDb.typeNs == rank.typeNs);
        const bool planted = !plants.isEmpty();
        QCOMPARE(fromDb.transDataKernels > 0, planted);
        QCOMPARE(fromDb.aiCpuKernels > 0, planted);
        QCOMPARE(fromDb.lowBlockDimKernels > 0, planted);
        QCOMPARE(fromDb.waitOver10xKernels > 0, planted);
        QCOMPARE(fromDb.commNotOverlappedNs > 0, planted);
    }
}

// HCCL rows of kernel_details.csv are COMMUNICATION_OP rows; each operation's device tasks
// (TASK + COMMUNICATION_TASK_INFO) cover exactly its interval.
void TestGeneratorDb::commMatchesText()
{
    GeneratorOptions o;
    o.events = 8000;
    o.ranks = 2;
    o.plants = { Plant::CommNotOverlapped };
    const GeneratorResult result = generate(o, GeneratorFormat::Both);
    QVERIFY(result.ok);
    for (const RankTruth &rank : result.ranks) {
        ReadDb db(dbFile(rank));
        QList<Row> csv = parseCsv(outputFile(rank, "kernel_details.csv"));
        csv.removeIf([](const Row &r) {
            return r.value(QStringLiteral("Accelerator Core")) != QLatin1String("HCCL");
        });
        const QList<DbRow> ops = db.rows(kCommSql);
        QCOMPARE(qint64(ops.size()), rank.commOps);
        QCOMPARE(ops.size(), csv.size());
        for (qsizetype i = 0; i < ops.size(); ++i) {
            QCOMPARE(ops[i][0].toString(), csv[i].value(QStringLiteral("Name")));
            QCOMPARE(ops[i][1].toString(), csv[i].value(QStringLiteral("Type")));
            QCOMPARE(
                ops[i][2].toLongLong(), micros(csv[i].value(QStringLiteral("Start Time(us)"))));
            QCOMPARE(ops[i][3].toLongLong(), micros(csv[i].value(QStringLiteral("Duration(us)"))));
        }
        const QList<DbRow> cover = db.rows(R"(
            SELECT o.startNs, o.endNs, min(t.startNs), max(t.endNs), count(*),
                   sum(t.connectionId = o.connectionId)
            FROM COMMUNICATION_OP o JOIN COMMUNICATION_TASK_INFO i ON i.opId = o.opId
            JOIN TASK t ON t.globalTaskId = i.globalTaskId GROUP BY o.opId)");
        QCOMPARE(cover.size(), ops.size());
        for (const DbRow &c : cover) {
            QCOMPARE(c[2], c[0]);
            QCOMPARE(c[3], c[1]);
            QCOMPARE(c[5], c[4]);
        }
    }
}

void TestGeneratorDb::stepsMatchText()
{
    GeneratorOptions o;
    o.events = 8000;
    o.steps = 4;
    o.plants = { Plant::CommNotOverlapped, Plant::HostBound };
    const GeneratorResult result = generate(o, GeneratorFormat::Both);
    QVERIFY(result.ok);
    const RankTruth &rank = result.ranks.front();
    ReadDb db(dbFile(rank));
    const QList<DbRow> steps = db.rows("SELECT id, startNs, endNs FROM STEP_TIME ORDER BY id");
    QCOMPARE(steps.size(), qsizetype(rank.steps.size()));
    for (qsizetype i = 0; i < steps.size(); ++i) {
        const StepTruth &s = rank.steps[size_t(i)];
        QCOMPARE(steps[i],
            DbRow({ QVariant::fromValue<qint64>(s.stepId), QVariant::fromValue<qint64>(s.startNs),
                QVariant::fromValue<qint64>(s.startNs + s.wallNs) }));
    }
    // analysis.db's StepTraceTime holds step_trace_time.csv's numbers (us) for the same steps.
    ReadDb analysis(outputFile(rank, "analysis.db"));
    const QList<DbRow> rows = analysis.rows("SELECT * FROM StepTraceTime ORDER BY step");
    const QList<Row> csv = parseCsv(outputFile(rank, "step_trace_time.csv"));
    QCOMPARE(rows.size(), csv.size());
    const char *columns[] = { "Step", "Computing", "Communication(Not Overlapped)", "Overlapped",
        "Communication", "Free", "Stage", "Bubble",
        "Communication(Not Overlapped and Exclude Receive)", "Preparing" };
    for (qsizetype i = 0; i < rows.size(); ++i) {
        QCOMPARE(rows[i][0].toString(), csv[i].value(QStringLiteral("Step")));
        for (int c = 1; c < 10; ++c)
            QCOMPARE(qRound64(rows[i][c].toDouble() * 1000),
                micros(csv[i].value(QLatin1String(columns[c]))));
    }
}

// PYTORCH_API -> CONNECTION_IDS -> TASK gives each kernel the host op that trace_view.json's
// async_npu flow (id = the task's start) starts from, on the same thread; the CANN launch of the
// same connection id runs inside that op.
void TestGeneratorDb::flowsMatchTrace()
{
    GeneratorOptions o;
    o.events = 6000;
    o.plants = { Plant::TransData, Plant::CommNotOverlapped };
    const GeneratorResult result = generate(o, GeneratorFormat::Both);
    QVERIFY(result.ok);
    const RankTruth &rank = result.ranks.front();
    std::map<qint64, std::pair<qint64, qint64>> flowStarts; // task start -> (op start, tid)
    const QJsonArray events
        = QJsonDocument::fromJson(readAll(outputFile(rank, "trace_view.json"))).array();
    for (const QJsonValue &v : events) {
        const QJsonObject e = v.toObject();
        if (e.value(QLatin1String("cat")).toString() == QLatin1String("async_npu")
            && e.value(QLatin1String("ph")).toString() == QLatin1String("s"))
            flowStarts[e.value(QLatin1String("id")).toInteger()]
                = { micros(e.value(QLatin1String("ts")).toString()),
                      e.value(QLatin1String("tid")).toInteger() };
    }
    QCOMPARE(qint64(flowStarts.size()), rank.kernelRows);
    ReadDb db(dbFile(rank));
    const QList<DbRow> links = db.rows(R"(
        SELECT t.startNs, CAST(p.startNs AS INTEGER), p.globalTid, CAST(p.endNs AS INTEGER),
               c.startNs, c.globalTid, n.value
        FROM TASK t JOIN CONNECTION_IDS ci ON ci.connectionId = t.connectionId
        JOIN PYTORCH_API p ON p.connectionId = ci.id AND p.type = 50001
        JOIN CANN_API c ON c.connectionId = t.connectionId
        JOIN STRING_IDS n ON n.id = p.name
        WHERE t.globalTaskId IN (SELECT globalTaskId FROM COMPUTE_TASK_INFO)
           OR t.globalTaskId IN (SELECT min(globalTaskId) FROM COMMUNICATION_TASK_INFO GROUP BY opId)
        ORDER BY t.startNs)");
    QVERIFY2(db.ok(), qPrintable(db.error()));
    QCOMPARE(qint64(links.size()), rank.kernelRows);
    for (const DbRow &l : links) {
        const auto it = flowStarts.find(l[0].toLongLong());
        QVERIFY(it != flowStarts.end());
        QCOMPARE(l[1].toLongLong(), it->second.first);
        QCOMPARE(l[2].toLongLong() & 0xffffffff, it->second.second);
        QCOMPARE(l[5], l[2]); // the launch runs on the op's thread, inside the op
        QVERIFY(l[4].toLongLong() >= l[1].toLongLong() && l[4].toLongLong() <= l[3].toLongLong());
        QVERIFY(!l[6].toString().isEmpty());
    }
}

// --format db writes the profile of --format both without its text files, and the same truth.
void TestGeneratorDb::dbOnlyFolder()
{
    GeneratorOptions o;
    o.events = 5000;
    o.seed = 4;
    o.plants = allPlants();
    const GeneratorResult both = generate(o, GeneratorFormat::Both);
    const GeneratorResult db = generate(o, GeneratorFormat::Db);
    const GeneratorResult text = generate(o, GeneratorFormat::Text);
    QVERIFY(both.ok && db.ok && text.ok);
    const RankTruth &a = both.ranks.front(), &b = db.ranks.front();
    QCOMPARE(b.kernelRows, a.kernelRows);
    QCOMPARE(b.kernelTotalNs, a.kernelTotalNs);
    QCOMPARE(b.hostOps, a.hostOps);
    QCOMPARE(b.commNotOverlappedNs, a.commNotOverlappedNs);
    QCOMPARE(b.stepWallNs, a.stepWallNs);
    QCOMPARE(b.traceEvents, qint64(0));
    QCOMPARE(b.dbRows, a.dbRows);
    QVERIFY(b.dbBytes > 0);
    QCOMPARE(QDir(b.dir + QStringLiteral("/ASCEND_PROFILER_OUTPUT")).entryList(QDir::Files),
        QStringList(
            { QStringLiteral("analysis.db"), QStringLiteral("ascend_pytorch_profiler_0.db") }));
    QCOMPARE(QDir(b.dir).entryList(QDir::Files),
        QStringList({ QStringLiteral("profiler_info_0.json") }));
    auto exportType = [](const RankTruth &r) {
        const QJsonObject info
            = QJsonDocument::fromJson(readAll(r.dir + QStringLiteral("/profiler_info_0.json")))
                  .object();
        return info.value(QLatin1String("config"))
            .toObject()
            .value(QLatin1String("experimental_config"))
            .toObject()
            .value(QLatin1String("_export_type"));
    };
    QCOMPARE(exportType(b), QJsonValue(QStringLiteral("db")));
    QCOMPARE(
        exportType(a), QJsonValue(QJsonArray({ QStringLiteral("text"), QStringLiteral("db") })));
    QCOMPARE(exportType(text.ranks.front()), QJsonValue(QStringLiteral("text")));
    QVERIFY(text.ranks.front().dbPath.isEmpty());
    // The text files of --format both are those of --format text, byte for byte.
    for (const char *name : { "trace_view.json", "kernel_details.csv", "step_trace_time.csv",
             "op_statistic.csv", "operator_details.csv" }) {
        const QByteArray bytes = readAll(outputFile(a, name));
        QVERIFY2(!bytes.isEmpty() && bytes == readAll(outputFile(text.ranks.front(), name)), name);
    }
    QVERIFY(QDir(text.ranks.front().dir + QStringLiteral("/ASCEND_PROFILER_OUTPUT"))
                .entryList({ QStringLiteral("*.db*") }, QDir::Files)
                .isEmpty());
    ReadDb da(a.dbPath), dbb(b.dbPath);
    QCOMPARE(dbb.rows(kKernelSql), da.rows(kKernelSql));
    QCOMPARE(dbb.rows("SELECT * FROM PYTORCH_API"), da.rows("SELECT * FROM PYTORCH_API"));
}

// STRING_IDS interning as the profiler does it: CANN names from 0, framework names from 2^28,
// each value once; PYTORCH_API times are TEXT; globalTid = pid << 32 | tid.
void TestGeneratorDb::stringIds()
{
    GeneratorOptions o;
    o.events = 5000;
    o.plants = allPlants();
    const GeneratorResult result = generate(o, GeneratorFormat::Db);
    QVERIFY(result.ok);
    ReadDb db(result.ranks.front().dbPath);
    QCOMPARE(
        db.count("SELECT count(*) - count(DISTINCT value) FROM STRING_IDS WHERE id < 268435456"),
        qint64(0));
    // The framework bank; the memory bank (from 2^29) repeats operator names, as real databases
    // do (29 names in both banks in the ascend-2025-01-db level1 rank0 sample).
    QCOMPARE(db.count("SELECT count(*) - count(DISTINCT value) FROM STRING_IDS "
                      "WHERE id >= 268435456 AND id < 536870912"),
        qint64(0));
    QCOMPARE(db.count("SELECT min(id) FROM STRING_IDS"), qint64(0));
    QCOMPARE(db.count("SELECT count(*) FROM PYTORCH_API WHERE name < 268435456"), qint64(0));
    QCOMPARE(db.count("SELECT count(*) FROM CANN_API WHERE name >= 268435456"), qint64(0));
    QCOMPARE(db.count("SELECT count(*) FROM PYTORCH_API p JOIN STRING_IDS s ON s.id = p.name"),
        result.ranks.front().hostOps);
    QCOMPARE(
        db.count("SELECT count(*) FROM PYTORCH_API WHERE typeof(startNs) <> 'text' "
                 "OR typeof(endNs) <> 'text' OR CAST(endNs AS INTEGER) < CAST(startNs AS INTEGER)"),
        qint64(0));
    QCOMPARE(db.count("SELECT count(DISTINCT globalPid) FROM TASK"), 1);
    QCOMPARE(db.count("SELECT count(*) FROM CANN_API WHERE globalTid >> 32 <> "
                      "(SELECT globalPid FROM TASK LIMIT 1)"),
        qint64(0));
    QCOMPARE(db.rows("SELECT value FROM META_DATA WHERE name = 'SCHEMA_VERSION'").value(0).value(0),
        QVariant(QStringLiteral("1.0.0")));
    QCOMPARE(db.count("SELECT count(*) FROM NPU_INFO"), qint64(1));
    QCOMPARE(db.count("SELECT count(*) FROM ENUM_API_TYPE WHERE id IN (10000, 20000, 50001)"),
        qint64(3));
}

// Each table and column written exists with the same name, type and key in the real profiler's
// databases (columns in the same order); so do the indexes.
void TestGeneratorDb::schemaMatchesSample()
{
    const QDir samples(QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-01-db"));
    if (!samples.exists())
        QSKIP("ascend-2025-01-db samples not present");
    QStringList sampleDbs;
    for (const char *level : { "level0", "level2", "level1" })
        for (int rank = 0; rank < 2; ++rank)
            sampleDbs << samples.filePath(
                QStringLiteral("%1/rank%2_ascend_pt/ASCEND_PROFILER_OUTPUT/"
                               "ascend_pytorch_profiler_%2.db")
                    .arg(QLatin1String(level))
                    .arg(rank));
    for (const QString &f : sampleDbs)
        QVERIFY2(QFileInfo::exists(f), qPrintable(f));
    GeneratorOptions o;
    o.events = 3000;
    const GeneratorResult result = generate(o, GeneratorFormat::Db);
    QVERIFY(result.ok);
    ReadDb ours(result.ranks.front().dbPath);
    const QStringList tables = ours.tables();
    QVERIFY(tables.size() >= 22);
    for (const QString &table : tables) {
        QStringList expected;
        for (const QString &f : sampleDbs) { // the first sample that has the table
            ReadDb sample(f);
            QVERIFY2(sample.ok(), qPrintable(f));
            if (sample.tables().contains(table)) {
                expected = sample.columns(table);
                break;
            }
        }
        QVERIFY2(!expected.isEmpty(), qPrintable(table + QStringLiteral(": in no sample")));
        // level1/rank0 comes last: another viewer added columns of its own (depth, waitNs) there.
        QCOMPARE(ours.columns(table), expected);
    }
    ReadDb sample(sampleDbs.first());
    const char *indexes = "SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' "
                          "AND name NOT LIKE 'sqlite_%' ORDER BY name";
    QCOMPARE(ours.rows(indexes), sample.rows(indexes));
    ReadDb ourAnalysis(outputFile(result.ranks.front(), "analysis.db"));
    ReadDb sampleAnalysis(samples.filePath(
        QStringLiteral("level1/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/analysis.db")));
    QCOMPARE(ourAnalysis.columns(QStringLiteral("StepTraceTime")),
        sampleAnalysis.columns(QStringLiteral("StepTraceTime")));
}

// The database is built under a temporary name: a failure leaves neither a half file under the
// final name nor the temporary one.
void TestGeneratorDb::neverHalfAFile()
{
    GeneratorOptions o;
    o.events = 3000;
    o.format = GeneratorFormat::Db;
    o.outDir = m_tmp.filePath(QStringLiteral("blocked"));
    const QString out = o.outDir + QStringLiteral("/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT");
    const QString final = out + QStringLiteral("/ascend_pytorch_profiler_0.db");
    QVERIFY(QDir().mkpath(final + QStringLiteral("/in-the-way"))); // rename cannot replace it
    const GeneratorResult r = generateProfile(o);
    QVERIFY(!r.ok);
    QVERIFY2(r.error.contains(final), qPrintable(r.error));
    QVERIFY(QFileInfo(final).isDir());
    QVERIFY(!QFileInfo::exists(final + QStringLiteral(".part")));
}

void TestGeneratorDb::cancelLeavesNoFile()
{
    GeneratorOptions o;
    o.events = 20000;
    o.format = GeneratorFormat::Db;
    o.outDir = m_tmp.filePath(QStringLiteral("cancelled"));
    int calls = 0;
    const GeneratorResult r = generateProfile(o, [&](qint64, qint64) { return ++calls < 20; });
    QVERIFY(!r.ok);
    QCOMPARE(calls, 20);
    const QDir out(o.outDir + QStringLiteral("/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT"));
    QVERIFY(out.exists());
    QCOMPARE(out.entryList(QDir::Files | QDir::Hidden), QStringList());
}

QTEST_GUILESS_MAIN(TestGeneratorDb)
#include "tst_generatordb.moc"
