#pragma once

#include "analysis/rules/findings.h"

#include <QObject>
#include <QPointer>

#include <memory>

class QAction;
class QDoubleSpinBox;
class QMenu;
class QToolBar;
template <typename T> class QFutureWatcher;

namespace npuscope {

class ProfileSession;

class TimelineGapOverlay;

// The gap overlay of the timeline: the "Show gaps" toggle and the gap threshold (µs) of the
// toolbar. Shows the gaps of the background analysis, or, when the user picked a threshold,
// re-runs findGaps for the current rank on a worker (QtConcurrent) and hands the result to the
// timeline's gap overlay. A newer request drops what an older worker still delivers.
class GapControls : public QObject {
    Q_OBJECT

public:
    GapControls(TimelineGapOverlay *overlay, QObject *parent = nullptr);
    ~GapControls() override;

    // Adds the toggle to `menu` and the toggle and the threshold box to `bar`.
    void addTo(QMenu *menu, QToolBar *bar);

    // The rank shown and its analysis (null until analysed: no gaps until then).
    void showRank(
        std::shared_ptr<const RankProfile> rank, std::shared_ptr<const RankAnalysis> analysis);
    void clear();
    // Follows the session's rank and its analysis (showRank()).
    void setSession(ProfileSession *session);

    QAction *toggleAction() const { return m_toggle; }
    QDoubleSpinBox *thresholdBox() const;
    bool isRunning() const { return m_watcher != nullptr; }

private:
    void update();
    void apply(const GapAnalysis &gaps);

    TimelineGapOverlay *m_overlay;
    QAction *m_toggle;
    QPointer<QDoubleSpinBox> m_threshold; // the toolbar may delete it first
    std::shared_ptr<const RankProfile> m_rank;
    std::shared_ptr<const RankAnalysis> m_analysis;
    QFutureWatcher<GapAnalysis> *m_watcher = nullptr;
    quint64 m_generation = 0;
};

} // namespace npuscope
