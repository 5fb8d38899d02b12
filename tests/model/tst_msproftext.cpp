// msprof's text output (FORMATS.md §9): PROF_*/mindstudio_profiler_output/ with msprof_*.json and
// op_summary_*.csv, whole or in slices, found and read as one profile. No sample exists: the
// fixtures below are written from the documented names and headers.
#include "model/profile/discovery.h"
#include "model/profile/msproftext.h"
#include "model/profile/profileloader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;

namespace {

void write(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(content);
}

// The documented kernel columns, then a PMU column.
const QByteArray kHeader = "Op Name,OP Type,Task Type,Task Start Time(us),Task Duration(us),"
                           "Task Wait Time(us),Block Dim,aic_total_cycles\n";

QByteArray slice(const QByteArray &name, qint64 startUs)
{
    return '"' + name + "\",MatMulV2,AI_CORE,\"" + QByteArray::number(startUs)
        + ".250\t\",2.5,0.75,8,1000\n";
}

// A PROF_ folder as msprof writes it: the trace in two slices, the kernel table in three (slice
// numbers that sort wrongly as text), another CSV whole. Returns the PROF_ folder.
QString makeProf(const QString &parent)
{
    const QString prof = parent + QStringLiteral("/PROF_000001_20250101120000_ABCDEFGH");
    const QString out = prof + QStringLiteral("/mindstudio_profiler_output/");
    write(out + QStringLiteral("msprof_slice_0_20250101120500.json"),
        R"([{"name":"process_name","ph":"M","pid":7,"tid":0,"args":{"name":"Ascend Hardware"}},
{"name":"MatMul_1","ph":"X","pid":7,"tid":3,"ts":"1000.250","dur":2.5,"args":{}},
])");
    write(out + QStringLiteral("msprof_slice_1_20250101120500.json"),
        R"([{"name":"MatMul_2","ph":"X","pid":7,"tid":3,"ts":"1010.250","dur":2.5,"args":{}}])");
    write(out + QStringLiteral("op_summary_slice_0_20250101120500.csv"),
        kHeader + slice("MatMul_1", 1000));
    write(out + QStringLiteral("op_summary_slice_2_20250101120500.csv"),
        kHeader + slice("MatMul_2", 1010));
    write(out + QStringLiteral("op_summary_slice_10_20250101120500.csv"),
        kHeader + slice("MatMul_3", 1020));
    write(out + QStringLiteral("op_statistic_20250101120500.csv"), "OP Type,Count\nMatMulV2,3\n");
    return prof;
}

QStringList names(const KernelTable &k)
{
    QStringList out;
    for (const StringId id : k.name)
        out << k.strings.string(id);
    return out;
}

} // namespace

class TstMsprofText : public QObject {
    Q_OBJECT
private slots:
    void slicesInOrder();
    void entryPoints_data();
    void entryPoints();
    void loadsAsOne();
    void joinJson();
};

void TstMsprofText::slicesInOrder()
{
    QTemporaryDir tmp;
    const QString prof = makeProf(tmp.path());
    const MsprofTextFiles f = findMsprofText(QDir(findMsprofOutputDir(QDir(prof))));
    QCOMPARE(f.trace.size(), 2);
    QVERIFY(f.trace[0].endsWith(QLatin1String("msprof_slice_0_20250101120500.json")));
    QCOMPARE(f.kernels.size(), 3);
    QVERIFY(f.kernels[0].contains(QLatin1String("_slice_0_")));
    QVERIFY(f.kernels[1].contains(QLatin1String("_slice_2_")));
    QVERIFY(f.kernels[2].contains(QLatin1String("_slice_10_")));
    QCOMPARE(f.otherCsv.size(), 1);
    QVERIFY(f.otherCsv[0].endsWith(QLatin1String("op_statistic_20250101120500.csv")));
}

void TstMsprofText::entryPoints_data()
{
    QTest::addColumn<QString>("relative");
    QTest::newRow("parent") << QString();
    QTest::newRow("PROF folder") << QStringLiteral("PROF_000001_20250101120000_ABCDEFGH");
    QTest::newRow("output folder")
        << QStringLiteral("PROF_000001_20250101120000_ABCDEFGH/mindstudio_profiler_output");
}

void TstMsprofText::entryPoints()
{
    QFETCH(QString, relative);
    QTemporaryDir tmp;
    makeProf(tmp.path());
    const ProfileSource s = discoverProfile(tmp.path() + QLatin1Char('/') + relative);
    QVERIFY2(s.issues.isEmpty(), qPrintable(s.issues.value(0).message));
    QCOMPARE(s.ranks.size(), std::size_t(1));
    const RankSource &r = s.ranks.front();
    QVERIFY(r.database.isEmpty());
    QVERIFY(!r.kineto);
    QCOMPARE(r.traceSlices.size(), 2);
    QCOMPARE(r.traceView, r.traceSlices.first());
    QCOMPARE(r.kernelSlices.size(), 3);
    QCOMPARE(r.kernelDetails, r.kernelSlices.first());
}

void TstMsprofText::loadsAsOne()
{
    QTemporaryDir tmp;
    makeProf(tmp.path());
    const ProfileSource s = discoverProfile(tmp.path());
    QCOMPARE(s.ranks.size(), std::size_t(1));
    LoadOptions o;
    o.threads = 1;
    bool cancelled = false;
    const auto rank = loadRank(s.ranks.front(), o, {}, &cancelled);
    QVERIFY(rank && !cancelled);
    for (const Issue &i : rank->issues)
        QVERIFY2(i.severity != Severity::Error, qPrintable(i.location + i.message));
    // The kernel table: the rows of the three slices in slice order, op_summary's headers taken
    // as the kernel columns.
    QVERIFY(rank->kernels);
    const KernelTable &k = *rank->kernels;
    QCOMPARE(names(k).join(QLatin1Char(' ')), QStringLiteral("MatMul_1 MatMul_2 MatMul_3"));
    QCOMPARE(k.strings.string(k.type[1]), QStringLiteral("MatMulV2"));
    QCOMPARE(k.strings.string(k.core[2]), QStringLiteral("AI_CORE"));
    QCOMPARE(k.start[1], TimeNs(1010250));
    QCOMPARE(k.duration[2], TimeNs(2500));
    QCOMPARE(k.wait[0], TimeNs(750));
    QCOMPARE(k.blockDim[0], 8);
    // The trace: both slices' events on one track of the Ascend Hardware process.
    QVERIFY(rank->trace);
    QCOMPARE(rank->trace->sliceCount(), 2);
    bool found = false;
    for (const Track &t : rank->trace->tracks)
        if (t.processName == QLatin1String("Ascend Hardware")) {
            QCOMPARE(t.events.size(), std::size_t(2));
            QCOMPARE(t.events[1].start, TimeNs(1010250));
            found = true;
        }
    QVERIFY(found);
    QVERIFY(rank->otherTables.count(QStringLiteral("op_statistic_20250101120500.csv")));
}

void TstMsprofText::joinJson()
{
    QTemporaryDir tmp;
    const QString a = tmp.filePath(QStringLiteral("a.json")),
                  b = tmp.filePath(QStringLiteral("b.json"));
    QString error;
    // Arrays: one array of all events (a trailing comma and an empty slice dropped).
    write(a, "[{\"x\":1},\n]\n");
    write(b, " [] ");
    QCOMPARE(joinJsonSlices({ a, b, a }, &error), QByteArray("[{\"x\":1},{\"x\":1}]"));
    // Pieces of one document: their bytes in order.
    write(a, "[{\"x\":1},");
    write(b, "{\"y\":2}]");
    QCOMPARE(joinJsonSlices({ a, b }, &error), QByteArray("[{\"x\":1},{\"y\":2}]"));
    QVERIFY(error.isEmpty());
    QVERIFY(joinJsonSlices({ a, tmp.filePath(QStringLiteral("missing.json")) }, &error).isEmpty());
    QVERIFY(error.contains(QLatin1String("missing.json")));
}

QTEST_GUILESS_MAIN(TstMsprofText)
#include "tst_msproftext.moc"
