#include "analysis/cluster/rankalignment.h"

#include "analysis/timeline/stepbreakdown.h"

#include <optional>

namespace npuscope {

namespace {

    std::optional<StepSpan> findStep(const std::vector<StepSpan> &steps, const QString &id)
    {
        for (const StepSpan &s : steps)
            if (s.id == id)
                return s;
        return std::nullopt;
    }

} // namespace

std::vector<RankAlignment> alignRanksByStep(
    const std::vector<const Trace *> &traces, const QString &stepId)
{
    std::vector<RankAlignment> out(traces.size());
    const Trace *reference = nullptr;
    std::optional<TimeNs> referenceStep;
    for (std::size_t i = 0; i < traces.size(); ++i) {
        const Trace *trace = traces[i];
        if (!trace)
            continue;
        const auto step = stepId.isEmpty() ? std::nullopt : findStep(findStepSpans(*trace), stepId);
        const auto start = step ? std::optional<TimeNs>(step->start) : std::nullopt;
        if (!reference) {
            reference = trace;
            referenceStep = start;
        }
        RankAlignment &a = out[i];
        // Without the step on both sides there is nothing to line up but the first events.
        a.stepFound = start && referenceStep;
        a.anchor = a.stepFound ? *start : trace->minTime;
        a.end = a.stepFound ? step->end : trace->maxTime;
        a.shift = (a.stepFound ? *referenceStep : reference->minTime) - a.anchor;
    }
    return out;
}

QStringList commonStepIds(const std::vector<const Trace *> &traces)
{
    QStringList ids;
    bool first = true;
    for (const Trace *t : traces) {
        if (!t)
            continue;
        QStringList mine;
        for (const StepSpan &s : findStepSpans(*t))
            mine << s.id;
        if (first) {
            ids = mine;
            first = false;
        } else {
            ids.removeIf([&mine](const QString &id) { return !mine.contains(id); });
        }
    }
    return ids;
}

} // namespace npuscope
