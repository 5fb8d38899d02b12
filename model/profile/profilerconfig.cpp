#include "model/profile/profilerconfig.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace npuscope {

namespace {

    class ConfigText {
        Q_DECLARE_TR_FUNCTIONS(npuscope::ProfilerConfig)
    };

    // Keys changed spelling across torch_npu versions ("_wait" in 2023, "wait" later).
    QJsonValue lookup(const QJsonObject &o, const char *key)
    {
        const QString k = QString::fromLatin1(key);
        if (o.contains(k))
            return o.value(k);
        return o.value(QLatin1Char('_') + k);
    }

    std::optional<bool> optBool(const QJsonValue &v)
    {
        if (v.isBool())
            return v.toBool();
        if (v.isString()) {
            const QString s = v.toString().toLower();
            if (s == QLatin1String("true"))
                return true;
            if (s == QLatin1String("false"))
                return false;
        }
        if (v.isDouble())
            return v.toDouble() != 0;
        return std::nullopt;
    }

    std::optional<int> optInt(const QJsonValue &v)
    {
        if (v.isDouble())
            return v.toInt();
        if (v.isString()) {
            bool ok = false;
            const int n = v.toString().trimmed().toInt(&ok);
            if (ok)
                return n;
        }
        return std::nullopt;
    }

    QString text(const QJsonValue &v)
    {
        if (v.isString())
            return v.toString();
        if (v.isArray()) {
            QStringList parts;
            for (const QJsonValue &e : v.toArray())
                parts << e.toVariant().toString();
            return parts.join(QLatin1Char(','));
        }
        if (v.isDouble() || v.isBool())
            return v.toVariant().toString();
        return QString();
    }

    void readSchedule(const QJsonValue &v, ProfilerConfig &c)
    {
        if (!v.isObject())
            return;
        const QJsonObject s = v.toObject();
        ProfilerConfig::Schedule sc;
        sc.wait = optInt(lookup(s, "wait"));
        sc.warmup = optInt(lookup(s, "warmup"));
        sc.active = optInt(lookup(s, "active"));
        sc.repeat = optInt(lookup(s, "repeat"));
        sc.skipFirst = optInt(lookup(s, "skip_first"));
        c.schedule = sc;
    }

} // namespace

ProfilerConfig parseProfilerConfig(const QByteArray &json, const QString &path, IssueList *issues)
{
    ProfilerConfig c;
    c.path = path;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (!doc.isObject()) {
        issues->append({ Severity::Warning, path, ConfigText::tr("byte %1").arg(error.offset),
            ConfigText::tr(
                "profiler_info is not a readable JSON object (%1); collection settings unknown")
                .arg(error.errorString()) });
        return c;
    }
    return profilerConfigFromJson(doc.object(), path);
}

ProfilerConfig profilerConfigFromJson(const QJsonObject &root, const QString &path)
{
    ProfilerConfig c;
    c.path = path;
    c.found = true;
    const QJsonObject config = root.value(QStringLiteral("config")).toObject();
    const QJsonObject common = config.value(QStringLiteral("common_config")).toObject();
    const QJsonObject experimental = config.value(QStringLiteral("experimental_config")).toObject();
    for (const QJsonValue &a : common.value(QStringLiteral("activities")).toArray())
        c.activities << a.toString();
    readSchedule(lookup(common, "schedule"), c);
    c.recordShapes = optBool(lookup(common, "record_shapes"));
    c.profileMemory = optBool(lookup(common, "profile_memory"));
    c.withStack = optBool(lookup(common, "with_stack"));
    c.withFlops = optBool(lookup(common, "with_flops"));
    c.withModules = optBool(lookup(common, "with_modules"));
    c.level = text(lookup(experimental, "profiler_level"));
    c.aicMetrics = text(lookup(experimental, "aic_metrics"));
    c.exportType = text(lookup(experimental, "export_type"));
    c.l2Cache = optBool(lookup(experimental, "l2_cache"));
    c.torchNpuVersion = text(root.value(QStringLiteral("torch_npu_version")));
    c.cannVersion = text(root.value(QStringLiteral("cann_version")));
    c.rankId = optInt(root.value(QStringLiteral("rank_id")));
    const QJsonValue end = root.value(QStringLiteral("end_info"))
                               .toObject()
                               .value(QStringLiteral("collectionTimeEnd"));
    if (end.isDouble())
        c.collectionEndNs = end.toInteger(); // Qt 6 keeps JSON integers exact
    else if (end.isString())
        c.collectionEndNs = end.toString().toLongLong();
    return c;
}

ProfilerConfig readProfilerConfig(const QString &path, IssueList *issues)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        issues->append({ Severity::Warning, path, QString(),
            ConfigText::tr("cannot read profiler_info: %1").arg(f.errorString()) });
        ProfilerConfig c;
        c.path = path;
        return c;
    }
    // profiler_info is a few KB; anything far larger is not one.
    constexpr qint64 kMaxSize = 16 << 20;
    if (f.size() > kMaxSize) {
        issues->append({ Severity::Warning, path, QString(),
            ConfigText::tr("profiler_info is %1 MB, too large to be real; ignored")
                .arg(f.size() >> 20) });
        ProfilerConfig c;
        c.path = path;
        return c;
    }
    return parseProfilerConfig(f.readAll(), path, issues);
}

} // namespace npuscope
