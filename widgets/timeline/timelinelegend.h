#pragma once

#include <QString>

#include <utility>
#include <vector>

class QFont;
class QPainter;
class QPalette;
class QRectF;

namespace npuscope {

class TimelineColors;

// (label, colour index into TimelineColors) entries of a colour legend.
using TimelineLegend = std::vector<std::pair<QString, int>>;

// Paints `legend` as a framed box of swatches and labels in the top-right corner of `area`
// (widget coordinates); returns the box painted (empty when the legend is empty).
QRectF paintTimelineLegend(QPainter &p, const QRectF &area, const TimelineLegend &legend,
    const TimelineColors &colors, const QPalette &palette, const QFont &font);

} // namespace npuscope
