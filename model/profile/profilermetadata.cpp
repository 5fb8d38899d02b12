#include "model/profile/profilermetadata.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace npuscope {

namespace {

    class Text {
        Q_DECLARE_TR_FUNCTIONS(npuscope::ProfilerMetadata)
    };

    const QString kEnv = QStringLiteral("ENV_VARIABLES");
    const QString kDistributed = QStringLiteral("distributed_args");
    const QString kGroups = QStringLiteral("parallel_group_info");

    // What a reader reports problems against: the file, and the row of META_DATA when read from
    // a database.
    struct Where {
        const QString &path;
        QString row; // "META_DATA row distributed_args, " or empty
        IssueList *issues;

        void wrongType(const QString &key, const char *expected) const
        {
            issues->append({ Severity::Warning, path, row + Text::tr("key %1").arg(key),
                Text::tr("profiler metadata: %1 is not %2; ignored")
                    .arg(key, QString::fromLatin1(expected)) });
        }
    };

    QString compact(const QJsonValue &v)
    {
        switch (v.type()) {
        case QJsonValue::Bool:
            return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
        case QJsonValue::Double: {
            const double d = v.toDouble();
            if (std::floor(d) == d && std::abs(d) < 1e15)
                return QString::number(qint64(d));
            return QString::number(d, 'g', 17);
        }
        case QJsonValue::String:
            return QLatin1Char('"') + v.toString() + QLatin1Char('"');
        case QJsonValue::Array:
            return QString::fromUtf8(QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
        case QJsonValue::Object:
            return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
        case QJsonValue::Null:
            return QStringLiteral("null");
        case QJsonValue::Undefined:
            break;
        }
        return QString();
    }

    // An integer written as a number or as digits; nullopt for anything else.
    std::optional<int> integer(const QJsonValue &v)
    {
        if (v.isDouble()) {
            const double d = v.toDouble();
            if (std::floor(d) == d && std::abs(d) <= 2147483647.0)
                return int(d);
            return std::nullopt;
        }
        bool ok = false;
        const int n = v.isString() ? v.toString().trimmed().toInt(&ok) : 0;
        return ok ? std::optional<int>(n) : std::nullopt;
    }

    std::optional<bool> boolean(const QJsonValue &v)
    {
        if (v.isBool())
            return v.toBool();
        const QString s = v.toString().trimmed().toLower();
        if (s == QLatin1String("true"))
            return true;
        if (s == QLatin1String("false"))
            return false;
        return std::nullopt;
    }

    void readEnv(const QJsonValue &v, ProfilerMetadata &m, const Where &w)
    {
        if (!v.isObject())
            return w.wrongType(kEnv, "an object");
        m.hasEnvVariables = true;
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            const QJsonValue value = it.value();
            if (value.isString())
                m.envVariables.emplace_back(it.key(), value.toString());
            else if (value.isDouble() || value.isBool())
                m.envVariables.emplace_back(it.key(), compact(value));
            else if (value.isNull())
                m.envVariables.emplace_back(it.key(), QString());
            else
                w.wrongType(kEnv + QLatin1Char('.') + it.key(), "a string");
        }
    }

    void readDistributed(const QJsonValue &v, ProfilerMetadata &m, const Where &w)
    {
        if (!v.isObject())
            return w.wrongType(kDistributed, "an object");
        const QJsonObject o = v.toObject();
        DistributedArgs d;
        const std::pair<const char *, std::optional<int> DistributedArgs::*> ints[] = {
            { "tensor_model_parallel_size", &DistributedArgs::tensorParallel },
            { "pipeline_model_parallel_size", &DistributedArgs::pipelineParallel },
            { "data_parallel_size", &DistributedArgs::dataParallel },
            { "context_parallel_size", &DistributedArgs::contextParallel },
            { "expert_model_parallel_size", &DistributedArgs::expertParallel },
            { "rank", &DistributedArgs::rank },
            { "world_size", &DistributedArgs::worldSize },
        };
        for (const auto &[key, member] : ints) {
            const QString k = QString::fromLatin1(key);
            if (!o.contains(k))
                continue;
            d.*member = integer(o.value(k));
            if (!(d.*member))
                w.wrongType(kDistributed + QLatin1Char('.') + k, "an integer");
        }
        const QString sp = QStringLiteral("sequence_parallel");
        if (o.contains(sp)) {
            d.sequenceParallel = boolean(o.value(sp));
            if (!d.sequenceParallel)
                w.wrongType(kDistributed + QLatin1Char('.') + sp, "true or false");
        }
        for (auto it = o.begin(); it != o.end(); ++it)
            d.all.emplace_back(it.key(), compact(it.value()));
        m.distributedArgs = std::move(d);
    }

    std::optional<ParallelGroup> readGroup(const QString &id, const QJsonValue &v, const Where &w)
    {
        const QString key = kGroups + QLatin1Char('.') + id;
        if (!v.isObject()) {
            w.wrongType(key, "an object");
            return std::nullopt;
        }
        const QJsonObject o = v.toObject();
        ParallelGroup g;
        g.id = id;
        g.name = o.value(QStringLiteral("group_name")).toString();
        if (o.contains(QStringLiteral("group_rank"))) {
            g.groupRank = integer(o.value(QStringLiteral("group_rank")));
            if (!g.groupRank)
                w.wrongType(key + QStringLiteral(".group_rank"), "an integer");
        }
        const QJsonValue ranks = o.value(QStringLiteral("global_ranks"));
        if (!ranks.isArray() && !ranks.isUndefined()) {
            w.wrongType(key + QStringLiteral(".global_ranks"), "a list of ranks");
            return g;
        }
        for (const QJsonValue &r : ranks.toArray()) {
            if (const auto n = integer(r); n && *n >= 0) {
                g.globalRanks.push_back(*n);
            } else {
                w.wrongType(key + QStringLiteral(".global_ranks"), "a list of ranks");
                g.globalRanks.clear();
                break;
            }
        }
        return g;
    }

    void readGroups(const QJsonValue &v, ProfilerMetadata &m, const Where &w)
    {
        if (!v.isObject())
            return w.wrongType(kGroups, "an object");
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (auto g = readGroup(it.key(), it.value(), w))
                m.parallelGroups.push_back(std::move(*g));
        }
    }

    void readKey(const QString &key, const QJsonValue &v, ProfilerMetadata &m, const Where &w)
    {
        if (key == kEnv)
            readEnv(v, m, w);
        else if (key == kDistributed)
            readDistributed(v, m, w);
        else if (key == kGroups)
            readGroups(v, m, w);
        else
            m.other.emplace_back(key, compact(v));
    }

} // namespace

std::optional<QString> ProfilerMetadata::env(QStringView name) const
{
    for (const auto &[key, value] : envVariables) {
        if (key == name)
            return value;
    }
    return std::nullopt;
}

const ParallelGroup *ProfilerMetadata::group(QStringView id) const
{
    for (const ParallelGroup &g : parallelGroups) {
        if (g.id == id)
            return &g;
    }
    return nullptr;
}

ProfilerMetadata parseProfilerMetadata(
    const QByteArray &json, const QString &path, IssueList *issues)
{
    ProfilerMetadata m;
    m.path = path;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (!doc.isObject()) {
        Issue issue { Severity::Warning, path, Text::tr("byte %1").arg(error.offset),
            doc.isNull() ? Text::tr("profiler metadata is not readable JSON (%1); environment "
                                    "variables and parallel groups unknown")
                               .arg(error.errorString())
                         : Text::tr("profiler metadata is not a JSON object; environment "
                                    "variables and parallel groups unknown") };
        issue.damaged = true;
        if (!doc.isNull())
            issue.location = Text::tr("byte 0");
        issues->append(issue);
        return m;
    }
    return profilerMetadataFromJson(doc.object(), path, issues);
}

ProfilerMetadata profilerMetadataFromJson(
    const QJsonObject &root, const QString &path, IssueList *issues)
{
    ProfilerMetadata m;
    m.path = path;
    m.found = true;
    const Where w { path, QString(), issues };
    for (auto it = root.begin(); it != root.end(); ++it)
        readKey(it.key(), it.value(), m, w);
    return m;
}

ProfilerMetadata readProfilerMetadata(const QString &path, IssueList *issues)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        issues->append({ Severity::Warning, path, QString(),
            Text::tr("profiler metadata cannot be read: %1").arg(f.errorString()) });
        ProfilerMetadata m;
        m.path = path;
        return m;
    }
    return parseProfilerMetadata(f.readAll(), path, issues);
}

ProfilerMetadata profilerMetadataFromRows(
    const std::vector<std::pair<QString, QString>> &rows, const QString &path, IssueList *issues)
{
    ProfilerMetadata m;
    m.path = path;
    for (const auto &[name, value] : rows) {
        if (name.startsWith(QLatin1String("SCHEMA_VERSION")))
            continue;
        m.found = true;
        const Where w { path, Text::tr("META_DATA row %1, ").arg(name), issues };
        const bool structured = name == kEnv || name == kDistributed || name == kGroups;
        if (!structured) {
            m.other.emplace_back(name, value);
            continue;
        }
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(value.toUtf8(), &error);
        if (!doc.isObject()) {
            Issue issue {
                Severity::Warning, path,
                w.row + Text::tr("byte %1").arg(doc.isNull() ? error.offset : 0),
                Text::tr("profiler metadata: %1 is not a readable JSON object; ignored").arg(name)
            };
            issue.damaged = true;
            issues->append(issue);
            continue;
        }
        readKey(name, doc.object(), m, w);
    }
    return m;
}

} // namespace npuscope
