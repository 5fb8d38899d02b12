// The profiler database reader against the six sample databases (checked with independent SQL
// over the same files and against the text export of the same job) and hostile copies of them.

#include "model/csv/csvreader.h"
#include "model/profile/profileloader.h"

#include "dbsamples.h"

#include "../app/treehash.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <algorithm>
#include <map>
#include <memory>
#include <tuple>

using namespace npuscope;

namespace {

const QString &kDb = test::kDbSamples;
const QString &kText = test::kTextSamples;

QString dbFile(const QString &level, int rank) { return test::sampleDbFile(level, rank); }

// One kernel row as the test's own SQL gives it.
struct Row {
    qint64 start = 0, duration = 0;
    QString name, type, core, blockDim, shapes;
    auto key() const { return std::tie(start, name); }
};

// Plain SQL over the database, written independently of the reader: the compute tasks with their
// strings, and the HCCL operations as the text export lists them.
std::vector<Row> expectedRows(const QString &path)
{
    sqlite3 *db = nullptr;
    const QByteArray uri
        = (QStringLiteral("file:") + path + QStringLiteral("?mode=ro&immutable=1")).toUtf8();
    std::vector<Row> rows;
    if (sqlite3_open_v2(uri.constData(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr)
        != SQLITE_OK) {
        sqlite3_close(db);
        return rows;
    }
    const char *sql = "SELECT t.startNs, t.endNs - t.startNs, n.value, ty.value, co.value, "
                      "c.blockDim, sh.value FROM COMPUTE_TASK_INFO c "
                      "JOIN TASK t ON t.globalTaskId = c.globalTaskId "
                      "LEFT JOIN STRING_IDS n ON n.id = c.name "
                      "LEFT JOIN STRING_IDS ty ON ty.id = c.opType "
                      "LEFT JOIN STRING_IDS co ON co.id = c.taskType "
                      "LEFT JOIN STRING_IDS sh ON sh.id = c.inputShapes "
                      "UNION ALL SELECT o.startNs, o.endNs - o.startNs, n.value, ty.value, 'HCCL', "
                      "0, 'N/A' FROM COMMUNICATION_OP o "
                      "LEFT JOIN STRING_IDS n ON n.id = o.opName "
                      "LEFT JOIN STRING_IDS ty ON ty.id = o.opType";
    sqlite3_stmt *st = nullptr;
    if (sqlite3_prepare_v2(db, sql, -1, &st, nullptr) == SQLITE_OK) {
        auto text = [&](int c) {
            return QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(st, c)));
        };
        while (sqlite3_step(st) == SQLITE_ROW)
            rows.push_back({ sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1), text(2),
                text(3), text(4), text(5), text(6) });
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    std::sort(
        rows.begin(), rows.end(), [](const Row &a, const Row &b) { return a.key() < b.key(); });
    return rows;
}

std::vector<Row> readerRows(const KernelTable &k)
{
    const Table &t = *k.table;
    const int shapes = t.findColumn(u"Input Shapes");
    const int block = t.findColumn(u"Block Dim");
    std::vector<Row> rows;
    for (qsizetype r = 0; r < k.rowCount(); ++r) {
        const auto i = std::size_t(r);
        rows.push_back(
            { k.start[i], k.duration[i], k.strings.string(k.name[i]), k.strings.string(k.type[i]),
                k.strings.string(k.core[i]), t.text(r, block), t.text(r, shapes) });
    }
    std::sort(
        rows.begin(), rows.end(), [](const Row &a, const Row &b) { return a.key() < b.key(); });
    return rows;
}

// (name, Type) of every compute kernel of a kernel table, sorted: the work of the job.
std::vector<std::pair<QString, QString>> computeKernels(const KernelTable &k)
{
    std::vector<std::pair<QString, QString>> out;
    for (qsizetype r = 0; r < k.rowCount(); ++r) {
        const auto i = std::size_t(r);
        if (k.strings.view(k.core[i]) != "HCCL")
            out.emplace_back(k.strings.string(k.name[i]), k.strings.string(k.type[i]));
    }
    std::sort(out.begin(), out.end());
    return out;
}

int countFlows(const Trace &trace, std::string_view category, TrackKind from, TrackKind to)
{
    int n = 0;
    for (const Flow &f : trace.flows)
        n += trace.strings.view(f.category) == category && trace.track(f.from.track).kind == from
            && trace.track(f.to.track).kind == to;
    return n;
}

// The fwdbwd flows of a trace as (forward op, backward op) names, sorted.
QStringList forwardBackward(const Trace &trace)
{
    QStringList out;
    for (const Flow &f : trace.flows)
        if (trace.strings.view(f.category) == "fwdbwd" && f.from.isValid() && f.to.isValid())
            out << trace.strings.string(trace.event(f.from).name) + QStringLiteral(" > ")
                    + trace.strings.string(trace.event(f.to).name);
    out.sort();
    return out;
}

// Plain SQL: the sequence numbers with both a forward and a backward op.
int sequencesWithBackward(const QString &path)
{
    sqlite3 *db = nullptr;
    const QByteArray uri
        = (QStringLiteral("file:") + path + QStringLiteral("?mode=ro&immutable=1")).toUtf8();
    int n = -1;
    sqlite3_stmt *st = nullptr;
    if (sqlite3_open_v2(uri.constData(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr)
            == SQLITE_OK
        && sqlite3_prepare_v2(db,
               "SELECT count(*) FROM (SELECT sequenceNumber FROM PYTORCH_API "
               "WHERE sequenceNumber >= 0 GROUP BY sequenceNumber "
               "HAVING sum(fwdThreadId = 0) > 0 AND sum(fwdThreadId != 0) > 0)",
               -1, &st, nullptr)
            == SQLITE_OK
        && sqlite3_step(st) == SQLITE_ROW)
        n = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return n;
}

bool hasIssueNaming(const IssueList &issues, const QString &file)
{
    return std::any_of(issues.begin(), issues.end(), [&](const Issue &i) {
        return i.severity == Severity::Error && i.file == file && !i.message.isEmpty();
    });
}

// The kernel table is what plain SQL over the database says, row for row, and its compute
// kernels are those of the text export of the same job.
void checkKernels(const KernelTable &k, const QString &file, const QString &level, int rank)
{
    const std::vector<Row> expected = expectedRows(file);
    const std::vector<Row> actual = readerRows(k);
    QCOMPARE(actual.size(), expected.size());
    QVERIFY(expected.size() > 180);
    for (std::size_t i = 0; i < expected.size(); ++i) {
        QCOMPARE(actual[i].start, expected[i].start);
        QCOMPARE(actual[i].duration, expected[i].duration);
        QCOMPARE(actual[i].name, expected[i].name);
        QCOMPARE(actual[i].type, expected[i].type);
        QCOMPARE(actual[i].core, expected[i].core);
        QCOMPARE(actual[i].blockDim, expected[i].blockDim);
        QCOMPARE(actual[i].shapes, expected[i].shapes);
    }
    // Rows in start order with the profiler's Wait Time: the gap since the previous row's end.
    for (qsizetype i = 1; i < k.rowCount(); ++i) {
        const auto j = std::size_t(i);
        QVERIFY(k.start[j - 1] <= k.start[j]);
        const TimeNs gap = k.start[j] - k.start[j - 1] - k.duration[j - 1];
        QCOMPARE(k.wait[j], std::max<TimeNs>(0, gap));
    }

    // The compute kernels of the text export of the same job: same names and Types.
    const QString twin = kText + level
        + QStringLiteral("/rank%1_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv").arg(rank);
    CsvResult csv = readCsvFile(twin);
    QVERIFY2(csv.ok, qPrintable(twin));
    IssueList ignored;
    const KernelTable text = KernelTable::fromTable(std::move(csv.table), &ignored);
    QCOMPARE(computeKernels(k), computeKernels(text));
}

// Steps, flows host op -> kernel and launch -> kernel, communication, counters.
void checkTimeline(const Trace &t)
{
    // Steps, flows host op -> kernel and launch -> kernel, communication, counters.
    QVERIFY(t.strings.find("ProfilerStep#50").isValid());
    QVERIFY(countFlows(t, "async_npu", TrackKind::HostThread, TrackKind::DeviceStream) > 100);
    QVERIFY(countFlows(t, "HostToDevice", TrackKind::Cann, TrackKind::DeviceStream) > 100);
    QVERIFY(countFlows(t, "HostToDevice", TrackKind::Cann, TrackKind::Communication) >= 4);
    QVERIFY(countFlows(t, "async_task_queue", TrackKind::HostThread, TrackKind::HostThread) > 100);
    int hccl = 0, streams = 0;
    for (const Track &track : t.tracks) {
        streams += track.kind == TrackKind::DeviceStream;
        if (track.kind == TrackKind::Communication)
            for (const Event &e : track.events)
                hccl += t.strings.view(e.name).starts_with("hcom_allReduce");
    }
    QCOMPARE(hccl, 4);
    QVERIFY(streams >= 3);
    QStringList series;
    for (const CounterSeries &c : t.counters)
        series << c.processName + QLatin1Char('/') + c.name;
    QVERIFY2(series.contains(QStringLiteral("AI Core Freq/AI Core Freq (MHz)")),
        qPrintable(series.join(u", ")));
    QVERIFY(std::any_of(series.begin(), series.end(),
        [](const QString &s) { return s.startsWith(QLatin1String("HBM/")); }));
    QVERIFY(std::any_of(series.begin(), series.end(),
        [](const QString &s) { return s.startsWith(QLatin1String("Memory")); }));
}

} // namespace

class TstDbReader : public QObject {
    Q_OBJECT
private slots:
    void samples_data();
    void samples();
    void forwardBackwardFlows_data() { samples_data(); }
    void forwardBackwardFlows();
    void levelFolderOpensTwoRanks();
    void databaseFileOpensItsProfile();
    void textChosenOnRequest();
    void folderUnchanged();
    void hostile_data();
    void hostile();
};

void TstDbReader::samples_data() { test::addDbSampleRows(); }

void TstDbReader::samples()
{
    NPUSCOPE_FETCH_SAMPLE_DB(file);
    const LoadResult r = loadProfile(QFileInfo(file).dir().absolutePath());
    QVERIFY(r.profile);
    QVERIFY2(!r.profile->hasErrors(),
        qPrintable(
            r.profile->allIssues().isEmpty() ? QString() : r.profile->allIssues().first().message));
    QCOMPARE(r.profile->ranks.size(), std::size_t(1));
    const RankProfile &p = *r.profile->ranks[0];
    QCOMPARE(p.source.database, file);
    QCOMPARE(p.rank(), rank);
    QVERIFY(p.kernels && p.trace);

    checkKernels(*p.kernels, file, level, rank);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(p.stepTrace && p.stepTrace->rowCount() >= 1);
    QCOMPARE(p.kernels->strings.string(p.kernels->step[0]), QStringLiteral("50"));
    checkTimeline(*p.trace);
    QCOMPARE(p.npuName, QStringLiteral("Ascend910B"));
    QCOMPARE(p.schemaVersion, QStringLiteral("1.0.0"));
}

// PYTORCH_API.sequenceNumber gives the fwdbwd flows the text export has: the same forward and
// backward ops, one per sequence number with both (the call tree places backward work by them).
void TstDbReader::forwardBackwardFlows()
{
    NPUSCOPE_FETCH_SAMPLE_DB(file);
    const LoadResult db = loadProfile(QFileInfo(file).dir().absolutePath());
    const LoadResult text
        = loadProfile(kText + QStringLiteral("%1/rank%2_ascend_pt").arg(level).arg(rank));
    QVERIFY(db.profile && db.profile->ranks.size() == 1 && db.profile->ranks[0]->trace);
    QVERIFY(text.profile && text.profile->ranks.size() == 1 && text.profile->ranks[0]->trace);
    const Trace &t = *db.profile->ranks[0]->trace;
    const QStringList got = forwardBackward(t);
    QCOMPARE(got.size(), sequencesWithBackward(file));
    QCOMPARE(countFlows(t, "fwdbwd", TrackKind::HostThread, TrackKind::HostThread), 27);
    QCOMPARE(got, forwardBackward(*text.profile->ranks[0]->trace));
}

void TstDbReader::levelFolderOpensTwoRanks()
{
    if (!QDir(kDb).exists())
        QSKIP("samples not present");
    const LoadResult r = loadProfile(kDb + QStringLiteral("level1"));
    QVERIFY(r.profile && !r.profile->hasErrors());
    QCOMPARE(r.profile->ranks.size(), std::size_t(2));
    for (int i = 0; i < 2; ++i) {
        const RankProfile &p = *r.profile->ranks[std::size_t(i)];
        QCOMPARE(p.rank(), i);
        QCOMPARE(p.source.database, dbFile(QStringLiteral("level1"), i));
        QVERIFY(p.kernels && p.kernels->rowCount() == 191);
    }
    // Overlap analysis, where the database has it (rank 0 only).
    const Trace &t = *r.profile->ranks[0]->trace;
    QVERIFY(std::any_of(t.tracks.begin(), t.tracks.end(),
        [](const Track &track) { return track.kind == TrackKind::OverlapAnalysis; }));
}

void TstDbReader::databaseFileOpensItsProfile()
{
    if (!QDir(kDb).exists())
        QSKIP("samples not present");
    const QString file = dbFile(QStringLiteral("level2"), 1);
    const LoadResult r = loadProfile(file);
    QVERIFY(r.profile && !r.profile->hasErrors());
    QCOMPARE(r.profile->ranks.size(), std::size_t(1));
    QCOMPARE(r.profile->ranks[0]->rank(), 1);
    QVERIFY(r.profile->ranks[0]->stepTrace); // analysis.db beside it
    QVERIFY(r.profile->ranks[0]->kernels);
}

void TstDbReader::textChosenOnRequest()
{
    if (!QDir(kDb).exists())
        QSKIP("samples not present");
    // A rank folder holding both exports: a copy of the text rank with the database added.
    QTemporaryDir tmp;
    const QString rankDir = tmp.filePath(QStringLiteral("rank0_ascend_pt"));
    const QString out = rankDir + QStringLiteral("/ASCEND_PROFILER_OUTPUT");
    QVERIFY(QDir().mkpath(out));
    const QString text = kText + QStringLiteral("level1/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/");
    for (const char *f : { "kernel_details.csv", "step_trace_time.csv" })
        QVERIFY(QFile::copy(text + QLatin1String(f), out + QLatin1Char('/') + QLatin1String(f)));
    QVERIFY(QFile::copy(dbFile(QStringLiteral("level1"), 0),
        out + QStringLiteral("/ascend_pytorch_profiler_0.db")));
    const ProfileSource automatic = discoverProfile(rankDir);
    QCOMPARE(automatic.ranks.size(), std::size_t(1));
    QVERIFY(!automatic.ranks[0].database.isEmpty());
    QVERIFY(automatic.ranks[0].kernelDetails.isEmpty());
    QCOMPARE(automatic.ranks[0].otherSource, QStringLiteral("text"));
    const ProfileSource text2 = discoverProfile(rankDir, SourceFormat::Text);
    QVERIFY(text2.ranks[0].database.isEmpty());
    QVERIFY(!text2.ranks[0].kernelDetails.isEmpty());
    QVERIFY(text2.ranks[0].otherSource.endsWith(QLatin1String(".db")));
}

void TstDbReader::folderUnchanged()
{
    if (!QDir(kDb).exists())
        QSKIP("samples not present");
    // Copies (writable, unlike the samples): SQLite would be free to add a journal or -wal here.
    QTemporaryDir tmp;
    const QString src = kDb + QStringLiteral("level1/rank0_ascend_pt");
    const QString dst = tmp.filePath(QStringLiteral("rank0_ascend_pt"));
    QVERIFY(QDir().mkpath(dst + QStringLiteral("/ASCEND_PROFILER_OUTPUT")));
    for (const QString &f : { QStringLiteral("profiler_info_0.json"),
             QStringLiteral("ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db"),
             QStringLiteral("ASCEND_PROFILER_OUTPUT/analysis.db") })
        QVERIFY(QFile::copy(src + QLatin1Char('/') + f, dst + QLatin1Char('/') + f));
    const auto before = test::hashTree(tmp.path());
    const LoadResult r = loadProfile(dst);
    QVERIFY(r.profile && r.profile->ranks.size() == 1 && r.profile->ranks[0]->kernels);
    QCOMPARE(test::hashTree(tmp.path()), before);
}

void TstDbReader::hostile_data()
{
    QTest::addColumn<QString>("damage");
    for (const char *d : { "truncate:100", "truncate:4096", "truncate:20000", "truncate:half",
             "truncate:-5000", "random", "empty", "zero-rows", "text-in-integer" })
        QTest::newRow(d) << QString::fromLatin1(d);
}

namespace {

bool execute(const QString &path, const char *sql)
{
    sqlite3 *db = nullptr;
    bool ok = sqlite3_open(path.toUtf8().constData(), &db) == SQLITE_OK
        && sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(db);
    return ok;
}

// The damaged copy of a sample database, in `dir`.
QString damagedCopy(const QString &damage, const QString &dir)
{
    const QString path = dir + QStringLiteral("/ascend_pytorch_profiler_0.db");
    if (!QFile::copy(dbFile(QStringLiteral("level1"), 0), path))
        return QString();
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    QFile f(path);
    if (damage.startsWith(QLatin1String("truncate:"))) {
        const QString at = damage.mid(9);
        const qint64 size = f.size();
        const qint64 n = at == QLatin1String("half") ? size / 2
            : at.startsWith(QLatin1Char('-'))        ? size + at.toLongLong()
                                                     : at.toLongLong();
        return f.resize(n) ? path : QString();
    }
    if (damage == QLatin1String("random") || damage == QLatin1String("empty")) {
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return QString();
        QByteArray bytes(damage == QLatin1String("random") ? 65536 : 0, '\0');
        for (char &c : bytes)
            c = char(QRandomGenerator::global()->bounded(256));
        f.write(bytes);
        return path;
    }
    if (damage == QLatin1String("zero-rows"))
        return execute(path,
                   "DELETE FROM TASK; DELETE FROM COMPUTE_TASK_INFO; DELETE FROM PYTORCH_API; "
                   "DELETE FROM CANN_API; DELETE FROM COMMUNICATION_OP; DELETE FROM "
                   "COMMUNICATION_TASK_INFO; DELETE FROM NPU_MEM; DELETE FROM HBM; DELETE FROM "
                   "LLC; DELETE FROM AICORE_FREQ; DELETE FROM OVERLAP_ANALYSIS; DELETE FROM "
                   "MEMORY_RECORD; DELETE FROM STEP_TIME")
            ? path
            : QString();
    return execute(path, "UPDATE TASK SET startNs = 'abc' WHERE rowid % 3 = 0") ? path : QString();
}

} // namespace

void TstDbReader::hostile()
{
    QFETCH(QString, damage);
    if (!QDir(kDb).exists())
        QSKIP("samples not present");
    QTemporaryDir tmp;
    const QString out = tmp.filePath(QStringLiteral("rank0_ascend_pt/ASCEND_PROFILER_OUTPUT"));
    QVERIFY(QDir().mkpath(out));
    const QString path = damagedCopy(damage, out);
    QVERIFY(!path.isEmpty());
    const LoadResult r = loadProfile(path);
    QVERIFY(r.profile);
    const IssueList issues = r.profile->allIssues();
    QVERIFY2(hasIssueNaming(issues, path),
        qPrintable(issues.isEmpty() ? QStringLiteral("no issue") : issues.first().message));
    if (damage == QLatin1String("text-in-integer")) {
        // The other rows are still read, and the message names the table and column.
        QVERIFY(r.profile->ranks.size() == 1 && r.profile->ranks[0]->trace);
        QVERIFY(std::any_of(issues.begin(), issues.end(), [](const Issue &i) {
            return i.location.contains(QLatin1String("TASK"))
                && i.message.contains(QLatin1String("startNs"));
        }));
    }
}

QTEST_GUILESS_MAIN(TstDbReader)
#include "tst_dbreader.moc"
