#pragma once

#include "model/profile/profileloader.h"

#include <QObject>

template <typename T> class QFutureWatcher;

namespace npuscope {

// Runs loadProfile() on a worker (QtConcurrent + QPromise) and reports back on the GUI thread.
// The future carries a preview result first (when the trace is big enough to have one), then the
// final result. Progress is in permille of the bytes to read. Starting a new load cancels the
// running one and makes its result stale: a generation id drops whatever it still delivers.
class LoadController : public QObject {
    Q_OBJECT

public:
    static constexpr int kProgressMax = 1000;

    explicit LoadController(QObject *parent = nullptr);
    ~LoadController() override;

    // Returns the generation id of the new load.
    quint64 start(const QString &path, const LoadOptions &options = {});
    void cancel();
    bool isLoading() const { return m_watcher != nullptr; }
    QString currentPath() const { return m_path; }
    quint64 generation() const { return m_generation; }

signals:
    void started(const QString &path);
    void progressChanged(int permille);
    // The first few MiB of the first rank's trace, while the full load goes on (never after
    // loaded(), never for a stale load).
    void previewReady(const QString &path, std::shared_ptr<const npuscope::Profile> profile);
    void loaded(const QString &path, const npuscope::LoadResult &result);
    void failed(const QString &path, const QString &message);
    void cancelled(const QString &path);

private:
    void finish(QFutureWatcher<LoadResult> *watcher, quint64 generation, const QString &path);

    QFutureWatcher<LoadResult> *m_watcher = nullptr; // the current load (a child); null when idle
    QString m_path;
    quint64 m_generation = 0;
};

} // namespace npuscope

Q_DECLARE_METATYPE(npuscope::LoadResult)
