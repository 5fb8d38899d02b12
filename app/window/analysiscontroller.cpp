#include "app/window/analysiscontroller.h"

#include "analysis/parallel/profilelayout.h"
#include "app/reports/concurrentfor.h"
#include "widgets/session/profilesession.h"

#include <QEvent>
#include <QFutureWatcher>
#include <QPromise>
#include <QTimer>
#include <QWidget>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace npuscope {

namespace {

    // A hidden or minimised window never paints; start anyway after this long. Long enough for
    // the first frame of a timeline of millions of slices.
    constexpr int kPaintWaitMs = 750;

    using AnalysedRanks = std::vector<std::shared_ptr<const AnalysedRank>>;

    void runAnalysis(QPromise<AnalysisController::Update> &promise,
        const std::shared_ptr<const Profile> &profile, const AnalysedRanks &ranks, int firstRank)
    {
        const auto count = ranks.size();
        RankAnalysisList all(count);
        std::vector<std::size_t> order;
        order.push_back(std::size_t(firstRank));
        for (std::size_t i = 0; i < count; ++i) {
            if (i != std::size_t(firstRank))
                order.push_back(i);
        }
        for (const std::size_t i : order) {
            if (promise.isCanceled())
                return;
            AnalysisController::Update update;
            update.rankIndex = int(i);
            update.analysis = ranks[i]->analysis();
            all[i] = update.analysis.get(); // kept alive by ranks[i]
            promise.addResult(std::move(update));
        }
        if (count < 2 || promise.isCanceled())
            return;
        AnalysisController::Update update;
        update.profileFindings
            = findProfileFindings(*profile, all, profileLayout(*profile), nullptr);
        promise.addResult(std::move(update));
    }

} // namespace

AnalysisController::AnalysisController(ProfileSession *session, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_paintFallback(new QTimer(this))
{
    connect(session, &ProfileSession::rankChanged, this, &AnalysisController::publish);
    connect(this, &AnalysisController::findingsReady, this, [this](int rank) {
        if (rank < 0 || rank == m_session->rankIndex())
            publish();
    });
    connect(this, &AnalysisController::runningChanged, session, &ProfileSession::setAnalysing);
    m_paintFallback->setSingleShot(true);
    m_paintFallback->setInterval(kPaintWaitMs);
    connect(m_paintFallback, &QTimer::timeout, this, [this]() {
        if (m_waitingForPaint) {
            stopWaitingForPaint();
            launch();
        }
    });
}

AnalysisController::~AnalysisController()
{
    if (m_watcher)
        m_watcher->cancel();
    stopWaitingForPaint();
}

void AnalysisController::start(
    std::shared_ptr<const Profile> profile, int firstRank, QWidget *paintTarget)
{
    clear();
    if (!profile || profile->ranks.empty())
        return;
    m_profile = std::move(profile);
    m_firstRank = std::clamp(firstRank, 0, int(m_profile->ranks.size()) - 1);
    m_ranks.assign(m_profile->ranks.size(), nullptr);
    m_final.assign(m_profile->ranks.size(), false);
    AnalysedRanks analysed;
    for (const auto &rank : m_profile->ranks)
        analysed.push_back(
            std::make_shared<const AnalysedRank>(rank, FindingOptions(), concurrentFor()));
    m_session->setAnalysedRanks(std::move(analysed));
    if (!paintTarget) {
        launch();
        emit runningChanged(true);
        return;
    }
    m_paintTarget = paintTarget;
    m_waitingForPaint = true;
    paintTarget->installEventFilter(this);
    paintTarget->update();
    m_paintFallback->start();
    emit runningChanged(true);
}

void AnalysisController::clear()
{
    const bool wasRunning = isRunning();
    stopWaitingForPaint();
    if (m_watcher) {
        m_watcher->cancel(); // stale from now on; onFinished() deletes it when the worker returns
        m_watcher = nullptr;
    }
    ++m_generation;
    m_profile.reset();
    m_ranks.clear();
    m_final.clear();
    m_profileFindings.clear();
    if (wasRunning)
        emit runningChanged(false);
}

bool AnalysisController::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_paintTarget && event->type() == QEvent::Paint && m_waitingForPaint) {
        stopWaitingForPaint();
        // After this paint has finished, not inside it.
        const quint64 generation = m_generation;
        QTimer::singleShot(0, this, [this, generation]() {
            if (generation == m_generation && m_profile && !m_watcher)
                launch();
        });
    }
    return QObject::eventFilter(watched, event);
}

void AnalysisController::stopWaitingForPaint()
{
    m_waitingForPaint = false;
    m_paintFallback->stop();
    if (m_paintTarget)
        m_paintTarget->removeEventFilter(this);
    m_paintTarget = nullptr;
}

void AnalysisController::launch()
{
    const quint64 generation = m_generation;
    auto *watcher = new QFutureWatcher<Update>(this);
    m_watcher = watcher;
    connect(watcher, &QFutureWatcherBase::resultReadyAt, this,
        [this, watcher, generation](int index) { onResult(watcher, generation, index); });
    connect(watcher, &QFutureWatcherBase::finished, this,
        [this, watcher, generation]() { onFinished(watcher, generation); });
    AnalysedRanks ranks;
    for (std::size_t i = 0; i < m_profile->ranks.size(); ++i)
        ranks.push_back(m_session->analysedRank(int(i)));
    watcher->setFuture(QtConcurrent::run(runAnalysis, m_profile, ranks, m_firstRank));
}

void AnalysisController::onResult(QFutureWatcher<Update> *watcher, quint64 generation, int index)
{
    if (generation != m_generation)
        return;
    const Update update = watcher->resultAt(index);
    if (update.rankIndex < 0) {
        m_profileFindings = update.profileFindings;
        emit findingsReady(-1);
        return;
    }
    if (std::size_t(update.rankIndex) >= m_ranks.size() || m_final[std::size_t(update.rankIndex)])
        return;
    m_ranks[std::size_t(update.rankIndex)] = update.analysis;
    emit findingsReady(update.rankIndex);
}

void AnalysisController::onFinished(QFutureWatcher<Update> *watcher, quint64 generation)
{
    watcher->deleteLater();
    if (generation != m_generation)
        return;
    m_watcher = nullptr;
    emit runningChanged(false);
}

void AnalysisController::setRankAnalysis(
    int rankIndex, std::shared_ptr<const AnalysedRank> analysed)
{
    if (rankIndex < 0 || std::size_t(rankIndex) >= m_ranks.size() || !analysed)
        return;
    m_ranks[std::size_t(rankIndex)] = analysed->analysis();
    m_session->setAnalysedRank(rankIndex, std::move(analysed));
    m_final[std::size_t(rankIndex)] = true;
    emit findingsReady(rankIndex);
}

std::shared_ptr<const RankAnalysis> AnalysisController::analysis(int rankIndex) const
{
    return rankIndex >= 0 && std::size_t(rankIndex) < m_ranks.size()
        ? m_ranks[std::size_t(rankIndex)]
        : nullptr;
}

std::vector<Finding> AnalysisController::findings(int rankIndex) const
{
    const auto a = analysis(rankIndex);
    if (!a)
        return {};
    std::vector<Finding> out = a->findings;
    out.insert(out.end(), m_profileFindings.begin(), m_profileFindings.end());
    return out;
}

std::vector<FindingCheck> AnalysisController::checks(int rankIndex) const
{
    const auto a = analysis(rankIndex);
    return a ? a->checks : std::vector<FindingCheck>();
}

void AnalysisController::publish()
{
    const int index = m_session->rankIndex();
    if (!m_session->fullRank()) {
        if (m_session->analysis() || !m_session->findings().empty())
            m_session->setAnalysis(nullptr, {});
        return;
    }
    m_session->setAnalysis(analysis(index), findings(index));
}

} // namespace npuscope
