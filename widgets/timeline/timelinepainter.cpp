#include "widgets/timeline/timelinepainter.h"

#include "model/core/durationtext.h"
#include "model/core/trace.h"
#include "widgets/timeline/timelinecolors.h"
#include "widgets/timeline/timelinedrawlist.h"
#include "widgets/timeline/timelinelayout.h"
#include "widgets/timeline/timelineoccupancy.h"
#include "widgets/timeline/timelinesearch.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace npuscope {

namespace {

    // Ruler ticks at least this far apart; widened further when labels need more room.
    constexpr double kMinTickPx = 90;
    constexpr double kLabelPadding = 4;
    // A folded block wide enough for "12 345 events".
    constexpr double kMinCountLabelPx = 64;
    constexpr int kCounterFillAlpha = 150;
    constexpr int kMinLabelChars = 5; // "abc…" and shorter are left out

    QColor mix(const QColor &a, const QColor &b, double t)
    {
        return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * t),
            static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * t),
            static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * t));
    }

    QColor withAlpha(QColor c, int alpha)
    {
        c.setAlpha(alpha);
        return c;
    }

    QFont smallerFont(const QFont &base, double scale)
    {
        QFont f = base;
        if (f.pointSizeF() > 0)
            f.setPointSizeF(f.pointSizeF() * scale);
        else
            f.setPixelSize(std::max(8, static_cast<int>(f.pixelSize() * scale)));
        return f;
    }

} // namespace

void TimelinePainter::reset(const Trace *trace)
{
    m_trace = trace;
    m_names.clear();
    if (trace)
        m_names.resize(trace->strings.size());
}

const QString &TimelinePainter::name(StringId id)
{
    static const QString kEmpty;
    if (!m_trace || id.value >= m_names.size())
        return kEmpty;
    QString &cached = m_names[id.value];
    if (cached.isNull())
        cached = m_trace->strings.string(id);
    if (cached.isNull())
        cached = QLatin1String("");
    return cached;
}

void TimelinePainter::paint(QPainter &p, const TimelineScene &s)
{
    p.fillRect(QRect(QPoint(0, 0), s.size), s.palette.color(QPalette::Base));
    if (!s.trace || !s.layout || !s.drawList) {
        p.setPen(s.palette.color(QPalette::PlaceholderText));
        p.drawText(QRect(QPoint(0, 0), s.size), Qt::AlignCenter, s.emptyText);
        return;
    }
    const QRectF area(s.headerWidth, s.rulerHeight, s.size.width() - s.headerWidth,
        s.size.height() - s.rulerHeight);
    p.save();
    p.setClipRect(area);
    p.translate(area.topLeft());
    paintRows(p, s);
    paintGrid(p, s);
    paintGaps(p, s);
    paintSlices(p, s);
    paintLabels(p, s);
    paintCounters(p, s);
    paintRange(p, s);
    paintMatches(p, s);
    paintSelection(p, s);
    paintFlows(p, s);
    p.restore();
    paintHeader(p, s);
    paintRuler(p, s);
    paintTimelineLegend(p, area, s.legend, *s.colors, s.palette, s.font);
    if (s.showHelp)
        paintHelp(p, s);
}

void TimelinePainter::paintRows(QPainter &p, const TimelineScene &s)
{
    const QColor base = s.palette.color(QPalette::Base);
    const QColor text = s.palette.color(QPalette::Text);
    const QColor processBg = mix(base, text, 0.035);
    const QColor separator = mix(base, text, 0.12);
    const double width = s.axis.width();
    const auto &rows = s.layout->rows();
    const int first = std::max(0, s.layout->rowAt(s.scrollY));
    p.setPen(separator);
    for (std::size_t r = static_cast<std::size_t>(first); r < rows.size(); ++r) {
        const TimelineRow &row = rows[r];
        const double y = row.y - s.scrollY;
        if (y >= s.size.height())
            break;
        if (row.kind == TimelineRowKind::Process)
            p.fillRect(QRectF(0, y, width, row.height), processBg);
        else if (static_cast<int>(r) == s.hoverRow)
            p.fillRect(QRectF(0, y, width, row.height), mix(base, text, 0.035));
        p.drawLine(QPointF(0, y + row.height - 0.5), QPointF(width, y + row.height - 0.5));
    }
}

void TimelinePainter::paintGrid(QPainter &p, const TimelineScene &s)
{
    const TimeNs step = s.axis.tickStep(kMinTickPx);
    const double height = s.size.height() - s.rulerHeight;
    p.setPen(withAlpha(s.palette.color(QPalette::Text), 22));
    for (TimeNs t = s.axis.firstTick(step); t <= s.axis.end(); t += step) {
        const double x = std::round(s.axis.toPixel(t)) + 0.5;
        p.drawLine(QPointF(x, 0), QPointF(x, height));
    }
}

QColor TimelinePainter::gapColor(GapCause cause)
{
    switch (cause) {
    case GapCause::Host:
        return QColor(196, 120, 60); // muted orange: the host was late
    case GapCause::HostSync:
        return QColor(190, 80, 80); // muted red: the host was blocked in a sync
    case GapCause::Communication:
        return QColor(90, 130, 190); // muted blue: communication
    case GapCause::Unknown:
        break;
    }
    return QColor(128, 128, 128);
}

// Gaps: a light fill and a diagonal hatch in the cause's colour, the duration when it fits.
void TimelinePainter::paintGaps(QPainter &p, const TimelineScene &s)
{
    const auto &gaps = s.drawList->gaps();
    if (gaps.empty())
        return;
    p.save();
    p.setPen(Qt::NoPen);
    const QFontMetricsF fm(s.font);
    for (const TimelineDrawList::GapItem &g : gaps) {
        const QColor c = gapColor(g.cause);
        const QRectF r(g.x, g.y, g.w, g.h);
        p.fillRect(r, withAlpha(c, 28));
        p.setBrush(QBrush(withAlpha(c, 150), Qt::BDiagPattern));
        p.drawRect(r);
    }
    p.setBrush(Qt::NoBrush);
    p.setPen(s.palette.color(QPalette::Text));
    for (const TimelineDrawList::GapItem &g : gaps) {
        if (g.w < kMinLabelPx)
            continue;
        const QString text = formatDuration(g.idleNs);
        if (fm.horizontalAdvance(text) + 6 > g.w)
            continue;
        const QRectF r(g.x, g.y, g.w, g.h);
        const QRectF box = fm.boundingRect(r, Qt::AlignCenter, text).adjusted(-2, 0, 2, 0);
        p.fillRect(box, withAlpha(s.palette.color(QPalette::Base), 210));
        p.drawText(r, Qt::AlignCenter, text);
    }
    p.restore();
}

void TimelinePainter::paintSlices(QPainter &p, const TimelineScene &s)
{
    m_byColor.resize(TimelineColors::kColorCount);
    for (auto &rects : m_byColor)
        rects.clear();
    for (const TimelineDrawList::Slice &slice : s.drawList->slices()) {
        // A one-pixel seam between neighbours and between depths keeps back-to-back kernels
        // apart; slivers keep their full pixel. Folded blocks show their occupancy.
        const double w = slice.w >= 4 ? slice.w - 1 : slice.w;
        if (slice.coverCount == 0)
            m_byColor[slice.color].emplace_back(slice.x, slice.y, w, slice.h - 1);
        else
            TimelineOccupancy::appendRects(*s.drawList, slice, &m_byColor[slice.color]);
    }
    for (std::size_t c = 0; c < m_byColor.size(); ++c) {
        const auto &rects = m_byColor[c];
        if (rects.empty())
            continue;
        p.setPen(Qt::NoPen);
        p.setBrush(s.colors->color(static_cast<int>(c)));
        p.drawRects(rects.data(), static_cast<int>(rects.size()));
    }
    p.setBrush(Qt::NoBrush);
}

void TimelinePainter::paintLabels(QPainter &p, const TimelineScene &s)
{
    const QFont font = smallerFont(s.font, 0.9);
    const QFontMetricsF fm(font);
    p.setFont(font);
    for (const TimelineDrawList::Slice &slice : s.drawList->slices()) {
        if (slice.w < kMinLabelPx || slice.summary)
            continue;
        // Labels stay inside the visible part of a slice, as Perfetto's do.
        const double x0 = std::max<double>(slice.x, 0);
        const double x1 = std::min<double>(slice.x + slice.w - 1, s.axis.width());
        const double room = x1 - x0 - 2 * kLabelPadding;
        if (room < kMinLabelPx - 2 * kLabelPadding)
            continue;
        QString text;
        if (slice.count == 1) {
            const QString &full = name(s.trace->event(slice.event).name);
            text = fm.elidedText(full, Qt::ElideRight, room);
            // "a…" says nothing; a label needs a few characters to be worth its ink.
            if (text.size() < kMinLabelChars && text != full)
                continue;
        } else if (room >= kMinCountLabelPx && slice.coverCount == 0) {
            text = fm.elidedText(
                tr("%Ln events", "", static_cast<int>(slice.count)), Qt::ElideRight, room);
        }
        if (text.isEmpty())
            continue;
        p.setPen(s.colors->textColor(slice.color));
        p.drawText(QRectF(x0 + kLabelPadding, slice.y, room, slice.h - 1),
            Qt::AlignVCenter | Qt::AlignLeft, text);
    }
}

void TimelinePainter::paintCounters(QPainter &p, const TimelineScene &s)
{
    const auto &columns = s.drawList->counterColumns();
    std::vector<QLineF> &ranges = m_lines;
    for (const TimelineDrawList::CounterPlot &plot : s.drawList->counterPlots()) {
        const CounterSeries &series = s.trace->counters[plot.counter];
        const QColor color = s.colors->color(TimelineColors::paletteIndex(
            series.name.isEmpty() ? series.processName.toStdString() : series.name.toStdString()));
        m_points.clear();
        ranges.clear();
        const auto &c0 = columns[plot.first];
        m_points.emplace_back(c0.x, plot.baseline);
        for (std::size_t i = plot.first; i < plot.first + plot.count; ++i) {
            const auto &c = columns[i];
            const double next = i + 1 < plot.first + plot.count ? columns[i + 1].x : plot.endX;
            m_points.emplace_back(c.x, c.yMax);
            m_points.emplace_back(std::min<double>(c.x + 1, std::max<double>(next, c.x)), c.yMax);
            m_points.emplace_back(std::min<double>(c.x + 1, std::max<double>(next, c.x)), c.yLast);
            m_points.emplace_back(std::max<double>(next, c.x), c.yLast);
            if (c.yMin > c.yMax + 1)
                ranges.emplace_back(c.x + 0.5, c.yMin, c.x + 0.5, c.yMax);
        }
        m_points.emplace_back(m_points.back().x(), plot.baseline);
        p.setPen(Qt::NoPen);
        p.setBrush(withAlpha(color, kCounterFillAlpha));
        p.drawPolygon(m_points.data(), static_cast<int>(m_points.size()));
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(color.darker(170), 1));
        p.drawPolyline(m_points.data() + 1, static_cast<int>(m_points.size()) - 2);
        p.drawLines(ranges.data(), static_cast<int>(ranges.size()));
    }
}

void TimelinePainter::paintRange(QPainter &p, const TimelineScene &s)
{
    const double height = s.size.height() - s.rulerHeight;
    if (s.cursorX >= 0) {
        p.setPen(withAlpha(s.palette.color(QPalette::Text), 70));
        p.drawLine(QPointF(s.cursorX, 0), QPointF(s.cursorX, height));
    }
    if (!s.hasRange)
        return;
    const double x0 = std::max(s.axis.toPixel(s.rangeStart), -2.0);
    const double x1 = std::min(s.axis.toPixel(s.rangeEnd), s.axis.width() + 2.0);
    const QColor hl = s.palette.color(QPalette::Highlight);
    // Shade outside the range so the selected part stays readable.
    const QColor shade = withAlpha(s.palette.color(QPalette::Text), 28);
    p.fillRect(QRectF(-2, 0, std::max(0.0, x0 + 2), height), shade);
    p.fillRect(QRectF(x1, 0, std::max(0.0, s.axis.width() + 2 - x1), height), shade);
    p.setPen(QPen(hl, 1));
    p.drawLine(QPointF(x0, 0), QPointF(x0, height));
    p.drawLine(QPointF(x1, 0), QPointF(x1, height));
}

void TimelinePainter::paintMatches(QPainter &p, const TimelineScene &s)
{
    if (!s.search || !s.trace)
        return;
    // Folded blocks are outlined when their first event matches: checking every folded event
    // would cost O(events) per frame, and the block's tooltip names what it holds.
    m_matchRects.clear();
    for (const TimelineDrawList::Slice &slice : s.drawList->slices())
        if (s.search->isMatchingName(s.trace->event(slice.event).name))
            m_matchRects.emplace_back(slice.x, slice.y, std::max(slice.w, 2.0f), slice.h - 1);
    if (m_matchRects.empty())
        return;
    const QColor highlight = s.palette.color(QPalette::Highlight);
    p.setBrush(withAlpha(highlight, 70));
    p.setPen(QPen(highlight, 2));
    p.drawRects(m_matchRects.data(), static_cast<int>(m_matchRects.size()));
}

void TimelinePainter::paintSelection(QPainter &p, const TimelineScene &s)
{
    if (const TimelineDrawList::Slice *hover = s.drawList->sliceAt(s.mouse)) {
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(withAlpha(s.palette.color(QPalette::Text), 150), 1));
        const double w = hover->w >= 4 ? hover->w - 1 : hover->w;
        p.drawRect(QRectF(hover->x + 0.5, hover->y + 0.5, std::max(w - 1, 1.0), hover->h - 2));
    }
    if (!s.drawList->hasSelection())
        return;
    const QRectF r = s.drawList->selectionRect().adjusted(0.5, 0.5, -0.5, -1.5);
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(s.palette.color(QPalette::Base), 3));
    p.drawRect(r);
    p.setPen(QPen(s.palette.color(QPalette::Text), 1.5));
    p.drawRect(r);
}

void TimelinePainter::paintFlows(QPainter &p, const TimelineScene &s)
{
    const auto &flows = s.drawList->flows();
    if (flows.empty())
        return;
    p.setRenderHint(QPainter::Antialiasing, true);
    const QColor color = s.palette.color(QPalette::Text);
    for (const TimelineDrawList::FlowArrow &f : flows) {
        // A cubic with horizontal tangents reads as "this leads to that" (Perfetto's style).
        QPainterPath path(f.from);
        const double dx = std::max(30.0, std::abs(f.to.x() - f.from.x()) / 2);
        path.cubicTo(f.from + QPointF(dx, 0), f.to - QPointF(dx, 0), f.to);
        p.setPen(QPen(withAlpha(color, 200), 1.4));
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
        const QPointF head[3] = { f.to, f.to + QPointF(-8, -4), f.to + QPointF(-8, 4) };
        p.setPen(Qt::NoPen);
        p.setBrush(color);
        p.drawPolygon(head, 3);
        p.drawEllipse(f.from, 2.5, 2.5);
    }
    p.setBrush(Qt::NoBrush);
    p.setRenderHint(QPainter::Antialiasing, false);
}

QString TimelinePainter::trackLabel(const TimelineScene &s, std::size_t row) const
{
    const TimelineRow &r = s.layout->rows()[row];
    switch (r.kind) {
    case TimelineRowKind::Process:
        return s.layout->groups()[static_cast<std::size_t>(r.group)].name;
    case TimelineRowKind::Track: {
        const Track &track = s.trace->tracks[r.index];
        // Pinned tracks come from several processes: say which.
        if (s.layout->groups()[static_cast<std::size_t>(r.group)].pinned
            && !track.processName.isEmpty())
            return track.processName + QStringLiteral(" · ") + track.displayName();
        return track.displayName();
    }
    case TimelineRowKind::Counter: {
        const CounterSeries &c = s.trace->counters[r.index];
        return c.name.isEmpty() ? c.processName : c.name;
    }
    case TimelineRowKind::DeviceIdle:
        return tr("Device idle");
    }
    return {};
}

void TimelinePainter::paintHeader(QPainter &p, const TimelineScene &s)
{
    const QColor window = s.palette.color(QPalette::Window);
    const QRectF column(0, s.rulerHeight, s.headerWidth, s.size.height() - s.rulerHeight);
    p.fillRect(column, window);
    p.save();
    p.setClipRect(column);
    const auto &rows = s.layout->rows();
    for (std::size_t r = static_cast<std::size_t>(std::max(0, s.layout->rowAt(s.scrollY)));
         r < rows.size(); ++r) {
        const double y = s.rulerHeight + rows[r].y - s.scrollY;
        if (y >= s.size.height())
            break;
        paintHeaderRow(p, s, r, QRectF(0, y, s.headerWidth, rows[r].height));
    }
    p.restore();
    p.setPen(mix(window, s.palette.color(QPalette::WindowText), 0.25));
    p.drawLine(QPointF(s.headerWidth - 0.5, 0), QPointF(s.headerWidth - 0.5, s.size.height()));
}

void TimelinePainter::paintHeaderRow(
    QPainter &p, const TimelineScene &s, std::size_t row, const QRectF &r)
{
    const TimelineRow &info = s.layout->rows()[row];
    const QColor window = s.palette.color(QPalette::Window);
    const QColor text = s.palette.color(QPalette::WindowText);
    if (static_cast<int>(row) == s.hoverRow)
        p.fillRect(r, mix(window, text, 0.06));
    p.setPen(mix(window, text, 0.12));
    p.drawLine(QPointF(r.left(), r.bottom() - 0.5), QPointF(r.right(), r.bottom() - 0.5));
    QFont font = s.font;
    double indent = 24;
    if (info.kind == TimelineRowKind::Process) {
        const bool collapsed = s.layout->groups()[static_cast<std::size_t>(info.group)].collapsed;
        const QPointF c(12, r.top() + r.height() / 2);
        const QPointF right[3]
            = { c + QPointF(-2.5, -4.5), c + QPointF(2.5, 0), c + QPointF(-2.5, 4.5) };
        const QPointF down[3]
            = { c + QPointF(-4.5, -2.5), c + QPointF(4.5, -2.5), c + QPointF(0, 2.5) };
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setPen(Qt::NoPen);
        p.setBrush(mix(window, text, 0.6));
        p.drawPolygon(collapsed ? right : down, 3);
        p.setBrush(Qt::NoBrush);
        p.setRenderHint(QPainter::Antialiasing, false);
        font.setBold(true);
        indent = 22;
    } else {
        font = smallerFont(font, 0.95);
        indent = 26;
    }
    p.setFont(font);
    const QFontMetricsF fm(font);
    QRectF textRect(indent, r.top(), r.width() - indent - 6,
        std::min<double>(r.height(), TimelineLayout::kProcessHeight));
    QString label = trackLabel(s, row);
    if (info.kind == TimelineRowKind::Track && info.deep) {
        // Depth cap: the header says what is hidden; a click there expands (TimelineView).
        const QString more = info.hiddenLevels > 0 ? tr("+%n level(s)", nullptr, info.hiddenLevels)
                                                   : tr("fold levels");
        p.setPen(s.palette.color(QPalette::Link));
        p.drawText(textRect, Qt::AlignVCenter | Qt::AlignRight, more);
        textRect.setRight(textRect.right() - fm.horizontalAdvance(more) - 8);
    }
    if (info.kind == TimelineRowKind::Counter) {
        // The chart's scale: its top is the series maximum.
        const QString max
            = tr("max %1").arg(QString::number(s.trace->counters[info.index].maxValue, 'g', 4));
        p.setPen(mix(window, text, 0.5));
        p.drawText(textRect, Qt::AlignVCenter | Qt::AlignRight, max);
        textRect.setRight(textRect.right() - fm.horizontalAdvance(max) - 8);
    }
    p.setPen(info.kind == TimelineRowKind::Process ? text : mix(window, text, 0.8));
    p.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft,
        fm.elidedText(label, Qt::ElideRight, textRect.width()));
}

void TimelinePainter::paintRuler(QPainter &p, const TimelineScene &s)
{
    const QColor window = s.palette.color(QPalette::Window);
    const QColor text = s.palette.color(QPalette::WindowText);
    const QRectF ruler(s.headerWidth, 0, s.size.width() - s.headerWidth, s.rulerHeight);
    p.fillRect(QRectF(0, 0, s.size.width(), s.rulerHeight), window);
    const QFont font = smallerFont(s.font, 0.9);
    const QFontMetricsF fm(font);
    p.setFont(font);
    // Corner: the visible span.
    p.setPen(mix(window, text, 0.7));
    p.drawText(QRectF(8, 0, s.headerWidth - 16, s.rulerHeight), Qt::AlignVCenter | Qt::AlignLeft,
        tr("Span %1").arg(formatDuration(s.axis.span())));
    // Widen the step until the widest label fits between two ticks.
    TimeNs step = s.axis.tickStep(kMinTickPx);
    for (int i = 0; i < 4; ++i) {
        const double need = std::max(fm.horizontalAdvance(s.axis.tickLabel(s.axis.start(), step)),
            fm.horizontalAdvance(s.axis.tickLabel(s.axis.end(), step)));
        if (s.axis.durationToPixels(step) >= need + 16)
            break;
        step = TimeAxis::niceStep(static_cast<double>(step) * 1.5);
    }
    const TimeNs minor = step % 5 == 0 ? step / 5 : (step % 2 == 0 ? step / 4 : step / 5);
    p.save();
    p.setClipRect(ruler);
    p.translate(ruler.left(), 0);
    p.setPen(mix(window, text, 0.45));
    if (minor > 0)
        for (TimeNs t = s.axis.firstTick(minor); t <= s.axis.end(); t += minor) {
            const double x = std::round(s.axis.toPixel(t)) + 0.5;
            p.drawLine(QPointF(x, s.rulerHeight - 4), QPointF(x, s.rulerHeight));
        }
    for (TimeNs t = s.axis.firstTick(step); t <= s.axis.end(); t += step) {
        const double x = std::round(s.axis.toPixel(t)) + 0.5;
        p.setPen(mix(window, text, 0.45));
        p.drawLine(QPointF(x, s.rulerHeight - 10), QPointF(x, s.rulerHeight));
        p.setPen(mix(window, text, 0.85));
        p.drawText(QRectF(x + 4, 0, 400, s.rulerHeight - 4), Qt::AlignVCenter | Qt::AlignLeft,
            s.axis.tickLabel(t, step));
    }
    paintRangeLabel(p, s);
    p.restore();
    p.setPen(mix(window, text, 0.25));
    p.drawLine(QPointF(0, s.rulerHeight - 0.5), QPointF(s.size.width(), s.rulerHeight - 0.5));
}

void TimelinePainter::paintRangeLabel(QPainter &p, const TimelineScene &s)
{
    const QFontMetricsF fm(p.font());
    auto pill = [&](double centre, const QString &text, const QColor &bg, const QColor &fg) {
        const double w = fm.horizontalAdvance(text) + 12;
        const double x = std::clamp(centre - w / 2, 0.0, std::max(0.0, s.axis.width() - w));
        const QRectF r(x, 3, w, s.rulerHeight - 6);
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setPen(Qt::NoPen);
        p.setBrush(bg);
        p.drawRoundedRect(r, 3, 3);
        p.setBrush(Qt::NoBrush);
        p.setRenderHint(QPainter::Antialiasing, false);
        p.setPen(fg);
        p.drawText(r, Qt::AlignCenter, text);
    };
    if (s.hasRange) {
        const double x0 = s.axis.toPixel(s.rangeStart);
        const double x1 = s.axis.toPixel(s.rangeEnd);
        const QColor hl = s.palette.color(QPalette::Highlight);
        p.fillRect(QRectF(x0, s.rulerHeight - 3, x1 - x0, 3), hl);
        pill((x0 + x1) / 2, formatDuration(s.rangeEnd - s.rangeStart), hl,
            s.palette.color(QPalette::HighlightedText));
    }
    if (s.cursorX >= 0) {
        const TimeNs t = s.axis.toTime(s.cursorX);
        const TimeNs fine = TimeAxis::niceStep(s.axis.nsPerPixel());
        pill(s.cursorX, s.axis.tickLabel(t, fine), s.palette.color(QPalette::ToolTipBase),
            s.palette.color(QPalette::ToolTipText));
    }
}

std::vector<std::pair<QString, QString>> TimelinePainter::helpEntries()
{
    return {
        { tr("W / S, Ctrl+Wheel"), tr("Zoom in / out at the mouse") },
        { tr("A / D, Drag"), tr("Pan left / right") },
        { tr("Wheel, Up / Down"), tr("Scroll the tracks") },
        { tr("Shift+Drag"), tr("Select a time range") },
        { tr("Click"), tr("Select a slice; click a process to fold it") },
        { tr("Click +N levels"), tr("Show every nesting level of a deep track") },
        { tr("Double-click"), tr("Zoom to a slice") },
        { tr("F"), tr("Fit the range selection or the selected slice") },
        { tr("Backspace"), tr("Undo the last zoom") },
        { tr("Ctrl+0"), tr("Show the whole trace") },
        { tr("Ctrl+Right / Ctrl+Left"), tr("Follow the selected slice's flow forward / back") },
        { tr("C"), tr("Colour slices by name or by category") },
        { tr("Ctrl+F"), tr("Find slices by name") },
        { tr("F3 / Shift+F3"), tr("Next / previous match") },
        { tr("Esc"), tr("Clear the selection") },
        { tr("?"), tr("Show or hide this help") },
    };
}

void TimelinePainter::paintHelp(QPainter &p, const TimelineScene &s)
{
    const auto entries = helpEntries();
    QFont bold = s.font;
    bold.setBold(true);
    const QFontMetricsF fm(s.font);
    const QFontMetricsF fmBold(bold);
    double keysWidth = 0;
    double actionsWidth = 0;
    for (const auto &[keys, action] : entries) {
        keysWidth = std::max(keysWidth, fmBold.horizontalAdvance(keys));
        actionsWidth = std::max(actionsWidth, fm.horizontalAdvance(action));
    }
    const double line = fm.height() + 6;
    const QSizeF box(keysWidth + actionsWidth + 72, line * (entries.size() + 1) + 36);
    const QRectF r(
        QPointF((s.size.width() - box.width()) / 2, (s.size.height() - box.height()) / 2), box);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(QPen(
        mix(s.palette.color(QPalette::Window), s.palette.color(QPalette::WindowText), 0.3), 1));
    p.setBrush(withAlpha(s.palette.color(QPalette::Window), 245));
    p.drawRoundedRect(r, 8, 8);
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(s.palette.color(QPalette::WindowText));
    p.setFont(bold);
    p.drawText(QRectF(r.left() + 24, r.top() + 16, r.width() - 48, line), Qt::AlignVCenter,
        tr("Timeline keys"));
    double y = r.top() + 16 + line * 1.3;
    for (const auto &[keys, action] : entries) {
        p.setFont(bold);
        p.drawText(QRectF(r.left() + 24, y, keysWidth, line), Qt::AlignVCenter, keys);
        p.setFont(s.font);
        p.drawText(
            QRectF(r.left() + 48 + keysWidth, y, actionsWidth, line), Qt::AlignVCenter, action);
        y += line;
    }
}

} // namespace npuscope
