#include "model/profile/frameworkoperators.h"
#include "model/profile/profileloader.h"

#include "dbsamples.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

using namespace npuscope;

class TstFrameworkOperators : public QObject {
    Q_OBJECT

private slots:
    void kinetoNesting();
    void databaseMatchesTextExport();
    void oldKinetoSample();
};

namespace {

struct Row {
    TimeNs hostSelf = 0, hostTotal = 0, deviceSelf = 0, deviceTotal = 0;
};

// The table's rows by name (names are unique in the hand-made trace).
std::map<QString, Row> rowsByName(const Table &t)
{
    const int name = t.findColumn(u"Name");
    const int c[] = { t.findColumn(u"Host Self Duration(us)"),
        t.findColumn(u"Host Total Duration(us)"), t.findColumn(u"Device Self Duration(us)"),
        t.findColumn(u"Device Total Duration(us)") };
    std::map<QString, Row> out;
    for (qsizetype r = 0; r < t.rowCount(); ++r) {
        auto ns = [&](int column) { return t.columns[std::size_t(column)].ns[std::size_t(r)]; };
        out[t.text(r, name)] = { ns(c[0]), ns(c[1]), ns(c[2]), ns(c[3]) };
    }
    return out;
}

QByteArray kinetoTrace()
{
    // ProfilerStep#1 [0, 300] holds aten::linear [10, 110], which holds aten::addmm [20, 70].
    // addmm's cudaLaunchKernel [30, 35] launches a 20 us kernel; linear's own [80, 85] a 10 us
    // kernel and a 4 us memcpy (two flows). A launch in the step but in no op [200, 205] is no
    // op's. aten::relu [120, 150] on another thread launches nothing.
    return R"({"schemaVersion":1,"traceEvents":[
{"name":"thread_name","ph":"M","pid":0,"tid":7,"args":{"name":"stream 7 "}},
{"ph":"X","cat":"cpu_op","name":"ProfilerStep#1","pid":9,"tid":9,"ts":0,"dur":300},
{"ph":"X","cat":"cpu_op","name":"aten::linear","pid":9,"tid":9,"ts":10,"dur":100},
{"ph":"X","cat":"cpu_op","name":"aten::addmm","pid":9,"tid":9,"ts":20,"dur":50},
{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":9,"tid":9,"ts":30,"dur":5},
{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":9,"tid":9,"ts":80,"dur":5},
{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":9,"tid":9,"ts":200,"dur":5},
{"ph":"X","cat":"cpu_op","name":"aten::relu","pid":9,"tid":10,"ts":120,"dur":30},
{"ph":"X","cat":"kernel","name":"gemm","pid":0,"tid":7,"ts":40,"dur":20,"args":{"stream":7}},
{"ph":"X","cat":"kernel","name":"bias","pid":0,"tid":7,"ts":90,"dur":10,"args":{"stream":7}},
{"ph":"X","cat":"gpu_memcpy","name":"Memcpy DtoD","pid":0,"tid":7,"ts":101,"dur":4,"args":{"stream":7}},
{"ph":"X","cat":"kernel","name":"orphan","pid":0,"tid":7,"ts":210,"dur":7,"args":{"stream":7}},
{"ph":"s","id":1,"pid":9,"tid":9,"ts":30,"cat":"ac2g","name":"ac2g"},
{"ph":"f","id":1,"pid":0,"tid":7,"ts":40,"cat":"ac2g","name":"ac2g","bp":"e"},
{"ph":"s","id":2,"pid":9,"tid":9,"ts":80,"cat":"ac2g","name":"ac2g"},
{"ph":"f","id":2,"pid":0,"tid":7,"ts":90,"cat":"ac2g","name":"ac2g","bp":"e"},
{"ph":"s","id":3,"pid":9,"tid":9,"ts":81,"cat":"ac2g","name":"ac2g"},
{"ph":"f","id":3,"pid":0,"tid":7,"ts":101,"cat":"ac2g","name":"ac2g","bp":"e"},
{"ph":"s","id":4,"pid":9,"tid":9,"ts":200,"cat":"ac2g","name":"ac2g"},
{"ph":"f","id":4,"pid":0,"tid":7,"ts":210,"cat":"ac2g","name":"ac2g","bp":"e"}
]})";
}

constexpr TimeNs us(TimeNs v) { return v * 1000; }

} // namespace

void TstFrameworkOperators::kinetoNesting()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile f(dir.filePath(QStringLiteral("host_9.pt.trace.json")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kinetoTrace());
    f.close();
    const LoadResult r = loadProfile(dir.path());
    QVERIFY(r.profile && r.profile->ranks.size() == 1);
    const RankProfile &rank = *r.profile->ranks.front();
    QVERIFY(rank.operators);
    QVERIFY(rank.operators->path != rank.source.operatorDetails);
    const auto rows = rowsByName(*rank.operators);
    QCOMPARE(rank.operators->rowCount(), 3); // the step is not an op
    QVERIFY(!rows.count(QStringLiteral("ProfilerStep#1")));
    const Row linear = rows.at(QStringLiteral("aten::linear"));
    const Row addmm = rows.at(QStringLiteral("aten::addmm"));
    const Row relu = rows.at(QStringLiteral("aten::relu"));
    QCOMPARE(linear.hostTotal, us(100));
    QCOMPARE(linear.hostSelf, us(50));
    QCOMPARE(linear.deviceSelf, us(14));
    QCOMPARE(linear.deviceTotal, us(34));
    QCOMPARE(addmm.hostSelf, us(50));
    QCOMPARE(addmm.deviceSelf, us(20));
    QCOMPARE(addmm.deviceTotal, us(20));
    QCOMPARE(relu.deviceTotal, 0);
    QCOMPARE(relu.hostSelf, us(30));
    // A GPU has no AI Core: no AI Core columns.
    QCOMPARE(rank.operators->columnCount(), 5);
    QCOMPARE(rank.operators->findColumn(u"Device Self Duration With AICore(us)"), -1);
}

void TstFrameworkOperators::databaseMatchesTextExport()
{
    // The same job collected as text and as a database: the rebuilt table lists the ops that
    // torch_npu's operator_details.csv lists, and gives each op the tasks its own file gives it.
    if (!QDir(test::kDbSamples).exists())
        QSKIP("samples not present");
    const QString dbPath = test::kDbSamples + QStringLiteral("level1/rank0_ascend_pt");
    const QString textPath = test::kTextSamples + QStringLiteral("level1/rank0_ascend_pt");
    QVERIFY2(QFileInfo::exists(dbPath), qPrintable(dbPath));
    QVERIFY2(QFileInfo::exists(textPath), qPrintable(textPath));
    const LoadResult db = loadProfile(dbPath), text = loadProfile(textPath);
    QVERIFY(db.profile && text.profile);
    const RankProfile &d = *db.profile->ranks.front(), &t = *text.profile->ranks.front();
    QVERIFY(d.operators && t.operators);
    QVERIFY(t.operators->path == t.source.operatorDetails);
    // Per name: rows, rows with device time, rows with AI Core time; and the sums of the four
    // device columns over all rows.
    std::array<double, 4> sums[2] {};
    auto summary = [&sums](const Table &table, int side) {
        std::map<QString, std::array<int, 3>> byName;
        const int name = table.findColumn(u"Name");
        const int columns[] = { table.findColumn(u"Device Self Duration(us)"),
            table.findColumn(u"Device Total Duration(us)"),
            table.findColumn(u"Device Self Duration With AICore(us)"),
            table.findColumn(u"Device Total Duration With AICore(us)") };
        for (qsizetype r = 0; r < table.rowCount(); ++r) {
            std::array<double, 4> v {};
            for (int i = 0; i < 4; ++i) {
                const auto &c = table.columns[std::size_t(columns[i])];
                v[std::size_t(i)] = c.ns.empty() ? c.number[std::size_t(r)] * 1000.0
                                                 : double(c.ns[std::size_t(r)]);
                sums[side][std::size_t(i)] += v[std::size_t(i)];
            }
            auto &counts = byName[table.text(r, name)];
            ++counts[0];
            counts[1] += v[0] > 0;
            counts[2] += v[2] > 0;
        }
        return byName;
    };
    const auto fromDb = summary(*d.operators, 0), fromText = summary(*t.operators, 1);
    QCOMPARE(d.operators->rowCount(), t.operators->rowCount());
    QStringList differing;
    for (const auto &[name, counts] : fromText) {
        const auto it = fromDb.find(name);
        const std::array<int, 3> inDb = it == fromDb.end() ? std::array<int, 3> {} : it->second;
        if (inDb != counts)
            differing << QStringLiteral("%1: %2/%3/%4 rows in the database, %5/%6/%7 in the text")
                             .arg(name)
                             .arg(inDb[0])
                             .arg(inDb[1])
                             .arg(inDb[2])
                             .arg(counts[0])
                             .arg(counts[1])
                             .arg(counts[2]);
    }
    QVERIFY2(differing.isEmpty(), qPrintable(differing.join(QStringLiteral("; "))));
    // The same kernels ran again: every device column's sum within 5% of the text's.
    qInfo("device self, total, self AI Core, total AI Core (us): database %.3f %.3f %.3f %.3f, "
          "text %.3f %.3f %.3f %.3f",
        sums[0][0] / 1e3, sums[0][1] / 1e3, sums[0][2] / 1e3, sums[0][3] / 1e3, sums[1][0] / 1e3,
        sums[1][1] / 1e3, sums[1][2] / 1e3, sums[1][3] / 1e3);
    for (int i = 0; i < 4; ++i) {
        const double inDb = sums[0][std::size_t(i)], inText = sums[1][std::size_t(i)];
        QVERIFY2(inText > 0 && std::abs(inDb - inText) <= 0.05 * inText,
            qPrintable(QStringLiteral("column %1: %2 us in the database, %3 us in the text")
                           .arg(i)
                           .arg(inDb / 1000.0)
                           .arg(inText / 1000.0)));
    }
}

void TstFrameworkOperators::oldKinetoSample()
{
    // A PyTorch 1.8 trace names its ops "Operator" and its launches "Runtime": each kernel is
    // launched by one op, so the ops' self device time adds up to the kernels' time, less the
    // kernels launched outside any op.
    const QString path
        = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/kineto/worker0.1623143089861.pt.trace.json.gz");
    if (!QDir(QStringLiteral(NPUSCOPE_SAMPLES_DIR)).exists())
        QSKIP("samples not present");
    QVERIFY2(QFileInfo::exists(path), qPrintable(path));
    const LoadResult r = loadProfile(path);
    QVERIFY(r.profile && !r.profile->ranks.empty());
    const RankProfile &rank = *r.profile->ranks.front();
    QVERIFY(rank.operators && rank.kernels);
    const Table &t = *rank.operators;
    const auto &self = t.columns[std::size_t(t.findColumn(u"Device Self Duration(us)"))].ns;
    const auto &total = t.columns[std::size_t(t.findColumn(u"Device Total Duration(us)"))].ns;
    TimeNs selfSum = 0, kernelSum = 0;
    for (qsizetype i = 0; i < t.rowCount(); ++i) {
        selfSum += self[std::size_t(i)];
        QVERIFY(total[std::size_t(i)] >= self[std::size_t(i)]);
    }
    for (const TimeNs d : rank.kernels->duration)
        kernelSum += d;
    QElapsedTimer clock;
    clock.start();
    const auto again = frameworkOperators(rank);
    qInfo("%lld ops, self device %.3f us of %.3f us of kernels; rebuilt in %.1f ms",
        qlonglong(t.rowCount()), double(selfSum) / 1e3, double(kernelSum) / 1e3,
        double(clock.nsecsElapsed()) / 1e6);
    QVERIFY(again && again->rowCount() == t.rowCount());
    QVERIFY(t.rowCount() > 1000);
    QVERIFY(selfSum <= kernelSum);
    QVERIFY(selfSum >= kernelSum * 9 / 10);
}

QTEST_GUILESS_MAIN(TstFrameworkOperators)
#include "tst_frameworkoperators.moc"
