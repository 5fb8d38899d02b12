// mergeRankTraces(): several ranks' traces as one, times shifted exactly, flows remapped.
#include "model/profile/rankmerge.h"
#include "tests/widgets/tracefixtures.h"

#include <QTest>

using namespace npuscope;
using npuscope::test::TraceMaker;

class TstRankMerge : public QObject {
    Q_OBJECT
private slots:
    void tracksLabelledAndShifted();
    void flowsPointAtTheSameEvents();
    void countersShifted();
    void skipsNullInputs();

private:
    // Two processes with the same pid text on every rank: the merge must keep ranks apart.
    static std::shared_ptr<const Trace> rankTrace(TimeNs base)
    {
        TraceMaker m;
        const auto host = m.addTrack(QStringLiteral("Python"), QStringLiteral("Thread 1"));
        const auto stream = m.addTrack(QStringLiteral("Ascend Hardware"),
            QStringLiteral("Stream 2"), TrackKind::DeviceStream, 1);
        m.addEvent(host, base + 100, 50, "ProfilerStep#1");
        m.addEvent(host, base + 110, 10, "aten::add");
        m.addEvent(stream, base + 130, 5, "Add");
        m.addCounter(QStringLiteral("HBM"), QStringLiteral("used"), { base + 100, base + 160 },
            { 1.0, 2.0 }, 2);
        m.indexTracks();
        m.addFlow(m.find(host, base + 110), m.find(stream, base + 130));
        return m.finish();
    }
};

void TstRankMerge::tracksLabelledAndShifted()
{
    const auto r0 = rankTrace(1000);
    const auto r3 = rankTrace(5000);
    const auto merged = mergeRankTraces(
        { { r0, QStringLiteral("Rank 0"), 0 }, { r3, QStringLiteral("Rank 3"), -4000 } });
    QCOMPARE(merged->tracks.size(), std::size_t(4));
    QCOMPARE(merged->tracks[0].processName, QStringLiteral("Rank 0 · Python"));
    QCOMPARE(merged->tracks[1].processName, QStringLiteral("Rank 0 · Ascend Hardware"));
    QCOMPARE(merged->tracks[2].processName, QStringLiteral("Rank 3 · Python"));
    QCOMPARE(merged->tracks[3].processName, QStringLiteral("Rank 3 · Ascend Hardware"));
    QCOMPARE(merged->tracks[3].threadName, QStringLiteral("Stream 2"));
    QCOMPARE(merged->tracks[3].kind, TrackKind::DeviceStream);
    for (std::uint32_t i = 0; i < 4; ++i)
        QCOMPARE(merged->tracks[i].id.value, i);
    // Same pid text on both ranks, yet separate groups; one sort value per rank.
    QVERIFY(merged->tracks[0].pidKey != merged->tracks[2].pidKey);
    QCOMPARE(merged->tracks[0].processSort, std::int64_t(0));
    QCOMPARE(merged->tracks[2].processSort, std::int64_t(1));
    // Rank 3 moved by -4000 ns: its step starts where rank 0's does.
    const Track &host3 = merged->tracks[2];
    QCOMPARE(host3.events.size(), std::size_t(2));
    QCOMPARE(host3.events[0].start, TimeNs(1100));
    QCOMPARE(host3.events[0].duration, TimeNs(50));
    QCOMPARE(merged->strings.string(host3.events[0].name), QStringLiteral("ProfilerStep#1"));
    QCOMPARE(host3.events[1].start, TimeNs(1110));
    QCOMPARE(host3.events[1].depth, std::uint64_t(1));
    QCOMPARE(merged->tracks[0].events[0].start, TimeNs(1100));
    QCOMPARE(merged->tracks[3].events[0].start, TimeNs(1130));
    QCOMPARE(merged->minTime, TimeNs(1100));
    QCOMPARE(merged->maxTime, TimeNs(1160));
    QCOMPARE(merged->sliceCount(), r0->sliceCount() + r3->sliceCount());
    QCOMPARE(mergedTrackOffsets({ { r0, {}, 0 }, { nullptr, {}, 0 }, { r3, {}, 0 } }),
        (std::vector<std::uint32_t> { 0, 2, 2 }));
    // Indexes built: lookups work on the merged tracks.
    QCOMPARE(merged->overlapping(TrackId(2), 1105, 1112).size(), std::size_t(2));
}

void TstRankMerge::flowsPointAtTheSameEvents()
{
    const auto r0 = rankTrace(0);
    const auto r1 = rankTrace(70);
    const auto merged = mergeRankTraces(
        { { r0, QStringLiteral("Rank 0"), 0 }, { r1, QStringLiteral("Rank 1"), 30 } });
    QCOMPARE(merged->flows.size(), std::size_t(2));
    const Flow &f = merged->flows[1];
    QCOMPARE(f.from.track.value, 2u);
    QCOMPARE(f.to.track.value, 3u);
    QCOMPARE(merged->event(f.from).start, TimeNs(70 + 110 + 30));
    QCOMPARE(merged->strings.string(merged->event(f.from).name), QStringLiteral("aten::add"));
    QCOMPARE(merged->strings.string(merged->event(f.to).name), QStringLiteral("Add"));
    QCOMPARE(merged->strings.string(f.name), QStringLiteral("torch_to_npu"));
    QCOMPARE(merged->flowsFrom(f.from), (std::vector<std::uint32_t> { 1 }));
    QCOMPARE(merged->flowsTo(merged->flows[0].to), (std::vector<std::uint32_t> { 0 }));
}

void TstRankMerge::countersShifted()
{
    const auto merged = mergeRankTraces({ { rankTrace(0), QStringLiteral("Rank 0"), 0 },
        { rankTrace(0), QStringLiteral("Rank 1"), 1000 } });
    QCOMPARE(merged->counters.size(), std::size_t(2));
    QCOMPARE(merged->counters[1].processName, QStringLiteral("Rank 1 · HBM"));
    QCOMPARE(merged->counters[1].times, (std::vector<TimeNs> { 1100, 1160 }));
    QCOMPARE(merged->counters[0].times, (std::vector<TimeNs> { 100, 160 }));
    QCOMPARE(merged->counters[1].values, (std::vector<double> { 1.0, 2.0 }));
    QVERIFY(merged->counters[0].pidKey != merged->counters[1].pidKey);
}

void TstRankMerge::skipsNullInputs()
{
    const auto empty = mergeRankTraces({ { nullptr, QStringLiteral("Rank 0"), 5 } });
    QVERIFY(empty);
    QVERIFY(empty->tracks.empty());
    const auto one = mergeRankTraces({ { nullptr, QStringLiteral("Rank 0"), 0 },
        { rankTrace(0), QStringLiteral("Rank 1"), 0 } });
    QCOMPARE(one->tracks.size(), std::size_t(2));
    QCOMPARE(one->tracks[0].processName, QStringLiteral("Rank 1 · Python"));
    QCOMPARE(one->tracks[0].processSort, std::int64_t(0));
}

QTEST_GUILESS_MAIN(TstRankMerge)
#include "tst_rankmerge.moc"
