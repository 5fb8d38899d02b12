#include "../analysis/generatedprofile.h"
#include "analysis/rules/findings.h"
#include "widgets/findings/findingsmodel.h"
#include "widgets/findings/findingspanel.h"

#include <QAbstractItemModelTester>
#include <QCoreApplication>
#include <QDir>
#include <QListWidget>
#include <QSignalSpy>
#include <QStyle>
#include <QTest>
#include <QTreeView>

using namespace npuscope;

Q_DECLARE_METATYPE(std::vector<npuscope::Evidence>)

class TstFindingsPanel : public QObject {
    Q_OBJECT

private:
    // A planted profile's findings: TransData and AI CPU fallbacks, as the app gets them.
    static std::vector<Finding> plantedFindings()
    {
        const auto g = test::generate(QStringLiteral("transdata,aicpu"), 7);
        if (!g->ok())
            return {};
        return analyseRank(g->rank()).findings;
    }

    static Finding manual(const char *id, FindingSeverity severity, std::vector<Metric> metrics)
    {
        Finding f;
        f.id = QLatin1String(id);
        f.severity = severity;
        f.title = QStringLiteral("title of ") + f.id;
        f.metrics = std::move(metrics);
        return f;
    }

    static bool sameEvidence(const Evidence &a, const Evidence &b)
    {
        return a.rankIndex == b.rankIndex && a.row == b.row && a.event == b.event
            && a.start == b.start && a.end == b.end && a.label == b.label;
    }

    std::vector<Finding> m_findings;

private slots:
    void initTestCase()
    {
        m_findings = plantedFindings();
        QVERIFY(!m_findings.empty());
    }

    // At the dock's default width (380 px) a title of 100 characters wraps instead of being
    // elided: its row is as tall as the wrapped text.
    void titlesWrapAtDefaultWidth()
    {
        FindingsPanel panel;
        panel.resize(380, 600);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        Finding f = manual("long", FindingSeverity::Warning, {});
        f.title = QStringLiteral("The device waits for the host: 35.2% of step time idle (28.1% of "
                                 "the time between steps as well)");
        panel.setFindings({ f });
        QTreeView *view = panel.view();
        const QModelIndex title = view->model()->index(0, FindingsModel::TitleColumn);
        const QRect cell = view->visualRect(title);
        QVERIFY(cell.width() < view->fontMetrics().horizontalAdvance(f.title));
        // The item delegate's text margin on each side (QCommonStyle).
        const int margin
            = view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1;
        const QRect text = view->fontMetrics().boundingRect(
            QRect(0, 0, cell.width() - 2 * margin, 10000), Qt::TextWordWrap, f.title);
        QVERIFY2(cell.height() >= text.height(),
            qPrintable(QStringLiteral("%1 < %2").arg(cell.height()).arg(text.height())));
    }

    // Six findings with titles that wrap at the dock's default width all show without
    // scrolling, however small the dock is made: the list's minimum height is six wrapped rows,
    // not six lines.
    void sixWrappedFindingsVisible()
    {
        FindingsPanel panel;
        panel.resize(380, 420);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        std::vector<Finding> findings;
        for (int i = 0; i < 8; ++i) {
            Finding f = manual("long", FindingSeverity::Warning, {});
            f.id += QString::number(i);
            f.title = QStringLiteral("Finding %1: the device waits for the host, 35.2% of step "
                                     "time idle (28.1% between steps as well)")
                          .arg(i);
            findings.push_back(std::move(f));
        }
        panel.setFindings(findings);
        QCoreApplication::processEvents();
        QTreeView *view = panel.view();
        const QModelIndex sixth = view->model()->index(5, FindingsModel::TitleColumn);
        const QRect cell = view->visualRect(sixth);
        // The titles do wrap (two lines or more), and the sixth row ends inside the viewport.
        QVERIFY2(cell.height() >= 2 * view->fontMetrics().height(),
            qPrintable(QString::number(cell.height())));
        QVERIFY2(cell.bottom() < view->viewport()->height(),
            qPrintable(
                QStringLiteral("%1 >= %2").arg(cell.bottom()).arg(view->viewport()->height())));
    }

    void modelTester()
    {
        FindingsModel model;
        QAbstractItemModelTester tester(
            &model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setFindings(m_findings);
        QCOMPARE(model.rowCount(), int(m_findings.size()));
        QVERIFY(model.rowOf(QLatin1String(FindingId::kTransDataOverhead)) >= 0);
        QVERIFY(model.rowOf(QLatin1String(FindingId::kAiCpuFallback)) >= 0);
        QCOMPARE(model.rowOf(QStringLiteral("no-such-finding")), -1);
        for (int r = 1; r < model.rowCount(); ++r) // most severe first
            QVERIFY(model.finding(r - 1)->severity >= model.finding(r)->severity);
        const int row = model.rowOf(QLatin1String(FindingId::kTransDataOverhead));
        const Finding &f = *model.finding(row);
        QCOMPARE(model.data(model.index(row, FindingsModel::TitleColumn)).toString(), f.title);
        QCOMPARE(model.data(model.index(row, FindingsModel::KeyNumberColumn)).toString(),
            formatShare(f.metric(u"share")));
        QCOMPARE(model.data(model.index(row, 0), FindingsModel::FindingIdRole).toString(), f.id);
        QVERIFY(model.data(model.index(row, 0), Qt::DecorationRole).isValid());
        model.setFindings({});
        QCOMPARE(model.rowCount(), 0);
        model.setFindings(m_findings);
    }

    void sortsMostSevereFirst()
    {
        FindingsModel model;
        model.setFindings({ manual("a", FindingSeverity::Info, {}),
            manual("b", FindingSeverity::Critical, {}), manual("c", FindingSeverity::Warning, {}),
            manual("d", FindingSeverity::Critical, {}) });
        QStringList ids;
        for (int r = 0; r < model.rowCount(); ++r)
            ids << model.finding(r)->id;
        QCOMPARE(ids,
            QStringList({ QStringLiteral("b"), QStringLiteral("d"), QStringLiteral("c"),
                QStringLiteral("a") })); // ties keep their order
    }

    void keyNumber_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("expected");
        QTest::newRow("share wins") << QStringLiteral("host-bound") << QStringLiteral("25.0%");
        QTest::newRow("profiler overhead counts options")
            << QStringLiteral("profiler-overhead") << QStringLiteral("3 option(s)");
        QTest::newRow("rank imbalance shows the spread its title names")
            << QStringLiteral("rank-imbalance") << QStringLiteral("16.9 ms");
        QTest::newRow("first time without a share")
            << QStringLiteral("other") << QStringLiteral("1.50 ms");
    }

    void keyNumber()
    {
        QFETCH(QString, id);
        QFETCH(QString, expected);
        Finding f;
        f.id = id;
        if (id == QLatin1String("host-bound"))
            f.addMetric(QStringLiteral("share"), 0.25, Metric::Unit::Ratio);
        if (id == QLatin1String("profiler-overhead"))
            f.addMetric(QStringLiteral("costly_options"), 3, Metric::Unit::Count);
        f.addMetric(QStringLiteral("steps"), 4, Metric::Unit::Count);
        f.addMetric(QStringLiteral("compute_lag"), 1'500'000, Metric::Unit::Ns);
        if (id == QLatin1String("rank-imbalance")) // after compute_lag, the first time
            f.addMetric(QStringLiteral("spread"), 16'900'000, Metric::Unit::Ns);
        QCOMPARE(FindingsModel::keyNumber(f), expected);
    }

    void selectingEmitsEvidence()
    {
        FindingsPanel panel;
        panel.resize(500, 700);
        panel.show();
        QSignalSpy spy(&panel, &FindingsPanel::evidenceSelected);
        panel.setFindings(m_findings);
        QCOMPARE(spy.count(), 0);
        QVERIFY(panel.summary().contains(QStringLiteral("warning"))
            || panel.summary().contains(QStringLiteral("critical")));

        QVERIFY(panel.selectFinding(QLatin1String(FindingId::kTransDataOverhead)));
        QCOMPARE(spy.count(), 1);
        const Finding *f = panel.currentFinding();
        QVERIFY(f);
        QCOMPARE(f->id, QLatin1String(FindingId::kTransDataOverhead));
        QCOMPARE(spy.at(0).at(0).toString(), f->id);
        const auto evidence = spy.at(0).at(1).value<std::vector<Evidence>>();
        // The listed evidence first, then every other row of the finding (rows only).
        QCOMPARE(evidence.size(), f->rows.size());
        QVERIFY(f->rows.size() > f->evidence.size());
        for (std::size_t i = 0; i < f->evidence.size(); ++i)
            QCOMPARE(evidence[i].row, f->evidence[i].row);
        QVERIFY(!evidence.back().event.isValid());
        QVERIFY(!evidence.empty());
        QVERIFY(evidence.front().row >= 0);
        QVERIFY(panel.detailsText().contains(QStringLiteral("npu_format_cast")));
        QCOMPARE(panel.evidenceList()->count(), int(f->evidence.size()));

        // One evidence entry: just that one.
        panel.evidenceList()->setCurrentRow(1);
        QCOMPARE(spy.count(), 2);
        const auto one = spy.at(1).at(1).value<std::vector<Evidence>>();
        QCOMPARE(one.size(), std::size_t(1));
        QVERIFY(sameEvidence(one.front(), f->evidence[1]));

        // Re-selecting the same finding shows all of it again.
        QVERIFY(panel.selectFinding(QLatin1String(FindingId::kTransDataOverhead)));
        QCOMPARE(spy.count(), 3);
        QCOMPARE(spy.at(2).at(1).value<std::vector<Evidence>>().size(), f->rows.size());
        QVERIFY(!panel.selectFinding(QStringLiteral("no-such-finding")));
        QCOMPARE(spy.count(), 3);

        // New findings (another rank) keep the selection without moving the other views.
        panel.setFindings(m_findings);
        QCOMPARE(spy.count(), 3);
        QVERIFY(panel.currentFinding());
        QCOMPARE(panel.currentFinding()->id, QLatin1String(FindingId::kTransDataOverhead));

        QTest::qWait(50);
        const QString path = QDir(QCoreApplication::applicationDirPath())
                                 .filePath(QStringLiteral("tst_findingspanel.png"));
        QVERIFY(panel.grab().save(path));
        panel.clear();
        QCOMPARE(panel.model()->rowCount(), 0);
        QVERIFY(!panel.currentFinding());
        QCOMPARE(panel.summary(), QStringLiteral("No findings"));
    }

    void snippetIsShownMonospaced()
    {
        FindingsPanel panel;
        Finding f = manual("profiler-overhead", FindingSeverity::Warning, {});
        f.snippet = QStringLiteral("experimental_config = torch_npu.profiler._ExperimentalConfig(");
        f.advice = QStringLiteral("Use Level1 & AiCoreNone <now>");
        panel.setFindings({ f, manual("host-bound", FindingSeverity::Info, {}) });
        QVERIFY(panel.selectFinding(QStringLiteral("profiler-overhead")));
        QCOMPARE(panel.snippet(), f.snippet);
        QVERIFY(panel.detailsText().contains(f.advice)); // escaped, not eaten as markup
        QVERIFY(panel.selectFinding(QStringLiteral("host-bound")));
        QVERIFY(panel.snippet().isEmpty());
    }

    void analysingSummary()
    {
        FindingsPanel panel;
        panel.setAnalysing(true);
        QCOMPARE(panel.summary(), QStringLiteral("Analysing…"));
        panel.setFindings({ manual("a", FindingSeverity::Critical, {}) });
        QCOMPARE(panel.summary(), QStringLiteral("1 critical (analysing…)"));
        panel.setAnalysing(false);
        QCOMPARE(panel.summary(), QStringLiteral("1 critical"));
    }

    void notCheckedGreyed()
    {
        // The checks that could not run follow the findings, greyed, with what was missing and
        // what to collect; found and clear checks add no row.
        FindingsPanel panel;
        QAbstractItemModelTester tester(
            panel.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        const std::vector<FindingCheck> checks {
            { QStringLiteral("transdata-overhead"), CheckStatus::Found, {}, {} },
            { QStringLiteral("ai-cpu-fallback"), CheckStatus::NotChecked,
                QStringLiteral("Accelerator Core is N/A (Level0)"),
                QStringLiteral("Collect at Level1") },
            { QStringLiteral("host-bound"), CheckStatus::Clear, {}, {} },
        };
        panel.setFindings({ manual("transdata-overhead", FindingSeverity::Warning, {}) }, checks);
        FindingsModel *model = panel.model();
        QCOMPARE(model->rowCount(), 2);
        QVERIFY(model->finding(0));
        QVERIFY(!model->finding(1));
        QCOMPARE(model->notCheckedAt(1)->id, QStringLiteral("ai-cpu-fallback"));
        const QModelIndex title = model->index(1, FindingsModel::TitleColumn);
        QVERIFY(model->data(title).toString().startsWith(QStringLiteral("Not checked: ")));
        QCOMPARE(model->data(title, Qt::ForegroundRole).value<QColor>(), QColor(Qt::gray));
        const QString tip = model->data(title, Qt::ToolTipRole).toString();
        QVERIFY(tip.contains(QStringLiteral("Level0")) && tip.contains(QStringLiteral("Level1")));
        QCOMPARE(panel.summary(), QStringLiteral("1 warning(s); 1 not checked"));
        QSignalSpy spy(&panel, &FindingsPanel::evidenceSelected);
        panel.view()->setCurrentIndex(title);
        QVERIFY(panel.detailsText().contains(QStringLiteral("Accelerator Core is N/A")));
        QVERIFY(panel.detailsText().contains(QStringLiteral("Collect at Level1")));
        QCOMPARE(spy.count(), 0); // nothing to highlight
        QVERIFY(!panel.currentFinding());
    }
};

QTEST_MAIN(TstFindingsPanel)
#include "tst_findingspanel.moc"
