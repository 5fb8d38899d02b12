#include "app/window/ranktimelinecontroller.h"

#include "app/window/mainwindow.h"
#include "app/window/rankloader.h"
#include "app/window/ranktimelinewindow.h"
#include "model/trace/traceloader.h"
#include "widgets/cluster/clusteroverview.h"
#include "widgets/session/profilesession.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFutureWatcher>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QProgressDialog>
#include <QPromise>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace npuscope {

namespace {

    using Traces = std::vector<std::shared_ptr<const Trace>>;
    constexpr int kProgressMax = 1000;

    // One entry per rank: the trace already in memory, or the file to read it from.
    struct TraceJob {
        std::shared_ptr<const Trace> trace;
        QString path;
    };

    void loadTraces(QPromise<Traces> &promise, const std::vector<TraceJob> &jobs)
    {
        promise.setProgressRange(0, kProgressMax);
        Traces out;
        const auto count = std::int64_t(jobs.size());
        for (std::size_t i = 0; i < jobs.size(); ++i) {
            if (jobs[i].trace || jobs[i].path.isEmpty()) {
                out.push_back(jobs[i].trace);
                continue;
            }
            const ProgressFn progress = [&promise, i, count](
                                            std::int64_t done, std::int64_t total) {
                if (total > 0)
                    promise.setProgressValue(
                        int((std::int64_t(i) * total + done) * kProgressMax / (count * total)));
                return !promise.isCanceled();
            };
            TraceLoadResult r = loadTrace(jobs[i].path, {}, progress);
            if (r.cancelled || promise.isCanceled())
                return;
            out.push_back(std::move(r.trace)); // null when unreadable: the window says so
        }
        promise.addResult(std::move(out));
    }

    QString rankTitle(const RankProfile &rank)
    {
        return rank.rank() >= 0 ? RankTimelineController::tr("Rank %1").arg(rank.rank())
                                : rank.label();
    }

} // namespace

RankTimelineController::RankTimelineController(
    MainWindow *window, ClusterOverview *overview, RankLoader *loader)
    : QObject(window)
    , m_window(window)
    , m_loader(loader)
    , m_overview(overview)
    , m_action(new QAction(tr("Show Ranks on One &Timeline…"), this))
{
    m_action->setObjectName(QStringLiteral("ShowRanksOnOneTimeline"));
    m_action->setToolTip(tr("Several ranks on one timeline, aligned by step start"));
    m_action->setEnabled(false);
    connect(m_action, &QAction::triggered, this, &RankTimelineController::chooseRanks);
    connect(this, &RankTimelineController::failed, window, &MainWindow::showStatusMessage);
    if (QMenu *view = window->viewMenu())
        view->addAction(m_action);
    const ProfileSession *session = window->session();
    connect(session, &ProfileSession::profileChanged, this, [this, session]() {
        const auto &p = session->profile();
        m_action->setEnabled(p && p->ranks.size() >= 2);
    });
    if (overview)
        overview->addActionButton(m_action);
}

RankTimelineController::~RankTimelineController()
{
    if (m_watcher) {
        m_watcher->cancel();
        m_watcher->waitForFinished(); // the worker stops at its next progress report
    }
}

RankTimelineWindow *RankTimelineController::lastWindow() const { return m_lastWindow; }

void RankTimelineController::chooseRanks()
{
    const auto &profile = m_window->session()->profile();
    if (!profile || profile->ranks.size() < 2)
        return;
    // The slowest and the fastest rank are the pair worth seeing side by side.
    std::vector<int> preset;
    if (m_overview) {
        const ClusterSummary &s = m_overview->summary();
        for (int i : { s.slowest, s.fastest })
            if (i >= 0 && std::size_t(i) < s.ranks.size())
                preset.push_back(s.ranks[std::size_t(i)].rankIndex);
    }
    if (preset.size() < 2)
        preset = { 0, 1 };

    QDialog dialog(m_window);
    dialog.setWindowTitle(tr("Show Ranks on One Timeline"));
    auto *list = new QListWidget(&dialog);
    for (std::size_t i = 0; i < profile->ranks.size(); ++i) {
        auto *item = new QListWidgetItem(rankTitle(*profile->ranks[i]), list);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        const bool on = std::find(preset.begin(), preset.end(), int(i)) != preset.end();
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
    }
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    auto *layout = new QVBoxLayout(&dialog);
    layout->addWidget(
        new QLabel(tr("Ranks to show (at most %1); each rank's trace is read unless it is open:")
                       .arg(kMaxRanks),
            &dialog));
    layout->addWidget(list, 1);
    layout->addWidget(buttons);
    const auto checked = [list]() {
        std::vector<int> out;
        for (int i = 0; i < list->count(); ++i)
            if (list->item(i)->checkState() == Qt::Checked)
                out.push_back(i);
        return out;
    };
    const auto validate = [&]() {
        const auto n = checked().size();
        buttons->button(QDialogButtonBox::Ok)->setEnabled(n >= 1 && n <= std::size_t(kMaxRanks));
    };
    connect(list, &QListWidget::itemChanged, &dialog, validate);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    validate();
    if (dialog.exec() == QDialog::Accepted)
        showRanks(checked());
}

void RankTimelineController::showRanks(const std::vector<int> &rankIndices)
{
    const auto profile = m_window->session()->profile();
    if (!profile || rankIndices.empty() || rankIndices.size() > std::size_t(kMaxRanks)) {
        emit failed(tr("Choose between one and %1 ranks.").arg(kMaxRanks));
        return;
    }
    cancel();
    std::vector<TraceJob> jobs;
    std::vector<QString> labels;
    for (int index : rankIndices) {
        const auto rank = m_loader->rank(index);
        if (!rank) {
            emit failed(tr("No such rank to show."));
            return;
        }
        jobs.push_back({ rank->trace, rank->summaryOnly ? rank->source.traceView : QString() });
        labels.push_back(rankTitle(*rank));
    }
    auto *watcher = new QFutureWatcher<Traces>(this);
    m_watcher = watcher;
    m_progress
        = new QProgressDialog(tr("Reading the traces of %n rank(s)…", nullptr, int(jobs.size())),
            tr("Cancel"), 0, kProgressMax, m_window);
    m_progress->setWindowModality(Qt::WindowModal);
    m_progress->setMinimumDuration(300);
    m_progress->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_progress, &QProgressDialog::canceled, this, &RankTimelineController::cancel);
    connect(
        watcher, &QFutureWatcherBase::progressValueChanged, m_progress, &QProgressDialog::setValue);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, labels]() {
        watcher->deleteLater();
        if (m_watcher != watcher)
            return; // cancelled
        m_watcher = nullptr;
        if (m_progress)
            m_progress->close();
        m_progress = nullptr;
        if (watcher->isCanceled() || watcher->future().resultCount() == 0)
            return;
        const Traces traces = watcher->result();
        std::vector<RankTimelineWindow::RankTrace> ranks;
        for (std::size_t i = 0; i < traces.size() && i < labels.size(); ++i)
            ranks.push_back({ labels[i], traces[i] });
        auto *window = new RankTimelineWindow(std::move(ranks), m_window);
        window->setAttribute(Qt::WA_DeleteOnClose);
        window->show();
        m_lastWindow = window;
        emit windowOpened(window);
    });
    watcher->setFuture(QtConcurrent::run(loadTraces, jobs));
}

void RankTimelineController::cancel()
{
    if (!m_watcher)
        return;
    m_watcher->cancel(); // stale from now on; its finished handler deletes it
    m_watcher = nullptr;
    if (m_progress) {
        m_progress->disconnect(this);
        m_progress->close();
    }
    m_progress = nullptr;
}

} // namespace npuscope
