#pragma once

#include "analysis/cluster/rankalignment.h"

#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QLabel;

namespace npuscope {

class TimelineView;

// Several ranks on one timeline (mergeRankTraces()), each shifted so that the start of the
// chosen step lines up with the first rank's (alignRanksByStep()). A step box realigns; a line
// above the timeline says by how much each rank was moved, so that nobody reads the shifted
// times as the ranks' own clocks. Keeps the ranks' traces (only those shown) to realign.
class RankTimelineWindow : public QWidget {
    Q_OBJECT

public:
    struct RankTrace {
        QString label; // "Rank 3"
        std::shared_ptr<const Trace> trace;
    };

    explicit RankTimelineWindow(std::vector<RankTrace> ranks, QWidget *parent = nullptr);
    ~RankTimelineWindow() override;

    // Realigns on step `stepId` ("50"); empty: on the ranks' first events.
    void alignOnStep(const QString &stepId);

    TimelineView *timeline() const { return m_timeline; }
    QComboBox *stepCombo() const { return m_stepCombo; }
    QLabel *shiftLabel() const { return m_shiftLabel; }
    const std::vector<RankAlignment> &alignment() const { return m_alignment; }
    const std::shared_ptr<const Trace> &mergedTrace() const { return m_merged; }

private:
    QString shiftText(const QString &stepId) const;

    std::vector<RankTrace> m_ranks;
    std::vector<RankAlignment> m_alignment;
    std::shared_ptr<const Trace> m_merged;
    TimelineView *m_timeline = nullptr;
    QComboBox *m_stepCombo = nullptr;
    QLabel *m_shiftLabel = nullptr;
};

} // namespace npuscope
