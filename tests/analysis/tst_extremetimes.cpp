// Regression tests for fuzz_profile findings: kernel_details.csv cells far out of the range of
// real times made the analysis overflow int64 (undefined behaviour; a wrong finding when it
// wrapped). Times beyond kMaxTimeNs are rejected with a located issue; the rest is analysed.
#include "analysis/findings.h"
#include "analysis/kernelflags.h"
#include "analysis/kernelkinds.h"
#include "analysis/timefindings.h"
#include "model/decimal.h"
#include "model/profileloader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;

namespace {

const char *kHeader = "Step Id,Model ID,Task ID,Stream ID,Name,Type,Accelerator Core,Start Time(us),"
                      "Duration(us),Wait Time(us),Block Dim\n";

std::shared_ptr<const Profile> loadRows(QTemporaryDir &tmp, const QByteArray &rows, QString *csvPath)
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

// fuzz_profile: kernelkinds.cpp, start + duration overflowed for a start near INT64_MAX ns.
void TstExtremeTimes::startNearInt64Max()
{
    QTemporaryDir tmp;
    QString csv;
    const auto profile = loadRows(tmp,
        "1,0,1,2,MatMul,MatMul,AI_CORE,1736408883688177.930,10.5,0.1,24\n"
        "1,0,2,2,Add,Add,AI_VECTOR_CORE,8821234385384450.869,1764246877078023.240,0.1,24\n"
        "1,0,3,2,Mul,Mul,AI_VECTOR_CORE,2305843009213693.952,2305843009213693.952,0,24\n",
        &csv);
    QVERIFY(profile);
    const RankProfile &rank = *profile->ranks.at(0);
    QVERIFY(rank.kernels);
    QCOMPARE(rank.kernels->rowCount(), 3);
    QCOMPARE(rank.kernels->start[1], Table::kMissingNs); // out of range: not a time
    QCOMPARE(rank.kernels->duration[1], TimeNs(1764246877078023240));
    QCOMPARE(rank.kernels->start[2], kMaxTimeNs); // the largest accepted value
    bool located = false;
    for (const Issue &i : rank.issues)
        located = located || (i.file == csv && i.location.contains(QLatin1String("3")));
    QVERIFY2(located, "the bad Start Time cell is reported with its file and line");
    const RankAnalysis a = analyseRank(rank);
    QVERIFY(a.kinds);
    for (const StepBreakdown &s : a.steps) {
        QVERIFY(s.computeNs >= 0);
        QVERIFY(s.unaccountedNs >= 0);
    }
}

// fuzz_profile: timefindings.cpp and kernelflags.cpp multiplied Duration by the wait ratio; an
// epoch time in the Duration column overflowed and, wrapped negative, flagged the kernel as
// host-bound although it waited for almost nothing.
void TstExtremeTimes::durationIsAnEpochTime()
{
    QTemporaryDir tmp;
    QString csv;
    const auto profile = loadRows(tmp,
        "1,0,1,2,Add,Add,AI_VECTOR_CORE,1736408883688177.930,1736408883002737.231,20.0,24\n"
        "1,0,2,2,Mul,Mul,AI_VECTOR_CORE,1736408883688200.000,1.0,50.0,24\n",
        &csv);
    QVERIFY(profile);
    const RankProfile &rank = *profile->ranks.at(0);
    QCOMPARE(rank.kernels->duration[0], TimeNs(1736408883002737231));
    const KernelKinds kinds(*rank.kernels);
    QCOMPARE(stalledKernels(*rank.kernels, kinds), std::vector<qint32> { 1 });
    QVERIFY(!(kernelFlagsOf(*rank.kernels, kinds, 0, 24) & kFlagHostBound));
    QVERIFY(kernelFlagsOf(*rank.kernels, kinds, 1, 24) & kFlagHostBound);
    const RankAnalysis a = analyseRank(rank);
    std::vector<RankAnalysis> all;
    all.push_back(a);
    (void)findProfileFindings(*profile, all);
}

QTEST_GUILESS_MAIN(TstExtremeTimes)
#include "tst_extremetimes.moc"
