#include "../analysis/generatedpair.h"
#include "app/window/comparecontroller.h"
#include "app/window/mainwindow.h"
#include "widgets/compare/compareview.h"
#include "widgets/session/profilesession.h"
#include "widgets/timeline/timelineview.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QMimeData>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QUrl>

using namespace npuscope;
using namespace npuscope::test;

class TstCompareController : public QObject {
    Q_OBJECT
private:
    static constexpr int kTimeoutMs = 120000;

    static bool openAndWait(MainWindow &window, const QString &path)
    {
        QSignalSpy loaded(&window, &MainWindow::profileLoaded);
        window.openPath(path);
        return loaded.wait(kTimeoutMs) || loaded.count() > 0;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("npuscope-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_comparecontroller"));
        QSettings().clear();
    }

    void compareWithFromFileMenu()
    {
        const auto pair = generatePair({ QStringLiteral("transdata"), QString(), 1.0 }, {});
        QVERIFY(pair->ok());
        MainWindow window;
        auto *controller = window.findChild<CompareController *>();
        QVERIFY(controller);
        QVERIFY(window.fileMenu()->actions().contains(controller->compareAction()));
        QVERIFY(!controller->compareAction()->isEnabled()); // nothing open yet
        QVERIFY(openAndWait(window, pair->base.path));
        QVERIFY(controller->compareAction()->isEnabled());

        QSignalSpy shown(controller, &CompareController::compareShown);
        controller->compareWith(pair->next.path);
        QVERIFY(shown.wait(kTimeoutMs));
        CompareView *view = controller->view();
        QVERIFY(view);
        QCOMPARE(view->comparison().base.transDataNs, pair->base.truth().transDataNs);
        QCOMPARE(view->comparison().next.transDataNs, TimeNs(0));
        QCOMPARE(
            qint64(view->comparison().match.onlyBase.size()), pair->base.truth().transDataKernels);
        QVERIFY(view->baseTimeline()->trace() == window.session()->rank()->trace);

        controller->leave();
        QTRY_VERIFY(!controller->view());
        QVERIFY(window.session()->profile()); // the main window keeps its profile
    }

    void dropOnOpenProfileCompares()
    {
        const auto pair = generatePair({}, { QString(), QStringLiteral("Add"), 2.0 });
        QVERIFY(pair->ok());
        MainWindow window;
        window.resize(1000, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(openAndWait(window, pair->base.path));
        auto *controller = window.findChild<CompareController *>();
        QSignalSpy shown(controller, &CompareController::compareShown);
        QMimeData mime;
        mime.setUrls({ QUrl::fromLocalFile(pair->next.path) });
        const QPointF right(window.width() * 0.75, window.height() / 2.0);
        QDragEnterEvent enter(
            right.toPoint(), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(right, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(&window, &drop);
        QVERIFY(shown.wait(kTimeoutMs));
        QVERIFY(controller->view());
        QVERIFY(window.session()->profile()->path.endsWith(
            QStringLiteral("base"))); // not opened instead
        QVERIFY(controller->view()->comparison().byType.front().key == QLatin1String("Add"));
    }

    void pathTails()
    {
        using Tails = std::pair<QString, QString>;
        QCOMPARE(distinctPathTails(QStringLiteral("/s/level1/rank0_ascend_pt"),
                     QStringLiteral("/s/level2/rank0_ascend_pt/")),
            Tails(QStringLiteral("level1/rank0_ascend_pt"),
                QStringLiteral("level2/rank0_ascend_pt")));
        QCOMPARE(distinctPathTails(QStringLiteral("/a/run_a"), QStringLiteral("/b/run_b")),
            Tails(QStringLiteral("run_a"), QStringLiteral("run_b")));
        QCOMPARE(distinctPathTails(QStringLiteral("/a/run"), QStringLiteral("/a/run")),
            Tails(QStringLiteral("run"), QStringLiteral("run")));
        QCOMPARE(distinctPathTails(QStringLiteral("run"), QStringLiteral("/x/run")),
            Tails(QStringLiteral("run"), QStringLiteral("x/run")));
    }

    // Two runs whose folders have the same name (level1 and level2 of ascend-2025-01): the
    // titles tell them apart, and both panes open on the device streams.
    void samplesLevel1AgainstLevel2()
    {
        const QDir samples(QStringLiteral(NPUSCOPE_SAMPLES_DIR));
        if (!samples.exists())
            QSKIP("sample profiles not available");
        const QString level1
            = samples.filePath(QStringLiteral("ascend-2025-01/level1/rank0_ascend_pt"));
        const QString level2
            = samples.filePath(QStringLiteral("ascend-2025-01/level2/rank0_ascend_pt"));
        QVERIFY2(
            QFileInfo(level2 + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json")).isFile(),
            qPrintable(level2));
        MainWindow window;
        QVERIFY(openAndWait(window, level1));
        auto *controller = window.findChild<CompareController *>();
        QSignalSpy shown(controller, &CompareController::compareShown);
        controller->compareWith(level2);
        QVERIFY(shown.wait(kTimeoutMs));
        const QString title = controller->view()->window()->windowTitle();
        QVERIFY2(title.contains(QStringLiteral("level1/rank0_ascend_pt, rank 0"))
                && title.contains(QStringLiteral("level2/rank0_ascend_pt, rank 0")),
            qPrintable(title));
        for (TimelineView *v :
            { controller->view()->baseTimeline(), controller->view()->newTimeline() })
            QCOMPARE(v->layout().groups().front().name, QStringLiteral("Ascend Hardware"));
        QWidget *compareWindow = controller->view()->window();
        compareWindow->resize(1920, 1080);
        QVERIFY(QTest::qWaitForWindowExposed(compareWindow));
        QTest::qWait(200);
        const QString png = QDir(QCoreApplication::applicationDirPath())
                                .filePath(QStringLiteral("tst_comparecontroller_levels.png"));
        QVERIFY(compareWindow->grab().save(png));
        qInfo("wrote %s", qPrintable(png));
    }

    void rankAgainstRank()
    {
        QTemporaryDir dir;
        QVERIFY(generateRanks(dir.path(), 2).ok);
        MainWindow window;
        QVERIFY(openAndWait(window, dir.path()));
        auto *controller = window.findChild<CompareController *>();
        QVERIFY(controller->compareRanksAction()->isEnabled());
        QSignalSpy shown(controller, &CompareController::compareShown);
        controller->compareRanks(0, 1);
        QVERIFY(shown.wait(kTimeoutMs));
        QCOMPARE(controller->view()->comparison().match.onlyBase.size(), std::size_t(0));
        QVERIFY(controller->view()->comparison().next.wallNs > 0);
    }
};

QTEST_MAIN(TstCompareController)
#include "tst_comparecontroller.moc"
