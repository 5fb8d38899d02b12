#include "../widgets/tracefixtures.h"
#include "app/reports/profilesteps.h"

#include <QTest>

using namespace npuscope;
using namespace npuscope::test;

class TstProfileSteps : public QObject {
    Q_OBJECT

private slots:
    void trainingSteps()
    {
        const auto trace = makeTrainingStep(3);
        const std::vector<StepRange> steps = findProfilerSteps(*trace);
        QCOMPARE(steps.size(), std::size_t(3));
        for (std::size_t i = 0; i < steps.size(); ++i) {
            QCOMPARE(steps[i].name, QStringLiteral("ProfilerStep#%1").arg(i + 1));
            QVERIFY(steps[i].end > steps[i].start);
            if (i > 0)
                QVERIFY(steps[i].start >= steps[i - 1].end);
        }
        QCOMPARE(steps.front().start, trace->minTime);
    }

    void hostTracksOnlyAndUnionOfRepeats()
    {
        TraceMaker m;
        const auto main = m.addTrack(QStringLiteral("Python"), QStringLiteral("Thread 1"));
        const auto other = m.addTrack(QStringLiteral("Python"), QStringLiteral("Thread 2"));
        const auto stream = m.addTrack(QStringLiteral("Ascend Hardware"),
            QStringLiteral("Stream 2"), TrackKind::DeviceStream, 1);
        m.addEvent(main, 1'000, 500, "ProfilerStep#8");
        m.addEvent(other, 1'200, 600, "ProfilerStep#8"); // same step seen on a second thread
        m.addEvent(main, 100, 400, "ProfilerStep#7");
        m.addEvent(main, 2'000, 10, "ProfilerStepX"); // no '#': not a step
        m.addEvent(stream, 5'000, 100, "ProfilerStep#9"); // device tracks do not count
        m.indexTracks();
        const std::vector<StepRange> steps = findProfilerSteps(*m.finish());
        QCOMPARE(steps.size(), std::size_t(2));
        QCOMPARE(steps[0].name, QStringLiteral("ProfilerStep#7"));
        QCOMPARE(steps[1].name, QStringLiteral("ProfilerStep#8"));
        QCOMPARE(steps[1].start, TimeNs(1'000));
        QCOMPARE(steps[1].end, TimeNs(1'800));
    }

    void noSteps()
    {
        TraceMaker m;
        const auto main = m.addTrack(QStringLiteral("Python"), QStringLiteral("Thread 1"));
        m.addEvent(main, 0, 10, "aten::add");
        m.indexTracks();
        QVERIFY(findProfilerSteps(*m.finish()).empty());
    }
};

QTEST_MAIN(TstProfileSteps)
#include "tst_profilesteps.moc"
