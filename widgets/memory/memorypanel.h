#pragma once

#include "model/core/trace.h"
#include "model/memory/memoryprofile.h"
#include "model/profile/discovery.h"
#include "widgets/timeline/timelineview.h" // EventRef as a signal argument (its metatype)

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace npuscope {

class ProfileSession;

class MemoryChart;

// The Memory view: the curves of the rank's memory files (MemoryChart) and, for the instant
// picked on them (the allocator's peak at first), every allocation of operator_memory.csv alive
// then (allocated <= t < released), grouped by operator or by the Python frame that ran it
// (with_stack), sortable by size. Selecting an allocation asks for its operator and lifetime on
// the timeline (allocationSelected).
class MemoryPanel : public QWidget {
    Q_OBJECT

public:
    explicit MemoryPanel(QWidget *parent = nullptr);

    // `trace` (may be null) finds the operator and Python frame of each allocation; `source`
    // (may be null: a text export) names the files or database tables the memory comes from.
    void setMemory(std::shared_ptr<const MemoryProfile> memory, std::shared_ptr<const Trace> trace,
        const RankSource *source = nullptr);
    // Shows the memory of the session's rank once analysed (its RankAnalysis::memory).
    void setSession(ProfileSession *session);
    void showInstant(TimeNs t);
    TimeNs instant() const;
    bool groupedByFrame() const;
    void setGroupedByFrame(bool byFrame);
    QTreeWidget *tree() const { return m_tree; }

signals:
    // start..end: the allocation's lifetime (end: the profile's end when never released);
    // op: its operator's slice on the timeline, invalid when the trace has none.
    void allocationSelected(npuscope::TimeNs start, npuscope::TimeNs end, npuscope::EventRef op);

private:
    void fill();
    void onItemSelected(QTreeWidgetItem *item);
    QString groupOf(qint32 allocation, EventRef *op) const;

    std::shared_ptr<const MemoryProfile> m_memory;
    std::shared_ptr<const Trace> m_trace;
    QString m_allocationsFrom; // what the export calls its allocations (operator_memory.csv)
    MemoryChart *m_chart = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_instantLabel = nullptr;
    QComboBox *m_groupBy = nullptr;
    QTreeWidget *m_tree = nullptr;
};

} // namespace npuscope
