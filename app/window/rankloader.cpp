#include "app/window/rankloader.h"

#include "app/reports/concurrentfor.h"
#include "model/profile/profileloader.h"

#include <QFutureWatcher>
#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <utility>

namespace npuscope {

namespace {

    void runRankLoad(QPromise<RankLoader::Result> &promise, const RankSource &source)
    {
        promise.setProgressRange(0, RankLoader::kProgressMax);
        const ProgressFn progress = [&promise](std::int64_t done, std::int64_t total) {
            if (total > 0)
                promise.setProgressValue(int(std::clamp<std::int64_t>(
                    done * RankLoader::kProgressMax / total, 0, RankLoader::kProgressMax)));
            return !promise.isCanceled();
        };
        RankLoader::Result result;
        bool cancelled = false;
        result.rank = loadRank(source, LoadOptions {}, progress, &cancelled);
        if (cancelled || promise.isCanceled() || !result.rank) {
            result.rank.reset();
            result.cancelled = true;
        } else {
            auto analysed = std::make_shared<const AnalysedRank>(
                result.rank, FindingOptions(), concurrentFor());
            analysed->analysis(); // here, not on the GUI thread
            result.analysed = std::move(analysed);
        }
        promise.addResult(std::move(result));
    }

} // namespace

RankLoader::RankLoader(QObject *parent)
    : QObject(parent)
{
}

RankLoader::~RankLoader()
{
    if (m_watcher)
        m_watcher->cancel(); // the worker stops at its next progress report
}

void RankLoader::setProfile(std::shared_ptr<const Profile> profile)
{
    cancel();
    m_cache.clear();
    m_openIssues.clear();
    m_issuesOf.clear();
    m_profile = std::move(profile);
}

std::shared_ptr<const RankProfile> RankLoader::rank(int index) const
{
    if (!m_profile || index < 0 || std::size_t(index) >= m_profile->ranks.size())
        return nullptr;
    for (const Entry &e : m_cache)
        if (e.index == index)
            return e.rank;
    return m_profile->ranks[std::size_t(index)];
}

bool RankLoader::needsLoad(int index) const
{
    const auto r = rank(index);
    return r && r->summaryOnly;
}

void RankLoader::touch(int index)
{
    const auto it = std::find_if(
        m_cache.begin(), m_cache.end(), [index](const Entry &e) { return e.index == index; });
    if (it != m_cache.end())
        m_cache.splice(m_cache.begin(), m_cache, it);
    while (m_cache.size() > std::size_t(kCacheRanks))
        m_cache.pop_back();
}

std::vector<int> RankLoader::cachedRanks() const
{
    std::vector<int> out;
    for (const Entry &e : m_cache)
        out.push_back(e.index);
    return out;
}

bool RankLoader::open(int index)
{
    if (!needsLoad(index))
        return false;
    if (m_watcher && m_loadingIndex == index)
        return true;
    cancel();
    const quint64 generation = ++m_generation;
    m_loadingIndex = index;
    auto *watcher = new QFutureWatcher<Result>(this);
    m_watcher = watcher;
    connect(
        watcher, &QFutureWatcherBase::progressValueChanged, this, [this, generation](int value) {
            if (generation == m_generation)
                emit progressChanged(value);
        });
    connect(watcher, &QFutureWatcherBase::finished, this,
        [this, watcher, generation, index]() { finish(watcher, generation, index); });
    watcher->setFuture(
        QtConcurrent::run(runRankLoad, m_profile->ranks[std::size_t(index)]->source));
    emit started(index);
    return true;
}

void RankLoader::cancel()
{
    if (!m_watcher)
        return;
    m_watcher->cancel(); // stale from now on; finish() deletes it when the worker returns
    m_watcher = nullptr;
    ++m_generation;
    const int index = std::exchange(m_loadingIndex, -1);
    emit cancelled(index);
}

void RankLoader::finish(QFutureWatcher<Result> *watcher, quint64 generation, int index)
{
    watcher->deleteLater();
    if (generation != m_generation)
        return;
    m_watcher = nullptr;
    m_loadingIndex = -1;
    const Result result
        = watcher->future().resultCount() > 0 ? watcher->resultAt(0) : Result { {}, {}, true };
    if (watcher->isCanceled() || result.cancelled) {
        emit cancelled(index);
        return;
    }
    if (!result.rank) {
        emit failed(index, tr("The rank could not be loaded."));
        return;
    }
    if (result.rank->summaryOnly) {
        // A rank that only a report summarises and whose folder is not reachable from here:
        // there is nothing more to read, and its summary is already open.
        emit failed(index,
            tr("its profile folder %1 is not reachable from here; only its summary in %2 can be "
               "shown.")
                .arg(result.rank->source.dir, result.rank->source.reportSummary));
        return;
    }
    // The summary reported its own files already; keep the rest, evicted or not.
    const RankSource &source = result.rank->source;
    if (!m_issuesOf.contains(index)) {
        m_issuesOf.insert(index); // reopened after eviction: the same issues again
        for (const Issue &issue : result.rank->issues)
            if (issue.file != source.profilerInfo && issue.file != source.stepTraceTime
                && issue.file != source.analysisDatabase)
                m_openIssues.append(issue);
    }
    m_cache.push_front({ index, result.rank });
    touch(index);
    emit rankLoaded(index, result.rank, result.analysed);
}

} // namespace npuscope
