// Time from Open to the first painted timeline frame, to the fully loaded profile and to the
// findings shown (the first rank's analysis in the findings panel), in the real main window
// (offscreen platform). Each run in a fresh process. Not part of the tests.
//   bench_firstpaint PROFILE_PATH [--runs N]
#include "app/window/analysiscontroller.h"
#include "app/window/mainwindow.h"
#include "benchutil.h"
#include "widgets/timeline/timelineview.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QProcess>
#include <QTextStream>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace npuscope;
using bench::median;

namespace {

// Records when the timeline's viewport first paints with a trace.
class PaintWatch : public QObject {
public:
    PaintWatch(TimelineView *view, const QElapsedTimer *clock)
        : m_view(view)
        , m_clock(clock)
    {
    }
    qint64 firstPaintNs = -1;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint && firstPaintNs < 0 && m_view->trace()) {
            m_view->removeEventFilter(this);
            // After the paint itself: measured from the queued call it returns to.
            QTimer::singleShot(0, this, [this]() { firstPaintNs = m_clock->nsecsElapsed(); });
        }
        return QObject::eventFilter(watched, event);
    }

private:
    TimelineView *m_view;
    const QElapsedTimer *m_clock;
};

int child(const QString &path)
{
    MainWindow window;
    window.resize(1920, 1080);
    window.show();
    QElapsedTimer clock;
    PaintWatch watch(window.timelineView(), &clock);
    window.timelineView()->viewport()->installEventFilter(&watch);
    qint64 loadedNs = -1, findingsNs = -1;
    QObject::connect(
        &window, &MainWindow::profileLoaded, &window, [&]() { loadedNs = clock.nsecsElapsed(); });
    // Connected after the window's own slot: that one has filled the findings panel by now;
    // measured from the queued call after it, as the first paint.
    auto *analysis = window.findChild<AnalysisController *>();
    if (!analysis)
        return 1;
    QObject::connect(analysis, &AnalysisController::findingsReady, &window, [&](int rank) {
        if (rank == 0 && findingsNs < 0)
            QTimer::singleShot(0, &window, [&]() { findingsNs = clock.nsecsElapsed(); });
    });
    QObject::connect(&window, &MainWindow::loadFailed, &window, []() { QApplication::exit(2); });
    clock.start();
    window.openPath(path);
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &window, [&]() {
        if (loadedNs >= 0 && watch.firstPaintNs >= 0 && findingsNs >= 0)
            QApplication::quit();
    });
    poll.start(1);
    if (QApplication::exec() != 0)
        return 1;
    std::printf("%.6f %.6f %.6f\n", watch.firstPaintNs / 1e9, loadedNs / 1e9, findingsNs / 1e9);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("npuscope-bench")); // own settings
    const QStringList args = app.arguments();
    if (args.size() >= 3 && args[1] == QLatin1String("--child"))
        return child(args[2]);
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: bench_firstpaint PROFILE_PATH [--runs N]\n");
        return 1;
    }
    const int runs = args.size() >= 4 && args[2] == QLatin1String("--runs") ? args[3].toInt() : 3;
    std::vector<double> paint, loaded, findings, ratio;
    for (int i = 0; i < runs; ++i) {
        QProcess p;
        p.start(QApplication::applicationFilePath(), { QStringLiteral("--child"), args[1] });
        p.waitForFinished(-1);
        const QList<QByteArray> f = p.readAllStandardOutput().trimmed().split(' ');
        if (p.exitCode() != 0 || f.size() != 3)
            continue;
        paint.push_back(f[0].toDouble() * 1000);
        loaded.push_back(f[1].toDouble() * 1000);
        findings.push_back(f[2].toDouble() * 1000);
        ratio.push_back(findings.back() / loaded.back());
        std::fprintf(stderr, "run %d: first paint %.0f ms, loaded %.0f ms, findings %.0f ms\n",
            i + 1, paint.back(), loaded.back(), findings.back());
    }
    QTextStream(stdout) << "first paint    " << QString::number(median(paint), 'f', 0)
                        << " ms after Open; fully loaded "
                        << QString::number(median(loaded), 'f', 0) << " ms; findings shown "
                        << QString::number(median(findings), 'f', 0) << " ms (findings / loaded "
                        << QString::number(median(ratio), 'f', 2) << "x; medians of "
                        << paint.size() << ")\n";
    return paint.empty() ? 1 : 0;
}
