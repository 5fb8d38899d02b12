#include "model/profile/profile.h"

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

} // namespace npuscope
