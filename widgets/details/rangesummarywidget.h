#pragma once

#include "analysis/device/deviceanalysis.h"
#include "model/core/types.h"
#include "widgets/details/rangesummary.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace npuscope {

class ProfileSession;

class Trace;
class RangeSummaryModel;

// The range selection summary for a dock: per event name, count / total / mean of the slices in
// the selected range (see RangeSummary). setRange matches TimelineView::rangeSelected. Large
// ranges are summed on a worker; a generation id drops results of older ranges.
class RangeSummaryWidget : public QWidget {
    Q_OBJECT

public:
    explicit RangeSummaryWidget(QWidget *parent = nullptr);
    ~RangeSummaryWidget() override;

    void setTrace(std::shared_ptr<const Trace> trace);
    // Tracks to summarise (every track when empty); applies from the next setRange.
    void setTracks(std::vector<TrackId> tracks);
    void setRange(TimeNs start, TimeNs end);
    void clear();
    // The device time of the whole trace (HTA's temporal breakdown), shown above the range's
    // table whatever the range; nullopt until the rank is analysed.
    void setDeviceAnalysis(const std::optional<DeviceAnalysis> &device);
    // Follows the session: the trace of its rank (not a preview), the range selected on its
    // timeline and, once analysed, the rank's device analysis.
    void setSession(ProfileSession *session);
    QString deviceText() const;

    RangeSummaryModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QString headingText() const;
    bool isBusy() const { return m_busy; }

signals:
    void updated(); // the table shows the last requested range

private:
    void apply(std::uint64_t generation, TimeNs start, TimeNs end, std::size_t trackCount,
        std::vector<RangeSummaryRow> rows);

    std::shared_ptr<const Trace> m_trace;
    std::vector<TrackId> m_tracks;
    RangeSummaryModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QTableView *m_view = nullptr;
    QLabel *m_heading = nullptr;
    QLabel *m_device = nullptr;
    std::uint64_t m_generation = 0;
    bool m_busy = false;
};

} // namespace npuscope
