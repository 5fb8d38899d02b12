// The details panel of a database profile: a host op's arguments (shapes, types, call stack, read
// from the database when it is selected), as a text profile shows them from trace_view.json.

#include "app/window/mainwindow.h"
#include "model/core/trace.h"
#include "widgets/details/detailspanel.h"
#include "widgets/session/profilesession.h"

#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>

using namespace npuscope;

class TstDbDetails : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("npuscope-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_dbdetails"));
        QSettings().clear();
    }

    void hostOpArguments()
    {
        const QString path
            = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-01-db/level1/rank0_ascend_pt");
        if (!QDir(QStringLiteral(NPUSCOPE_SAMPLES_DIR)).exists())
            QSKIP("sample profiles not available");
        QVERIFY2(QDir(path).exists(), qPrintable(path));
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy loaded(&window, &MainWindow::profileLoaded);
        window.openPath(path);
        QVERIFY(loaded.wait(120000));
        const auto rank = window.session()->rank();
        QVERIFY(rank && rank->trace);
        const Trace &t = *rank->trace;

        // The first aten::convolution of the host threads: shapes, types and a call stack.
        EventRef op;
        for (const Track &track : t.tracks)
            for (std::uint32_t i = 0; i < track.events.size() && !op.isValid(); ++i)
                if (track.kind == TrackKind::HostThread
                    && t.strings.view(track.events[i].name) == "aten::convolution")
                    op = { track.id, i };
        QVERIFY(op.isValid());
        window.session()->setSelection(op);
        const QString text = window.detailsPanel()->toText();
        QVERIFY2(text.contains(QStringLiteral("Arguments/Input Dims\t")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Arguments/Input type\tfloat")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Arguments/Call stack\t")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Arguments/Sequence number\t")), qPrintable(text));

        QTest::qWait(200);
        const QDir dir(QCoreApplication::applicationDirPath());
        QVERIFY(window.grab().save(dir.filePath(QStringLiteral("tst_dbdetails.png"))));
        // The panel as a user who floats its dock and makes it tall sees it.
        auto *dock = qobject_cast<QDockWidget *>(window.detailsPanel()->parentWidget());
        QVERIFY(dock);
        dock->setFloating(true);
        dock->resize(560, 720);
        QTest::qWait(200);
        QVERIFY(window.detailsPanel()->grab().save(
            dir.filePath(QStringLiteral("tst_dbdetails_panel.png"))));
        qInfo("wrote %s", qPrintable(dir.filePath(QStringLiteral("tst_dbdetails*.png"))));

        // The Operators tab: a database has no operator_details.csv at any level; its table is
        // rebuilt from PYTORCH_API (one row per op) and says so in place of a file name.
        const auto *operators = window.findChild<QDockWidget *>(QStringLiteral("OperatorsDock"));
        QVERIFY(operators && operators->widget());
        QStringList labels;
        for (const QLabel *l : operators->widget()->findChildren<QLabel *>())
            labels << l->text();
        const QString shown = labels.join(QLatin1Char('\n'));
        QVERIFY2(shown.contains(QStringLiteral("Rebuilt from PYTORCH_API")), qPrintable(shown));
        const auto *table = operators->widget()->findChild<QTableView *>();
        QVERIFY(table && table->model() && table->model()->rowCount() > 0);
        QVERIFY2(!shown.contains(QStringLiteral("was not collected")), qPrintable(shown));
    }
};

QTEST_MAIN(TstDbDetails)
#include "tst_dbdetails.moc"
