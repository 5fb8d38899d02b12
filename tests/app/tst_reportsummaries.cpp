// `report --summaries` (issue 37, scale): a run of several ranks reported from each rank's summary
// files only, so that thousands of ranks of GB each are summarised where they lie.
#include "runbinary.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace npuscope;

namespace {

QJsonObject reportOf(const QStringList &args)
{
    const test::BinaryRun r = test::runNpuscope(QStringList { QStringLiteral("report") } + args);
    if (r.exitCode != 0)
        qWarning(
            "report %s: exit %d: %s", qPrintable(args.join(u' ')), r.exitCode, r.err.constData());
    return r.exitCode == 0 ? QJsonDocument::fromJson(r.out).object() : QJsonObject {};
}

QString statusOf(const QJsonObject &rank, const QString &id)
{
    for (const QJsonValue &c : rank[QStringLiteral("checks")].toArray())
        if (c[QStringLiteral("id")].toString() == id)
            return c[QStringLiteral("status")].toString();
    return {};
}

} // namespace

class TstReportSummaries : public QObject {
    Q_OBJECT
private slots:
    // The cluster section from the summaries is the full report's, with the traces and kernel
    // tables gone; the checks that need them say not_checked instead of a wrong "clear".
    void clusterWithoutTraces()
    {
        QTemporaryDir tmp;
        const test::BinaryRun g = test::runNpuscope({ QStringLiteral("generate"), tmp.path(),
            QStringLiteral("--events"), QStringLiteral("3000"), QStringLiteral("--ranks"),
            QStringLiteral("3"), QStringLiteral("--plant"), QStringLiteral("transdata") });
        QCOMPARE(g.exitCode, 0);
        const QJsonObject full = reportOf({ tmp.path(), QStringLiteral("--json") });
        QCOMPARE(full[QStringLiteral("ranks")].toArray().size(), 3);
        QCOMPARE(statusOf(full[QStringLiteral("ranks")][0].toObject(),
                     QStringLiteral("transdata-overhead")),
            QStringLiteral("found"));
        for (const QString &rank : QDir(tmp.path()).entryList({ QStringLiteral("rank*") }))
            for (const char *name : { "trace_view.json", "kernel_details.csv",
                     "operator_details.csv", "op_statistic.csv" })
                QFile::remove(tmp.filePath(
                    rank + QStringLiteral("/ASCEND_PROFILER_OUTPUT/") + QLatin1String(name)));
        const QJsonObject summaries
            = reportOf({ tmp.path(), QStringLiteral("--json"), QStringLiteral("--summaries") });
        const QJsonArray ranks = summaries[QStringLiteral("ranks")].toArray();
        QCOMPARE(ranks.size(), 3);
        const QJsonObject a = full[QStringLiteral("cluster")].toObject();
        const QJsonObject b = summaries[QStringLiteral("cluster")].toObject();
        QVERIFY(!a.isEmpty());
        QCOMPARE(b[QStringLiteral("ranks")].toArray().size(), 3);
        for (const char *key : { "stages", "groups", "links", "layout" })
            QCOMPARE(b[QLatin1String(key)], a[QLatin1String(key)]);
        for (qsizetype i = 0; i < 3; ++i) {
            const QJsonObject x = a[QStringLiteral("ranks")][i].toObject();
            const QJsonObject y = b[QStringLiteral("ranks")][i].toObject();
            for (const char *key :
                { "rank", "computing_us", "communication_not_overlapped_us", "free_us" })
                QCOMPARE(y[QLatin1String(key)], x[QLatin1String(key)]);
            QCOMPARE(statusOf(ranks[i].toObject(), QStringLiteral("transdata-overhead")),
                QStringLiteral("not_checked"));
        }
    }

    // A real run with its layout and links (two pipeline stages, HCCS links): the same cluster
    // section from the summaries as from the full load.
    void sampleCluster()
    {
        const QString sample = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-11");
        if (!QFileInfo::exists(QStringLiteral(NPUSCOPE_SAMPLES_DIR)))
            QSKIP("samples not present");
        const QJsonObject a = reportOf({ sample, QStringLiteral("--json") })[u"cluster"].toObject();
        const QJsonObject b = reportOf(
            { sample, QStringLiteral("--json"), QStringLiteral("--summaries") })[u"cluster"]
                                  .toObject();
        QCOMPARE(a[QStringLiteral("stages")].toArray().size(), 2);
        QVERIFY(a[QStringLiteral("links")].toArray().size() > 0);
        for (const char *key : { "groups", "links", "layout" })
            QCOMPARE(b[QLatin1String(key)], a[QLatin1String(key)]);
        // The step's wall time is the trace's step window in the full load and step_trace_time's
        // in the summary (no trace): 810,022 against 810,229 us on rank 0. The rest is the same.
        const auto sameRows = [](const QJsonArray &x, const QJsonArray &y) {
            QCOMPARE(y.size(), x.size());
            for (qsizetype i = 0; i < x.size(); ++i) {
                QJsonObject p = x[i].toObject(), q = y[i].toObject();
                const double step = p.take(QStringLiteral("step_us")).toDouble();
                QVERIFY(
                    std::abs(q.take(QStringLiteral("step_us")).toDouble() - step) < 1e-3 * step);
                QCOMPARE(q, p);
            }
        };
        sameRows(a[QStringLiteral("stages")].toArray(), b[QStringLiteral("stages")].toArray());
        sameRows(a[QStringLiteral("ranks")].toArray(), b[QStringLiteral("ranks")].toArray());
    }

    // A folder of per-rank reports (one `report RANK_FOLDER --json` each, as a cluster's
    // scheduler runs them where each rank lies) reports as the run: the same cluster section and
    // cross-rank findings as the summaries of the rank folders themselves.
    void folderOfRankReports()
    {
        const QString sample = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-11");
        if (!QFileInfo::exists(QStringLiteral(NPUSCOPE_SAMPLES_DIR)))
            QSKIP("samples not present");
        QTemporaryDir tmp;
        const QStringList folders = QDir(sample).entryList(
            { QStringLiteral("rank_*") }, QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        QCOMPARE(folders.size(), 4);
        for (const QString &folder : folders) {
            const test::BinaryRun r = test::runNpuscope({ QStringLiteral("report"),
                sample + QLatin1Char('/') + folder, QStringLiteral("--json") });
            QCOMPARE(r.exitCode, 0);
            QFile out(tmp.filePath(folder + QStringLiteral(".json")));
            QVERIFY(out.open(QIODevice::WriteOnly) && out.write(r.out) == r.out.size());
        }
        const QJsonObject a
            = reportOf({ sample, QStringLiteral("--json"), QStringLiteral("--summaries") });
        const QJsonObject b = reportOf({ tmp.path(), QStringLiteral("--json") });
        QCOMPARE(b[QStringLiteral("ranks")].toArray().size(), 4);
        for (const QJsonValue &rank : b[QStringLiteral("ranks")].toArray()) {
            const QJsonObject source = rank[QStringLiteral("source")].toObject();
            QCOMPARE(source[QStringLiteral("format")].toString(), QStringLiteral("report"));
            QVERIFY(source[QStringLiteral("report")].toString().startsWith(tmp.path()));
        }
        QVERIFY(!a[QStringLiteral("cluster")].toObject().isEmpty());
        QCOMPARE(b[QStringLiteral("cluster")], a[QStringLiteral("cluster")]);
        QCOMPARE(b[QStringLiteral("findings")], a[QStringLiteral("findings")]);
        QCOMPARE(b[QStringLiteral("checks")], a[QStringLiteral("checks")]);
        // A summary has no kernels or trace: compare says so rather than compare nothing.
        const test::BinaryRun c = test::runNpuscope(
            { QStringLiteral("compare"), tmp.path(), sample + QLatin1Char('/') + folders.front() });
        QCOMPARE(c.exitCode, 1);
        QVERIFY2(c.err.contains("which holds its summary only"), c.err.constData());
    }
};

QTEST_GUILESS_MAIN(TstReportSummaries)
#include "tst_reportsummaries.moc"
