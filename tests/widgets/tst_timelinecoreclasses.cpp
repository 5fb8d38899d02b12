#include "model/profile/profile.h"
#include "widgets/timeline/timelinecolors.h"
#include "widgets/timeline/timelinecoreclasses.h"
#include "widgets/timeline/timelinelayout.h"

#include "kernelfixtures.h"
#include "tracefixtures.h"

#include <QTest>

using namespace npuscope;

class TestTimelineCoreClasses : public QObject {
    Q_OBJECT

private slots:
    void classifiesCoreValues();
    void classesFollowTheJoin();
    void pinnedGroupComesFirst();
};

void TestTimelineCoreClasses::classifiesCoreValues()
{
    QCOMPARE(coreClassOf(u"AI_CORE", u"MatMulV2"), CoreClass::Cube);
    QCOMPARE(coreClassOf(u"AI_VECTOR_CORE", u"Add"), CoreClass::Vector);
    QCOMPARE(coreClassOf(u"MIX_AIC", u"FlashAttentionScore"), CoreClass::Mix);
    QCOMPARE(coreClassOf(u"MIX_AIV", u"x"), CoreClass::Mix);
    QCOMPARE(coreClassOf(u"kernel", u"Memcpy HtoD (Pageable -> Device)"), CoreClass::Memory);
    QCOMPARE(coreClassOf(u"gpu_memset", u"Memset (Device)"), CoreClass::Memory);
    QCOMPARE(coreClassOf(u"DSA", u"x"), CoreClass::Other);
    // Every class has a legend name and a distinct colour.
    QSet<int> indices;
    for (int c = 1; c <= int(CoreClass::Other); ++c) {
        QVERIFY(!TimelineColors::coreClassName(CoreClass(c)).isEmpty());
        indices.insert(TimelineColors::coreClassIndex(CoreClass(c)));
    }
    QCOMPARE(indices.size(), int(CoreClass::Other));
}

void TestTimelineCoreClasses::classesFollowTheJoin()
{
    test::TraceMaker m;
    const auto host = m.addTrack(QStringLiteral("Python"), QStringLiteral("Thread 1"));
    const auto stream = m.addTrack(
        QStringLiteral("Ascend Hardware"), QStringLiteral("Stream 2"), TrackKind::DeviceStream, 1);
    m.addEvent(host, 0, 500'000, "aten::matmul", "cpu_op");
    const auto rows = test::sampleRows();
    for (std::size_t i = 0; i < rows.size(); ++i)
        m.addEvent(stream, TimeNs(i) * 10'000, 5'000, rows[i].name, "kernel");
    m.addEvent(stream, 90'000, 1'000, "Unjoined", "kernel");
    m.indexTracks();
    const auto trace = m.finish();
    const auto kernels = test::makeKernels(rows);
    KernelJoin join;
    for (std::uint32_t i = 0; i < rows.size(); ++i) {
        // Rows are joined to the events of the same name (events are sorted by start).
        join.rowToEvent.push_back(m.find(stream, TimeNs(i) * 10'000));
        join.link(join.rowToEvent.back(), qint32(i));
    }
    const auto classes = kernelCoreClasses(*trace, *kernels, join);
    QCOMPARE(classes.size(), trace->tracks.size());
    QVERIFY(classes[host].empty());
    const CoreClass expected[] = { CoreClass::Cube, CoreClass::Vector, CoreClass::Communication,
        CoreClass::Vector, CoreClass::AiCpu, CoreClass::None };
    QCOMPARE(classes[stream].size(), std::size(expected));
    for (std::size_t i = 0; i < std::size(expected); ++i)
        QCOMPARE(classes[stream][i], expected[i]);

    TimelineColors colors;
    colors.setTrace(trace.get());
    colors.setCoreClasses(classes);
    const EventRef matmul { TrackId(stream), 0 };
    const EventRef unjoined { TrackId(stream), 5 };
    const EventRef hostOp { TrackId(host), 0 };
    colors.setMode(TimelineColorMode::AcceleratorCore);
    QCOMPARE(colors.colorIndex(matmul, trace->event(matmul)),
        TimelineColors::coreClassIndex(CoreClass::Cube));
    // Not a kernel row: neutral grey, so that only the legend's colours stand out.
    QCOMPARE(colors.colorIndex(hostOp, trace->event(hostOp)), TimelineColors::kNeutralIndex);
    QCOMPARE(colors.colorIndex(unjoined, trace->event(unjoined)), TimelineColors::kNeutralIndex);
    QCOMPARE(TimelineColors::foldedIndex(TimelineColors::kNeutralIndex),
        TimelineColors::kNeutralIndex + 1);
    colors.setMode(TimelineColorMode::Category);
    QCOMPARE(colors.colorIndex(unjoined, trace->event(unjoined)),
        colors.colorIndex(matmul, trace->event(matmul))); // same category "kernel"
    const auto legend = colors.coreLegend();
    QCOMPARE(legend.size(), std::size_t(4)); // cube, vector, AI_CPU, communication
}

void TestTimelineCoreClasses::pinnedGroupComesFirst()
{
    const auto trace = test::makeTrainingStep(1);
    TimelineLayout layout;
    layout.build(*trace, {});
    const std::size_t groups = layout.groups().size();
    const std::size_t rows = layout.rows().size();
    const std::uint32_t stream3 = 3; // Ascend Hardware / Stream 3 (see makeTrainingStep)
    const std::uint32_t python = 0;
    layout.build(*trace, {}, {}, {}, { stream3, python });
    // "Pinned" is one more header; Python's process had only that thread, so its header goes.
    QCOMPARE(layout.groups().size(), groups);
    QCOMPARE(layout.rows().size(), rows);
    // Then the device streams left in their process, first as always.
    QCOMPARE(layout.groups()[1].name, QStringLiteral("Ascend Hardware"));
    const TimelineGroup &pinned = layout.groups().front();
    QVERIFY(pinned.pinned);
    QCOMPARE(pinned.tracks, (std::vector<std::uint32_t> { stream3, python }));
    QCOMPARE(layout.trackRow(TrackId(stream3)), 1); // right under the Pinned header
    QCOMPARE(layout.trackRow(TrackId(python)), 2);
    QCOMPARE(layout.groupOfTrack(TrackId(stream3)), 0);
    // Not shown twice: its process lost it.
    for (std::size_t g = 1; g < layout.groups().size(); ++g)
        for (std::uint32_t t : layout.groups()[g].tracks)
            QVERIFY(t != stream3 && t != python);
    // Collapsing the pinned group hides its tracks like any process.
    layout.build(*trace, { QLatin1String(TimelineLayout::kPinnedKey) }, {}, {}, { stream3 });
    QCOMPARE(layout.trackRow(TrackId(stream3)), -1);
    QCOMPARE(layout.groupOfTrack(TrackId(stream3)), 0);
}

QTEST_MAIN(TestTimelineCoreClasses)
#include "tst_timelinecoreclasses.moc"
