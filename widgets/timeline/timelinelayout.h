#pragma once

#include "model/annotations/timelinearrangement.h"
#include "model/core/types.h"

#include <QCoreApplication>
#include <QSet>
#include <QString>

#include <cstdint>
#include <vector>

namespace npuscope {

class Trace;

// DeviceIdle: the device-wide idle time, a summary row right under the header of the group that
// holds the device streams.
enum class TimelineRowKind : std::uint8_t { Process, Track, Counter, DeviceIdle };

// One row of the timeline: a process header, a slice track or a counter chart.
struct TimelineRow {
    TimelineRowKind kind = TimelineRowKind::Track;
    int group = -1; // index into TimelineLayout::groups()
    std::uint32_t index = 0; // track index (Track) or counter index (Counter)
    int y = 0; // top in content coordinates (0 = just below the ruler)
    int height = 0;
    int depth = 0; // Track: deepest nesting level shown (levels below are hidden)
    int hiddenLevels = 0; // Track: levels below `depth` hidden by the depth cap
    bool deep = false; // Track: has more levels than the cap (expanded or not)
};

// Tracks and counters of one process, shown under a collapsible header.
struct TimelineGroup {
    QString key; // stable identity for the collapsed state
    QString name;
    QString itemKey; // in a TimelineArrangement: TimelineArrangement::groupKey(name), or pinned
    std::int64_t sort = 0;
    std::vector<std::uint32_t> tracks;
    std::vector<std::uint32_t> counters;
    bool collapsed = false;
    int headerRow = -1;
    bool pinned = false; // the group of pinned tracks (first, from several processes)
};

// Vertical layout of the timeline: groups device first (device streams, communication, overlap
// analysis, then CANN, then host threads, then counter-only processes), each kind in
// process-sort order (Trace::tracks is already sorted); rows with their y and height. Pure
// geometry, rebuilt when the trace or the collapsed set changes. The timeline, the compare
// window and export all lay out through it, so they agree on the order.
class TimelineLayout {
    Q_DECLARE_TR_FUNCTIONS(npuscope::TimelineLayout)

public:
    static constexpr int kSliceHeight = 18; // one nesting level; fits an 11-12 px label
    static constexpr int kProcessHeight = 24;
    static constexpr int kCounterHeight = 40;
    static constexpr int kDeviceIdleHeight = 20;
    static constexpr int kTrackPadding = 3; // above and below the slices of a track
    // Nesting levels a track shows until expanded ("+N levels" in its header). Host threads
    // recorded with_stack reach 34 levels (ascend-2025-01 level1: 34 x 18 px = 612 px, the first
    // screen at 1080p) and say little at the outer levels; that sample's "Stream 4" stacks its
    // overlapping HCCL tasks 15 levels deep (276 px). 4 levels (78 px a track) keep the device
    // streams, HCCL, the overlap analysis, CANN and every host thread of that sample within
    // 1080 px (the device streams first).
    static constexpr int kDefaultDepthCap = 4;
    static constexpr char kPinnedKey[] = "pinned";

    // `expanded`: tracks that show every level instead of kDefaultDepthCap. `deviceIdleTrack`:
    // a device stream track; its group gets a DeviceIdle row under its header (when valid).
    // `pinned`: tracks shown first, in this order, in a group of their own (key kPinnedKey).
    // `arrangement`: the user's order, hidden items, collapsed groups and expanded tracks, on
    // top of the default order (hidden tracks have no row and no group).
    void build(const Trace &trace, const QSet<QString> &collapsed,
        const QSet<std::uint32_t> &expanded = {}, TrackId deviceIdleTrack = {},
        const std::vector<std::uint32_t> &pinned = {}, const TimelineArrangement &arrangement = {});
    void clear();

    const std::vector<TimelineRow> &rows() const { return m_rows; }
    const std::vector<TimelineGroup> &groups() const { return m_groups; }
    int totalHeight() const { return m_totalHeight; }

    // Row at content y, or -1.
    int rowAt(int y) const;
    // Row showing a track or counter, or -1 when its group is collapsed.
    int trackRow(TrackId track) const;
    int counterRow(std::uint32_t counter) const;
    int deviceIdleRow() const { return m_deviceIdleRow; } // -1 when there is none
    int groupOfTrack(TrackId track) const;
    // The arrangement key of what a row shows (group, track or counter); empty for other rows.
    QString itemKey(const Trace &trace, int row) const;
    // Every group, track and counter key in the order shown (the pinned group left out).
    QStringList itemOrder(const Trace &trace) const;

    // Where an event of `track` at `depth` is drawn (content y): in its track row, or in the
    // collapsed group's header. Returns false when the track is not in the layout or the depth
    // is hidden by the depth cap.
    bool sliceY(TrackId track, int depth, double *top, double *height) const;

    static int trackHeight(int maxDepth);
    static int sliceTop(const TimelineRow &row, int depth);

private:
    void collectGroups(const Trace &trace, const QSet<QString> &collapsed,
        const std::vector<bool> &isPinned, const TimelineArrangement &arrangement);
    void orderGroups(const Trace &trace);
    void arrange(const Trace &trace, const TimelineArrangement &arrangement);
    void placeRows(const Trace &trace, const QSet<std::uint32_t> &expanded, TrackId deviceIdleTrack,
        const TimelineArrangement &arrangement);

    std::vector<TimelineRow> m_rows;
    std::vector<TimelineGroup> m_groups;
    std::vector<int> m_rowOfTrack;
    std::vector<int> m_groupOfTrack;
    std::vector<int> m_rowOfCounter;
    int m_deviceIdleRow = -1;
    int m_totalHeight = 0;
};

} // namespace npuscope
