#pragma once

// Ink of a track row in an exported timeline image, for the occupancy tests (widgets and app).

#include "widgets/timeline/timelineexporter.h"

#include <QImage>

namespace npuscope::test {

// Pixels of the band [top, top + height) of the time area that differ from the background,
// taken from the time area's left margin at `top` (the axis leaves room before the trace start).
inline double inkInBand(const QImage &image, int top, int height)
{
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    const QRgb background = rgb.pixel(TimelineExporter::kHeaderWidth + 1, top);
    double pixels = 0;
    for (int y = top; y < top + height; ++y)
        for (int x = TimelineExporter::kHeaderWidth; x < rgb.width(); ++x)
            if (rgb.pixel(x, y) != background)
                ++pixels;
    return pixels;
}

} // namespace npuscope::test
