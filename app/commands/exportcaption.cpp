#include "app/commands/exportcaption.h"

#include "analysis/findings.h"
#include "analysis/stepbreakdown.h"
#include "model/core/trace.h"

#include <QFileInfo>

#include <algorithm>
#include <map>

namespace npuscope {

ExportCaption::TopKernel ExportCaption::topKernel(const Trace &trace, TimeNs start, TimeNs end)
{
    std::map<std::uint32_t, TimeNs> byName;
    TopKernel top;
    for (const Track &track : trace.tracks) {
        if (track.kind != TrackKind::DeviceStream)
            continue;
        trace.forEachOverlapping(track.id, start, end, [&](std::uint32_t i) {
            const Event &e = track.events[i];
            const TimeNs clipped = std::min(e.end(), end) - std::max(e.start, start);
            if (clipped <= 0 || !e.name.isValid())
                return;
            byName[e.name.value] += clipped;
            top.deviceNs += clipped;
        });
    }
    for (const auto &[name, total] : byName) {
        if (total > top.totalNs) {
            top.totalNs = total;
            top.name = trace.strings.string(StringId(name));
        }
    }
    return top;
}

QStringList ExportCaption::lines(const Profile &profile, const RankProfile &rank, TimeNs start,
    TimeNs end, TimeNs origin, const QString &stepId)
{
    const QFileInfo info(profile.path);
    const QString name = info.fileName().isEmpty() ? profile.path : info.fileName();
    QString title = tr("%1 — rank %2")
                        .arg(name, rank.rank() >= 0 ? QString::number(rank.rank()) : rank.label());
    if (!stepId.isEmpty())
        title += tr(" — step %1").arg(stepId);

    QStringList numbers;
    numbers << tr("range %1 – %2 (%3)")
                   .arg(formatDuration(start - origin), formatDuration(end - origin),
                       formatDuration(end - start));
    if (rank.trace) {
        const std::vector<StepSpan> steps = findStepSpans(*rank.trace);
        const auto step = std::find_if(
            steps.begin(), steps.end(), [&](const StepSpan &s) { return s.id == stepId; });
        if (step != steps.end()) {
            numbers << tr("step time %1").arg(formatDuration(step->end - step->start));
        } else if (!steps.empty()) {
            TimeNs sum = 0;
            for (const StepSpan &s : steps)
                sum += s.end - s.start;
            numbers << tr(
                "mean step time %1 over %n step(s)", nullptr, static_cast<int>(steps.size()))
                           .arg(formatDuration(sum / static_cast<TimeNs>(steps.size())));
        }
        const TopKernel top = topKernel(*rank.trace, start, end);
        if (!top.name.isEmpty())
            numbers << tr("top kernel %1: %2 (%3 of device time)")
                           .arg(top.name, formatDuration(top.totalNs),
                               formatShare(static_cast<double>(top.totalNs)
                                   / static_cast<double>(std::max<TimeNs>(1, top.deviceNs))));
    }
    return { title, numbers.join(QStringLiteral(" · ")) };
}

} // namespace npuscope
