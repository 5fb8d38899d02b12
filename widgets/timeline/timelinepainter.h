#pragma once

#include "analysis/timeline/gaps.h"
#include "model/core/types.h"
#include "widgets/timeline/timeaxis.h"
#include "widgets/timeline/timelinelegend.h"

#include <QCoreApplication>
#include <QFont>
#include <QLineF>
#include <QPalette>
#include <QRectF>
#include <QString>

#include <vector>

class QPainter;

namespace npuscope {

class Trace;
class TimelineColors;
class TimelineDrawList;
class TimelineLayout;
struct TimelineSearchResult;

// Everything one frame shows besides the draw list: geometry and interaction state.
struct TimelineScene {
    const Trace *trace = nullptr;
    const TimelineLayout *layout = nullptr;
    const TimelineColors *colors = nullptr;
    const TimelineDrawList *drawList = nullptr;
    TimeAxis axis;
    QSize size; // of the whole widget area painted
    int headerWidth = 0;
    int rulerHeight = 0;
    int scrollY = 0;
    QPalette palette;
    QFont font;
    bool hasRange = false; // shift+drag range selection
    TimeNs rangeStart = 0;
    TimeNs rangeEnd = 0;
    double cursorX = -1; // time-area x of the mouse, or < 0
    QPointF mouse { -1, -1 }; // draw-list coordinates of the mouse, for the hover outline
    int hoverRow = -1;
    bool showHelp = false;
    const TimelineSearchResult *search = nullptr; // matches to outline, or null
    QString emptyText; // shown when there is no trace
    TimelineLegend legend; // colour legend in the top-right corner; empty: none
};

// Draws a TimelineScene: row backgrounds, slices batched by colour, labels, counters, flows,
// selections, the header column, the ruler and the keyboard help. Keeps its buffers between
// frames so that painting allocates nothing per event.
class TimelinePainter {
    Q_DECLARE_TR_FUNCTIONS(npuscope::TimelinePainter)

public:
    static constexpr double kMinLabelPx = 28; // narrower slices carry no label

    // The muted colour gaps of a cause are hatched with.
    static QColor gapColor(GapCause cause);

    void reset(const Trace *trace);
    void paint(QPainter &p, const TimelineScene &scene);

    // The keyboard reference shown on '?': (keys, action) pairs.
    static std::vector<std::pair<QString, QString>> helpEntries();

private:
    void paintRows(QPainter &p, const TimelineScene &s);
    void paintGrid(QPainter &p, const TimelineScene &s);
    void paintGaps(QPainter &p, const TimelineScene &s);
    void paintSlices(QPainter &p, const TimelineScene &s);
    void paintLabels(QPainter &p, const TimelineScene &s);
    void paintCounters(QPainter &p, const TimelineScene &s);
    void paintRange(QPainter &p, const TimelineScene &s);
    void paintMatches(QPainter &p, const TimelineScene &s);
    void paintSelection(QPainter &p, const TimelineScene &s);
    void paintFlows(QPainter &p, const TimelineScene &s);
    void paintHeader(QPainter &p, const TimelineScene &s);
    void paintHeaderRow(QPainter &p, const TimelineScene &s, std::size_t row, const QRectF &r);
    void paintRuler(QPainter &p, const TimelineScene &s);
    void paintRangeLabel(QPainter &p, const TimelineScene &s);
    void paintHelp(QPainter &p, const TimelineScene &s);
    const QString &name(StringId id);
    QString trackLabel(const TimelineScene &s, std::size_t row) const;

    const Trace *m_trace = nullptr;
    std::vector<QString> m_names; // by StringId, filled on first use
    std::vector<std::vector<QRectF>> m_byColor;
    std::vector<QPointF> m_points;
    std::vector<QRectF> m_matchRects;
    std::vector<QLineF> m_lines;
};

} // namespace npuscope
