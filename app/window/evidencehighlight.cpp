#include "app/window/evidencehighlight.h"

#include "widgets/tables/kerneltablemodel.h"
#include "widgets/tables/kerneltableview.h"
#include "widgets/timeline/timelineview.h"

#include <algorithm>

namespace npuscope {

namespace {

    // Margin on each side of the evidence range when zooming to it, as a fraction of the range,
    // so that what comes just before and after stays in view; at least 1 µs for single tasks.
    constexpr double kZoomMargin = 0.1;
    constexpr TimeNs kMinZoomMarginNs = 1000;

} // namespace

EvidenceOnRank evidenceOnRank(const std::vector<Evidence> &evidence, int rankIndex)
{
    EvidenceOnRank out;
    bool anyRange = false;
    for (const Evidence &e : evidence) {
        if (e.rankIndex >= 0 && e.rankIndex != rankIndex) {
            ++out.otherRanks;
            continue;
        }
        if (e.row >= 0)
            out.rows.push_back(e.row);
        if (!out.firstEvent.isValid() && e.event.isValid())
            out.firstEvent = e.event;
        if (e.end > e.start) {
            out.start = anyRange ? std::min(out.start, e.start) : e.start;
            out.end = anyRange ? std::max(out.end, e.end) : e.end;
            anyRange = true;
        }
    }
    return out;
}

void highlightEvidence(const EvidenceOnRank &evidence, const QString &label, TimelineView *timeline,
    KernelTableView *kernels)
{
    if (!evidence.rows.empty())
        kernels->setRowSubset(evidence.rows, label);
    else
        kernels->clearRowSubset();
    if (!timeline->trace())
        return;
    if (evidence.firstEvent.isValid())
        timeline->selectEvent(evidence.firstEvent, true);
    if (evidence.hasRange()) {
        const TimeNs span = evidence.end - evidence.start;
        const TimeNs margin = std::max(kMinZoomMarginNs, TimeNs(double(span) * kZoomMargin));
        timeline->setSelectedRange(evidence.start, evidence.end);
        timeline->setVisibleRange(evidence.start - margin, evidence.end + margin);
    }
}

} // namespace npuscope
