// communication_matrix.json: per-group link totals, merged across the ranks' files.
#include "model/profile/commmatrix.h"
#include "model/profile/rankcomm.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <cmath>

using namespace npuscope;

namespace {

// The shape torch_npu writes (see the 2025-11 sample): step -> kind -> "<op>@<group>" -> "src-dst".
const QByteArray kRank0 = R"json({"step13": {
  "collective": {
    "allreduce-top1@77": {"0-1": {"Transport Type": "HCCS", "Transit Size(MB)": 1.0, "Transit Time(ms)": 0.1}},
    "allreduce-total@77": {
      "0-0": {"Transport Type": "LOCAL", "Transit Size(MB)": 4.0, "Transit Time(ms)": 0.01},
      "0-1": {"Transport Type": "HCCS", "Transit Size(MB)": 2.0, "Transit Time(ms)": 0.1},
      "0-3": {"Transport Type": "HCCS", "Transit Size(MB)": 2.0, "Transit Time(ms)": 0.2}}},
  "p2p": {
    "send-total@9": {"0-1": {"Transport Type": "RDMA", "Transit Size(MB)": 8.0, "Transit Time(ms)": 1.0}}}},
 "step14": {"collective": {
    "allreduce-total@77": {"0-1": {"Transport Type": "HCCS", "Transit Size(MB)": 2.0, "Transit Time(ms)": 0.1}}}}})json";

// Rank 1 sees the same p2p transfer (0-1 of group 9) and its own links of group 77.
const QByteArray kRank1 = R"json({"step13": {
  "collective": {"allreduce-total@77": {"1-0": {"Transport Type": "HCCS", "Transit Size(MB)": 2.0, "Transit Time(ms)": 0.4}}},
  "p2p": {"send-total@9": {"0-1": {"Transport Type": "RDMA", "Transit Size(MB)": 8.0, "Transit Time(ms)": 1.0}}}}})json";

QString write(const QTemporaryDir &dir, const QString &name, const QByteArray &content)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(content);
    return path;
}

const CommGroupMatrix *findGroup(const CommMatrix &m, const QString &group)
{
    for (const CommGroupMatrix &g : m.groups)
        if (g.group == group)
            return &g;
    return nullptr;
}

} // namespace

class TstCommMatrix : public QObject {
    Q_OBJECT

private slots:
    void oneFile()
    {
        CommMatrix m;
        IssueList issues;
        addCommunicationMatrix(kRank0, QStringLiteral("r0.json"), m, &issues);
        QVERIFY(issues.isEmpty());
        QCOMPARE(m.groups.size(), std::size_t(2));
        const CommGroupMatrix *g = findGroup(m, QStringLiteral("77"));
        QVERIFY(g);
        QCOMPARE(g->kind, QStringLiteral("collective"));
        QCOMPARE(g->size, 4); // positions 0..3
        QCOMPARE(g->ops, QStringList { QStringLiteral("allreduce") });
        // Both steps summed; the "-top1" share is not counted on top of the total.
        const CommLinkTotals &link = g->links.at({ 0, 1 });
        QCOMPARE(link.sizeMb, 4.0);
        QCOMPARE(link.timeMs, 0.2);
        QCOMPARE(link.ops, 2);
        QCOMPARE(link.bandwidthGBs(), 20.0);
        QCOMPARE(g->links.at({ 0, 0 }).transport, QStringLiteral("LOCAL"));
    }

    void mergedFiles()
    {
        QTemporaryDir dir;
        IssueList issues;
        const CommMatrix m
            = readCommunicationMatrices({ write(dir, QStringLiteral("r0.json"), kRank0),
                                            write(dir, QStringLiteral("r1.json"), kRank1) },
                &issues);
        QVERIFY(issues.isEmpty());
        QCOMPARE(m.groups.front().group, QStringLiteral("77")); // largest group first
        const CommGroupMatrix *p2p = findGroup(m, QStringLiteral("9"));
        QVERIFY(p2p);
        QCOMPARE(p2p->links.size(), std::size_t(1));
        QCOMPARE(p2p->links.at({ 0, 1 }).sizeMb, 8.0); // seen by both ranks, counted once
        const CommGroupMatrix *all = findGroup(m, QStringLiteral("77"));
        QCOMPARE(all->links.size(), std::size_t(4)); // 0-0, 0-1, 0-3 from rank 0, 1-0 from rank 1
        QCOMPARE(all->links.at({ 1, 0 }).timeMs, 0.4);
    }

    void damaged_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<int>("issues");
        QTest::newRow("empty file") << QByteArray() << 1;
        QTest::newRow("truncated") << kRank0.left(80) << 1;
        QTest::newRow("array") << QByteArray("[1,2]") << 1;
        QTest::newRow("bad link key")
            << QByteArray(R"json({"s":{"p2p":{"x-total@1":{"a-b":{},"5":{},"-1-2":{}}}}})json")
            << 0;
        QTest::newRow("huge position")
            << QByteArray(R"json({"s":{"p2p":{"x-total@1":{"0-999999999":{}}}}})json") << 0;
        QTest::newRow("wrong value types") << QByteArray(
            R"json({"s":{"p2p":{"x-total@1":{"0-1":{"Transit Size(MB)":"big"}}}}})json")
                                           << 0;
    }

    void damaged()
    {
        QFETCH(QByteArray, json);
        QFETCH(int, issues);
        CommMatrix m;
        IssueList found;
        addCommunicationMatrix(json, QStringLiteral("bad.json"), m, &found);
        QCOMPARE(found.size(), issues);
        for (const CommGroupMatrix &g : m.groups) {
            QVERIFY(g.size <= 65536);
            for (const auto &[link, totals] : g.links)
                QVERIFY(link.first >= 0 && link.second >= 0 && totals.sizeMb == totals.sizeMb);
        }
        if (issues > 0)
            QVERIFY(found.constFirst().file == QStringLiteral("bad.json"));
    }

    void missingFile()
    {
        IssueList issues;
        const CommMatrix m
            = readCommunicationMatrices({ QStringLiteral("/no/such/matrix.json") }, &issues);
        QVERIFY(m.empty());
        QCOMPARE(issues.size(), 1);
    }

    void sample()
    {
        const QString dir = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-11");
        if (!QFileInfo::exists(dir))
            QSKIP("sample profile not present");
        QStringList files;
        for (int r = 0; r < 4; ++r)
            files << QStringLiteral(
                "%1/rank_%2_ascend_pt/ASCEND_PROFILER_OUTPUT/communication_matrix.json")
                         .arg(dir)
                         .arg(r);
        IssueList issues;
        const CommMatrix m = readCommunicationMatrices(files, &issues);
        QVERIFY(issues.isEmpty());
        QVERIFY(!m.empty());
        QCOMPARE(m.groups.front().size, 4); // the 4-rank group first
        for (const CommGroupMatrix &g : m.groups)
            for (const auto &[link, totals] : g.links)
                QVERIFY2(totals.sizeMb > 0 && totals.timeMs > 0, qPrintable(g.group));
    }

    // analysis.db's CommAnalyzerMatrix (export_type db) against plain SQL over it and against the
    // text twin's communication_matrix.json (the same job collected again: the same groups, links
    // and transports, other sizes and times).
    void databaseSample()
    {
        const QString db = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-01-db/level1");
        const QString text = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-01/level1");
        if (!QFileInfo::exists(QStringLiteral(NPUSCOPE_SAMPLES_DIR)))
            QSKIP("samples not present");
        QStringList dbFiles, textFiles;
        for (int r = 0; r < 2; ++r) {
            const QString out = QStringLiteral("/rank%1_ascend_pt/ASCEND_PROFILER_OUTPUT/").arg(r);
            dbFiles << db + out + QStringLiteral("analysis.db");
            textFiles << text + out + QStringLiteral("communication_matrix.json");
        }
        IssueList issues;
        const CommMatrix one = readCommunicationMatrices({ dbFiles[0] }, &issues);
        QVERIFY2(issues.isEmpty(), qPrintable(issues.value(0).message));
        QCOMPARE(one.groups.size(), std::size_t(1));
        double sizeMb = 0;
        int ops = 0;
        for (const auto &[link, totals] : one.groups[0].links) {
            sizeMb += totals.sizeMb;
            ops += totals.ops;
        }
        const auto [sqlSize, sqlRows] = sqlTotals(dbFiles[0]);
        QCOMPARE(ops, sqlRows);
        QVERIFY(std::abs(sizeMb - sqlSize) < 1e-9 * sqlSize);
        QCOMPARE(one.groups[0].ops, QStringList { QStringLiteral("allreduce") });

        const CommMatrix fromDb = readCommunicationMatrices(dbFiles, &issues);
        const CommMatrix fromText = readCommunicationMatrices(textFiles, &issues);
        QVERIFY(issues.isEmpty());
        sameMatrix(fromDb, fromText, false);
    }

    // The Cluster tab sums the links each rank's files were read into at load: the same matrix,
    // to the byte, as reading the files again (as it did before), on the test's two files and
    // on the text and database samples.
    void fromLoadedLinks_data()
    {
        QTest::addColumn<QStringList>("files");
        QTest::addColumn<bool>("sample");
        QTest::newRow("two files") << QStringList() << false;
        QStringList text, db;
        for (int r = 0; r < 4; ++r)
            text << QStringLiteral(
                NPUSCOPE_SAMPLES_DIR "/ascend-2025-11/rank_%1_ascend_pt/ASCEND_PROFILER_OUTPUT/"
                                     "communication_matrix.json")
                        .arg(r);
        for (int r = 0; r < 2; ++r)
            db << QStringLiteral(NPUSCOPE_SAMPLES_DIR
                "/ascend-2025-01-db/level1/rank%1_ascend_pt/ASCEND_PROFILER_OUTPUT/analysis.db")
                      .arg(r);
        QTest::newRow("ascend-2025-11") << text << true;
        QTest::newRow("ascend-2025-01-db level1") << db << true;
    }

    void fromLoadedLinks()
    {
        QFETCH(QStringList, files);
        QFETCH(bool, sample);
        QTemporaryDir dir;
        if (!sample)
            files = { write(dir, QStringLiteral("r0.json"), kRank0),
                write(dir, QStringLiteral("r1.json"), kRank1) };
        else if (!QFileInfo::exists(QStringLiteral(NPUSCOPE_SAMPLES_DIR)))
            QSKIP("samples not present");
        IssueList issues;
        const CommMatrix expected = readCommunicationMatrices(files, &issues);
        std::vector<RankComm> ranks;
        for (const QString &f : files) {
            const bool isDb = f.endsWith(QLatin1String(".db"));
            ranks.push_back(
                readRankComm(QString(), isDb ? QString() : f, isDb ? f : QString(), &issues));
        }
        QVERIFY2(issues.isEmpty(), qPrintable(issues.value(0).message));
        std::vector<const std::vector<CommLink> *> links;
        for (const RankComm &c : ranks)
            links.push_back(&c.links);
        const CommMatrix m = communicationMatrixOf(links);
        QVERIFY(!expected.empty());
        sameMatrix(m, expected, true);
    }

private:
    // The same groups, kinds, sizes, ops, links, transports and op counts; with `sameTotals`
    // also the same group ids, sizes and times (the same files read two ways, not twin jobs).
    static void sameMatrix(const CommMatrix &x, const CommMatrix &y, bool sameTotals)
    {
        QCOMPARE(x.groups.size(), y.groups.size());
        for (std::size_t i = 0; i < x.groups.size(); ++i) {
            const CommGroupMatrix &a = x.groups[i], &b = y.groups[i];
            if (sameTotals)
                QCOMPARE(a.group, b.group);
            QCOMPARE(a.kind, b.kind);
            QCOMPARE(a.size, b.size);
            QCOMPARE(a.ops, b.ops);
            QCOMPARE(a.links.size(), b.links.size());
            for (const auto &[link, totals] : a.links) {
                const auto other = b.links.find(link);
                QVERIFY(other != b.links.end());
                QCOMPARE(totals.transport, other->second.transport);
                QCOMPARE(totals.ops, other->second.ops);
                if (sameTotals) {
                    QCOMPARE(totals.sizeMb, other->second.sizeMb);
                    QCOMPARE(totals.timeMs, other->second.timeMs);
                }
            }
        }
    }

    // (sum of transit_size, rows) of the "-total" rows, by plain SQL.
    static std::pair<double, int> sqlTotals(const QString &path)
    {
        sqlite3 *db = nullptr;
        const QByteArray uri = "file:" + QFile::encodeName(path) + "?mode=ro&immutable=1";
        std::pair<double, int> out { 0, 0 };
        if (sqlite3_open_v2(uri.constData(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr)
            == SQLITE_OK) {
            sqlite3_stmt *st = nullptr;
            if (sqlite3_prepare_v2(db,
                    "SELECT sum(transit_size), count(*) FROM CommAnalyzerMatrix "
                    "WHERE hccl_op_name LIKE '%-total'",
                    -1, &st, nullptr)
                    == SQLITE_OK
                && sqlite3_step(st) == SQLITE_ROW)
                out = { sqlite3_column_double(st, 0), sqlite3_column_int(st, 1) };
            sqlite3_finalize(st);
        }
        sqlite3_close(db);
        return out;
    }
};

QTEST_GUILESS_MAIN(TstCommMatrix)
#include "tst_commmatrix.moc"
