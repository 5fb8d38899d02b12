// Ranks of a multi-rank profile open on demand (RankLoader), and several ranks show on one
// timeline (RankTimelineController).
#include "analysis/timeline/stepbreakdown.h"
#include "app/window/analysiscontroller.h"
#include "app/window/mainwindow.h"
#include "app/window/rankloader.h"
#include "app/window/ranktimelinecontroller.h"
#include "app/window/ranktimelinewindow.h"
#include "model/generator/generator.h"
#include "model/profile/profileloader.h"
#include "model/trace/tracedump.h"
#include "tests/model/rankfiles.h"
#include "widgets/session/profilesession.h"
#include "widgets/timeline/timelineview.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QFile>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;

class TstRankLoader : public QObject {
    Q_OBJECT

private:
    static constexpr int kTimeoutMs = 120000;
    static constexpr int kRanks = 5;
    static constexpr int kGarbageRank = 4;

    QTemporaryDir m_dir;
    std::shared_ptr<const Profile> m_eager; // what an eager load gives

    QString traceOf(int rank) const { return test::rankTracePath(m_dir.path(), rank); }
    static bool mentions(const IssueList &issues, const QString &file)
    {
        return test::issuesMention(issues, file);
    }
    // Opens the profile and waits for rank 0, which opens by itself.
    bool open(MainWindow &window) const
    {
        QSignalSpy loaded(&window, &MainWindow::profileLoaded);
        window.openPath(m_dir.path());
        if (!loaded.wait(kTimeoutMs))
            return false;
        return QTest::qWaitFor(
            [&]() { return window.session()->rank() && window.session()->rank()->trace; },
            kTimeoutMs);
    }
    bool openRank(MainWindow &window, int index) const
    {
        window.setCurrentRank(index);
        return QTest::qWaitFor(
            [&]() {
                const auto r = window.session()->rank();
                return r && r->rank() == index && r->trace && !window.rankLoader()->isLoading();
            },
            kTimeoutMs);
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("npuscope-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_rankloader"));
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        GeneratorOptions o;
        o.outDir = m_dir.path();
        o.ranks = kRanks;
        o.events = 1500;
        o.seed = 11;
        QVERIFY(generateProfile(o).ok);
        QFile garbage(traceOf(kGarbageRank));
        QVERIFY(garbage.open(QIODevice::WriteOnly | QIODevice::Truncate));
        garbage.write("[{\"ph\": \"X\", \"name\": garbage");
        garbage.close();
        m_eager = loadProfile(m_dir.path()).profile;
        QVERIFY(m_eager && m_eager->ranks.size() == std::size_t(kRanks));
        QVERIFY(mentions(m_eager->allIssues(), traceOf(kGarbageRank)));
    }

    void opensOnSummariesThenRankZero()
    {
        MainWindow window;
        window.show();
        QVERIFY(open(window));
        for (const auto &rank : window.session()->profile()->ranks)
            QVERIFY(rank->summaryOnly); // no trace read at open
        QVERIFY(!mentions(window.session()->profile()->allIssues(), traceOf(kGarbageRank)));
        const auto rank0 = window.session()->rank();
        QCOMPARE(rank0->rank(), 0);
        QVERIFY(!rank0->summaryOnly);
        QCOMPARE(dumpTrace(*rank0->trace, 100000), dumpTrace(*m_eager->ranks[0]->trace, 100000));
        QCOMPARE(window.timelineView()->trace(), rank0->trace);
        // The opened rank's analysis sees its kernels, which its summary lacks.
        QTRY_VERIFY_WITH_TIMEOUT(window.analysisController()->analysis(0)
                && window.analysisController()->analysis(0)->kinds.has_value(),
            kTimeoutMs);
    }

    void openedRankEqualsEagerRank()
    {
        MainWindow window;
        QVERIFY(open(window));
        QVERIFY(openRank(window, 2));
        const auto rank2 = window.session()->rank();
        const RankProfile &want = *m_eager->ranks[2];
        QCOMPARE(dumpTrace(*rank2->trace, 100000), dumpTrace(*want.trace, 100000));
        QVERIFY(rank2->kernels);
        QCOMPARE(rank2->kernels->rowCount(), want.kernels->rowCount());
        QCOMPARE(rank2->join.matched, want.join.matched);
        QCOMPARE(window.rankCombo()->currentIndex(), 2);
        QCOMPARE(window.timelineView()->trace(), rank2->trace);
    }

    void cancelKeepsCurrentRank()
    {
        MainWindow window;
        QVERIFY(open(window));
        const auto rank0 = window.session()->rank();
        window.setCurrentRank(3);
        QVERIFY(window.rankLoader()->isLoading());
        QCOMPARE(window.rankLoader()->loadingIndex(), 3);
        window.cancelLoad();
        QVERIFY(!window.rankLoader()->isLoading());
        QTest::qWait(200); // whatever the cancelled worker still delivers must not land
        QCOMPARE(window.session()->rank(), rank0);
        QCOMPARE(window.timelineView()->trace(), rank0->trace);
        QCOMPARE(window.rankCombo()->currentIndex(), 0);
        QVERIFY(window.rankLoader()->needsLoad(3));
        // Still usable: a step and another rank.
        window.setCurrentStep(1);
        QCOMPARE(window.stepCombo()->currentIndex(), 1);
        QVERIFY(openRank(window, 3));
        QCOMPARE(dumpTrace(*window.session()->rank()->trace, 100000),
            dumpTrace(*m_eager->ranks[3]->trace, 100000));
    }

    void cacheIsBounded()
    {
        MainWindow window;
        QVERIFY(open(window));
        for (int i : { 1, 2, 3 })
            QVERIFY(openRank(window, i));
        const std::vector<int> cached = window.rankLoader()->cachedRanks();
        QCOMPARE(int(cached.size()), RankLoader::kCacheRanks);
        QCOMPARE(cached.front(), 3); // the rank shown
        QVERIFY(window.rankLoader()->needsLoad(0)); // least recently used: evicted
        QVERIFY(!window.rankLoader()->needsLoad(2));
        // Back to a cached rank: no load at all.
        window.setCurrentRank(2);
        QVERIFY(!window.rankLoader()->isLoading());
        QCOMPARE(window.session()->rank()->rank(), 2);
        QCOMPARE(window.rankLoader()->cachedRanks().front(), 2);
    }

    void garbageTraceReportedWhenOpened()
    {
        MainWindow window;
        QVERIFY(open(window));
        QVERIFY(!mentions(window.rankLoader()->openIssues(), traceOf(kGarbageRank)));
        window.setCurrentRank(kGarbageRank);
        QTRY_VERIFY_WITH_TIMEOUT(window.session()->rank()->rank() == kGarbageRank, kTimeoutMs);
        QVERIFY(mentions(window.rankLoader()->openIssues(), traceOf(kGarbageRank)));
    }

    void ranksOnOneTimeline()
    {
        MainWindow window;
        QVERIFY(open(window));
        auto *controller = window.findChild<RankTimelineController *>();
        QVERIFY(controller);
        QVERIFY(controller->action()->isEnabled());
        QSignalSpy opened(controller, &RankTimelineController::windowOpened);
        controller->showRanks({ 0, 2 }); // rank 0 from the cache, rank 2 read
        QVERIFY(opened.wait(kTimeoutMs));
        RankTimelineWindow *w = controller->lastWindow();
        QVERIFY(w);
        const Trace &r0 = *m_eager->ranks[0]->trace;
        const Trace &r2 = *m_eager->ranks[2]->trace;
        const Trace &merged = *w->mergedTrace();
        QCOMPARE(merged.tracks.size(), r0.tracks.size() + r2.tracks.size());
        QCOMPARE(w->timeline()->trace(), w->mergedTrace());
        for (std::size_t i = 0; i < merged.tracks.size(); ++i)
            QVERIFY(merged.tracks[i].processName.startsWith(
                i < r0.tracks.size() ? QStringLiteral("Rank 0 · ") : QStringLiteral("Rank 2 · ")));
        // Aligned on the first step both have, exactly.
        const auto steps0 = findStepSpans(r0);
        const auto steps2 = findStepSpans(r2);
        QVERIFY(!steps0.empty() && !steps2.empty());
        QCOMPARE(w->stepCombo()->currentData().toString(), steps0.front().id);
        const TimeNs shift = steps0.front().start - steps2.front().start;
        QVERIFY(shift != 0); // the ranks' clocks differ, or the test proves nothing
        QCOMPARE(w->alignment()[1].shift, shift);
        const Track &track2 = merged.tracks[r0.tracks.size()];
        QCOMPARE(track2.events.front().start, r2.tracks[0].events.front().start + shift);
        QCOMPARE(findStepSpans(merged).front().start, steps0.front().start);
        QVERIFY(w->shiftLabel()->text().contains(QStringLiteral("Rank 2")));
        // Realign on first events.
        w->alignOnStep(QString());
        QCOMPARE(w->alignment()[1].shift, r0.minTime - r2.minTime);
        w->close();
    }

    void cancelOneTimelineLoad()
    {
        MainWindow window;
        QVERIFY(open(window));
        auto *controller = window.findChild<RankTimelineController *>();
        QSignalSpy opened(controller, &RankTimelineController::windowOpened);
        controller->showRanks({ 1, 3 });
        QVERIFY(controller->isLoading());
        controller->cancel();
        QVERIFY(!controller->isLoading());
        QTest::qWait(500);
        QCOMPARE(opened.count(), 0);
        QCOMPARE(window.session()->rank()->rank(), 0); // the main window is untouched
    }
};

QTEST_MAIN(TstRankLoader)
#include "tst_rankloader.moc"
