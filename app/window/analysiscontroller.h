#pragma once

#include "analysis/rank/analysedrank.h"

#include <QObject>
#include <QPointer>
#include <QWidget>

#include <memory>
#include <vector>

class QTimer;
template <typename T> class QFutureWatcher;

namespace npuscope {

class ProfileSession;

// Runs the analysis of a loaded profile on a worker (QtConcurrent + QPromise) once the timeline
// has painted, so that the first frame never waits for it: the current rank first, then the
// others, then the findings across ranks. Each rank is an AnalysedRank that the session holds
// (so compare and the call tree reuse what was computed); results arrive on the GUI thread rank
// by rank, are kept for rank switches, and the one of the rank on screen goes to the session
// (ProfileSession::setAnalysis). A generation id drops what a replaced profile still delivers.
class AnalysisController : public QObject {
    Q_OBJECT

public:
    // One result of the worker: a rank's analysis, or (rankIndex -1) the cross-rank findings.
    struct Update {
        int rankIndex = -1;
        std::shared_ptr<const RankAnalysis> analysis;
        std::vector<Finding> profileFindings;
    };

    // Publishes into `session` (a rank shown, a result for it) and follows its rank.
    explicit AnalysisController(ProfileSession *session, QObject *parent = nullptr);
    ~AnalysisController() override;

    // Analyses `profile` (ranks from `firstRank` on) after `paintTarget`'s next paint, or at
    // once when it is null. Replaces (and cancels) the analysis of the previous profile.
    void start(std::shared_ptr<const Profile> profile, int firstRank, QWidget *paintTarget);
    void clear();
    bool isRunning() const { return m_watcher != nullptr || m_waitingForPaint; }
    quint64 generation() const { return m_generation; }

    // A rank opened later in full (RankLoader), its analysis computed: replaces the one of its
    // summary for good (the worker's result for it is dropped) and emits findingsReady(rankIndex).
    void setRankAnalysis(int rankIndex, std::shared_ptr<const AnalysedRank> analysed);

    // Null until the rank has been analysed.
    std::shared_ptr<const RankAnalysis> analysis(int rankIndex) const;
    // The rank's findings and those across ranks; empty until the rank has been analysed.
    std::vector<Finding> findings(int rankIndex) const;
    // The rank's checks (what could not be looked for, and why); empty until analysed.
    std::vector<FindingCheck> checks(int rankIndex) const;

signals:
    // `rankIndex` is -1 when the cross-rank findings arrived (they belong to every rank).
    void findingsReady(int rankIndex);
    void runningChanged(bool running);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void launch();
    void onResult(QFutureWatcher<Update> *watcher, quint64 generation, int index);
    void onFinished(QFutureWatcher<Update> *watcher, quint64 generation);
    void stopWaitingForPaint();
    void publish(); // the analysis of the session's rank, to the session

    ProfileSession *m_session;
    std::shared_ptr<const Profile> m_profile;
    int m_firstRank = 0;
    std::vector<std::shared_ptr<const RankAnalysis>> m_ranks; // by rank index
    std::vector<bool> m_final; // by rank index: set by setRankAnalysis(), kept over the worker's
    std::vector<Finding> m_profileFindings;
    QFutureWatcher<Update> *m_watcher = nullptr; // the running worker (a child); null when idle
    QPointer<QWidget> m_paintTarget; // may go away before it paints
    QTimer *m_paintFallback = nullptr;
    bool m_waitingForPaint = false;
    quint64 m_generation = 0;
};

} // namespace npuscope
