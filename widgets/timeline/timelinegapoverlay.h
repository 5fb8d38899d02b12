#pragma once

#include "analysis/timeline/gaps.h"

#include <QObject>

#include <vector>

namespace npuscope {

class Trace;

// The idle intervals a timeline shows: findGaps' stream gaps, hatched on the device stream tracks,
// and its device-wide gaps, in a "Device idle" row. Shown while visible (default on); the view
// lays out and paints again on changed().
class TimelineGapOverlay : public QObject {
    Q_OBJECT

public:
    explicit TimelineGapOverlay(QObject *parent = nullptr);

    // Stream gaps without a track (no trace) are dropped: they have nowhere to go.
    void setGaps(std::vector<Gap> streamGaps, std::vector<Gap> deviceGaps);
    void clear();
    const std::vector<Gap> &streamGaps() const { return m_streamGaps; } // by track, then start
    const std::vector<Gap> &deviceGaps() const { return m_deviceGaps; } // by start

    void setVisible(bool visible);
    bool isVisible() const { return m_visible; }

    // The track whose process gets the "Device idle" row: that of the first stream gap, while
    // visible and on `trace`; invalid otherwise.
    TrackId idleRowTrack(const Trace *trace) const;

signals:
    void changed();

private:
    std::vector<Gap> m_streamGaps;
    std::vector<Gap> m_deviceGaps;
    bool m_visible = true;
};

} // namespace npuscope
