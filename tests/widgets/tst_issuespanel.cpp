#include "widgets/findings/issuesmodel.h"
#include "widgets/findings/issuespanel.h"

#include <QAbstractItemModelTester>
#include <QTest>
#include <QTreeView>

using namespace npuscope;

class TstIssuesPanel : public QObject {
    Q_OBJECT

private slots:
    void model()
    {
        IssuesPanel panel;
        QAbstractItemModelTester tester(
            panel.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(panel.summary(), QStringLiteral("No problems found in the input."));
        panel.setIssues({
            { Severity::Warning, QStringLiteral("/p/kernel_details.csv"), QStringLiteral("line 12"),
                QStringLiteral("column 'Block Dim': 1 cell(s) are not integers") },
            { Severity::Error, QStringLiteral("/p/trace_view.json"), QStringLiteral("byte 1234"),
                QStringLiteral("truncated JSON") },
            { Severity::Info, QString(), QString(),
                QStringLiteral("operator_details.csv not collected") },
        });
        QCOMPARE(panel.model()->rowCount(), 3);
        QCOMPARE(panel.summary(), QStringLiteral("1 error(s), 1 warning(s), 1 info"));
        const QModelIndex file = panel.model()->index(0, IssuesModel::FileColumn);
        QCOMPARE(file.data().toString(), QStringLiteral("kernel_details.csv"));
        QCOMPARE(file.data(Qt::ToolTipRole).toString(), QStringLiteral("/p/kernel_details.csv"));
        QVERIFY(!panel.model()
                     ->index(0, IssuesModel::SeverityColumn)
                     .data(Qt::DecorationRole)
                     .isNull());
        // Errors first in the view.
        QAbstractItemModel *shown = panel.view()->model();
        QCOMPARE(shown->index(0, IssuesModel::SeverityColumn).data().toString(),
            QStringLiteral("Error"));
        QCOMPARE(
            shown->index(2, IssuesModel::SeverityColumn).data().toString(), QStringLiteral("Info"));
    }
};

QTEST_MAIN(TstIssuesPanel)
#include "tst_issuespanel.moc"
