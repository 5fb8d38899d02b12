#include "app/reports/exportcaption.h"

#include "analysis/rules/findings.h"
#include "analysis/stats/kernelkinds.h"
#include "analysis/timeline/stepbreakdown.h"
#include "model/core/trace.h"

#include <QFileInfo>

#include <algorithm>
#include <map>

namespace npuscope {

namespace {

    // Clipped time per name; the largest among the names `candidate` accepts.
    class TopByName {
    public:
        void add(std::uint32_t name, TimeNs clipped, bool candidate)
        {
            m_top.deviceNs += clipped;
            if (candidate)
                m_byName[name] += clipped;
        }
        template <typename NameOf> ExportCaption::TopKernel result(NameOf nameOf)
        {
            for (const auto &[name, total] : m_byName) {
                if (total > m_top.totalNs) {
                    m_top.totalNs = total;
                    m_top.name = nameOf(name);
                }
            }
            return m_top;
        }

    private:
        std::map<std::uint32_t, TimeNs> m_byName;
        ExportCaption::TopKernel m_top;
    };

    TimeNs clip(TimeNs start, TimeNs end, TimeNs rangeStart, TimeNs rangeEnd)
    {
        return std::min(end, rangeEnd) - std::max(start, rangeStart);
    }

    ExportCaption::TopKernel fromKernelTable(
        const KernelTable &k, const KernelKinds &kinds, TimeNs start, TimeNs end)
    {
        TopByName top;
        for (qsizetype r = 0; r < k.rowCount(); ++r) {
            const auto row = static_cast<std::size_t>(r);
            const TimeNs clipped = kinds.hasTime(r)
                ? clip(k.start[row], k.start[row] + k.duration[row], start, end)
                : 0;
            if (clipped > 0 && k.name[row].isValid())
                top.add(k.name[row].value, clipped, kinds.isCompute(r));
        }
        return top.result([&](std::uint32_t id) { return k.strings.string(StringId(id)); });
    }

    // HCCL's tasks on the device streams of a trace (Notify Wait, Notify_Record, hcom_*, ...).
    bool isCommunicationName(QStringView name)
    {
        for (const char *prefix : { "hcom_", "hccl", "nccl", "notify" })
            if (name.startsWith(QLatin1StringView(prefix), Qt::CaseInsensitive))
                return true;
        return false;
    }

    ExportCaption::TopKernel fromTrace(const Trace &trace, TimeNs start, TimeNs end)
    {
        TopByName top;
        std::map<std::uint32_t, bool> compute; // per name, decided once
        for (const Track &track : trace.tracks) {
            if (track.kind != TrackKind::DeviceStream)
                continue;
            trace.forEachOverlapping(track.id, start, end, [&](std::uint32_t i) {
                const Event &e = track.events[i];
                const TimeNs clipped = clip(e.start, e.end(), start, end);
                if (clipped <= 0 || !e.name.isValid())
                    return;
                auto [it, fresh] = compute.try_emplace(e.name.value, true);
                if (fresh)
                    it->second = !isCommunicationName(trace.strings.string(e.name));
                top.add(e.name.value, clipped, it->second);
            });
        }
        return top.result([&](std::uint32_t id) { return trace.strings.string(StringId(id)); });
    }

} // namespace

ExportCaption::TopKernel ExportCaption::topKernel(const RankProfile &rank, TimeNs start, TimeNs end)
{
    if (rank.kernels) {
        const KernelKinds kinds(*rank.kernels);
        for (qsizetype r = 0; r < rank.kernels->rowCount(); ++r)
            if (kinds.hasTime(r))
                return fromKernelTable(*rank.kernels, kinds, start, end);
    }
    return rank.trace ? fromTrace(*rank.trace, start, end) : TopKernel {};
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
        const TopKernel top = topKernel(rank, start, end);
        if (!top.name.isEmpty())
            numbers << tr("top kernel %1: %2 (%3 of device time)")
                           .arg(top.name, formatDuration(top.totalNs),
                               formatShare(static_cast<double>(top.totalNs)
                                   / static_cast<double>(std::max<TimeNs>(1, top.deviceNs))));
    }
    return { title, numbers.join(QStringLiteral(" · ")) };
}

} // namespace npuscope
