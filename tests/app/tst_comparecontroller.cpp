#include "../analysis/generatedpair.h"
#include "app/window/comparecontroller.h"
#include "app/window/mainwindow.h"
#include "widgets/compareview.h"
#include "widgets/timelineview.h"

#include <QCoreApplication>
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
        QVERIFY(view->baseTimeline()->trace() == window.currentRank()->trace);

        controller->leave();
        QTRY_VERIFY(!controller->view());
        QVERIFY(window.profile()); // the main window keeps its profile
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
        QVERIFY(window.profile()->path.endsWith(QStringLiteral("base"))); // not opened instead
        QVERIFY(controller->view()->comparison().byType.front().key == QLatin1String("Add"));
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
