// The checks taken from msprof-analyze's advisor (issue 36): each threshold approached from both
// sides with profiles built row by row, then what each shared sample must report, checked against
// the advisor's own output on copies of the samples.

#include "analysis/rules/findings.h"
#include "model/csv/csvreader.h"
#include "model/profile/profileloader.h"

#include <QDir>
#include <QTest>

#include <memory>

using namespace npuscope;

namespace {

const QString kSamples = QStringLiteral(NPUSCOPE_SAMPLES_DIR);
constexpr double kEpochUs = 1736408883000000.0;

// One kernel_details.csv row: name, type, core, start and duration (µs), shapes, dtype and the
// pipeline ratios (aic mac, scalar, mte1, mte2, fixpipe; aiv vec, scalar, mte2, mte3).
struct Op {
    QString name, type, core;
    double startUs = 0, durationUs = 10;
    QString in = QStringLiteral("8,8"), out = QStringLiteral("8,8");
    QString dtype = QStringLiteral("FLOAT");
    std::array<double, 9> ratios {};
};

Op vectorOp(const char *name, double durationUs, double vec, double mte2, double mte3)
{
    Op o { QLatin1String(name), QStringLiteral("Add"), QStringLiteral("AI_VECTOR_CORE") };
    o.durationUs = durationUs;
    o.ratios = { 0, 0, 0, 0, 0, vec, 0.01, mte2, mte3 };
    return o;
}

Op cubeOp(const char *name, double durationUs, double mac, double mte2)
{
    Op o { QLatin1String(name), QStringLiteral("MatMulV3"), QStringLiteral("AI_CORE") };
    o.durationUs = durationUs;
    o.in = QStringLiteral("4096,1024;1024,3072");
    o.out = QStringLiteral("4096,3072");
    o.ratios = { mac, 0.05, 0.1, mte2, 0.1, 0, 0, 0, 0 };
    return o;
}

std::shared_ptr<RankProfile> rankOf(const std::vector<Op> &ops)
{
    QByteArray csv = "Step Id,Name,Type,Accelerator Core,Start Time(us),Duration(us),Wait "
                     "Time(us),Block Dim,Input Shapes,Input Data Types,Output Shapes,"
                     "aic_mac_ratio,aic_scalar_ratio,aic_mte1_ratio,aic_mte2_ratio,"
                     "aic_fixpipe_ratio,aiv_vec_ratio,aiv_scalar_ratio,aiv_mte2_ratio,"
                     "aiv_mte3_ratio\n";
    double start = 0;
    for (const Op &o : ops) {
        const double at = o.startUs > 0 ? o.startUs : start;
        csv += QStringLiteral("1,%1,%2,%3,%4,%5,0,24,\"\"\"%6\"\"\",%7,\"\"\"%8\"\"\"")
                   .arg(o.name, o.type, o.core, QString::number(kEpochUs + at, 'f', 3),
                       QString::number(o.durationUs, 'f', 3), o.in, o.dtype, o.out)
                   .toUtf8();
        for (double r : o.ratios)
            csv += ',' + QByteArray::number(r, 'f', 4);
        csv += '\n';
        start = at + o.durationUs;
    }
    CsvResult r = readCsvData(std::string_view(csv.constData(), std::size_t(csv.size())),
        QStringLiteral("kernel_details.csv"));
    auto rank = std::make_shared<RankProfile>();
    IssueList issues;
    rank->kernels
        = std::make_shared<const KernelTable>(KernelTable::fromTable(std::move(r.table), &issues));
    return rank;
}

const Finding *findingOf(const RankAnalysis &a, const char *id)
{
    for (const Finding &f : a.findings)
        if (f.id == QLatin1String(id))
            return &f;
    return nullptr;
}

QString status(const RankProfile &rank, const char *id)
{
    const RankAnalysis a = analyseRank(rank);
    for (const FindingCheck &c : a.checks)
        if (c.id == QLatin1String(id)) {
            if ((c.status == CheckStatus::Found) != (findingOf(a, id) != nullptr))
                return QStringLiteral("check and findings disagree");
            return checkStatusName(c.status);
        }
    return QStringLiteral("missing");
}

// Everything a finding says, to look for names in.
QString textOf(const Finding &f)
{
    QStringList parts { f.title };
    parts += f.details;
    for (const Evidence &e : f.evidence)
        parts << e.label;
    return parts.join(u'\n');
}

// The detail line that mentions `what`; empty when none does.
QString lineWith(const Finding &f, const char *what)
{
    for (const QString &line : f.details)
        if (line.contains(QLatin1String(what)))
            return line;
    return {};
}

// A rank whose only data is this communication statistics.
std::shared_ptr<RankProfile> commRank(RankComm comm)
{
    auto rank = std::make_shared<RankProfile>();
    rank->comm = std::make_shared<const RankComm>(std::move(comm));
    return rank;
}

CommOperation op(const QString &name, const QString &transport, double sizeMb, double timeMs,
    std::vector<CommPacketSize> sizes = {})
{
    CommOperation o;
    o.step = QStringLiteral("step1");
    o.kind = QStringLiteral("collective");
    o.name = name;
    o.group = QStringLiteral("7");
    o.elapseMs = timeMs;
    o.transports.push_back(
        { transport, sizeMb, timeMs, timeMs > 0 ? sizeMb / timeMs : 0, 0, std::move(sizes) });
    return o;
}

RankComm opsOf(std::vector<CommOperation> ops)
{
    RankComm c;
    c.ops = std::move(ops);
    c.opsFile = QStringLiteral("communication.json");
    return c;
}

CommLink link(const QString &transport, double sizeMb, double timeMs)
{
    CommLink l;
    l.step = QStringLiteral("step1");
    l.kind = QStringLiteral("collective");
    l.op = QStringLiteral("allreduce-total");
    l.group = QStringLiteral("7");
    l.transport = transport;
    l.src = 0;
    l.dst = 1;
    l.sizeMb = sizeMb;
    l.timeMs = timeMs;
    return l;
}

const QString kFound = QStringLiteral("found");
const QString kClear = QStringLiteral("clear");

std::shared_ptr<const RankProfile> loadSampleRank(const QString &folder)
{
    const QString path = kSamples + QLatin1Char('/') + folder;
    if (!QDir(path).exists())
        return nullptr;
    LoadResult loaded = loadProfile(path);
    if (!loaded.profile || loaded.profile->ranks.empty())
        return nullptr;
    return loaded.profile->ranks.front();
}

} // namespace

class TstAdvisorFindings : public QObject {
    Q_OBJECT
private slots:
    void byteAlignment();
    void smallPackets();
    void linkBandwidth();
    void retransmission();
    void vectorBound();
    void vectorSelection();
    void cubeSelection();
    void opBound();
    void opNoBound();
    void aiCoreFrequency();
    void notChecked();
    void sampleByteAlignment_data();
    void sampleByteAlignment();
    void sampleEfficiency();
    void sampleNewerRun();
    void sampleNoBound();
    void sampleClear();
};

void TstAdvisorFindings::byteAlignment()
{
    // byte_alignment.yaml: packets over 512 bytes whose size is not a multiple of 512. 511 bytes
    // is not checked at all; 513 is unaligned; 1024 is aligned.
    auto rank = [](double bytes) {
        return commRank(opsOf({ op(QStringLiteral("hcom_allReduce__1_0_1"), QStringLiteral("HCCS"),
            bytes / 1e6, 0.01, { { bytes / 1e6, 1, 0.01 } }) }));
    };
    QCOMPARE(status(*rank(511), "comm-byte-alignment"), kClear);
    QCOMPARE(status(*rank(1024), "comm-byte-alignment"), kClear);
    QCOMPARE(status(*rank(513), "comm-byte-alignment"), kFound);
    QCOMPARE(status(*rank(1025), "comm-byte-alignment"), kFound);
    // RDMA packets are not SDMA tasks: not checked.
    QCOMPARE(status(*commRank(opsOf({ op(QStringLiteral("x"), QStringLiteral("RDMA"), 0.001025,
                        0.01, { { 0.001025, 1, 0.01 } }) })),
                 "comm-byte-alignment"),
        kClear);
}

void TstAdvisorFindings::smallPackets()
{
    // packet.yaml: more than 20% of the SDMA operations under 16 MB.
    auto rank = [](std::initializer_list<double> sizes) {
        std::vector<CommOperation> ops;
        int i = 0;
        for (double mb : sizes)
            ops.push_back(op(QStringLiteral("hcom_allReduce__1_%1_1").arg(i++),
                QStringLiteral("SDMA"), mb, mb / 20));
        return commRank(opsOf(std::move(ops)));
    };
    QCOMPARE(status(*rank({ 15.99, 100, 100, 100, 100 }), "comm-small-packets"), kClear); // 20%
    QCOMPARE(status(*rank({ 15.99, 100, 100, 100 }), "comm-small-packets"), kFound); // 25%
    QCOMPARE(status(*rank({ 16, 16, 100, 100, 100 }), "comm-small-packets"), kClear); // 16 MB
    QCOMPARE(status(*rank({ 15.99, 15.99, 100, 100, 100 }), "comm-small-packets"), kFound);
    const RankAnalysis a = analyseRank(*rank({ 15.99, 100, 100, 100 }));
    const Finding *f = findingOf(a, "comm-small-packets");
    QVERIFY(f);
    QCOMPARE(f->metric(u"sdma_small_ratio"), 0.25);
    QVERIFY(textOf(*f).contains(QLatin1String("hcom_allReduce__1_0_1")));
}

void TstAdvisorFindings::linkBandwidth()
{
    // An HCCS link under 0.8 x 18 GB/s; links under 16 MB are not judged.
    auto rank = [](double sizeMb, double gbs) {
        RankComm c;
        c.links.push_back(link(QStringLiteral("HCCS"), sizeMb, sizeMb / gbs));
        c.linksFile = QStringLiteral("communication_matrix.json");
        return commRank(std::move(c));
    };
    QCOMPARE(status(*rank(100, 14.4), "comm-bandwidth"), kClear);
    QCOMPARE(status(*rank(100, 14.39), "comm-bandwidth"), kFound);
    QCOMPARE(status(*rank(15.99, 1), "comm-bandwidth"), kClear);
    QCOMPARE(status(*rank(16, 1), "comm-bandwidth"), kFound);
    // RDMA: 0.8 x 12.5 GB/s.
    RankComm rdma;
    rdma.links.push_back(link(QStringLiteral("RDMA"), 100, 10));
    QCOMPARE(status(*commRank(rdma), "comm-bandwidth"), kClear);
    rdma.links[0].timeMs = 10.01;
    QCOMPARE(status(*commRank(rdma), "comm-bandwidth"), kFound);
    // LOCAL copies and the size classes (top1, middle, ...) are not links to judge.
    RankComm local;
    local.links.push_back(link(QStringLiteral("LOCAL"), 100, 100));
    local.links.push_back(link(QStringLiteral("HCCS"), 100, 100));
    local.links.back().op = QStringLiteral("allreduce-top1");
    QCOMPARE(status(*commRank(local), "comm-bandwidth"), kClear);
}

void TstAdvisorFindings::retransmission()
{
    // rdma_analysis.yaml: an RDMA transit over 4000 ms.
    auto rank = [](double transitMs) {
        CommOperation o
            = op(QStringLiteral("hcom_send__1_0_1"), QStringLiteral("RDMA"), 10, transitMs);
        o.elapseMs = 5000;
        return commRank(opsOf({ o }));
    };
    QCOMPARE(status(*rank(4000), "comm-retransmission"), kClear);
    QCOMPARE(status(*rank(4000.001), "comm-retransmission"), kFound);
}

void TstAdvisorFindings::vectorBound()
{
    // aicore_performance.yaml vector_operators: vec + mte2 + mte3 at 0.9 is bound
    // (vec_mte2_mte3); just under it, the room is 0.7 minus the smallest ratio.
    auto finding = [](double vec, double mte2, double mte3) {
        const RankAnalysis a = analyseRank(*rankOf({ vectorOp("Add_1", 100, vec, mte2, mte3) }));
        const Finding *f = findingOf(a, "aicore-op-efficiency");
        return f ? textOf(*f) : QString();
    };
    // (0.3 + 0.3 + 0.3 is 0.8999999999999999 in doubles, here as in the advisor's Python.)
    QVERIFY(finding(0.5, 0.3, 0.1).contains(QLatin1String("bound type vec_mte2_mte3")));
    const QString room = finding(0.5, 0.3, 0.0999);
    QVERIFY2(room.contains(QLatin1String("60.01% room")), qPrintable(room));
    QVERIFY(finding(0.1, 0.7, 0.05).contains(QLatin1String("bound type mte2")));
    QVERIFY(finding(0.1, 0.6999, 0.05).contains(QLatin1String("room")));
}

void TstAdvisorFindings::vectorSelection()
{
    // A vector operator type is looked at from 1% of all task time.
    auto statusWith = [](double addUs, double otherUs) {
        Op cpu { QStringLiteral("Other"), QStringLiteral("Other"), QStringLiteral("AI_CPU") };
        cpu.durationUs = otherUs;
        return status(
            *rankOf({ vectorOp("Add_1", addUs, 0.1, 0.1, 0.1), cpu }), "aicore-op-efficiency");
    };
    QCOMPARE(statusWith(1, 99), kFound);
    QCOMPARE(statusWith(0.999, 99.001), kClear);
}

void TstAdvisorFindings::cubeSelection()
{
    // MatMul shapes whose tensors add up to 100 MB (2 bytes an element) over their tasks:
    // 4096x1024 + 1024x3072 + 4096x3072 elements are 38 MiB, so three tasks count and two do
    // not. The shape is affine (inner axes multiples of 256): room = max(0.8 - mac, 0.95 - mte2).
    auto rank = [](int tasks) {
        std::vector<Op> ops;
        for (int i = 0; i < tasks; ++i)
            ops.push_back(cubeOp("MatMul_1", 100, 0.6, 0.7));
        return rankOf(ops);
    };
    QCOMPARE(status(*rank(2), "aicore-op-efficiency"), kClear);
    QCOMPARE(status(*rank(3), "aicore-op-efficiency"), kFound);
    const RankAnalysis a = analyseRank(*rank(3));
    QVERIFY(textOf(*findingOf(a, "aicore-op-efficiency")).contains(QLatin1String("25% room")));
    // An inner axis of 1000 is unaffine.
    std::vector<Op> ops(3, cubeOp("MatMul_2", 100, 0.6, 0.7));
    for (Op &o : ops)
        o.in = QStringLiteral("4096,1000;1000,3072");
    const RankAnalysis b = analyseRank(*rankOf(ops));
    QVERIFY(textOf(*findingOf(b, "aicore-op-efficiency")).contains(QLatin1String("unaffine")));
}

void TstAdvisorFindings::opBound()
{
    // A ratio of the task's own core over 0.8, tasks over 20 µs.
    QCOMPARE(status(*rankOf({ vectorOp("Add_1", 30, 0.1, 0.8, 0.1) }), "op-bound"), kClear);
    QCOMPARE(status(*rankOf({ vectorOp("Add_1", 30, 0.1, 0.8001, 0.1) }), "op-bound"), kFound);
    QCOMPARE(status(*rankOf({ vectorOp("Add_1", 20, 0.1, 0.9, 0.1) }), "op-bound"), kClear);
    QCOMPARE(status(*rankOf({ vectorOp("Add_1", 20.001, 0.1, 0.9, 0.1) }), "op-bound"), kFound);
    // A cube task's aic_mte2 counts, a vector task's aic_mte2 (0 on its core) does not.
    Op cube = cubeOp("MatMul_1", 30, 0.1, 0.9);
    QCOMPARE(status(*rankOf({ cube }), "op-bound"), kFound);
}

void TstAdvisorFindings::opNoBound()
{
    // No ratio over 0.8, and one such task longer than 20 µs.
    QCOMPARE(status(*rankOf({ vectorOp("Add_1", 30, 0.1, 0.8, 0.1) }), "op-no-bound"), kFound);
    QCOMPARE(status(*rankOf({ vectorOp("Add_1", 30, 0.1, 0.8001, 0.1) }), "op-no-bound"), kClear);
    QCOMPARE(status(*rankOf({ vectorOp("Add_1", 20, 0.1, 0.1, 0.1) }), "op-no-bound"), kClear);
    QCOMPARE(status(*rankOf({ vectorOp("Add_1", 20.001, 0.1, 0.1, 0.1) }), "op-no-bound"), kFound);
}

void TstAdvisorFindings::aiCoreFrequency()
{
    // config.ini frequency_threshold 0.05: the AI Core tasks of an operator ran on average 5%
    // below the highest frequency recorded.
    auto rank = [](double mhz) {
        auto r = rankOf({ cubeOp("MatMul_1", 100, 0.5, 0.5) });
        auto trace = std::make_shared<Trace>();
        CounterSeries c;
        c.processName = QStringLiteral("AI Core Freq");
        c.name = QStringLiteral("MHz");
        const TimeNs epoch = TimeNs(kEpochUs * 1000);
        c.times = { epoch - 1'000'000, epoch - 10 };
        c.values = { 1800, mhz };
        c.minValue = mhz;
        c.maxValue = 1800;
        trace->counters.push_back(c);
        r->trace = trace;
        return r;
    };
    QCOMPARE(status(*rank(1711), "aicore-frequency"), kClear);
    QCOMPARE(status(*rank(1710), "aicore-frequency"), kFound);
}

void TstAdvisorFindings::notChecked()
{
    // Without the data each check needs: not checked, with what to collect.
    const RankAnalysis a = analyseRank(*rankOf({ vectorOp("Add_1", 30, 0.1, 0.1, 0.1) }));
    for (const char *id : { "comm-byte-alignment", "comm-small-packets", "comm-bandwidth",
             "comm-retransmission", "aicore-frequency" }) {
        const auto c = std::find_if(a.checks.begin(), a.checks.end(),
            [&](const FindingCheck &x) { return x.id == QLatin1String(id); });
        QVERIFY2(c != a.checks.end() && c->status == CheckStatus::NotChecked, id);
        QVERIFY(!c->reason.isEmpty() && !c->collect.isEmpty());
    }
    auto rank = std::make_shared<RankProfile>();
    QByteArray csv = "Step Id,Name,Type,Accelerator Core,Start Time(us),Duration(us)\n"
                     "1,Add,N/A,N/A,1736408883000000.000,30.000\n";
    IssueList issues;
    rank->kernels = std::make_shared<const KernelTable>(KernelTable::fromTable(
        readCsvData(std::string_view(csv.constData(), std::size_t(csv.size())),
            QStringLiteral("kernel_details.csv"))
            .table,
        &issues));
    for (const char *id : { "aicore-op-efficiency", "op-bound", "op-no-bound" })
        QCOMPARE(status(*rank, id), QStringLiteral("not_checked"));
}

void TstAdvisorFindings::sampleByteAlignment_data()
{
    // The advisor (msprof-analyze advisor all on copies of the samples) names the first and the
    // last allreduce of each: __0_1 and __3_1, and for level1 rank0 28647232 bytes at 15.7676
    // GB/s for __586_0_1.
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("first");
    QTest::addColumn<QString>("last");
    QTest::newRow("level1 rank0") << "ascend-2025-01/level1/rank0_ascend_pt"
                                  << "hcom_allReduce__586_0_1"
                                  << "hcom_allReduce__586_3_1";
    QTest::newRow("level2 rank0") << "ascend-2025-01/level2/rank0_ascend_pt"
                                  << "hcom_allReduce__271_0_1"
                                  << "hcom_allReduce__271_3_1";
    QTest::newRow("db level1 rank0") << "ascend-2025-01-db/level1/rank0_ascend_pt"
                                     << "hcom_allReduce__210_0_1"
                                     << "hcom_allReduce__210_3_1";
}

void TstAdvisorFindings::sampleByteAlignment()
{
    QFETCH(QString, folder);
    QFETCH(QString, first);
    QFETCH(QString, last);
    const auto rank = loadSampleRank(folder);
    if (!rank)
        QSKIP("samples not present");
    const RankAnalysis a = analyseRank(*rank);
    const Finding *f = findingOf(a, "comm-byte-alignment");
    QVERIFY(f);
    QCOMPARE(f->evidence.size(), std::size_t(2));
    QVERIFY(f->evidence[0].label.startsWith(first));
    QVERIFY(f->evidence[1].label.startsWith(last));
    QVERIFY(f->evidence[0].row >= 0); // the operation's kernel row, on the timeline too
    QVERIFY(textOf(*f).contains(QLatin1String("HCCS")));
    if (folder.contains(QLatin1String("level1/rank0")) && !folder.contains(QLatin1String("-db")))
        QVERIFY(f->details[0].contains(QLatin1String("28647232 bytes"))
            && f->details[0].contains(QLatin1String("15.77 GB/s"))
            && f->details[0].contains(QLatin1String("0.2379 ms unaligned")));
}

void TstAdvisorFindings::sampleEfficiency()
{
    // ascend-2025-01: the advisor's vector list leads with trans_TransData_23 200,12,16,8 FLOAT
    // at 68.2% room on level1 rank0 and trans_TransData_17 288,16,16,8 FLOAT at 67.1% on level2
    // rank0, with the bound set vec_mte2_mte3 (ForeachAddList first) on both.
    const std::pair<const char *, const char *> expected[] = {
        { "ascend-2025-01/level1/rank0_ascend_pt", "trans_TransData_23 200,12,16,8 FLOAT (" },
        { "ascend-2025-01/level2/rank0_ascend_pt", "trans_TransData_17 288,16,16,8 FLOAT (" },
    };
    const char *rooms[] = { ": 68.2% room", ": 67.1% room" };
    for (std::size_t i = 0; i < 2; ++i) {
        const auto rank = loadSampleRank(QLatin1String(expected[i].first));
        if (!rank)
            QSKIP("samples not present");
        const RankAnalysis a = analyseRank(*rank);
        const Finding *f = findingOf(a, "aicore-op-efficiency");
        QVERIFY(f);
        QVERIFY2(
            lineWith(*f, expected[i].second).contains(QLatin1String(rooms[i])), expected[i].first);
        QVERIFY(lineWith(*f, "aclnnForeachAddListV2_ForeachAddListV2_ForeachAddList")
                    .contains(QLatin1String("bound type vec_mte2_mte3")));
    }
}

void TstAdvisorFindings::sampleNewerRun()
{
    // ascend-2025-11: SDMA packets on all four ranks (the advisor: 30.00% on rank 0, 46.15% on
    // rank 1, operations counted with the Total Op Info entries); on ranks 0 and 2 MatMulV3 and
    // FlashAttention shapes with room (rank 0: 4096,1024;4096,3072 25.66%).
    const QString run = kSamples + QStringLiteral("/ascend-2025-11");
    if (!QDir(run).exists())
        QSKIP("samples not present");
    const LoadResult loaded = loadProfile(run);
    QCOMPARE(loaded.profile->ranks.size(), std::size_t(4));
    const double ratios[] = { 0.3, 6.0 / 13, 9.0 / 16, 11.0 / 18 };
    for (std::size_t r = 0; r < 4; ++r) {
        const RankAnalysis a = analyseRank(*loaded.profile->ranks[r]);
        const Finding *packets = findingOf(a, "comm-small-packets");
        QVERIFY(packets);
        QVERIFY(textOf(*packets).contains(QLatin1String("SDMA")));
        QVERIFY(std::abs(packets->metric(u"sdma_small_ratio") - ratios[r]) < 1e-9);
        QVERIFY(!findingOf(a, "comm-bandwidth"));
        if (r % 2 == 1)
            continue;
        const Finding *f = findingOf(a, "aicore-op-efficiency");
        QVERIFY(f);
        const QString text = textOf(*f);
        QVERIFY(text.contains(QLatin1String("[cube] aclnnMatmul_MatMulV3Common_MatMulV3")));
        QVERIFY(text.contains(QLatin1String("[FlashAttention] aclnnFlashAttentionScoreGrad")));
        if (r == 0)
            QVERIFY(lineWith(*f, "MatMulV3 4096,1024;4096,3072 DT_BF16;DT_BF16 (")
                        .contains(QLatin1String(": 25.66% room")));
    }
}

void TstAdvisorFindings::sampleNoBound()
{
    // ascend-2025-01-db level1: the advisor's "Operator No Bound Issues" names
    // Conv2DBackpropFilter, TensorMove, ... (the pipeline ratios come from TASK_PMU_INFO). It
    // also names ForeachAddList, reading the cube core's mte2 (0) of a vector task whose own
    // aiv_mte2_ratio is 0.97-0.99: npuscope reports it as bound by mte2 instead.
    const auto rank = loadSampleRank(QStringLiteral("ascend-2025-01-db/level1/rank0_ascend_pt"));
    if (!rank)
        QSKIP("samples not present");
    const RankAnalysis a = analyseRank(*rank);
    const Finding *f = findingOf(a, "op-no-bound");
    QVERIFY(f);
    for (const char *type : { "Conv2DBackpropFilter", "TensorMove", "MaxPoolWithArgmaxV1" })
        QVERIFY2(lineWith(*f, type).startsWith(QLatin1String(type)), type);
    QVERIFY(lineWith(*f, "ForeachAddList").isEmpty());
    const Finding *bound = findingOf(a, "op-bound");
    QVERIFY(bound);
    QVERIFY(lineWith(*bound, "ForeachAddList bound by mte2").startsWith(QLatin1String("Foreach")));
}

void TstAdvisorFindings::sampleClear()
{
    // What the advisor does not report on the samples, npuscope does not either: no slow link,
    // no RDMA, and the AI Core clock at 1800 MHz throughout ascend-2025-01.
    for (const char *folder :
        { "ascend-2025-01/level1/rank0_ascend_pt", "ascend-2025-01-db/level1/rank0_ascend_pt" }) {
        const auto rank = loadSampleRank(QLatin1String(folder));
        if (!rank)
            QSKIP("samples not present");
        QCOMPARE(status(*rank, "comm-bandwidth"), kClear);
        QCOMPARE(status(*rank, "comm-retransmission"), kClear);
        QCOMPARE(status(*rank, "aicore-frequency"), kClear);
        QCOMPARE(status(*rank, "comm-small-packets"), kClear);
    }
}

QTEST_GUILESS_MAIN(TstAdvisorFindings)
#include "tst_advisorfindings.moc"
