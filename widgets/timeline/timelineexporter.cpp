#include "widgets/timeline/timelineexporter.h"

#include "model/core/trace.h"
#include "widgets/timeline/annotationpainter.h"
#include "widgets/timeline/timelinedrawlist.h"

#include <QBuffer>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QImageWriter>
#include <QPainter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSvgGenerator>

#include <algorithm>
#include <map>

namespace npuscope {

namespace {

    constexpr int kPad = 10; // around the caption and the legend
    constexpr int kSwatch = 12;
    constexpr int kLegendGap = 18; // between legend entries
    constexpr int kMinWidth = TimelineExporter::kHeaderWidth + 100;
    constexpr int kMaxWidth = 16384; // QImage and viewers stop coping beyond
    // Room left around a whole trace, as the view leaves it (TimelineView::kTraceMargin).
    constexpr double kTraceMargin = 0.02;

    QPalette lightPalette()
    {
        QPalette p;
        p.setColor(QPalette::Base, QColor(255, 255, 255));
        p.setColor(QPalette::AlternateBase, QColor(246, 246, 246));
        p.setColor(QPalette::Window, QColor(246, 246, 246));
        p.setColor(QPalette::Text, QColor(32, 32, 32));
        p.setColor(QPalette::WindowText, QColor(32, 32, 32));
        p.setColor(QPalette::ButtonText, QColor(32, 32, 32));
        p.setColor(QPalette::Button, QColor(236, 236, 236));
        p.setColor(QPalette::Mid, QColor(184, 184, 184));
        p.setColor(QPalette::Midlight, QColor(222, 222, 222));
        p.setColor(QPalette::Dark, QColor(150, 150, 150));
        p.setColor(QPalette::Light, QColor(255, 255, 255));
        p.setColor(QPalette::PlaceholderText, QColor(128, 128, 128));
        p.setColor(QPalette::Highlight, QColor(48, 140, 198));
        p.setColor(QPalette::HighlightedText, QColor(255, 255, 255));
        p.setColor(QPalette::Link, QColor(32, 100, 170));
        return p;
    }

    QString counterKey(const CounterSeries &c)
    {
        return c.processName + QStringLiteral(" / ") + c.name;
    }

} // namespace

TimelineExporter::TimelineExporter(TimelineExportOptions options)
    : m_options(std::move(options))
{
    if (!m_options.palette)
        m_options.palette = lightPalette();
    m_options.width = std::clamp(m_options.width, kMinWidth, kMaxWidth);
    m_options.scale = std::clamp(m_options.scale, 0.25, 8.0);
    const Trace *trace = m_options.trace.get();
    m_colors.setTrace(trace);
    m_colors.setMode(m_options.colorMode);
    m_depths.reset(trace);
    m_painter.reset(trace);
    if (trace) {
        if (m_options.layout) {
            m_layout = *m_options.layout;
        } else {
            const TrackId idle = m_options.streamGaps && !m_options.streamGaps->empty()
                ? m_options.streamGaps->front().track
                : TrackId();
            m_layout.build(*trace, {}, {}, idle, {}, m_options.arrangement);
        }
    }
    TimeNs start = m_options.start;
    TimeNs end = m_options.end;
    if (trace && start >= end) {
        const TimeNs span = std::max<TimeNs>(trace->maxTime - trace->minTime, TimeAxis::kMinSpan);
        const auto margin = static_cast<TimeNs>(static_cast<double>(span) * kTraceMargin);
        start = trace->minTime - margin;
        end = trace->maxTime + margin;
    }
    m_axis = TimeAxis(start, end, m_options.width - kHeaderWidth);
    m_axis.setOrigin(m_options.origin.value_or(trace ? trace->minTime : start));

    selectRows();
    computeLegend();
    const QFontMetricsF fm(m_options.font);
    const int lines = static_cast<int>(m_options.caption.size());
    m_captionHeight = lines > 0 ? 2 * kPad + static_cast<int>(fm.height() * (lines + 0.4)) : 0;
    m_size = QSize(
        m_options.width, m_captionHeight + kRulerHeight + m_timelineHeight + legendHeight());
}

TimelineExporter::~TimelineExporter() = default;

// Chooses the layout rows to draw: tracks and counters whose names match the pattern, the
// headers of their processes, and the device-idle row of a process that shows a track. Rows
// that follow each other in the layout are drawn in one go (a Run).
void TimelineExporter::selectRows()
{
    const auto &rows = m_layout.rows();
    m_rowOutY.assign(rows.size(), -1);
    m_runs.clear();
    m_shownTracks = 0;
    m_timelineHeight = 0;
    const Trace *trace = m_options.trace.get();
    if (!trace)
        return;
    QRegularExpression re;
    if (!m_options.trackPattern.isEmpty()) {
        re = QRegularExpression(m_options.trackPattern, QRegularExpression::CaseInsensitiveOption);
        if (!re.isValid()) {
            m_error = tr("--tracks: \"%1\" is not a valid regular expression: %2")
                          .arg(m_options.trackPattern, re.errorString());
            return;
        }
    }
    const bool all = m_options.trackPattern.isEmpty();
    auto matches = [&](const QString &name) { return all || re.match(name).hasMatch(); };
    std::vector<bool> shown(rows.size(), false);
    std::vector<bool> groupShown(m_layout.groups().size(), false);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const TimelineRow &row = rows[r];
        const auto g = static_cast<std::size_t>(row.group);
        const TimelineGroup &group = m_layout.groups()[g];
        if (row.kind == TimelineRowKind::Track)
            shown[r] = matches(annotationTrackKey(trace->tracks[row.index]));
        else if (row.kind == TimelineRowKind::Counter)
            shown[r] = matches(counterKey(trace->counters[row.index]));
        else if (row.kind == TimelineRowKind::Process && group.collapsed)
            shown[r] = matches(group.name)
                || std::any_of(group.tracks.begin(), group.tracks.end(),
                    [&](std::uint32_t t) { return matches(annotationTrackKey(trace->tracks[t])); });
        if (shown[r]) {
            groupShown[g] = true;
            m_shownTracks += row.kind == TimelineRowKind::Track ? 1 : 0;
        }
    }
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const TimelineRow &row = rows[r];
        if (row.kind == TimelineRowKind::Process || row.kind == TimelineRowKind::DeviceIdle)
            shown[r] = shown[r] || groupShown[static_cast<std::size_t>(row.group)];
        if (!shown[r])
            continue;
        if (m_timelineHeight + row.height > m_options.maxTimelineHeight)
            break;
        const bool extends
            = !m_runs.empty() && m_runs.back().contentY + m_runs.back().height == row.y;
        if (extends)
            m_runs.back().height += row.height;
        else
            m_runs.push_back({ row.y, row.height, m_timelineHeight });
        m_rowOutY[r] = m_timelineHeight;
        m_timelineHeight += row.height;
    }
}

TimelineDrawList::Frame TimelineExporter::frame(const Run &run)
{
    TimelineDrawList::Frame f;
    f.trace = m_options.trace.get();
    f.layout = &m_layout;
    f.colors = &m_colors;
    f.depths = &m_depths;
    f.axis = m_axis;
    f.scrollY = run.contentY;
    f.viewHeight = run.height;
    if (m_options.streamGaps && m_options.deviceGaps) {
        f.gaps.stream = m_options.streamGaps;
        f.gaps.device = m_options.deviceGaps;
    }
    return f;
}

// The names that cover the most of the image, by the colour mode's key (name or category).
void TimelineExporter::computeLegend()
{
    m_legend.clear();
    const Trace *trace = m_options.trace.get();
    if (!trace || m_options.legendEntries <= 0)
        return;
    struct Cover {
        double pixels = 0;
        std::map<std::uint16_t, double> byColor;
    };
    std::map<std::uint32_t, Cover> cover; // by StringId
    const bool byCategory = m_options.colorMode == TimelineColorMode::Category;
    TimelineDrawList list;
    for (const Run &run : m_runs) {
        list.build(frame(run));
        for (const TimelineDrawList::Slice &s : list.slices()) {
            const Event &e = trace->event(s.event);
            const StringId key = byCategory ? e.category : e.name;
            if (!key.isValid())
                continue;
            Cover &c = cover[key.value];
            const double ink = list.inkWidth(s);
            c.pixels += ink;
            c.byColor[s.color] += ink;
        }
    }
    std::vector<std::pair<double, std::uint32_t>> order;
    for (const auto &[id, c] : cover)
        order.emplace_back(c.pixels, id);
    std::sort(order.begin(), order.end(), [](const auto &a, const auto &b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    for (const auto &[pixels, id] : order) {
        if (static_cast<int>(m_legend.size()) >= m_options.legendEntries)
            break;
        const auto &byColor = cover[id].byColor;
        const auto main = std::max_element(byColor.begin(), byColor.end(),
            [](const auto &a, const auto &b) { return a.second < b.second; });
        m_legend.push_back(
            { trace->strings.string(StringId(id)), m_colors.color(main->first), pixels });
    }
}

int TimelineExporter::legendHeight() const
{
    if (m_legend.empty())
        return 0;
    const QFontMetricsF fm(m_options.font);
    double x = kPad;
    int lines = 1;
    for (const LegendEntry &e : m_legend) {
        const double w = kSwatch + 6 + std::min(fm.horizontalAdvance(e.name), 360.0) + kLegendGap;
        if (x + w > m_options.width - kPad && x > kPad) {
            ++lines;
            x = kPad;
        }
        x += w;
    }
    return 2 * kPad + static_cast<int>(lines * (fm.height() + 6));
}

bool TimelineExporter::trackSpan(const QString &key, double *top, double *bottom) const
{
    const Trace *trace = m_options.trace.get();
    if (!trace)
        return false;
    const auto &rows = m_layout.rows();
    for (std::uint32_t t = 0; t < trace->tracks.size(); ++t) {
        if (annotationTrackKey(trace->tracks[t]) != key)
            continue;
        int row = m_layout.trackRow(TrackId(t));
        if (row < 0) { // collapsed: its process header
            const int group = m_layout.groupOfTrack(TrackId(t));
            row = group >= 0 ? m_layout.groups()[static_cast<std::size_t>(group)].headerRow : -1;
        }
        if (row < 0 || m_rowOutY[static_cast<std::size_t>(row)] < 0)
            continue;
        *top = m_captionHeight + kRulerHeight + m_rowOutY[static_cast<std::size_t>(row)];
        *bottom = *top + rows[static_cast<std::size_t>(row)].height;
        return true;
    }
    return false;
}

void TimelineExporter::paint(QPainter &p)
{
    const QPalette &palette = *m_options.palette;
    p.fillRect(QRect(QPoint(0, 0), m_size), palette.color(QPalette::Base));
    paintCaption(p);
    paintTimeline(p);
    AnnotationFrame f;
    f.axis = m_axis;
    f.area = QRectF(kHeaderWidth, m_captionHeight + kRulerHeight, m_axis.width(), m_timelineHeight);
    f.trackSpan = [this](const QString &key, double *top, double *bottom) {
        return trackSpan(key, top, bottom);
    };
    f.font = m_options.font;
    f.palette = palette;
    AnnotationPainter::paint(p, m_options.annotations, f);
    paintLegend(p);
}

void TimelineExporter::paintCaption(QPainter &p) const
{
    if (m_options.caption.isEmpty())
        return;
    const QPalette &palette = *m_options.palette;
    p.fillRect(QRect(0, 0, m_size.width(), m_captionHeight), palette.color(QPalette::Window));
    QFont bold = m_options.font;
    bold.setBold(true);
    const QFontMetricsF fm(m_options.font);
    double y = kPad;
    p.setPen(palette.color(QPalette::WindowText));
    for (qsizetype i = 0; i < m_options.caption.size(); ++i) {
        p.setFont(i == 0 ? bold : m_options.font);
        const QRectF line(kPad, y, m_size.width() - 2 * kPad, fm.height());
        p.drawText(line, Qt::AlignLeft | Qt::AlignVCenter,
            QFontMetricsF(p.font()).elidedText(m_options.caption[i], Qt::ElideRight, line.width()));
        y += fm.height() * (i == 0 ? 1.4 : 1.0);
    }
}

void TimelineExporter::paintTimeline(QPainter &p)
{
    TimelineDrawList list;
    TimelineScene s;
    s.trace = m_options.trace.get();
    s.layout = &m_layout;
    s.colors = &m_colors;
    s.drawList = &list;
    s.axis = m_axis;
    s.headerWidth = kHeaderWidth;
    s.rulerHeight = kRulerHeight;
    s.palette = *m_options.palette;
    s.font = m_options.font;
    s.emptyText = tr("No trace");
    if (m_runs.empty()) { // nothing matched: the ruler alone, with the painter's empty look
        list.clear();
        p.save();
        p.translate(0, m_captionHeight);
        p.setClipRect(QRect(0, 0, m_size.width(), kRulerHeight));
        s.size = QSize(m_size.width(), kRulerHeight);
        m_painter.paint(p, s);
        p.restore();
        return;
    }
    // The painter draws a ruler above every run, and not every one of its parts honours the
    // clip: painting the runs bottom-up lets each run cover the ruler of the run below it.
    for (std::size_t i = m_runs.size(); i-- > 0;) {
        const Run &run = m_runs[i];
        list.build(frame(run));
        s.size = QSize(m_size.width(), kRulerHeight + run.height);
        s.scrollY = run.contentY;
        p.save();
        // Each run is painted as a view scrolled to it, with its ruler; only the first run's
        // ruler is kept (the others are clipped away).
        p.translate(0, m_captionHeight + run.outY);
        p.setClipRect(QRect(0, i == 0 ? 0 : kRulerHeight, m_size.width(),
            run.height + (i == 0 ? kRulerHeight : 0)));
        m_painter.paint(p, s);
        p.restore();
    }
}

void TimelineExporter::paintLegend(QPainter &p) const
{
    if (m_legend.empty())
        return;
    const QPalette &palette = *m_options.palette;
    const int top = m_captionHeight + kRulerHeight + m_timelineHeight;
    p.fillRect(QRect(0, top, m_size.width(), legendHeight()), palette.color(QPalette::Window));
    p.setFont(m_options.font);
    const QFontMetricsF fm(m_options.font);
    const double lineHeight = fm.height() + 6;
    double x = kPad;
    double y = top + kPad;
    for (const LegendEntry &e : m_legend) {
        const double textWidth = std::min(fm.horizontalAdvance(e.name), 360.0);
        const double w = kSwatch + 6 + textWidth + kLegendGap;
        if (x + w > m_options.width - kPad && x > kPad) {
            x = kPad;
            y += lineHeight;
        }
        const QRectF swatch(x, y + (fm.height() - kSwatch) / 2, kSwatch, kSwatch);
        p.fillRect(swatch, e.color);
        p.setPen(palette.color(QPalette::Mid));
        p.drawRect(swatch);
        p.setPen(palette.color(QPalette::WindowText));
        p.drawText(QRectF(x + kSwatch + 6, y, textWidth + 1, fm.height()),
            Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(e.name, Qt::ElideMiddle, textWidth));
        x += w;
    }
}

QImage TimelineExporter::toImage()
{
    QImage image(m_size * m_options.scale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(m_options.scale);
    QPainter p(&image);
    paint(p);
    return image;
}

QByteArray TimelineExporter::toSvg()
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(m_size);
    generator.setViewBox(QRect(QPoint(0, 0), m_size));
    generator.setTitle(m_options.caption.value(0, tr("npuscope timeline")));
    generator.setDescription(m_options.caption.mid(1).join(QLatin1Char('\n')));
    QPainter p(&generator);
    paint(p);
    p.end();
    return buffer.data();
}

bool TimelineExporter::save(const QString &path, QString *error)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("png") && suffix != QLatin1String("svg")) {
        *error = tr("%1: the file name must end in .png or .svg").arg(path);
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = tr("%1: %2").arg(path, file.errorString());
        return false;
    }
    bool written = false;
    if (suffix == QLatin1String("svg")) {
        const QByteArray svg = toSvg();
        written = file.write(svg) == svg.size();
    } else {
        QImageWriter writer(&file, "png");
        written = writer.write(toImage());
        if (!written)
            *error = tr("%1: %2").arg(path, writer.errorString());
    }
    if (!written || !file.commit()) {
        if (error->isEmpty())
            *error = tr("%1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace npuscope
