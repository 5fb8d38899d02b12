#include "widgets/timeline/timelinetooltip.h"

#include "model/core/durationtext.h"
#include "model/core/trace.h"
#include "widgets/timeline/timeaxis.h"
#include "widgets/timeline/timelinedepthindex.h"

#include <QJsonObject>
#include <QJsonValue>

#include <algorithm>

namespace npuscope {

namespace {

    QString row(const QString &key, const QString &value)
    {
        return QStringLiteral("<tr><td style='padding-right:10px'>") + key.toHtmlEscaped()
            + QStringLiteral("</td><td>") + value.toHtmlEscaped() + QStringLiteral("</td></tr>");
    }

    QString trackName(const Track &track)
    {
        if (track.processName.isEmpty())
            return track.displayName();
        return track.processName + QStringLiteral(" / ") + track.displayName();
    }

    QString jsonText(const QJsonValue &v)
    {
        if (v.isString())
            return v.toString();
        if (v.isDouble())
            return QString::number(v.toDouble(), 'g', 15);
        if (v.isBool())
            return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
        if (v.isNull())
            return QStringLiteral("null");
        return TimelineTooltip::tr("(object)");
    }

} // namespace

QString TimelineTooltip::relativeTime(TimeNs t, TimeNs origin)
{
    const TimeNs rel = t - origin;
    // Nanoseconds up to a second, then microseconds: "1.234567 s", "12.345678 ms".
    const TimeNs step = std::abs(rel) >= 1000 * 1000 * 1000 ? 1000 : 1;
    return TimeAxis::formatOffset(rel, step, rel);
}

QString TimelineTooltip::slice(const Trace &trace, EventRef ref, TimeNs origin, bool withArgs)
{
    const Event &e = trace.event(ref);
    const Track &track = trace.track(ref.track);
    QString html = QStringLiteral("<b>") + trace.strings.string(e.name).toHtmlEscaped()
        + QStringLiteral("</b><table>");
    html += row(tr("Start"), relativeTime(e.start, origin));
    html += row(tr("Duration"), formatDuration(e.duration));
    html += row(tr("Depth"), QString::number(e.depth));
    html += row(tr("Track"), trackName(track));
    const QString category = trace.strings.string(e.category);
    if (!category.isEmpty())
        html += row(tr("Category"), category);
    if (withArgs) {
        const QJsonObject args = trace.args(ref);
        int shown = 0;
        for (auto it = args.begin(); it != args.end() && shown < kMaxArgs; ++it, ++shown)
            html += row(it.key(), jsonText(it.value()));
        if (args.size() > kMaxArgs)
            html += row(
                QString(), tr("%Ln more fields", "", static_cast<int>(args.size()) - kMaxArgs));
    }
    return html + QStringLiteral("</table>");
}

QString TimelineTooltip::folded(const Trace &trace, TrackId track, TimeNs start,
    const TimelineOccupancy::Summary &block, const TimelineOccupancy::Summary &cursor,
    TimeNs origin)
{
    auto percent
        = [](double share) -> QString { return QString::number(100.0 * share, 'f', 1) + u'%'; };
    QString html = QStringLiteral("<b>") + tr("%Ln events", "", static_cast<int>(block.count))
        + QStringLiteral("</b><table>");
    html += row(tr("From"), relativeTime(start, origin));
    html += row(tr("Span"), formatDuration(block.span));
    html += row(tr("Busy"),
        tr("%1 (%2 of the span)").arg(formatDuration(block.busy), percent(block.busyShare())));
    html += row(tr("Under the cursor"),
        tr("%Ln event(s), %1 busy", "", static_cast<int>(cursor.count))
            .arg(percent(cursor.busyShare())));
    for (std::size_t i = 0; i < cursor.largest.size(); ++i) {
        const Event &e = trace.tracks[track.value].events[cursor.largest[i]];
        html += row(i == 0 ? tr("Longest there") : QString(),
            tr("%1 (%2)").arg(trace.strings.string(e.name), formatDuration(e.duration)));
    }
    if (cursor.truncated)
        html += row(
            QString(), tr("of the first %Ln", "", static_cast<int>(TimelineOccupancy::kMaxScan)));
    html += row(tr("Track"), trackName(trace.track(track)));
    html += row(QString(), tr("Zoom in to see them one by one"));
    return html + QStringLiteral("</table>");
}

QString TimelineTooltip::folded(const Trace &trace, TimelineDepthIndex &depths,
    const TimelineDrawList::Slice &slice, const TimeAxis &axis, double mouseX)
{
    const TrackId track = slice.event.track;
    const TimelineDepthSequence seq
        = depths.sequence(track, static_cast<int>(trace.event(slice.event).depth));
    const TimeNs start = axis.toTime(std::max<double>(slice.x, 0));
    const auto block = TimelineOccupancy::summarize(
        seq, start, axis.toTime(std::min<double>(slice.x + slice.w, axis.width())), 0);
    const auto cursor = TimelineOccupancy::summarize(
        seq, axis.toTime(mouseX - kCursorPx), axis.toTime(mouseX + kCursorPx), kLargest);
    return folded(trace, track, start, block, cursor, axis.origin());
}

QString TimelineTooltip::gap(TimeNs start, TimeNs end, TimeNs idleNs, std::uint32_t count,
    const QString &cause, bool device, TimeNs origin)
{
    const QString title = device ? tr("Device idle") : tr("Stream gap");
    QString html = QStringLiteral("<b>") + title + QStringLiteral("</b><table>");
    html += row(tr("Duration"), formatDuration(idleNs));
    html += row(tr("Cause"), cause);
    html += row(tr("From"), relativeTime(start, origin));
    if (count > 1) {
        html += row(tr("Span"), formatDuration(end - start));
        html += row(
            QString(), tr("%Ln gaps merged; zoom in to see them", "", static_cast<int>(count)));
    }
    return html + QStringLiteral("</table>");
}

QString TimelineTooltip::counter(const Trace &trace, std::uint32_t counter, TimeNs t, TimeNs origin)
{
    const CounterSeries &series = trace.counters[counter];
    const auto it = std::upper_bound(series.times.begin(), series.times.end(), t);
    if (it == series.times.begin())
        return {};
    const auto i = static_cast<std::size_t>(it - series.times.begin()) - 1;
    const QString name = series.name.isEmpty() ? series.processName : series.name;
    QString html = QStringLiteral("<b>") + name.toHtmlEscaped() + QStringLiteral("</b><table>");
    html += row(tr("Value"), QString::number(series.values[i], 'g', 8));
    html += row(tr("Since"), relativeTime(series.times[i], origin));
    html += row(tr("Range"),
        tr("%1 to %2")
            .arg(QString::number(series.minValue, 'g', 6),
                QString::number(series.maxValue, 'g', 6)));
    return html + QStringLiteral("</table>");
}

} // namespace npuscope
