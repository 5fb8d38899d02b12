#include "app/reports/comparejson.h"

#include "app/reports/reportjson.h"
#include "app/reports/texttable.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace npuscope {

namespace {

    // The translation context of the comparison's text (lupdate reads CompareCommand::tr).
    class CompareCommand {
        Q_DECLARE_TR_FUNCTIONS(CompareCommand)
    };

    using L = QLatin1String;

    QJsonValue pctOrNull(bool has, double pct)
    {
        return has ? QJsonValue(pct) : QJsonValue(QJsonValue::Null);
    }

    QJsonObject sideJson(const CompareRunInfo &info, const StepSummary &s)
    {
        QJsonObject o;
        o[L("path")] = info.path;
        o[L("rank")] = info.rank->rank();
        o[L("label")] = info.rank->label();
        o[L("backend")] = isKinetoRun(*info.rank) ? L("kineto") : L("ascend");
        o[L("step")] = s.stepId;
        o[L("step_time_us")] = nsToUs(s.wallNs);
        o[L("device_busy_us")] = nsToUs(s.deviceBusyNs);
        o[L("kernel_total_us")] = nsToUs(s.kernelSumNs);
        o[L("kernel_count")] = s.kernelCount;
        QJsonObject top;
        if (s.topKernelRow >= 0) {
            top[L("name")] = s.topKernel;
            top[L("duration_us")] = nsToUs(s.topKernelNs);
        }
        o[L("top_kernel")] = s.topKernelRow >= 0 ? QJsonValue(top) : QJsonValue(QJsonValue::Null);
        o[L("ai_cpu_us")] = nsToUs(s.aiCpuNs);
        o[L("ai_cpu_share")] = s.aiCpuShare;
        o[L("transdata_us")] = nsToUs(s.transDataNs);
        o[L("transdata_share")] = s.transDataShare;
        o[L("free_us")] = nsToUs(s.freeNs);
        o[L("comm_not_overlapped_us")] = nsToUs(s.commNotOverlappedNs);
        QJsonArray findings;
        for (const Finding &f : info.analysis->findings)
            findings.append(f.id);
        o[L("findings")] = findings;
        return o;
    }

    QJsonArray diffJson(const std::vector<DiffRow> &rows, const QString &keyName, bool label)
    {
        QJsonArray out;
        for (const DiffRow &r : rows) {
            QJsonObject o;
            o[keyName] = r.key;
            if (!r.newKey.isEmpty())
                o[L("new_") + keyName] = r.newKey;
            if (label)
                o[L("label")] = r.label;
            o[L("base_us")] = nsToUs(r.baseNs);
            o[L("new_us")] = nsToUs(r.newNs);
            o[L("delta_us")] = nsToUs(r.deltaNs());
            o[L("delta_pct")] = pctOrNull(r.hasDeltaPct(), r.deltaPct());
            o[L("base_count")] = r.baseCount;
            o[L("new_count")] = r.newCount;
            out.append(o);
        }
        return out;
    }

    QJsonArray changesJson(const std::vector<FindingChange> &changes)
    {
        QJsonArray out;
        for (const FindingChange &f : changes) {
            QJsonObject o;
            o[L("id")] = f.id;
            o[L("severity")] = findingSeverityName(f.severity);
            o[L("title")] = f.title;
            out.append(o);
        }
        return out;
    }

    QJsonValue countOrNull(qint64 count)
    {
        return count >= 0 ? QJsonValue(count) : QJsonValue(QJsonValue::Null);
    }

    QJsonArray overallJson(const std::vector<OverallRow> &rows)
    {
        QJsonArray out;
        for (const OverallRow &r : rows) {
            QJsonObject o;
            o[L("key")] = r.key;
            o[L("index")] = r.index;
            o[L("depth")] = r.depth;
            o[L("base_ms")] = double(r.baseNs) / 1e6;
            o[L("base_count")] = countOrNull(r.baseCount);
            o[L("new_ms")] = double(r.newNs) / 1e6;
            o[L("new_count")] = countOrNull(r.newCount);
            out.append(o);
        }
        return out;
    }

    QJsonArray modulesJson(const std::vector<ModuleDiffRow> &rows)
    {
        QJsonArray out;
        auto us = [](bool present, TimeNs ns) {
            return present ? QJsonValue(nsToUs(ns)) : QJsonValue(QJsonValue::Null);
        };
        for (const ModuleDiffRow &r : rows) {
            QJsonObject o;
            o[L("path")] = r.path;
            o[L("class")] = r.moduleClass;
            o[L("level")] = r.level;
            o[L("backward")] = r.backward;
            o[L("base_device_total_us")] = us(r.inBase(), r.baseTotalNs);
            o[L("new_device_total_us")] = us(r.inNew(), r.newTotalNs);
            o[L("base_device_self_us")] = us(r.inBase(), r.baseSelfNs);
            o[L("new_device_self_us")] = us(r.inNew(), r.newSelfNs);
            out.append(o);
        }
        return out;
    }

    QJsonArray apisJson(const std::vector<ApiDiffRow> &rows)
    {
        QJsonArray out;
        for (const ApiDiffRow &r : rows) {
            QJsonObject o;
            o[L("name")] = r.name;
            o[L("base_total_us")] = nsToUs(r.baseTotalNs);
            o[L("base_self_us")] = nsToUs(r.baseSelfNs);
            o[L("base_count")] = r.baseCount;
            o[L("new_total_us")] = nsToUs(r.newTotalNs);
            o[L("new_self_us")] = nsToUs(r.newSelfNs);
            o[L("new_count")] = r.newCount;
            out.append(o);
        }
        return out;
    }

    // ---- text ----

    QString us(const QJsonValue &v) { return QString::number(v.toDouble(), 'f', 3); }

    QString signedUs(const QJsonValue &v)
    {
        const double d = v.toDouble();
        return (d > 0 ? QStringLiteral("+") : QString()) + QString::number(d, 'f', 3);
    }

    QString pct(const QJsonValue &v)
    {
        if (v.isNull() || v.isUndefined())
            return QStringLiteral("-");
        const double d = v.toDouble();
        return (d > 0 ? QStringLiteral("+") : QString()) + QString::number(d, 'f', 1)
            + QLatin1Char('%');
    }

    QString share(const QJsonValue &v)
    {
        return QString::number(v.toDouble() * 100.0, 'f', 1) + QLatin1Char('%');
    }

    QString topKernel(const QJsonObject &side)
    {
        const QJsonObject t = side[L("top_kernel")].toObject();
        if (t.isEmpty())
            return QStringLiteral("-");
        return CompareCommand::tr("%1 (%2 us)")
            .arg(t[L("name")].toString(), us(t[L("duration_us")]));
    }

    QString renderSummary(const QJsonObject &c)
    {
        const QJsonObject b = c[L("base")].toObject();
        const QJsonObject n = c[L("new")].toObject();
        auto delta = [&](const char *key) {
            const double x = b[QLatin1String(key)].toDouble(), y = n[QLatin1String(key)].toDouble();
            return x == 0 ? QStringLiteral("-") : pct(100.0 * (y - x) / x);
        };
        auto usRow = [&](const QString &label, const char *key) {
            return QStringList { us(b[QLatin1String(key)]), us(n[QLatin1String(key)]), delta(key),
                label };
        };
        auto shareRow = [&](const QString &label, const char *key) {
            const double points
                = 100.0 * (n[QLatin1String(key)].toDouble() - b[QLatin1String(key)].toDouble());
            return QStringList { share(b[QLatin1String(key)]), share(n[QLatin1String(key)]),
                CompareCommand::tr("%1 pt").arg(QString::number(points, 'f', 1)), label };
        };
        const QList<QStringList> rows {
            { b[L("step")].toString(), n[L("step")].toString(), QString(),
                CompareCommand::tr("Step") },
            usRow(CompareCommand::tr("Step time (us)"), "step_time_us"),
            usRow(CompareCommand::tr("Device busy (us)"), "device_busy_us"),
            usRow(CompareCommand::tr("Kernel total (us)"), "kernel_total_us"),
            shareRow(CompareCommand::tr("AI_CPU share"), "ai_cpu_share"),
            shareRow(CompareCommand::tr("TransData share"), "transdata_share"),
            usRow(CompareCommand::tr("Free (us)"), "free_us"),
            usRow(
                CompareCommand::tr("Communication not overlapped (us)"), "comm_not_overlapped_us"),
            { QString::number(b[L("kernel_count")].toInteger()),
                QString::number(n[L("kernel_count")].toInteger()), QString(),
                CompareCommand::tr("Kernels") },
        };
        QString s = CompareCommand::tr("Summary\n")
            + textTable({ CompareCommand::tr("Base"), CompareCommand::tr("New"),
                            CompareCommand::tr("Delta"), CompareCommand::tr("Measure") },
                rows);
        s += CompareCommand::tr("  Top-1 kernel: base %1, new %2\n")
                 .arg(topKernel(b), topKernel(n));
        return s;
    }

    // A row's shown text: its label, or its key (with the new run's name when it differs).
    QString diffLabel(const QJsonObject &o, const QString &key)
    {
        if (o.contains(L("label")))
            return o[L("label")].toString();
        const QString renamed = o[L("new_") + key].toString();
        return renamed.isEmpty() ? o[key].toString()
                                 : o[key].toString() + QStringLiteral(" → ") + renamed;
    }

    QString renderDiff(const QJsonArray &rows, const QString &key, const QString &title,
        const QString &column, int top)
    {
        if (rows.isEmpty())
            return QString();
        QList<QStringList> cells;
        for (int i = 0; i < rows.size() && i < top; ++i) {
            const QJsonObject o = rows[i].toObject();
            cells << QStringList { us(o[L("base_us")]), us(o[L("new_us")]),
                signedUs(o[L("delta_us")]), pct(o[L("delta_pct")]),
                QString::number(o[L("base_count")].toInteger()),
                QString::number(o[L("new_count")].toInteger()), diffLabel(o, key) };
        }
        const QString more = rows.size() > top
            ? CompareCommand::tr(" (top %1 of %2 by |delta|)").arg(top).arg(rows.size())
            : QString();
        return title + more + QLatin1Char('\n')
            + textTable({ CompareCommand::tr("Base(us)"), CompareCommand::tr("New(us)"),
                            CompareCommand::tr("Delta(us)"), CompareCommand::tr("Delta"),
                            CompareCommand::tr("Base n"), CompareCommand::tr("New n"), column },
                cells);
    }

    QString count(const QJsonValue &v)
    {
        return v.isNull() ? QStringLiteral("/") : QString::number(v.toInteger());
    }

    QString renderOverall(const QJsonArray &rows)
    {
        if (rows.isEmpty())
            return QString();
        QList<QStringList> cells;
        for (const QJsonValue &v : rows) {
            const QJsonObject o = v.toObject();
            OverallRow row;
            row.key = o[L("key")].toString();
            row.index = o[L("index")].toString();
            const double b = o[L("base_ms")].toDouble(), n = o[L("new_ms")].toDouble();
            cells << QStringList { QString::number(b, 'f', 3), count(o[L("base_count")]),
                QString::number(n, 'f', 3), count(o[L("new_count")]),
                (n - b > 0 ? QStringLiteral("+") : QString()) + QString::number(n - b, 'f', 3),
                QString(2 * o[L("depth")].toInt(), QLatin1Char(' ')) + overallRowName(row) };
        }
        return CompareCommand::tr("Time by category (msprof-analyze OverallMetrics)\n")
            + textTable({ CompareCommand::tr("Base(ms)"), CompareCommand::tr("Base n"),
                            CompareCommand::tr("New(ms)"), CompareCommand::tr("New n"),
                            CompareCommand::tr("Delta(ms)"), CompareCommand::tr("Category") },
                cells);
    }

    QString moduleUs(const QJsonValue &v) { return v.isNull() ? QStringLiteral("-") : us(v); }

    QString renderModules(const QJsonArray &rows, int top)
    {
        if (rows.isEmpty())
            return QString();
        std::vector<QJsonObject> sorted;
        for (const QJsonValue &v : rows)
            sorted.push_back(v.toObject());
        auto delta = [](const QJsonObject &o) {
            return std::abs(
                o[L("new_device_total_us")].toDouble() - o[L("base_device_total_us")].toDouble());
        };
        std::stable_sort(sorted.begin(), sorted.end(),
            [&](const QJsonObject &a, const QJsonObject &b) { return delta(a) > delta(b); });
        QList<QStringList> cells;
        for (std::size_t i = 0; i < sorted.size() && int(i) < top; ++i) {
            const QJsonObject &o = sorted[i];
            const double d
                = o[L("new_device_total_us")].toDouble() - o[L("base_device_total_us")].toDouble();
            cells << QStringList { moduleUs(o[L("base_device_total_us")]),
                moduleUs(o[L("new_device_total_us")]), signedUs(d),
                moduleUs(o[L("base_device_self_us")]), moduleUs(o[L("new_device_self_us")]),
                o[L("path")].toString() };
        }
        const QString more = rows.size() > top
            ? CompareCommand::tr(" (top %1 of %2 by |delta|)").arg(top).arg(rows.size())
            : QString();
        return CompareCommand::tr("Device time by module") + more + QLatin1Char('\n')
            + textTable({ CompareCommand::tr("Base total(us)"), CompareCommand::tr("New total(us)"),
                            CompareCommand::tr("Delta(us)"), CompareCommand::tr("Base self(us)"),
                            CompareCommand::tr("New self(us)"), CompareCommand::tr("Module") },
                cells);
    }

    QString renderApis(const QJsonArray &rows, int top)
    {
        if (rows.isEmpty())
            return QString();
        std::vector<QJsonObject> sorted;
        for (const QJsonValue &v : rows)
            sorted.push_back(v.toObject());
        auto delta = [](const QJsonObject &o) {
            return o[L("new_total_us")].toDouble() - o[L("base_total_us")].toDouble();
        };
        std::stable_sort(
            sorted.begin(), sorted.end(), [&](const QJsonObject &a, const QJsonObject &b) {
                return std::abs(delta(a)) > std::abs(delta(b));
            });
        QList<QStringList> cells;
        for (std::size_t i = 0; i < sorted.size() && int(i) < top; ++i) {
            const QJsonObject &o = sorted[i];
            cells << QStringList { us(o[L("base_total_us")]), us(o[L("new_total_us")]),
                signedUs(delta(o)), us(o[L("base_self_us")]), us(o[L("new_self_us")]),
                QString::number(o[L("base_count")].toInteger()),
                QString::number(o[L("new_count")].toInteger()), o[L("name")].toString() };
        }
        const QString more = rows.size() > top
            ? CompareCommand::tr(" (top %1 of %2 by |delta|)").arg(top).arg(rows.size())
            : QString();
        return CompareCommand::tr("Host time by API") + more + QLatin1Char('\n')
            + textTable({ CompareCommand::tr("Base total(us)"), CompareCommand::tr("New total(us)"),
                            CompareCommand::tr("Delta(us)"), CompareCommand::tr("Base self(us)"),
                            CompareCommand::tr("New self(us)"), CompareCommand::tr("Base n"),
                            CompareCommand::tr("New n"), CompareCommand::tr("API") },
                cells);
    }

    QString renderChanges(const QJsonArray &changes, const QString &title)
    {
        QString s;
        for (const QJsonValue &v : changes) {
            const QJsonObject f = v.toObject();
            s += QStringLiteral("  [%1] %2 (%3)\n")
                     .arg(f[L("severity")].toString(), f[L("title")].toString(),
                         f[L("id")].toString());
        }
        return s.isEmpty() ? QString() : title + QLatin1Char('\n') + s;
    }

} // namespace

QJsonObject comparisonJson(const RunComparison &c, const CompareRunInfo &base,
    const CompareRunInfo &next, const CompareOptions &options)
{
    QJsonObject o;
    o[L("base")] = sideJson(base, c.base);
    o[L("new")] = sideJson(next, c.next);
    QJsonObject step;
    step[L("base")] = nsToUs(c.base.wallNs);
    step[L("new")] = nsToUs(c.next.wallNs);
    step[L("delta_pct")] = pctOrNull(c.hasStepDeltaPct(), c.stepDeltaPct());
    o[L("step_time_us")] = step;
    o[L("steps_by_position")] = c.stepsByPosition;
    o[L("cross_backend")] = c.crossBackend;
    o[L("by_type")] = diffJson(c.byType, QStringLiteral("type"), false);
    o[L("by_name")] = diffJson(c.byName, QStringLiteral("name"), false);
    o[L("by_bucket")] = diffJson(c.byBucket, QStringLiteral("bucket"), true);
    QJsonObject matching;
    matching[L("matched")] = qint64(c.match.pairs.size());
    matching[L("only_base")] = qint64(c.match.onlyBase.size());
    matching[L("only_new")] = qint64(c.match.onlyNew.size());
    matching[L("faster")] = c.faster;
    matching[L("slower")] = c.slower;
    matching[L("threshold_pct")] = options.changeThreshold * 100.0;
    o[L("matching")] = matching;
    QJsonObject findings;
    findings[L("appeared")] = changesJson(c.appeared);
    findings[L("resolved")] = changesJson(c.resolved);
    o[L("findings")] = findings;
    o[L("overall")] = overallJson(c.overall);
    o[L("modules")] = modulesJson(c.modules);
    o[L("apis")] = apisJson(c.apis);
    return o;
}

QString renderComparisonText(const QJsonObject &c, int top)
{
    const QJsonObject b = c[L("base")].toObject();
    const QJsonObject n = c[L("new")].toObject();
    QString s = CompareCommand::tr("npuscope compare\n");
    s += CompareCommand::tr("  base: %1 (%2, %3)\n")
             .arg(b[L("path")].toString(), b[L("label")].toString(), b[L("backend")].toString());
    s += CompareCommand::tr("  new:  %1 (%2, %3)\n")
             .arg(n[L("path")].toString(), n[L("label")].toString(), n[L("backend")].toString());
    if (c[L("steps_by_position")].toBool())
        s += CompareCommand::tr("Note: the runs share no step number; their first steps are "
                                "compared (base %1, new %2).\n")
                 .arg(b[L("step")].toString(), n[L("step")].toString());
    const bool cross = c[L("cross_backend")].toBool();
    if (cross)
        s += CompareCommand::tr("Note: a Kineto trace against an Ascend profile: kernel names "
                                "differ, compare the work buckets.\n");
    const QJsonObject step = c[L("step_time_us")].toObject();
    s += CompareCommand::tr("\nStep time: %1 us -> %2 us (%3)\n\n")
             .arg(us(step[L("base")]), us(step[L("new")]), pct(step[L("delta_pct")]));
    s += renderSummary(c);
    const QJsonObject m = c[L("matching")].toObject();
    s += CompareCommand::tr("\nKernels matched: %1; faster: %2, slower: %3 (beyond %4%); only in "
                            "base: %5, only in new: %6\n")
             .arg(m[L("matched")].toInteger())
             .arg(m[L("faster")].toInteger())
             .arg(m[L("slower")].toInteger())
             .arg(m[L("threshold_pct")].toDouble())
             .arg(m[L("only_base")].toInteger())
             .arg(m[L("only_new")].toInteger());
    const QJsonObject f = c[L("findings")].toObject();
    const QString appeared
        = renderChanges(f[L("appeared")].toArray(), CompareCommand::tr("Findings that appeared"));
    const QString resolved
        = renderChanges(f[L("resolved")].toArray(), CompareCommand::tr("Findings resolved"));
    if (!appeared.isEmpty() || !resolved.isEmpty())
        s += QLatin1Char('\n') + appeared + resolved;
    const QString overall = renderOverall(c[L("overall")].toArray());
    if (!overall.isEmpty())
        s += QLatin1Char('\n') + overall;
    const QString modules = renderModules(c[L("modules")].toArray(), top);
    if (!modules.isEmpty())
        s += QLatin1Char('\n') + modules;
    const QString apis = renderApis(c[L("apis")].toArray(), top);
    if (!apis.isEmpty())
        s += QLatin1Char('\n') + apis;
    s += QLatin1Char('\n')
        + renderDiff(c[L("by_bucket")].toArray(), QStringLiteral("bucket"),
            CompareCommand::tr("By work bucket"), CompareCommand::tr("Bucket"), top);
    if (!cross) {
        s += QLatin1Char('\n')
            + renderDiff(c[L("by_type")].toArray(), QStringLiteral("type"),
                CompareCommand::tr("By Type"), CompareCommand::tr("Type"), top);
        s += QLatin1Char('\n')
            + renderDiff(c[L("by_name")].toArray(), QStringLiteral("name"),
                CompareCommand::tr("By Name"), CompareCommand::tr("Name"), top);
    }
    return s;
}

} // namespace npuscope
