#pragma once

#include "analysis/rank/analysedrank.h"

#include <QObject>
#include <QSet>

#include <list>
#include <memory>

template <typename T> class QFutureWatcher;

namespace npuscope {

// Opens the ranks of a profile loaded with LoadOptions::lazyRanks: a summary-only rank's trace
// and tables load on a worker (QtConcurrent + QPromise) when the user opens it, with progress and
// cancel, and the rank's analysis is computed there too. Opened ranks stay in a small LRU cache:
// kCacheRanks full ranks (a trace of a real rank is 100 MiB to a few GiB in memory, so a count of
// ranks is the budget that matters), the rank shown last never evicted while it is shown. A
// cancelled or failed load leaves every cached rank as it was.
class RankLoader : public QObject {
    Q_OBJECT

public:
    static constexpr int kCacheRanks = 3;
    static constexpr int kProgressMax = 1000;

    explicit RankLoader(QObject *parent = nullptr);
    ~RankLoader() override;

    // Cancels any load and forgets the cache: a new profile.
    void setProfile(std::shared_ptr<const Profile> profile);
    const std::shared_ptr<const Profile> &profile() const { return m_profile; }

    // The rank as far as loaded: the full rank once opened (and still cached), else the
    // profile's own entry (summary-only for a lazy profile). Null when out of range.
    std::shared_ptr<const RankProfile> rank(int index) const;
    // True when `index` is summary-only and not cached: open() must load it first.
    bool needsLoad(int index) const;
    // Marks `index` as the most recently used (the rank on screen); evicts beyond kCacheRanks.
    void touch(int index);
    // Starts loading `index` (cancelling another load in progress); does nothing when it is
    // already loading or needs no load. Returns true when a load runs for it.
    bool open(int index);
    void cancel();
    bool isLoading() const { return m_watcher != nullptr; }
    int loadingIndex() const { return m_loadingIndex; }
    // Indices of the ranks cached, most recently used first.
    std::vector<int> cachedRanks() const;
    // Issues that opening ranks found (beyond those of the summaries), for the profile's life.
    const IssueList &openIssues() const { return m_openIssues; }

signals:
    void started(int index);
    void progressChanged(int permille);
    // The rank, analysed (its analysis() computed on the worker); it is cached and most recently
    // used.
    void rankLoaded(int index, std::shared_ptr<const npuscope::RankProfile> rank,
        std::shared_ptr<const npuscope::AnalysedRank> analysed);
    void cancelled(int index);
    void failed(int index, const QString &message);

public:
    struct Result {
        std::shared_ptr<const RankProfile> rank;
        std::shared_ptr<const AnalysedRank> analysed;
        bool cancelled = false;
    };

private:
    void finish(QFutureWatcher<Result> *watcher, quint64 generation, int index);

    struct Entry {
        int index = -1;
        std::shared_ptr<const RankProfile> rank;
    };
    std::shared_ptr<const Profile> m_profile;
    std::list<Entry> m_cache; // most recently used first
    QFutureWatcher<Result> *m_watcher = nullptr; // the running load (a child); null when idle
    int m_loadingIndex = -1;
    IssueList m_openIssues;
    QSet<int> m_issuesOf; // ranks whose issues are in m_openIssues
    quint64 m_generation = 0;
};

} // namespace npuscope
