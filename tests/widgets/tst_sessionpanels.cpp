// The panels follow a ProfileSession: nobody feeds them. A rank shown fills the tables, its
// analysis fills the findings, a selection fills the details, the issues follow the profile,
// and closing the profile empties them all.
#include "../analysis/generatedprofile.h"
#include "analysis/rank/analysedrank.h"
#include "widgets/charts/aggregationpanel.h"
#include "widgets/details/detailspanel.h"
#include "widgets/findings/findingsmodel.h"
#include "widgets/findings/findingspanel.h"
#include "widgets/findings/issuesmodel.h"
#include "widgets/findings/issuespanel.h"
#include "widgets/session/profilesession.h"
#include "widgets/tables/kerneltablemodel.h"
#include "widgets/tables/kerneltableview.h"
#include "widgets/tables/operatorspanel.h"
#include "widgets/tables/tablemodel.h"

#include <QTest>
#include <QTreeWidget>

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
        QVERIFY(findings.selectFinding(QLatin1String(FindingId::kTransDataOverhead)));

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
};

QTEST_MAIN(TstSessionPanels)
#include "tst_sessionpanels.moc"
