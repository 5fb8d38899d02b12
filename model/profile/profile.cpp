#include "model/profile/profile.h"

#include <algorithm>

namespace npuscope {

IssueList Profile::allIssues() const
{
    IssueList all = issues;
    for (const auto &rank : ranks)
        all += rank->issues;
    return all;
}

bool Profile::hasErrors() const
{
    const IssueList all = allIssues();
    return std::any_of(
        all.begin(), all.end(), [](const Issue &i) { return i.severity == Severity::Error; });
}

IssueList Profile::damageIssues() const
{
    IssueList out;
    for (const Issue &i : allIssues()) {
        if (i.damaged || i.severity == Severity::Error)
            out << i;
    }
    return out;
}

bool Profile::isDamaged() const
{
    if (!damageIssues().isEmpty())
        return true;
    return std::any_of(ranks.begin(), ranks.end(),
        [](const auto &rank) { return rank->trace && rank->trace->stats.droppedBytes > 0; });
}

TimeNs rankTimeOrigin(const RankProfile &rank)
{
    if (rank.trace)
        return rank.trace->minTime;
    TimeNs base = 0;
    bool any = false;
    if (rank.kernels) {
        for (const TimeNs start : rank.kernels->start) {
            if (start != Table::kMissingNs && (!any || start < base)) {
                base = start;
                any = true;
            }
        }
    }
    return base;
}

} // namespace npuscope
