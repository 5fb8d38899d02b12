// communication.json, communication_matrix.json and analysis.db's CommAnalyzer* tables of one
// rank, parsed into RankComm.
#include "model/profile/rankcomm.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <cmath>
#include <set>

using namespace npuscope;

namespace {

// The shape torch_npu writes (ascend-2025-01 level1): one op with two transports, and the step's
// "Total Op Info".
const QByteArray kComm = R"json({"step50": {"p2p": {}, "collective": {
  "hcom_allReduce__586_0_1@1752": {
    "Communication Time Info": {"Start Timestamp(us)": 1736408883732241.5, "Elapse Time(ms)": 79.0,
      "Transit Time(ms)": 0.25, "Wait Time(ms)": 5.5, "Synchronization Time(ms)": 5.25,
      "Idle Time(ms)": 73.25, "Wait Time Ratio": 0.9565, "Synchronization Time Ratio": 0.9545},
    "Communication Bandwidth Info": {
      "RDMA": {"Transit Size(MB)": 0, "Transit Time(ms)": 0, "Bandwidth(GB/s)": 0, "Large Packet Ratio": 0, "Size Distribution": {}},
      "HCCS": {"Transit Size(MB)": 28.647232, "Transit Time(ms)": 1.8, "Bandwidth(GB/s)": 15.9151,
        "Large Packet Ratio": 0.0, "Size Distribution": {"2.064384": [12, 1.5], "1.937312": [2, 0.3]}},
      "SDMA": {"Transit Size(MB)": 28.647232, "Transit Time(ms)": 1.8, "Bandwidth(GB/s)": 15.9151,
        "Large Packet Ratio": 0, "Size Distribution": {}}}},
  "Total Op Info": {
    "Communication Time Info": {"Start Timestamp(us)": 0, "Elapse Time(ms)": 79.0},
    "Communication Bandwidth Info": {}}}}})json";

const QByteArray kMatrix = R"json({"step50": {"p2p": {}, "collective": {
  "allreduce-top1@1752": {
    "0-1": {"Transport Type": "HCCS", "Transit Size(MB)": 37.781504, "Transit Time(ms)": 2.153383,
      "Bandwidth(GB/s)": 17.5452, "Op Name": "hcom_allReduce__586_2_1"}},
  "allreduce-total@1752": {
    "0-0": {"Transport Type": "LOCAL", "Transit Size(MB)": 4.0, "Transit Time(ms)": 0.008,
      "Bandwidth(GB/s)": 500.0, "Op Name": ""},
    "0-7": {"Transport Type": "HCCS", "Transit Size(MB)": 40.0, "Transit Time(ms)": 2.0,
      "Bandwidth(GB/s)": 20.0, "Op Name": ""}}}}})json";

void exec(sqlite3 *db, const char *sql)
{
    char *error = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &error) != SQLITE_OK) {
        const QByteArray message = error ? QByteArray(error) : QByteArray("?");
        sqlite3_free(error);
        QFAIL(message.constData());
    }
}

// The three tables as analysis.db (schema of the 2025-01-db sample) holds them.
QString writeAnalysisDb(const QTemporaryDir &dir)
{
    const QString path = dir.filePath(QStringLiteral("analysis.db"));
    sqlite3 *db = nullptr;
    sqlite3_open(QFile::encodeName(path).constData(), &db);
    exec(db,
        "CREATE TABLE CommAnalyzerTime (hccl_op_name TEXT, group_name TEXT, start_timestamp "
        "NUMERIC, elapse_time NUMERIC, transit_time NUMERIC, wait_time NUMERIC, "
        "synchronization_time NUMERIC, idle_time NUMERIC, step TEXT, type TEXT);"
        "CREATE TABLE CommAnalyzerBandwidth (hccl_op_name TEXT, group_name TEXT, transport_type "
        "TEXT, transit_size NUMERIC, transit_time NUMERIC, bandwidth NUMERIC, large_packet_ratio "
        "NUMERIC, package_size NUMERIC, count NUMERIC, total_duration NUMERIC, step TEXT, type "
        "TEXT);"
        "CREATE TABLE CommAnalyzerMatrix (hccl_op_name TEXT, group_name TEXT, src_rank TEXT, "
        "dst_rank TEXT, transport_type TEXT, transit_size NUMERIC, transit_time NUMERIC, bandwidth "
        "NUMERIC, step TEXT, type TEXT, op_name TEXT);"
        "INSERT INTO CommAnalyzerTime VALUES ('hcom_allReduce__210_0_1', '99', 1736410576431650, "
        "88.75, 0.25, 3.5, 3.25, 85.0, 'step50', 'collective');"
        "INSERT INTO CommAnalyzerBandwidth VALUES ('hcom_allReduce__210_0_1', '99', 'HCCS', "
        "28.647232, 1.8, 15.9151, 0, 2.064384, 12, 1.5, 'step50', 'collective');"
        "INSERT INTO CommAnalyzerBandwidth VALUES ('hcom_allReduce__210_0_1', '99', 'HCCS', "
        "28.647232, 1.8, 15.9151, 0, 1.937312, 2, 0.3, 'step50', 'collective');"
        "INSERT INTO CommAnalyzerBandwidth VALUES ('hcom_allReduce__210_0_1', '99', 'SDMA', "
        "28.647232, 1.8, 15.9151, 0, 0, 0, 0, 'step50', 'collective');"
        "INSERT INTO CommAnalyzerBandwidth VALUES ('hcom_orphan', '99', 'HCCS', 1, 1, 1, 0, 1, 1, "
        "1, 'step50', 'collective');"
        "INSERT INTO CommAnalyzerMatrix VALUES ('allreduce-top1', '99', '0', '1', 'HCCS', "
        "37.781504, 2.153383, 17.5452, 'step50', 'collective', 'hcom_allReduce__210_2_1');"
        "INSERT INTO CommAnalyzerMatrix VALUES ('allreduce-total', '99', '0', 'x', 'HCCS', 1, 1, "
        "1, 'step50', 'collective', '');");
    sqlite3_close(db);
    return path;
}

QString samples() { return QStringLiteral(NPUSCOPE_SAMPLES_DIR); }

QString outputDir(const QString &run, const QString &rank)
{
    return samples() + QLatin1Char('/') + run + QLatin1Char('/') + rank
        + QStringLiteral("/ASCEND_PROFILER_OUTPUT/");
}

} // namespace

class TstRankComm : public QObject {
    Q_OBJECT

private slots:
    void communicationJson()
    {
        RankComm c;
        IssueList issues;
        readCommunicationJson(kComm, QStringLiteral("communication.json"), c, &issues);
        QVERIFY(issues.isEmpty());
        QCOMPARE(c.ops.size(), std::size_t(2));
        // QJsonObject keeps keys sorted: "Total Op Info" comes before "hcom_...".
        QVERIFY(c.ops[0].total);
        const CommOperation &op = c.ops[1];
        QCOMPARE(op.step, QStringLiteral("step50"));
        QCOMPARE(op.kind, QStringLiteral("collective"));
        QCOMPARE(op.name, QStringLiteral("hcom_allReduce__586_0_1"));
        QCOMPARE(op.type(), QStringLiteral("allReduce"));
        QCOMPARE(op.group, QStringLiteral("1752"));
        QVERIFY(!op.total);
        QCOMPARE(op.start, TimeNs(1736408883732241500));
        QCOMPARE(op.elapseMs, 79.0);
        QCOMPARE(op.waitMs, 5.5);
        QCOMPARE(op.syncMs, 5.25);
        QCOMPARE(op.idleMs, 73.25);
        QCOMPARE(op.syncRatio, 0.9545);
        QCOMPARE(op.transports.size(), std::size_t(3));
        const CommTransport *hccs = op.transport(u"HCCS");
        QVERIFY(hccs);
        QCOMPARE(hccs->sizeMb, 28.647232);
        QCOMPARE(hccs->bandwidthGBs, 15.9151);
        QCOMPARE(hccs->sizes.size(), std::size_t(2));
        qint64 bytes = 0;
        for (const CommPacketSize &p : hccs->sizes)
            bytes += p.bytes() * p.count;
        QCOMPARE(bytes, qint64(28647232)); // 12 x 2064384 + 2 x 1937312: the packets add up
        QVERIFY(!op.transport(u"PCIE"));
        QCOMPARE(hccs->sizes[0].bytes(), qint64(1937312)); // smallest first
        QCOMPARE(c.opsFile, QStringLiteral("communication.json"));
    }

    void matrixJson()
    {
        RankComm c;
        IssueList issues;
        readCommunicationMatrixJson(kMatrix, QStringLiteral("m.json"), c, &issues);
        QVERIFY(issues.isEmpty());
        QCOMPARE(c.links.size(), std::size_t(3));
        const CommLink &top = c.links[0];
        QCOMPARE(top.op, QStringLiteral("allreduce-top1"));
        QVERIFY(!top.isTotal());
        QCOMPARE(top.opName, QStringLiteral("hcom_allReduce__586_2_1"));
        QCOMPARE(top.group, QStringLiteral("1752"));
        QCOMPARE(top.src, 0);
        QCOMPARE(top.dst, 1);
        QCOMPARE(top.transport, QStringLiteral("HCCS"));
        QCOMPARE(top.bandwidthGBs, 17.5452);
        QVERIFY(c.links[1].isTotal());
        QCOMPARE(c.links[2].dst, 7);
        QCOMPARE(c.links[2].sizeMb, 40.0);
    }

    void analysisDb()
    {
        QTemporaryDir dir;
        IssueList issues;
        RankComm c;
        readCommAnalyzerDb(writeAnalysisDb(dir), c, &issues);
        // The link to rank "x": a cell of the wrong type, named with its table and skipped.
        QCOMPARE(issues.size(), 1);
        QVERIFY(issues[0].message.contains(QLatin1String("dst_rank")));
        QCOMPARE(c.ops.size(), std::size_t(1)); // the orphan bandwidth row has no time row
        const CommOperation &op = c.ops[0];
        QCOMPARE(op.name, QStringLiteral("hcom_allReduce__210_0_1"));
        QCOMPARE(op.waitRatio, 0.9333); // 3.5 / (3.5 + 0.25), as communication.json rounds it
        QCOMPARE(op.transports.size(), std::size_t(2));
        QCOMPARE(op.transport(u"HCCS")->sizes.size(), std::size_t(2));
        QCOMPARE(op.transport(u"SDMA")->sizes.size(), std::size_t(0));
        QCOMPARE(op.transport(u"SDMA")->sizeMb, 28.647232);
        QCOMPARE(c.links.size(), std::size_t(1)); // the link to rank "x" is skipped
        QCOMPARE(c.links[0].opName, QStringLiteral("hcom_allReduce__210_2_1"));
        QCOMPARE(c.links[0].step, QStringLiteral("step50"));
        QCOMPARE(c.links[0].bandwidthGBs, 17.5452);
    }

    void damaged_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<bool>("matrix");
        QTest::addColumn<QString>("location");
        QTest::newRow("empty file") << QByteArray() << false << QStringLiteral("byte 0");
        QTest::newRow("truncated") << kComm.left(200) << false << QStringLiteral("byte 200");
        QTest::newRow("trailing comma")
            << QByteArray(R"({"s": {"p2p": {},}})") << false << QStringLiteral("byte 18");
        QTest::newRow("array") << QByteArray("[1,2]") << true << QStringLiteral("byte 0");
        QTest::newRow("string number")
            << QByteArray(R"json({"s":{"p2p":{"x@1":{"Communication Time Info":
                {"Elapse Time(ms)":"long"}}}}})json")
            << false << QStringLiteral("s/p2p/x@1/Elapse Time(ms)");
        QTest::newRow("step not an object")
            << QByteArray(R"({"s": 5})") << false << QStringLiteral("s");
        QTest::newRow("bad packet")
            << QByteArray(R"json({"s":{"p2p":{"x@1":{"Communication Bandwidth Info":{"HCCS":
                {"Size Distribution":{"abc":[1,2],"1.5":"x"}}}}}}})json")
            << false << QStringLiteral("s/p2p/x@1/HCCS/Size Distribution/1.5");
        QTest::newRow("bad link key")
            << QByteArray(R"json({"s":{"p2p":{"x-total@1":{"a-b":{},"0-1":{}}}}})json") << true
            << QStringLiteral("s/p2p/x-total@1/a-b");
        QTest::newRow("link value types")
            << QByteArray(R"json({"s":{"p2p":{"x-total@1":{"0-1":{"Transit Size(MB)":[1]}}}}})json")
            << true << QStringLiteral("s/p2p/x-total@1/0-1/Transit Size(MB)");
    }

    void damaged()
    {
        QFETCH(QByteArray, json);
        QFETCH(bool, matrix);
        QFETCH(QString, location);
        RankComm c;
        IssueList issues;
        if (matrix)
            readCommunicationMatrixJson(json, QStringLiteral("bad.json"), c, &issues);
        else
            readCommunicationJson(json, QStringLiteral("bad.json"), c, &issues);
        QCOMPARE(issues.size(), 1);
        QCOMPARE(issues[0].file, QStringLiteral("bad.json"));
        QCOMPARE(issues[0].location, location);
        QVERIFY(issues[0].damaged);
        for (const CommLink &l : c.links)
            QVERIFY(l.src >= 0 && l.dst >= 0);
    }

    void missingFiles()
    {
        IssueList issues;
        const RankComm c = readRankComm(QStringLiteral("/no/such/communication.json"),
            QStringLiteral("/no/such/communication_matrix.json"), QString(), &issues);
        QVERIFY(c.empty());
        QCOMPARE(issues.size(), 2);
        IssueList none;
        QVERIFY(readRankComm({}, {}, {}, &none).empty()); // not collected: no issue
        QVERIFY(none.isEmpty());
    }

    // Every link of every sample: complete (size, time, transport) and its bandwidth the file's
    // own size / time, which the cluster matrix (issue 37) recomputes from the sums.
    void sampleLinks_data()
    {
        QTest::addColumn<QString>("run");
        QTest::addColumn<QString>("rank");
        QTest::addColumn<int>("links");
        QTest::newRow("2025-01 level1 rank0") << "ascend-2025-01/level1"
                                              << "rank0_ascend_pt" << 48;
        QTest::newRow("2025-01 level2 rank1") << "ascend-2025-01/level2"
                                              << "rank1_ascend_pt" << 48;
        QTest::newRow("2025-01-db level1 rank0") << "ascend-2025-01-db/level1"
                                                 << "rank0_ascend_pt" << 48;
        QTest::newRow("2025-11 rank 0") << "ascend-2025-11"
                                        << "rank_0_ascend_pt" << -1;
        QTest::newRow("2025-11 rank 3") << "ascend-2025-11"
                                        << "rank_3_ascend_pt" << -1;
    }

    void sampleLinks()
    {
        QFETCH(QString, run);
        QFETCH(QString, rank);
        QFETCH(int, links);
        if (!QFileInfo::exists(samples()))
            QSKIP("samples not present");
        const QString out = outputDir(run, rank);
        const bool db = run.contains(QLatin1String("-db"));
        IssueList issues;
        const RankComm c = db ? readRankComm({}, {}, out + QStringLiteral("analysis.db"), &issues)
                              : readRankComm(out + QStringLiteral("communication.json"),
                                  out + QStringLiteral("communication_matrix.json"), {}, &issues);
        QVERIFY2(issues.isEmpty(), qPrintable(issues.value(0).message));
        QVERIFY(!c.links.empty());
        if (links >= 0)
            QCOMPARE(int(c.links.size()), links);
        for (const CommLink &l : c.links) {
            QVERIFY(!l.transport.isEmpty() && !l.group.isEmpty() && !l.step.isEmpty());
            QVERIFY(l.sizeMb > 0 && l.timeMs > 0);
            const double computed = l.sizeMb / l.timeMs;
            QVERIFY2(std::abs(computed - l.bandwidthGBs) <= 1e-4 * computed + 1e-4,
                qPrintable(QStringLiteral("%1 %2-%3").arg(l.op).arg(l.src).arg(l.dst)));
        }
        QVERIFY(!c.ops.empty());
        for (const CommOperation &op : c.ops) {
            if (op.total)
                continue;
            QVERIFY(!op.group.isEmpty() && op.start > 0 && op.elapseMs > 0);
            // Each transport's packets add up to its size (what byte alignment relies on).
            for (const CommTransport &t : op.transports) {
                double mb = 0;
                for (const CommPacketSize &p : t.sizes)
                    mb += p.sizeMb * double(p.count);
                if (!t.sizes.empty())
                    QVERIFY2(std::abs(mb - t.sizeMb) < 1e-6 * t.sizeMb, qPrintable(op.name));
            }
        }
    }

    // The database export against its text twin: the same 4 operations, transports and packet
    // counts (the job collected again, so sizes match and times do not), and the same links.
    void databaseAgainstText()
    {
        if (!QFileInfo::exists(samples()))
            QSKIP("samples not present");
        const QString text
            = outputDir(QStringLiteral("ascend-2025-01/level1"), QStringLiteral("rank0_ascend_pt"));
        const QString db = outputDir(
            QStringLiteral("ascend-2025-01-db/level1"), QStringLiteral("rank0_ascend_pt"));
        IssueList issues;
        const RankComm a = readRankComm(text + QStringLiteral("communication.json"),
            text + QStringLiteral("communication_matrix.json"), {}, &issues);
        const RankComm b = readRankComm({}, {}, db + QStringLiteral("analysis.db"), &issues);
        QVERIFY(issues.isEmpty());
        std::vector<const CommOperation *> ta, tb;
        for (const CommOperation &op : a.ops)
            if (!op.total)
                ta.push_back(&op);
        for (const CommOperation &op : b.ops)
            if (!op.total)
                tb.push_back(&op);
        QCOMPARE(ta.size(), std::size_t(4));
        QCOMPARE(tb.size(), ta.size());
        for (std::size_t i = 0; i < ta.size(); ++i) {
            QCOMPARE(tb[i]->type(), ta[i]->type());
            const CommTransport *x = ta[i]->transport(u"HCCS");
            const CommTransport *y = tb[i]->transport(u"HCCS");
            QVERIFY(x && y);
            QCOMPARE(y->sizeMb, x->sizeMb);
            QCOMPARE(y->sizes.size(), x->sizes.size());
            for (std::size_t k = 0; k < x->sizes.size(); ++k) {
                QCOMPARE(y->sizes[k].bytes(), x->sizes[k].bytes());
                QCOMPARE(y->sizes[k].count, x->sizes[k].count);
            }
        }
        std::set<std::tuple<QString, int, int, QString>> la, lb;
        for (const CommLink &l : a.links)
            la.insert({ l.op, l.src, l.dst, l.transport });
        for (const CommLink &l : b.links)
            lb.insert({ l.op, l.src, l.dst, l.transport });
        QCOMPARE(lb, la);
    }
};

QTEST_GUILESS_MAIN(TstRankComm)
#include "tst_rankcomm.moc"
