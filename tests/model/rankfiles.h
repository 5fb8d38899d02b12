#pragma once

// Test helpers for generated multi-rank profiles: where a rank's files are, and whether issues
// name a file.

#include "model/core/issue.h"

#include <QDir>

namespace npuscope::test {

inline QString rankTracePath(const QString &profileDir, int rank)
{
    return QDir(profileDir)
        .filePath(
            QStringLiteral("rank%1_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json").arg(rank));
}

inline bool issuesMention(const IssueList &issues, const QString &file)
{
    for (const Issue &i : issues)
        if (i.file == file)
            return true;
    return false;
}

} // namespace npuscope::test
