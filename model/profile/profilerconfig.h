#pragma once

#include "model/core/issue.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace npuscope {

// profiler_info*.json read tolerantly: every key optional, whichever torch_npu version wrote it.
struct ProfilerConfig {
    struct Schedule {
        std::optional<int> wait, warmup, active, repeat, skipFirst;
    };

    bool found = false; // a profiler_info file was read
    QString path;
    QString level; // "Level0", "Level1", "Level2", "Level_none"
    QString aicMetrics; // "ACL_AICORE_NONE", "ACL_AICORE_PIPE_UTILIZATION", ...
    QString exportType; // "text", "db", or a joined list
    QStringList activities;
    std::optional<bool> withStack, recordShapes, profileMemory, withFlops, withModules, l2Cache;
    std::optional<Schedule> schedule;
    QString torchNpuVersion;
    QString cannVersion;
    std::optional<int> rankId;
    std::optional<std::int64_t> collectionEndNs;
};

ProfilerConfig readProfilerConfig(const QString &path, IssueList *issues);
ProfilerConfig parseProfilerConfig(const QByteArray &json, const QString &path, IssueList *issues);
// The file's object already parsed (npuscope's report carries it: reportsummary.h).
ProfilerConfig profilerConfigFromJson(const QJsonObject &root, const QString &path);

} // namespace npuscope
