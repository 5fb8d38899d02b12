#pragma once

#include "analysis/timeline/gaps.h"
#include "model/annotations/annotations.h"
#include "model/core/types.h"
#include "widgets/timeline/timeaxis.h"
#include "widgets/timeline/timelinecolors.h"
#include "widgets/timeline/timelinedepthindex.h"
#include "widgets/timeline/timelinedrawlist.h"
#include "widgets/timeline/timelinelayout.h"
#include "widgets/timeline/timelinepainter.h"

#include <QColor>
#include <QCoreApplication>
#include <QFont>
#include <QImage>
#include <QPalette>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

class QPainter;

namespace npuscope {

class Trace;

// What to export: a time range of a trace, the tracks whose names match a pattern, the
// annotations to draw on it and the caption above it.
struct TimelineExportOptions {
    std::shared_ptr<const Trace> trace;
    TimeNs start = 0; // absolute; start >= end: the whole trace
    TimeNs end = 0;
    std::optional<TimeNs> origin; // ruler labels are relative to it; default: the trace start
    // Regular expression (case-insensitive) matched against "process / track" names; empty: all.
    QString trackPattern;
    // The view's layout (collapsed groups, expanded tracks) to export what the user sees; null:
    // every group expanded, in `arrangement` (the user's saved one; empty: the default layout).
    const TimelineLayout *layout = nullptr;
    TimelineArrangement arrangement;
    const std::vector<Gap> *streamGaps = nullptr; // as TimelineView keeps them; null: none
    const std::vector<Gap> *deviceGaps = nullptr;
    TimelineColorMode colorMode = TimelineColorMode::Name;
    int width = 1600; // logical pixels
    double scale = 1.0; // device pixels per logical pixel of the PNG (2: for high-DPI screens)
    int maxTimelineHeight = 6000; // tracks below are left out (a with_stack trace is huge)
    std::vector<Annotation> annotations; // of this trace's rank
    QStringList caption; // first line is the title; may be empty
    int legendEntries = 10;
    // Default: a light palette whatever the desktop theme, as reports are read on white.
    std::optional<QPalette> palette;
    QFont font;
};

// Renders the timeline with the same painter as TimelineView, but off screen: only the tracks
// asked for (stacked), the annotations, a caption above and a legend of the colours in view
// below. Needs a QGuiApplication (fonts) but no display: headless commands use "offscreen".
class TimelineExporter {
    Q_DECLARE_TR_FUNCTIONS(npuscope::TimelineExporter)

public:
    static constexpr int kHeaderWidth = 220; // the same as TimelineView's
    static constexpr int kRulerHeight = 26;

    struct LegendEntry {
        QString name;
        QColor color;
        double pixels = 0; // width the name covers in the image
    };

    explicit TimelineExporter(TimelineExportOptions options);
    ~TimelineExporter();

    // False when the track pattern is not a valid regular expression (see error()).
    bool isValid() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }

    QSize size() const { return m_size; } // logical pixels
    TimeNs start() const { return m_axis.start(); }
    TimeNs end() const { return m_axis.end(); }
    int shownTrackCount() const { return m_shownTracks; }
    const std::vector<LegendEntry> &legend() const { return m_legend; }
    const TimelineLayout &layout() const { return m_layout; }
    // Where a layout row is drawn: y in the timeline area (below the ruler), or -1 when not.
    int rowY(int row) const
    {
        return row >= 0 && row < static_cast<int>(m_rowOutY.size())
            ? m_rowOutY[static_cast<std::size_t>(row)]
            : -1;
    }

    void paint(QPainter &p);
    QImage toImage(); // size() * scale pixels, devicePixelRatio = scale
    QByteArray toSvg();
    // Writes PNG or SVG, chosen by the file suffix, with QSaveFile.
    bool save(const QString &path, QString *error);

private:
    struct Run { // contiguous layout rows drawn together
        int contentY = 0; // layout y of the first row
        int height = 0;
        int outY = 0; // y in the timeline area of the image
    };

    void selectRows();
    void computeLegend();
    void paintCaption(QPainter &p) const;
    void paintTimeline(QPainter &p);
    void paintLegend(QPainter &p) const;
    TimelineDrawList::Frame frame(const Run &run);
    int legendHeight() const;
    bool trackSpan(const QString &key, double *top, double *bottom) const;

    TimelineExportOptions m_options;
    QString m_error;
    TimelineLayout m_layout;
    TimelineColors m_colors;
    TimelineDepthIndex m_depths;
    TimelinePainter m_painter;
    TimeAxis m_axis;
    std::vector<Run> m_runs;
    std::vector<int> m_rowOutY; // per layout row: y in the timeline area, or -1 when not shown
    int m_shownTracks = 0;
    int m_captionHeight = 0;
    int m_timelineHeight = 0;
    std::vector<LegendEntry> m_legend;
    QSize m_size;
};

} // namespace npuscope
