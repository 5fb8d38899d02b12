#include "app/reports/metadatajson.h"

#include <QJsonArray>

namespace npuscope {

namespace {

    QJsonObject pairsJson(const std::vector<std::pair<QString, QString>> &pairs)
    {
        QJsonObject o;
        for (const auto &[key, value] : pairs)
            o[key] = value;
        return o;
    }

    QJsonArray groupsJson(const std::vector<ParallelGroup> &groups)
    {
        QJsonArray out;
        for (const ParallelGroup &g : groups) {
            QJsonArray ranks;
            for (int r : g.globalRanks)
                ranks.append(r);
            QJsonObject o { { QStringLiteral("id"), g.id }, { QStringLiteral("name"), g.name },
                { QStringLiteral("global_ranks"), ranks } };
            if (g.groupRank)
                o[QStringLiteral("group_rank")] = *g.groupRank;
            out.append(o);
        }
        return out;
    }

} // namespace

QJsonObject metadataJson(const ProfilerMetadata &m)
{
    QJsonObject o { { QStringLiteral("path"), m.path } };
    if (m.hasEnvVariables)
        o[QStringLiteral("env_variables")] = pairsJson(m.envVariables);
    // distributed_args's values as written (JSON texts), so that no key is lost.
    if (m.distributedArgs)
        o[QStringLiteral("distributed_args")] = pairsJson(m.distributedArgs->all);
    if (!m.parallelGroups.empty())
        o[QStringLiteral("parallel_groups")] = groupsJson(m.parallelGroups);
    return o;
}

QJsonObject deviceJson(const QString &npuName, const DeviceCores &cores)
{
    QJsonObject o { { QStringLiteral("npu_name"), npuName } };
    if (cores.cube > 0)
        o[QStringLiteral("ai_cores")] = cores.cube;
    if (cores.vector > 0)
        o[QStringLiteral("vector_cores")] = cores.vector;
    o[QStringLiteral("cores_source")] = cores.known() ? cores.source : cores.unknownReason;
    return o;
}

} // namespace npuscope
