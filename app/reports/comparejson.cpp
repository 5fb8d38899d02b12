#include "app/reports/comparejson.h"

#include "app/reports/comparesections.h"
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

    QJsonArray memoryJson(const std::vector<MemoryDiffRow> &rows)
    {
        constexpr double kMb = 1024.0 * 1024.0; // the vendor's MB: Size(KB) / 1024
        QJsonArray out;
        for (const MemoryDiffRow &r : rows) {
            QJsonObject o;
            o[L("name")] = r.name;
            o[L("base_allocated_ms")] = double(r.baseAllocatedNs) / 1e6;
            o[L("base_memory_mb")] = double(r.baseBytes) / kMb;
            o[L("base_count")] = r.baseCount;
            o[L("new_allocated_ms")] = double(r.newAllocatedNs) / 1e6;
            o[L("new_memory_mb")] = double(r.newBytes) / kMb;
            o[L("new_count")] = r.newCount;
            out.append(o);
        }
        return out;
    }

    QJsonValue sourceOrNull(const QString &path)
    {
        return path.isEmpty() ? QJsonValue() : QJsonValue(path);
    }

    // One section as the text output shows it: its title, the table (or the list), the footer.
    QString sectionText(const CompareSection &s)
    {
        QString out = s.title + QLatin1Char('\n');
        if (s.header.isEmpty()) {
            for (const QString &item : s.items)
                out += QStringLiteral("  ") + item + QLatin1Char('\n');
        } else {
            out += textTable(s.header, s.rows);
        }
        if (!s.footer.isEmpty())
            out += QStringLiteral("  ") + s.footer + QLatin1Char('\n');
        return out;
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
    o[L("memory")] = memoryJson(c.memory);
    QJsonObject memorySource;
    memorySource[L("base")] = sourceOrNull(c.baseMemorySource);
    memorySource[L("new")] = sourceOrNull(c.newMemorySource);
    o[L("memory_source")] = memorySource;
    return o;
}

QString renderComparisonText(const QJsonObject &c, int top)
{
    const CompareLayout v = CompareLayout::of(c, top);
    QString s = CompareCommand::tr("npuscope compare") + QLatin1Char('\n');
    s += QStringLiteral("  ") + CompareCommand::tr("base: %1").arg(v.baseRun) + QLatin1Char('\n');
    s += QStringLiteral("  ") + CompareCommand::tr("new:  %1").arg(v.newRun) + QLatin1Char('\n');
    for (const QString &note : v.notes)
        s += note + QLatin1Char('\n');
    s += QLatin1Char('\n') + v.stepTime + QStringLiteral("\n\n");
    s += sectionText(v.summary);
    s += QLatin1Char('\n') + v.matching + QLatin1Char('\n');
    if (!v.findings.empty())
        s += QLatin1Char('\n');
    for (const CompareSection &f : v.findings)
        s += sectionText(f);
    for (const CompareSection &t : v.tables)
        s += QLatin1Char('\n') + sectionText(t);
    return s;
}

} // namespace npuscope
