// Regression tests for fuzz_profile findings: kernel_details.csv cells far out of the range of
// real times made the analysis overflow int64 (undefined behaviour; a wrong finding when it
// wrapped). Times beyond kMaxTimeNs are rejected with a located issue; the rest is analysed.
#include "analysis/rules/findings.h"
#include "analysis/rules/kernelflags.h"
#include "analysis/rules/timefindings.h"
#include "analysis/stats/kernelkinds.h"
#include "model/core/decimal.h"
#include "model/profile/profileloader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;

namespace {

const char *kHeader
    = "Step Id,Model ID,Task ID,Stream ID,Name,Type,Accelerator Core,Start Time(us),"
      "Duration(us),Wait Time(us),Block Dim\n";

std::shared_ptr<const Profile> loadRows(
    QTemporaryDir &tmp, const QByteArray &rows, QString *csvPath)
{
    const QString out = tmp.filePath(QStringLiteral("r_ascend_pt/ASCEND_PROFILER_OUTPUT"));
    QDir().mkpath(out);
    *csvPath = out + QStringLiteral("/kernel_details.csv");
    QFile f(*csvPath);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(kHeader + rows);
    f.close();
    LoadOptions o;
    o.threads = 1;
    return loadProfile(tmp.filePath(QStringLiteral("r_ascend_pt")), o).profile;
}

} // namespace

class TstExtremeTimes : public QObject {
    Q_OBJECT
private slots:
    void startNearInt64Max();
    void durationIsAnEpochTime();
};

// fuzz_profile: kernelkinds.cpp summed Durations that were epoch times (a shifted row) and
// overflowed; such cells, and times beyond kMaxTimeNs, are now reported and treated as missing.
void TstExtremeTimes::startNearInt64Max()
{
    QTemporaryDir tmp;
    QString csv;
    QByteArray rows = "1,0,1,2,MatMul,MatMul,AI_CORE,1736408883688177.930,10.5,0.1,24\n"
                      "1,0,2,2,Add,Add,AI_VECTOR_CORE,8821234385384450.869,1.5,0.1,24\n"
                      "1,0,3,2,Mul,Mul,AI_VECTOR_CORE,2305843009213693.952,2.5,0,24\n";
    for (int i = 0; i < 8; ++i)
        rows += "1,0,4,2,Cast,Cast,AI_VECTOR_CORE,1736408883688300.000,1736408883001784.067,0,24\n";
    const auto profile = loadRows(tmp, rows, &csv);
    QVERIFY(profile);
    const RankProfile &rank = *profile->ranks.at(0);
    QVERIFY(rank.kernels);
    QCOMPARE(rank.kernels->rowCount(), 11);
    QCOMPARE(rank.kernels->start[1], Table::kMissingNs); // out of range: not a time
    QCOMPARE(rank.kernels->start[2], kMaxTimeNs); // the largest accepted value
    QCOMPARE(rank.kernels->duration[2], TimeNs(2500));
    QCOMPARE(rank.kernels->duration[3], TimeNs(0)); // an epoch time is no duration
    bool startReported = false, durationReported = false;
    for (const Issue &i : rank.issues) {
        startReported = startReported || (i.file == csv && i.location == QLatin1String("line 3"));
        durationReported
            = durationReported || (i.file == csv && i.location == QLatin1String("line 5"));
    }
    QVERIFY2(startReported && durationReported, "bad cells are reported with file and line");
    const RankAnalysis a = analyseRank(rank);
    QVERIFY(a.kinds);
    QVERIFY(a.kinds->computeSum() >= 0);
    for (const StepBreakdown &s : a.steps) {
        QVERIFY(s.computeNs >= 0);
        QVERIFY(s.kernelSumNs >= 0);
        QVERIFY(s.unaccountedNs >= 0);
    }
}

// fuzz_profile: timefindings.cpp and kernelflags.cpp multiplied Duration by the wait ratio; a
// huge Duration overflowed and, wrapped negative, flagged the kernel as host-bound although
// it waited for almost nothing. The analysis must hold for any table, not only loaded ones.
void TstExtremeTimes::durationIsAnEpochTime()
{
    KernelTable k;
    const auto add = [&k](const char *name, TimeNs start, TimeNs duration, TimeNs wait) {
        k.name.push_back(k.strings.intern(name));
        k.type.push_back(k.strings.intern(name));
        k.core.push_back(k.strings.intern("AI_VECTOR_CORE"));
        k.step.push_back(k.strings.intern(""));
        k.stream.push_back(2);
        k.blockDim.push_back(24);
        k.start.push_back(start);
        k.duration.push_back(duration);
        k.wait.push_back(wait);
    };
    add("Add", 1736408883688177930, 1736408883002737231, 20000);
    add("Mul", 1736408883688200000, 1000, 50000);
    const KernelKinds kinds(k);
    QCOMPARE(stalledKernels(k, kinds), std::vector<qint32> { 1 });
    QVERIFY(!(kernelFlagsOf(k, kinds, 0, 24) & kFlagHostBound));
    QVERIFY(kernelFlagsOf(k, kinds, 1, 24) & kFlagHostBound);
}

QTEST_GUILESS_MAIN(TstExtremeTimes)
#include "tst_extremetimes.moc"
