#include "widgets/timeline/timelinelegend.h"

#include "widgets/timeline/timelinecolors.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPalette>

#include <algorithm>

namespace npuscope {

QRectF paintTimelineLegend(QPainter &p, const QRectF &area, const TimelineLegend &legend,
    const TimelineColors &colors, const QPalette &palette, const QFont &font)
{
    if (legend.empty())
        return {};
    constexpr double kPad = 6, kSwatch = 10, kGap = 6, kMargin = 8;
    const QFontMetricsF fm(font);
    double textWidth = 0;
    for (const auto &[label, index] : legend)
        textWidth = std::max(textWidth, fm.horizontalAdvance(label));
    const double line = std::max(fm.height(), kSwatch + 2);
    const QRectF box(area.right() - kMargin - (2 * kPad + kSwatch + kGap + textWidth),
        area.top() + kMargin, 2 * kPad + kSwatch + kGap + textWidth,
        2 * kPad + line * double(legend.size()));
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    QColor background = palette.color(QPalette::ToolTipBase);
    background.setAlpha(235);
    p.setPen(palette.color(QPalette::Mid));
    p.setBrush(background);
    p.drawRoundedRect(box, 4, 4);
    p.setFont(font);
    double y = box.top() + kPad;
    for (const auto &[label, index] : legend) {
        p.setPen(Qt::NoPen);
        p.setBrush(colors.color(index));
        p.drawRect(QRectF(box.left() + kPad, y + (line - kSwatch) / 2, kSwatch, kSwatch));
        p.setPen(palette.color(QPalette::ToolTipText));
        p.drawText(QRectF(box.left() + kPad + kSwatch + kGap, y, textWidth + 1, line),
            Qt::AlignVCenter | Qt::AlignLeft, label);
        y += line;
    }
    p.restore();
    return box;
}

} // namespace npuscope
