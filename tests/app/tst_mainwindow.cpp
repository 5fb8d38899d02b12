#include "../analysis/generatedprofile.h"
#include "app/window/analysiscontroller.h"
#include "app/window/arrangementcontroller.h"
#include "app/window/gapcontrols.h"
#include "app/window/mainwindow.h"
#include "app/window/recentfiles.h"
#include "app/window/startpage.h"
#include "model/annotations/timelinearrangementstore.h"
#include "model/core/trace.h"
#include "widgets/charts/aggregationpanel.h"
#include "widgets/details/detailspanel.h"
#include "widgets/findings/findingsmodel.h"
#include "widgets/findings/findingspanel.h"
#include "widgets/findings/issuesmodel.h"
#include "widgets/findings/issuespanel.h"
#include "widgets/session/profilesession.h"
#include "widgets/tables/aggregationmodel.h"
#include "widgets/tables/kerneltablemodel.h"
#include "widgets/tables/kerneltableview.h"
#include "widgets/tables/tablemodel.h"
#include "widgets/tables/tablepanel.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/timeline/timelinezoomcontrol.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <algorithm>

using namespace npuscope;

class TstMainWindow : public QObject {
    Q_OBJECT

private:
    static QString sample(const char *level = "level1")
    {
        return QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-01/%1/rank0_ascend_pt")
            .arg(QLatin1String(level));
    }

    static constexpr int kLoadTimeoutMs = 120000;

private slots:
    void initTestCase()
    {
        // Keep the user's recent files and layout out of it.
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("npuscope-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
        QSettings().clear();
    }

    void startPage()
    {
        RecentFiles().clear();
        RecentFiles().add(sample()); // the start page lists it
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(!window.session()->profile());
        QVERIFY(!window.timelineView()->isVisible());
        QVERIFY(!window.kernelTableView()->isVisible()); // no empty panels around the start page
        auto *startPage = window.findChild<StartPage *>();
        QVERIFY(startPage);
        QTreeWidget *recent = startPage->recentList();
        QCOMPARE(recent->topLevelItemCount(), 1);
        QCOMPARE(recent->topLevelItem(0)->text(0), QStringLiteral("rank0_ascend_pt"));
        QVERIFY(window.grab().save(QDir(QCoreApplication::applicationDirPath())
                                       .filePath(QStringLiteral("tst_mainwindow_start.png"))));
        RecentFiles().clear();
    }

    // What a user sees first at 1920x1080 with the default layout: the device streams, HCCL and
    // the overlap analysis, without scrolling; for a profile without trace_view.json a timeline
    // made from its kernel table, and the status bar saying so.
    void firstScreenShowsDevice_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("note");
        QTest::newRow("level1") << sample() << QString();
        QTest::newRow("2025-11 rank_0")
            << QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-11/rank_0_ascend_pt")
            << QStringLiteral("Timeline made from kernel_details.csv");
    }

    void firstScreenShowsDevice()
    {
        QFETCH(QString, path);
        QFETCH(QString, note);
        if (!QDir(QStringLiteral(NPUSCOPE_SAMPLES_DIR)).exists())
            QSKIP("sample profiles not available");
        QVERIFY2(
            QFileInfo(path + QStringLiteral("/ASCEND_PROFILER_OUTPUT/kernel_details.csv")).isFile(),
            qPrintable(path));
        QSettings().clear();
        MainWindow window;
        window.resize(1920, 1080);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy loaded(&window, &MainWindow::profileLoaded);
        window.openPath(path);
        QVERIFY(loaded.wait(kLoadTimeoutMs));
        TimelineView *timeline = window.timelineView();
        QVERIFY(timeline->trace());
        QTest::qWait(200); // let the docks settle and the timeline paint
        // Every device stream, the communication (HCCL) and the overlap analysis (issue 41:
        // level1's 15-level "Stream 4" pushed HCCL and the overlap analysis below the fold).
        int bottom = -1;
        QStringList shown;
        for (const TimelineRow &row : timeline->layout().rows()) {
            const TrackKind kind = row.kind == TimelineRowKind::Track
                ? timeline->trace()->tracks[row.index].kind
                : TrackKind::Other;
            if (kind != TrackKind::DeviceStream && kind != TrackKind::Communication
                && kind != TrackKind::OverlapAnalysis)
                continue;
            bottom = std::max(bottom,
                TimelineView::kRulerHeight + row.y + row.height
                    - timeline->verticalScrollBar()->value());
            shown << timeline->trace()->tracks[row.index].displayName();
        }
        QVERIFY(bottom >= 0);
        QVERIFY2(bottom <= timeline->viewport()->height(),
            qPrintable(QStringLiteral("%1 > %2 (%3)")
                           .arg(bottom)
                           .arg(timeline->viewport()->height())
                           .arg(shown.join(QStringLiteral(", ")))));
        const QString status = window.statusBar()->findChild<QLabel *>()->text();
        QVERIFY2(status.contains(note), qPrintable(status));
        const QString png
            = QDir(QCoreApplication::applicationDirPath())
                  .filePath(QStringLiteral("tst_mainwindow_1080p_%1.png")
                                .arg(QString::fromLatin1(QTest::currentDataTag())
                                         .replace(QLatin1Char(' '), QLatin1Char('_'))));
        QVERIFY(window.grab().save(png));
        qInfo("the device side ends at y %d of %d; wrote %s", bottom,
            timeline->viewport()->height(), qPrintable(png));
    }

    void opensSample()
    {
        if (!QFileInfo::exists(sample()))
            QSKIP("sample profile not present");
        QSettings().clear(); // a first start: no layout saved yet
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy loaded(&window, &MainWindow::profileLoaded);
        QSignalSpy failed(&window, &MainWindow::loadFailed);
        window.openPath(sample());
        QVERIFY(window.isLoading());
        QVERIFY(loaded.wait(kLoadTimeoutMs));
        QCOMPARE(failed.count(), 0);
        QVERIFY(!window.isLoading());

        QVERIFY(window.timelineView()->trace());
        QVERIFY(window.timelineView()->isVisible());
        // The findings dock is wide enough for its titles (it came out ~190 px wide).
        auto *findingsDock = window.findChild<QDockWidget *>(QStringLiteral("FindingsDock"));
        QVERIFY(findingsDock);
        QTRY_VERIFY2(
            findingsDock->width() >= 360, qPrintable(QString::number(findingsDock->width())));
        // The bottom area shows the kernel table first, not the last panel tabified there.
        QTRY_VERIFY(window.kernelTableView()->isVisible());
        auto *rangeDock = window.findChild<QDockWidget *>(QStringLiteral("RangeSummaryDock"));
        QVERIFY(rangeDock);
        QVERIFY(rangeDock->visibleRegion().isEmpty());
        // ... tall enough to read (it came out ~130 px: a few rows).
        auto *kernelDock = window.findChild<QDockWidget *>(QStringLiteral("KernelsDock"));
        QVERIFY(kernelDock);
        QTRY_VERIFY2(
            kernelDock->height() >= 250, qPrintable(QString::number(kernelDock->height())));
        QVERIFY(window.kernelTableView()->model()->rowCount() > 0);
        QTRY_VERIFY(window.aggregationPanel()->typeModel()->rowCount() > 0);
        QCOMPARE(RecentFiles().paths().value(0), QDir::cleanPath(sample()));
        QCOMPARE(window.stepCombo()->count(), int(window.session()->steps().size()) + 1);
        qInfo("%d kernels, %zu steps, %d issues", window.kernelTableView()->model()->rowCount(),
            window.session()->steps().size(), window.issuesPanel()->model()->rowCount());

        // Kernel row -> timeline slice -> details.
        const auto rank = window.session()->rank();
        QVERIFY(rank);
        const auto &join = rank->join.rowToEvent;
        const auto joined
            = std::find_if(join.begin(), join.end(), [](EventRef ref) { return ref.isValid(); });
        if (joined != join.end()) {
            const auto row = qint32(joined - join.begin());
            KernelTableView *kernels = window.kernelTableView();
            const int viewRow = kernels->model()->viewRow(row);
            kernels->tableView()->setCurrentIndex(kernels->model()->index(viewRow, 0));
            QCOMPARE(window.timelineView()->selectedEvent(), *joined);
            QCOMPARE(window.session()->selection(), *joined);
            QVERIFY(window.detailsPanel()->toText().contains(QStringLiteral("Kernel (row")));
        }

        if (!window.session()->steps().empty()) {
            window.setCurrentStep(1);
            const StepSpan &step = window.session()->steps().front();
            const auto [start, end] = window.timelineView()->visibleRange();
            QVERIFY(start <= step.start + (step.end - step.start) / 100);
            QVERIFY(end >= step.end - (step.end - step.start) / 100);
            QCOMPARE(window.session()->stepIndex(), 1);
            QCOMPARE(window.timelineView()->zoomControl(), window.session()->zoom());
            QCOMPARE(window.session()->zoom()->range(), window.timelineView()->visibleRange());
            window.setCurrentStep(0);
            QCOMPARE(window.stepCombo()->currentIndex(), 0);
            // Whoever sets the session's step, the window follows.
            window.session()->setStep(int(window.session()->steps().size()));
            QCOMPARE(window.stepCombo()->currentIndex(), int(window.session()->steps().size()));
            const StepSpan *last = window.session()->step();
            QVERIFY(std::abs(window.timelineView()->visibleRange().first - last->start)
                <= (last->end - last->start) / 100);
            window.session()->setStep(0);
        }

        QTest::qWait(200); // let the timeline and charts paint
        const QDir dir(QCoreApplication::applicationDirPath());
        const QString path = dir.filePath(QStringLiteral("tst_mainwindow.png"));
        QVERIFY(window.grab().save(path));
        qInfo("wrote %s", qPrintable(path));
        auto *aggregation = window.findChild<QDockWidget *>(QStringLiteral("AggregationDock"));
        QVERIFY(aggregation);
        aggregation->raise();
        QTest::qWait(100);
        QVERIFY(window.grab().save(dir.filePath(QStringLiteral("tst_mainwindow_aggregation.png"))));

        // Operators (operator_details.csv) and the timeline by Accelerator Core, a device stream
        // pinned above the deep host threads.
        auto *operatorsDock = window.findChild<QDockWidget *>(QStringLiteral("OperatorsDock"));
        QVERIFY(operatorsDock);
        operatorsDock->raise();
        auto *operators = operatorsDock->findChild<TablePanel *>();
        QVERIFY(operators);
        QCOMPARE(
            operators->model()->rowCount(), int(rank->operators ? rank->operators->rowCount() : 0));
        TimelineView *timeline = window.timelineView();
        timeline->setColorMode(TimelineColorMode::AcceleratorCore);
        for (const Track &track : timeline->trace()->tracks)
            if (track.kind == TrackKind::DeviceStream) {
                timeline->setTrackPinned(track.id, true);
                break;
            }
        QVERIFY(!timeline->pinnedTracks().empty());
        QVERIFY(timeline->layout().groups().front().pinned);
        QTest::qWait(100);
        QVERIFY(window.grab().save(dir.filePath(QStringLiteral("tst_mainwindow_cores.png"))));
    }

    void findingsHighlightEvidence()
    {
        QTemporaryDir dir;
        GeneratorOptions options;
        options.outDir = dir.path();
        options.events = 4000;
        options.seed = 7;
        options.plants = { Plant::TransData, Plant::AiCpu };
        QVERIFY(generateProfile(options).ok);
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy loaded(&window, &MainWindow::profileLoaded);
        window.openPath(dir.path());
        QVERIFY(loaded.wait(kLoadTimeoutMs));

        FindingsPanel *panel = window.findingsPanel();
        const QString transData = QLatin1String(FindingId::kTransDataOverhead);
        QTRY_VERIFY_WITH_TIMEOUT(panel->model()->rowOf(transData) >= 0, kLoadTimeoutMs);
        QVERIFY(panel->model()->rowOf(QLatin1String(FindingId::kAiCpuFallback)) >= 0);
        QTRY_VERIFY(!window.analysisController()->isRunning());
        QVERIFY(panel->isVisible());

        QVERIFY(panel->selectFinding(transData));
        const KernelTableModel *kernels = window.kernelTableView()->model();
        QVERIFY(kernels->hasRowSubset());
        // Every TransData row, not only the (capped) listed evidence.
        QCOMPARE(kernels->rowCount(), int(panel->currentFinding()->rows.size()));
        QVERIFY(panel->currentFinding()->rows.size() > panel->currentFinding()->evidence.size());
        QVERIFY(kernels->rowCount() < kernels->totalRowCount());
        for (int r = 0; r < kernels->rowCount(); ++r) {
            QCOMPARE(kernels->cellText(kernels->kernelRow(r), KernelTableModel::TypeColumn),
                QStringLiteral("TransData"));
        }
        TimelineView *timeline = window.timelineView();
        QVERIFY(timeline->selectedEvent().isValid());
        QVERIFY(timeline->hasSelectedRange());
        const auto [selStart, selEnd] = timeline->selectedRange();
        const auto [visStart, visEnd] = timeline->visibleRange();
        QVERIFY(visStart <= selStart && visEnd >= selEnd);

        QTest::qWait(200); // let the timeline paint
        const QString path = QDir(QCoreApplication::applicationDirPath())
                                 .filePath(QStringLiteral("tst_mainwindow_findings.png"));
        QVERIFY(window.grab().save(path));
        qInfo("wrote %s", qPrintable(path));

        window.closeProfile();
        QCOMPARE(panel->model()->rowCount(), 0);
        QVERIFY(!window.analysisController()->isRunning());
    }

    // The analysis' gaps reach the timeline; the threshold re-runs findGaps; the toggle hides them.
    void gapsOnTimeline()
    {
        QTemporaryDir dir;
        GeneratorOptions options;
        options.outDir = dir.path();
        options.events = 4000;
        options.seed = 7;
        options.plants = { Plant::HostBound };
        QVERIFY(generateProfile(options).ok);
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy loaded(&window, &MainWindow::profileLoaded);
        window.openPath(dir.path());
        QVERIFY(loaded.wait(kLoadTimeoutMs));
        QTRY_VERIFY_WITH_TIMEOUT(window.analysisController()->analysis(0), kLoadTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(!window.analysisController()->isRunning(), kLoadTimeoutMs);

        TimelineView *timeline = window.timelineView();
        const auto analysis = window.analysisController()->analysis(0);
        QVERIFY(analysis);
        QVERIFY(!analysis->gaps.streamGaps.empty());
        QCOMPARE(timeline->gapOverlay()->streamGaps().size(), analysis->gaps.streamGaps.size());
        QCOMPARE(timeline->gapOverlay()->deviceGaps().size(), analysis->gaps.deviceGaps.size());
        QVERIFY(timeline->layout().deviceIdleRow() >= 0);
        QTest::qWait(100);
        const QString path = QDir(QCoreApplication::applicationDirPath())
                                 .filePath(QStringLiteral("tst_mainwindow_gaps.png"));
        QVERIFY(window.grab().save(path));
        qInfo("wrote %s", qPrintable(path));

        // A higher threshold: fewer gaps, computed on a worker.
        GapControls *gaps = window.gapControls();
        const std::size_t before = timeline->gapOverlay()->streamGaps().size();
        gaps->thresholdBox()->setValue(
            2.0 * static_cast<double>(analysis->gaps.thresholdNs) / 1000.0 + 1.0);
        QTRY_VERIFY_WITH_TIMEOUT(!gaps->isRunning(), kLoadTimeoutMs);
        QVERIFY(timeline->gapOverlay()->streamGaps().size() < before);
        gaps->thresholdBox()->setValue(0); // Auto: the analysis' gaps again
        QCOMPARE(timeline->gapOverlay()->streamGaps().size(), before);

        gaps->toggleAction()->setChecked(false);
        QVERIFY(!timeline->gapOverlay()->isVisible());
        QCOMPARE(timeline->layout().deviceIdleRow(), -1);
        gaps->toggleAction()->setChecked(true);
        QVERIFY(timeline->layout().deviceIdleRow() >= 0);

        window.closeProfile();
        QVERIFY(timeline->gapOverlay()->streamGaps().empty());
    }

    // The user's arrangement of the tracks is saved for the profile (in the config directory,
    // not the profile folder) and restored when the profile is opened again.
    void arrangementSavedPerProfile()
    {
        QTemporaryDir dir;
        GeneratorOptions options;
        options.outDir = dir.path();
        options.events = 2000;
        options.seed = 3;
        QVERIFY(generateProfile(options).ok);
        const QStringList filesBefore = QDir(dir.path()).entryList(QDir::AllEntries);
        const TimelineArrangementStore store;
        QVERIFY(store.load(dir.path()).isEmpty());
        TimelineArrangement arranged;
        {
            MainWindow window;
            window.resize(1600, 1000);
            window.show();
            QSignalSpy loaded(&window, &MainWindow::profileLoaded);
            window.openPath(dir.path());
            QVERIFY(loaded.wait(kLoadTimeoutMs));
            TimelineView *timeline = window.timelineView();
            QVERIFY(timeline->arrangementControl()->arrangement().isEmpty());
            const Trace &trace = *timeline->trace();
            QString host;
            for (const Track &t : trace.tracks)
                if (t.kind == TrackKind::HostThread)
                    host = t.processName;
            QVERIFY(!host.isEmpty());
            QVERIFY(timeline->layout().groups().front().name != host); // device first
            QVERIFY(timeline->arrangementControl()->moveItem(
                TimelineArrangement::groupKey(host), timeline->layout().groups().front().itemKey));
            timeline->arrangementControl()->setItemHidden(
                TimelineArrangement::trackKey(trace.tracks.back()), true);
            arranged = timeline->arrangementControl()->arrangement();
            QCOMPARE(store.load(dir.path()), arranged); // saved on every change
            // View > Tracks lists the hidden track under Show Hidden.
            auto *controller = window.findChild<ArrangementController *>();
            QVERIFY(controller && controller->menu());
            emit controller->menu()->aboutToShow();
            const QList<QAction *> items = controller->menu()->actions();
            QVERIFY(!items.isEmpty() && items.front()->menu());
            QCOMPARE(items.front()->menu()->actions().size(), 3); // the track, a line, Show All
            QVERIFY(store.fileFor(dir.path())
                        .startsWith(
                            QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation)));
        }
        MainWindow window;
        window.show();
        QSignalSpy loaded(&window, &MainWindow::profileLoaded);
        window.openPath(dir.path());
        QVERIFY(loaded.wait(kLoadTimeoutMs));
        QCOMPARE(window.timelineView()->arrangementControl()->arrangement(), arranged);
        QCOMPARE(window.timelineView()->layout().groups().front().itemKey, arranged.order.front());
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries), filesBefore);
        window.timelineView()
            ->arrangementControl()
            ->resetArrangement(); // the default again: no file left
        QVERIFY(!QFile::exists(store.fileFor(dir.path())));
    }

    void multiRank()
    {
        const QString parent = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-01/level1");
        if (!QFileInfo::exists(parent + QStringLiteral("/rank1_ascend_pt")))
            QSKIP("sample profiles not present");
        MainWindow window;
        QSignalSpy loaded(&window, &MainWindow::profileLoaded);
        window.openPath(parent);
        QVERIFY(loaded.wait(kLoadTimeoutMs));
        QCOMPARE(window.rankCombo()->count(), 2);
        QVERIFY(window.rankCombo()->isEnabled());
        // Ranks load when opened (RankLoader): rank 0 by itself, rank 1 when picked.
        QTRY_VERIFY_WITH_TIMEOUT(
            window.session()->rank() && window.session()->rank()->trace, kLoadTimeoutMs);
        const auto first = window.timelineView()->trace();
        window.setCurrentRank(1);
        QTRY_VERIFY_WITH_TIMEOUT(window.session()->rank()->source.dir
                == window.session()->profile()->ranks[1]->source.dir,
            kLoadTimeoutMs);
        QVERIFY(window.session()->rank()->trace);
        QVERIFY(window.timelineView()->trace() != first);
        QCOMPARE(window.timelineView()->trace(), window.session()->rank()->trace);
    }

    void newerOpenMakesOlderStale()
    {
        if (!QFileInfo::exists(sample("level0")) || !QFileInfo::exists(sample()))
            QSKIP("sample profiles not present");
        MainWindow window;
        QSignalSpy loaded(&window, &MainWindow::profileLoaded);
        window.openPath(sample("level0"));
        window.openPath(sample());
        QVERIFY(loaded.wait(kLoadTimeoutMs));
        QTest::qWait(300);
        QCOMPARE(loaded.count(), 1);
        QCOMPARE(loaded.at(0).at(0).toString(), sample());
        QVERIFY(window.session()->profile());
    }

    void cancel()
    {
        if (!QFileInfo::exists(sample()))
            QSKIP("sample profile not present");
        MainWindow window;
        QSignalSpy loaded(&window, &MainWindow::profileLoaded);
        QSignalSpy cancelled(&window, &MainWindow::loadCancelled);
        window.openPath(sample());
        window.cancelLoad();
        QCOMPARE(cancelled.count(), 1);
        QVERIFY(!window.isLoading());
        QTest::qWait(500);
        QCOMPARE(loaded.count(), 0);
        QVERIFY(!window.session()->profile());
    }

    void errorIsShown()
    {
        MainWindow window;
        window.show();
        QSignalSpy failed(&window, &MainWindow::loadFailed);
        const QString missing = QDir::temp().filePath(QStringLiteral("npuscope-no-such-profile"));
        window.openPath(missing);
        QVERIFY(failed.wait(kLoadTimeoutMs));
        QCOMPARE(failed.at(0).at(0).toString(), missing);
        QVERIFY(!failed.at(0).at(1).toString().isEmpty());
        QMessageBox *box = window.findChild<QMessageBox *>();
        QVERIFY(box);
        QVERIFY(box->text().contains(QDir::toNativeSeparators(missing)));
        box->close();
        QVERIFY(!window.session()->profile());
    }

    // A PyTorch execution trace opened by mistake: a message that says what it is and what to
    // open instead, not an empty profile (issue 41).
    void executionTraceIsNamed()
    {
        QTemporaryDir tmp;
        const QString et = tmp.filePath(QStringLiteral("rank0_et.json"));
        QFile f(et);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"schema": "1.1.1-chakra.0.0.4", "pid": 7, "nodes": [{"id": 1}]})");
        f.close();
        MainWindow window;
        window.show();
        QSignalSpy failed(&window, &MainWindow::loadFailed);
        window.openPath(et);
        QVERIFY(failed.wait(kLoadTimeoutMs));
        QMessageBox *box = window.findChild<QMessageBox *>();
        QVERIFY(box);
        QVERIFY2(box->informativeText().contains(
                     QLatin1String("a PyTorch execution trace (no timings): open the Kineto trace "
                                   "of the same run")),
            qPrintable(box->informativeText()));
        if (const QString shots = qEnvironmentVariable("NPUSCOPE_SCREENSHOTS"); !shots.isEmpty())
            box->grab().save(shots + QStringLiteral("/execution-trace-message.png"));
        box->close();
        QVERIFY(!window.session()->profile());
    }

    void closeProfile()
    {
        if (!QFileInfo::exists(sample()))
            QSKIP("sample profile not present");
        MainWindow window;
        QSignalSpy loaded(&window, &MainWindow::profileLoaded);
        window.openPath(sample());
        QVERIFY(loaded.wait(kLoadTimeoutMs));
        window.closeProfile();
        QVERIFY(!window.session()->profile());
        QVERIFY(!window.timelineView()->trace());
        QCOMPARE(window.kernelTableView()->model()->rowCount(), 0);
    }

    void recentFiles()
    {
        RecentFiles recent;
        recent.clear();
        QSignalSpy changed(&recent, &RecentFiles::changed);
        for (int i = 0; i < RecentFiles::kMaxEntries + 3; ++i)
            recent.add(QStringLiteral("/profiles/run%1").arg(i));
        QCOMPARE(changed.count(), RecentFiles::kMaxEntries + 3);
        QCOMPARE(recent.paths().size(), RecentFiles::kMaxEntries);
        QCOMPARE(recent.paths().constFirst(), QStringLiteral("/profiles/run12"));
        recent.add(QStringLiteral("/profiles/run5/")); // re-opening moves it to the front
        QCOMPARE(recent.paths().constFirst(), QStringLiteral("/profiles/run5"));
        QCOMPARE(recent.paths().count(QStringLiteral("/profiles/run5")), 1);
        recent.remove(QStringLiteral("/profiles/run5"));
        QVERIFY(!recent.paths().contains(QStringLiteral("/profiles/run5")));
        recent.clear();
        QVERIFY(recent.paths().isEmpty());
    }
};

QTEST_MAIN(TstMainWindow)
#include "tst_mainwindow.moc"
