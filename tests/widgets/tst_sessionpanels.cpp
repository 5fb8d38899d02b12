// The panels follow a ProfileSession: nobody feeds them. A rank shown fills the tables, its
// analysis fills the findings, a selection fills the details, the issues follow the profile,
// and closing the profile empties them all. What one view asks of the others (a kernel row, a
// finding's evidence, a name to find, a filter, an allocation's lifetime) goes through the
// session too.
#include "../analysis/generatedprofile.h"
#include "analysis/rank/analysedrank.h"
#include "widgets/charts/aggregationpanel.h"
#include "widgets/details/detailspanel.h"
#include "widgets/findings/findingsmodel.h"
#include "widgets/findings/findingspanel.h"
#include "widgets/findings/issuesmodel.h"
#include "widgets/findings/issuespanel.h"
#include "widgets/session/profilesession.h"
#include "widgets/session/timelinefollower.h"
#include "widgets/tables/kerneltablemodel.h"
#include "widgets/tables/kerneltableview.h"
#include "widgets/tables/operatorspanel.h"
#include "widgets/tables/tablemodel.h"
#include "widgets/timeline/timelineview.h"

#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>

#include <algorithm>

using namespace npuscope;

class TstSessionPanels : public QObject {
    Q_OBJECT

private slots:
    void panelsFollowTheSession()
    {
        const auto g = test::generate(QStringLiteral("transdata"), 3, 2);
        QVERIFY(g->ok());
        ProfileSession session;
        KernelTableView kernels;
        AggregationPanel aggregation;
        DetailsPanel details;
        FindingsPanel findings;
        IssuesPanel issues;
        OperatorsPanel operators(&session);
        kernels.setSession(&session);
        aggregation.setSession(&session);
        details.setSession(&session);
        findings.setSession(&session);
        issues.setSession(&session);

        session.setProfile(g->profile);
        session.setRank(1, g->profile->ranks[1]);
        const RankProfile &rank = g->rank(1);
        QCOMPARE(kernels.model()->totalRowCount(), rank.kernels->rowCount());
        QVERIFY(!aggregation.coreRows().empty());
        QCOMPARE(operators.model()->rowCount(), int(rank.operators->rowCount()));
        QCOMPARE(issues.model()->rowCount(), int(g->profile->allIssues().size()));
        QCOMPARE(findings.model()->rowCount(), 0); // not analysed yet

        const AnalysedRank analysed(g->profile->ranks[1]);
        session.setAnalysis(analysed.analysis(), analysed.analysis()->findings);
        QVERIFY(findings.model()->rowCount() > 0);
        QSignalSpy reveals(&session, &ProfileSession::kernelsRevealRequested);
        QVERIFY(findings.selectFinding(QLatin1String(FindingId::kTransDataOverhead)));
        QCOMPARE(reveals.count(), 1); // a finding with rows brings the kernel table forward
        // The finding picked shows its rows in the kernel table, through the session.
        QVERIFY(kernels.model()->hasRowSubset());
        const auto transData = std::find_if(session.findings().begin(), session.findings().end(),
            [](const Finding &f) { return f.id == QLatin1String(FindingId::kTransDataOverhead); });
        QVERIFY(transData != session.findings().end());
        QCOMPARE(kernels.model()->rowSubsetSize(), qsizetype(transData->rows.size()));

        const EventRef joined = rank.join.rowToEvent.front();
        QVERIFY(joined.isValid());
        session.setSelection(joined);
        QVERIFY2(details.toText().contains(
                     QString::fromUtf8(rank.trace->strings.view(rank.trace->event(joined).name))),
            qPrintable(details.toText()));

        IssueList opened;
        opened.append({ Severity::Warning, QStringLiteral("kernel_details.csv"), QString(),
            QStringLiteral("a rank opened later") });
        session.setOpenIssues(opened);
        QCOMPARE(issues.model()->rowCount(), int(g->profile->allIssues().size()) + 1);

        session.setProfile(nullptr);
        QCOMPARE(kernels.model()->totalRowCount(), qsizetype(0));
        QVERIFY(aggregation.coreRows().empty());
        QCOMPARE(operators.model()->rowCount(), 0);
        QCOMPARE(findings.model()->rowCount(), 0);
        QCOMPARE(issues.model()->rowCount(), 0);
        QCOMPARE(details.tree()->topLevelItemCount(), 0);
    }

    void requestsReachTheViewsThatShowThem()
    {
        const auto g = test::generate(QStringLiteral("transdata"), 2, 1);
        QVERIFY(g->ok());
        ProfileSession session;
        KernelTableView kernels;
        DetailsPanel details;
        TimelineView timeline;
        new TimelineFollower(&session, &timeline);
        kernels.setSession(&session);
        details.setSession(&session);
        QSignalSpy messages(&session, &ProfileSession::message);
        QSignalSpy reveals(&session, &ProfileSession::kernelsRevealRequested);
        session.setProfile(g->profile);
        session.setRank(0, g->profile->ranks[0]);
        const RankProfile &rank = g->rank(0);

        // A kernel row: its slice selected on the timeline, its details shown.
        qint32 row = 0;
        while (!rank.join.rowToEvent[std::size_t(row)].isValid())
            ++row;
        session.showKernelRow(row);
        QCOMPARE(timeline.selectedEvent(), rank.join.rowToEvent[std::size_t(row)]);
        QVERIFY(!details.toText().isEmpty());
        QCOMPARE(messages.count(), 0);

        // Evidence: the table shows its rows only, the timeline selects and zooms to its range.
        EvidenceOnRank evidence;
        evidence.rows = { 0, 1 };
        evidence.start = rank.kernels->start[0];
        evidence.end = rank.kernels->start[1] + rank.kernels->duration[1];
        session.showEvidence(evidence, QStringLiteral("two rows"));
        QCOMPARE(reveals.count(), 0); // the asker decides (the call tree's dock stays in view)
        QCOMPARE(kernels.model()->rowSubsetSize(), qsizetype(2));
        QCOMPARE(kernels.model()->rowCount(), 2);
        QCOMPARE(timeline.selectedRange(), std::make_pair(evidence.start, evidence.end));
        QVERIFY(timeline.visibleRange().first < evidence.start
            && timeline.visibleRange().second > evidence.end);
        session.showEvidence({}, QStringLiteral("no row")); // an empty subset, said so
        QVERIFY(kernels.model()->hasRowSubset());
        QCOMPARE(kernels.model()->rowCount(), 0);
        session.showEvidence({}, QString()); // no row and no label: the subset is dropped
        QVERIFY(!kernels.model()->hasRowSubset());

        // A name to find: the timeline searches it and the result comes back as a message.
        const QString name = QString::fromUtf8(rank.trace->strings.view(
            rank.trace->event(rank.join.rowToEvent[std::size_t(row)]).name));
        session.findOnTimeline(name);
        QCOMPARE(messages.count(), 1);
        QVERIFY2(messages.last().at(0).toString().startsWith(name), qPrintable(name));
        session.findOnTimeline(QStringLiteral("no such kernel"));
        QVERIFY(messages.last().at(0).toString().contains(QLatin1String("does not appear")));

        // A filter from the aggregations: the table keeps the rows of that value.
        const int typeColumn = KernelTableModel::TypeColumn;
        const QString type = kernels.model()->index(0, typeColumn).data().toString();
        session.filterKernels(typeColumn, type);
        QCOMPARE(reveals.count(), 1);
        QVERIFY(kernels.model()->rowCount() > 0);
        for (int r = 0; r < kernels.model()->rowCount(); ++r)
            QCOMPARE(kernels.model()->index(r, typeColumn).data().toString(), type);

        // An allocation's lifetime without its operator: selected and zoomed to.
        const TimeNs t0 = rank.trace->minTime + 1000, t1 = t0 + 5000;
        session.showTimeRange(t0, t1, EventRef());
        QCOMPARE(timeline.selectedRange(), std::make_pair(t0, t1));
        QCOMPARE(timeline.visibleRange().first, t0 - 500);
    }
};

QTEST_MAIN(TstSessionPanels)
#include "tst_sessionpanels.moc"
