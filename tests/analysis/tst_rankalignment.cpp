// alignRanksByStep(): the shift that puts a step's start on the first rank's, exactly.
#include "analysis/cluster/rankalignment.h"
#include "tests/widgets/tracefixtures.h"

#include <QTest>

using namespace npuscope;
using npuscope::test::TraceMaker;

class TstRankAlignment : public QObject {
    Q_OBJECT
private slots:
    void shiftsToTheFirstRanksStep();
    void missingStepFallsBackToFirstEvents();
    void emptyStepAlignsFirstEvents();
    void commonSteps();

private:
    // Steps "<first>".."<first + count - 1>", each `length` long, the first starting at `start`.
    static std::shared_ptr<const Trace> steps(TimeNs start, int first, int count, TimeNs length)
    {
        TraceMaker m;
        const auto host = m.addTrack(QStringLiteral("Python"), QStringLiteral("Thread 1"));
        m.addEvent(host, start - 500, 10, "warmup"); // the first event precedes the steps
        for (int i = 0; i < count; ++i) {
            const std::string name = "ProfilerStep#" + std::to_string(first + i);
            m.addEvent(host, start + i * length, length - 1, name);
        }
        m.indexTracks();
        return m.finish();
    }
};

void TstRankAlignment::shiftsToTheFirstRanksStep()
{
    const auto a = steps(10'000, 5, 3, 1000); // step 6 starts at 11'000
    const auto b = steps(52'340, 5, 3, 1200); // step 6 starts at 53'540
    const auto c = steps(7'000, 6, 2, 900); // step 6 starts at 7'000
    const auto out = alignRanksByStep({ a.get(), b.get(), c.get() }, QStringLiteral("6"));
    QCOMPARE(out.size(), std::size_t(3));
    QVERIFY(out[0].stepFound && out[1].stepFound && out[2].stepFound);
    QCOMPARE(out[0].shift, TimeNs(0));
    QCOMPARE(out[0].anchor, TimeNs(11'000));
    QCOMPARE(out[0].end, TimeNs(11'999));
    QCOMPARE(out[1].anchor, TimeNs(53'540));
    QCOMPARE(out[1].shift, TimeNs(11'000 - 53'540));
    QCOMPARE(out[1].end, TimeNs(54'739));
    QCOMPARE(out[2].shift, TimeNs(4'000));
}

void TstRankAlignment::missingStepFallsBackToFirstEvents()
{
    const auto a = steps(10'000, 5, 3, 1000); // first event 9'500
    const auto b = steps(20'000, 8, 2, 1000); // no step 6; first event 19'500
    const auto out = alignRanksByStep({ a.get(), nullptr, b.get() }, QStringLiteral("6"));
    QVERIFY(out[0].stepFound);
    QVERIFY(!out[1].stepFound);
    QCOMPARE(out[1].shift, TimeNs(0)); // null trace: default entry
    QVERIFY(!out[2].stepFound);
    QCOMPARE(out[2].anchor, TimeNs(19'500));
    QCOMPARE(out[2].shift, TimeNs(9'500 - 19'500));
    // The reference lacking the step: nobody can line up on it.
    const auto swapped = alignRanksByStep({ b.get(), a.get() }, QStringLiteral("6"));
    QVERIFY(!swapped[0].stepFound);
    QVERIFY(!swapped[1].stepFound);
    QCOMPARE(swapped[1].shift, TimeNs(19'500 - 9'500));
}

void TstRankAlignment::emptyStepAlignsFirstEvents()
{
    const auto a = steps(10'000, 5, 3, 1000);
    const auto b = steps(12'345, 5, 3, 1000);
    const auto out = alignRanksByStep({ a.get(), b.get() }, QString());
    QVERIFY(!out[1].stepFound);
    QCOMPARE(out[1].shift, TimeNs(-2'345));
}

void TstRankAlignment::commonSteps()
{
    const auto a = steps(0, 5, 3, 1000); // 5 6 7
    const auto b = steps(0, 6, 3, 1000); // 6 7 8
    QCOMPARE(commonStepIds({ a.get(), nullptr, b.get() }),
        (QStringList { QStringLiteral("6"), QStringLiteral("7") }));
    QCOMPARE(commonStepIds({ a.get() }),
        (QStringList { QStringLiteral("5"), QStringLiteral("6"), QStringLiteral("7") }));
    QVERIFY(commonStepIds({}).isEmpty());
}

QTEST_GUILESS_MAIN(TstRankAlignment)
#include "tst_rankalignment.moc"
