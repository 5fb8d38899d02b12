#include "app/window/loadcontroller.h"

#include <QFutureWatcher>
#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace npuscope {

namespace {

    void runLoad(QPromise<LoadResult> &promise, const QString &path, const LoadOptions &options)
    {
        promise.setProgressRange(0, LoadController::kProgressMax);
        // Called from the loader's worker threads: QPromise's progress and cancel state are guarded
        // by QFutureInterface's own mutex and atomics, and it drops values that go backwards.
        const ProgressFn progress = [&promise](std::int64_t done, std::int64_t total) {
            if (total > 0) {
                const std::int64_t permille = std::clamp<std::int64_t>(
                    done * LoadController::kProgressMax / total, 0, LoadController::kProgressMax);
                promise.setProgressValue(int(permille));
            }
            return !promise.isCanceled();
        };
        LoadOptions withPreview = options;
        withPreview.preview = [&promise](std::shared_ptr<const Profile> profile) {
            LoadResult preview;
            preview.profile = std::move(profile);
            preview.preview = true;
            promise.addResult(std::move(preview));
        };
        LoadResult result = loadProfile(path, withPreview, progress);
        if (promise.isCanceled())
            result.cancelled = true;
        promise.addResult(std::move(result)); // after the preview, if any
    }

} // namespace

LoadController::LoadController(QObject *parent)
    : QObject(parent)
{
}

LoadController::~LoadController()
{
    if (m_watcher)
        m_watcher->cancel();
}

quint64 LoadController::start(const QString &path, const LoadOptions &options)
{
    if (m_watcher)
        m_watcher->cancel(); // stale from now on; finish() deletes it when the worker returns
    const quint64 generation = ++m_generation;
    m_path = path;
    auto *watcher = new QFutureWatcher<LoadResult>(this);
    m_watcher = watcher;
    connect(
        watcher, &QFutureWatcherBase::progressValueChanged, this, [this, generation](int value) {
            if (generation == m_generation)
                emit progressChanged(value);
        });
    connect(watcher, &QFutureWatcherBase::resultReadyAt, this,
        [this, watcher, generation, path](int index) {
            if (generation != m_generation)
                return;
            const LoadResult result = watcher->resultAt(index);
            if (result.preview && result.profile)
                emit previewReady(path, result.profile);
        });
    connect(watcher, &QFutureWatcherBase::finished, this,
        [this, watcher, generation, path]() { finish(watcher, generation, path); });
    watcher->setFuture(QtConcurrent::run(runLoad, path, options));
    emit started(path);
    return generation;
}

void LoadController::cancel()
{
    if (!m_watcher)
        return;
    m_watcher->cancel();
    m_watcher = nullptr;
    ++m_generation; // whatever the cancelled worker still delivers is stale
    emit cancelled(m_path);
}

void LoadController::finish(
    QFutureWatcher<LoadResult> *watcher, quint64 generation, const QString &path)
{
    watcher->deleteLater();
    if (generation != m_generation)
        return;
    m_watcher = nullptr;
    // A cancelled future may hold no result at all; never ask it for one.
    const int results = watcher->future().resultCount();
    if (watcher->isCanceled() || results == 0) {
        emit cancelled(path);
        return;
    }
    const LoadResult result = watcher->resultAt(results - 1);
    if (result.preview) { // the worker stopped after its preview: cancelled
        emit cancelled(path);
        return;
    }
    if (result.cancelled)
        emit cancelled(path);
    else if (!result.profile || result.profile->ranks.empty())
        emit failed(path, result.error.isEmpty() ? tr("No profile data was found.") : result.error);
    else
        emit loaded(path, result);
}

} // namespace npuscope
