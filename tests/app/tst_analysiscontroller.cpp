#include "../analysis/generatedprofile.h"
#include "app/window/analysiscontroller.h"
#include "widgets/session/profilesession.h"

#include <QSignalSpy>
#include <QTest>
#include <QWidget>

using namespace npuscope;

class TstAnalysisController : public QObject {
    Q_OBJECT

private:
    static constexpr int kTimeoutMs = 60000;

    static bool hasFinding(const std::vector<Finding> &findings, const char *id)
    {
        return std::any_of(findings.begin(), findings.end(),
            [id](const Finding &f) { return f.id == QLatin1String(id); });
    }

private slots:
    void currentRankFirstThenTheOthers()
    {
        const auto g = test::generate(QStringLiteral("transdata"), 3, 2);
        QVERIFY(g->ok());
        ProfileSession session;
        AnalysisController controller(&session);
        QSignalSpy ready(&controller, &AnalysisController::findingsReady);
        QSignalSpy running(&controller, &AnalysisController::runningChanged);
        controller.start(g->profile, 1, nullptr);
        QVERIFY(controller.isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isRunning(), kTimeoutMs);
        QCOMPARE(running.count(), 2);
        QCOMPARE(ready.count(), 3); // rank 1, rank 0, across ranks
        QCOMPARE(ready.at(0).at(0).toInt(), 1);
        QCOMPARE(ready.at(1).at(0).toInt(), 0);
        QCOMPARE(ready.at(2).at(0).toInt(), -1);
        QVERIFY(controller.analysis(0));
        QVERIFY(controller.analysis(1));
        QVERIFY(!controller.analysis(2));
        QVERIFY(hasFinding(controller.findings(0), FindingId::kTransDataOverhead));
        QCOMPARE(controller.analysis(0)->findings.size(), analyseRank(g->rank(0)).findings.size());
    }

    // The session holds each rank's AnalysedRank and gets the analysis of the rank on screen as
    // it arrives, then another rank's at once when the user switches to it.
    void publishesIntoTheSession()
    {
        const auto g = test::generate(QStringLiteral("transdata"), 2, 2);
        QVERIFY(g->ok());
        ProfileSession session;
        AnalysisController controller(&session);
        session.setProfile(g->profile);
        session.setRank(1, g->profile->ranks[1]);
        QSignalSpy changed(&session, &ProfileSession::analysisChanged);
        QSignalSpy analysing(&session, &ProfileSession::analysingChanged);
        controller.start(g->profile, 1, nullptr);
        QVERIFY(session.isAnalysing());
        QVERIFY(session.analysedRank(0) && session.analysedRank(1));
        QCOMPARE(session.analysedRank(1)->rankPtr(), g->profile->ranks[1]);
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isRunning(), kTimeoutMs);
        QVERIFY(!session.isAnalysing());
        QCOMPARE(analysing.count(), 2);
        QVERIFY(changed.count() >= 2); // rank 1's analysis, then the findings across ranks
        QCOMPARE(session.analysis(), controller.analysis(1));
        QCOMPARE(session.analysis(), session.analysedRank(1)->analysis()); // computed once
        QVERIFY(hasFinding(session.findings(), FindingId::kTransDataOverhead));
        QCOMPARE(session.findings().size(), controller.findings(1).size());

        session.setRank(0, g->profile->ranks[0]);
        QCOMPARE(session.analysis(), controller.analysis(0));
        session.setProfile(nullptr);
        QVERIFY(!session.analysis());
        QVERIFY(session.findings().empty());
        QVERIFY(!session.analysedRank(0));
    }

    void replacedProfileIsStale()
    {
        const auto clean = test::generate(QString(), 1);
        const auto planted = test::generate(QStringLiteral("transdata"), 2);
        QVERIFY(clean->ok() && planted->ok());
        ProfileSession session;
        AnalysisController controller(&session);
        QSignalSpy ready(&controller, &AnalysisController::findingsReady);
        controller.start(clean->profile, 0, nullptr);
        controller.start(planted->profile, 0, nullptr);
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isRunning(), kTimeoutMs);
        QTest::qWait(100); // whatever the first worker still delivers
        QCOMPARE(ready.count(), 1);
        QVERIFY(hasFinding(controller.findings(0), FindingId::kTransDataOverhead));

        controller.start(clean->profile, 0, nullptr);
        controller.clear();
        QVERIFY(!controller.isRunning());
        QTest::qWait(300);
        QCOMPARE(ready.count(), 1);
        QVERIFY(!controller.analysis(0));
        QVERIFY(controller.findings(0).empty());
    }

    void waitsForThePaint()
    {
        const auto g = test::generate(QStringLiteral("aicpu"), 4);
        QVERIFY(g->ok());
        ProfileSession session;
        AnalysisController controller(&session);
        QSignalSpy ready(&controller, &AnalysisController::findingsReady);
        QWidget shown;
        shown.resize(200, 100);
        controller.start(g->profile, 0, &shown);
        QVERIFY(controller.isRunning());
        QCOMPARE(ready.count(), 0); // not before the view has painted
        shown.show();
        QVERIFY(QTest::qWaitForWindowExposed(&shown));
        QTRY_VERIFY_WITH_TIMEOUT(ready.count() == 1, kTimeoutMs);
        QVERIFY(hasFinding(controller.findings(0), FindingId::kAiCpuFallback));

        // A view that never paints (hidden window) does not hold the analysis back for ever.
        QWidget hidden;
        controller.start(g->profile, 0, &hidden);
        QTRY_VERIFY_WITH_TIMEOUT(ready.count() == 2, kTimeoutMs);
        QTRY_VERIFY(!controller.isRunning());
    }
};

QTEST_MAIN(TstAnalysisController)
#include "tst_analysiscontroller.moc"
