#include "app/window/calltreecontroller.h"

#include "app/reports/concurrentfor.h"
#include "app/window/mainwindow.h"
#include "widgets/calltree/calltreepanel.h"
#include "widgets/calltree/flamegraphview.h"
#include "widgets/session/profilesession.h"

#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFutureWatcher>
#include <QMessageBox>
#include <QSaveFile>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

namespace npuscope {

CallTreeController::CallTreeController(MainWindow *window)
    : QObject(window)
    , m_window(window)
    , m_panel(new CallTreePanel(window))
    , m_dock(new QDockWidget(tr("Call Tree"), window))
    , m_rebuildTimer(new QTimer(this))
{
    m_rebuildTimer->setSingleShot(true);
    m_rebuildTimer->setInterval(50); // rank, step and range change together on a switch
    connect(m_rebuildTimer, &QTimer::timeout, this, &CallTreeController::rebuild);
    m_dock->setObjectName(QStringLiteral("CallTreeDock")); // saveState() finds docks by name
    m_dock->setWidget(m_panel);
    window->addTabbedDock(m_dock, MainWindow::DockPlace::BesideKernels);
    connect(m_dock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible && m_dirty)
            scheduleRebuild();
    });
    const ProfileSession *session = window->session();
    connect(session, &ProfileSession::rankChanged, this, [this]() {
        m_rangeStart = m_rangeEnd = 0;
        scheduleRebuild();
    });
    connect(session, &ProfileSession::stepChanged, this, &CallTreeController::scheduleRebuild);
    connect(session, &ProfileSession::rangeSelected, this, [this](TimeNs start, TimeNs end) {
        m_rangeStart = start;
        m_rangeEnd = end;
        scheduleRebuild();
    });
    connect(m_panel, &CallTreePanel::backwardPlacementChanged, this,
        &CallTreeController::scheduleRebuild);
    connect(m_panel, &CallTreePanel::frameActivated, this, &CallTreeController::onFrameActivated);
    connect(session, &ProfileSession::kernelRowShown, m_panel, &CallTreePanel::selectKernelRow);
    connect(session, &ProfileSession::selectionChanged, this, &CallTreeController::onEventSelected);
    connect(m_panel, &CallTreePanel::exportRequested, this, &CallTreeController::exportFlameGraph);
}

CallTreeController::~CallTreeController()
{
    if (m_watcher)
        m_watcher->waitForFinished(); // pure computation over an immutable profile
}

void CallTreeController::scheduleRebuild()
{
    m_dirty = true;
    ++m_generation; // whatever is running is stale now
    if (m_dock->isVisible())
        m_rebuildTimer->start();
}

QString CallTreeController::scopeText(TimeNs from, TimeNs to) const
{
    QString text = m_rank ? m_rank->label() : QString();
    if (m_rangeEnd > m_rangeStart)
        text += tr(", selected range of %1 ms").arg(double(to - from) / 1e6, 0, 'f', 3);
    else if (const StepSpan *step = m_window->session()->step())
        text += QStringLiteral(", ") + step->name;
    return text;
}

void CallTreeController::rebuild()
{
    m_dirty = false;
    const ProfileSession *session = m_window->session();
    m_rank = session->fullRank();
    if (!m_rank || m_rank->summaryOnly) {
        m_panel->clear(m_rank ? tr("The rank is not loaded in full yet.") : QString());
        return;
    }
    CallTreeOptions options;
    options.backwardUnderForward = m_panel->backwardUnderForward();
    if (m_rangeEnd > m_rangeStart) {
        options.from = m_rangeStart;
        options.to = m_rangeEnd;
    } else if (const StepSpan *step = session->step()) {
        options.from = step->start;
        options.to = step->end;
    }
    const QString scope = scopeText(options.from, options.to);
    if (m_watcher)
        m_watcher->disconnect(this);
    auto *watcher = new QFutureWatcher<CallTreeViews>(this);
    m_watcher = watcher;
    const quint64 generation = m_generation;
    connect(watcher, &QFutureWatcher<CallTreeViews>::finished, this, [this, watcher, generation]() {
        if (generation == m_generation)
            m_panel->setViews(watcher->result());
        if (m_watcher == watcher)
            m_watcher = nullptr;
        watcher->deleteLater();
    });
    m_panel->clear(tr("Building the call tree…"));
    // The session's analysed rank keeps the whole rank's tree once built; a step or a range is
    // built each time.
    auto analysed = session->analysedRank(session->rankIndex());
    if (!analysed || analysed->rankPtr() != m_rank)
        analysed = std::make_shared<const AnalysedRank>(m_rank, FindingOptions(), concurrentFor());
    watcher->setFuture(QtConcurrent::run([analysed, options, scope]() {
        return makeCallTreeViews(*analysed->callTree(options), scope);
    }));
}

void CallTreeController::onFrameActivated(const QString &name)
{
    // The frame's events found on the timeline, the kernels it launched as the table's subset
    // (an empty one when it launched none), the first of its events selected.
    ProfileSession *session = m_window->session();
    const std::vector<EventRef> &events = m_panel->pickedEvents();
    if (!events.empty())
        session->findOnTimeline(name);
    EvidenceOnRank picked;
    picked.rows = m_panel->pickedRows();
    if (!events.empty())
        picked.firstEvent = events.front();
    session->showEvidence(picked, tr("Kernels launched under %1").arg(name));
}

void CallTreeController::exportFlameGraph()
{
    if (!m_panel->views().topDown)
        return;
    const QString png = tr("PNG image (*.png)"), svg = tr("SVG drawing (*.svg)");
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export Flame Graph"),
        QStringLiteral("flamegraph.png"), png + QStringLiteral(";;") + svg);
    if (path.isEmpty())
        return;
    FlameGraphView *flame = m_panel->flameGraph();
    const int width = std::max(flame->width(), 1600);
    QSaveFile file(path);
    bool written = file.open(QIODevice::WriteOnly);
    if (written && path.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive)) {
        const QByteArray data = flame->toSvg(width);
        written = file.write(data) == data.size();
    } else if (written) {
        written = flame->toImage(width).save(&file, "PNG");
    }
    if (!written || !file.commit())
        QMessageBox::warning(m_window, tr("Export Flame Graph"),
            tr("%1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
    else
        m_window->showStatusMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
}

void CallTreeController::onEventSelected(EventRef ref)
{
    if (!m_rank || !ref.isValid())
        return;
    const qint32 row = m_rank->join.rowOf(ref);
    if (row >= 0)
        m_panel->selectKernelRow(row);
    else
        m_panel->selectFrameEvent(ref);
}

} // namespace npuscope
