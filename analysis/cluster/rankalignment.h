#pragma once

#include "model/core/trace.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace npuscope {

// How one rank is moved onto the combined timeline.
struct RankAlignment {
    bool stepFound = false; // false: it (or the first trace) lacks the step: first events align
    TimeNs anchor = 0; // the rank's own time that lines up: its step start (or first event)
    TimeNs end = 0; // the rank's own end of that step (or last event)
    TimeNs shift = 0; // added to the rank's times on the combined timeline
};

// Shifts that put the start of step `stepId` ("50", from ProfilerStep#50) of every trace where
// it starts on the first trace (the reference: its shift is 0). A trace without that step, or
// every trace when `stepId` is empty and they share no step, is aligned by its first event.
// Null traces get a default entry.
std::vector<RankAlignment> alignRanksByStep(
    const std::vector<const Trace *> &traces, const QString &stepId);

// The step ids every (non-null) trace has, in the first trace's order: the choices for
// alignRanksByStep().
QStringList commonStepIds(const std::vector<const Trace *> &traces);

} // namespace npuscope
