#include "app/reports/comparesections.h"

#include "analysis/compare/overallmetrics.h"

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

    // Three decimals, whatever the unit (µs, ms, MB): the tables' numbers.
    QString fixed3(const QJsonValue &v) { return QString::number(v.toDouble(), 'f', 3); }

    QString signedFixed3(double d)
    {
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

    QString count(const QJsonValue &v)
    {
        return v.isNull() ? QStringLiteral("/") : QString::number(v.toInteger());
    }

    QString topKernel(const QJsonObject &side)
    {
        const QJsonObject t = side[L("top_kernel")].toObject();
        if (t.isEmpty())
            return QStringLiteral("-");
        return CompareCommand::tr("%1 (%2 us)")
            .arg(t[L("name")].toString(), fixed3(t[L("duration_us")]));
    }

    QString topOf(const QString &title, qsizetype rows, int top)
    {
        return rows > top
            ? title + CompareCommand::tr(" (top %1 of %2 by |delta|)").arg(top).arg(rows)
            : title;
    }

    // Every column numeric but the last (the name).
    QList<bool> numbersThenName(qsizetype columns)
    {
        QList<bool> n(columns, true);
        n.back() = false;
        return n;
    }

    CompareSection summarySection(const QJsonObject &b, const QJsonObject &n)
    {
        auto delta = [&](const char *key) {
            const double x = b[QLatin1String(key)].toDouble(), y = n[QLatin1String(key)].toDouble();
            return x == 0 ? QStringLiteral("-") : pct(100.0 * (y - x) / x);
        };
        auto usRow = [&](const QString &label, const char *key) {
            return QStringList { fixed3(b[QLatin1String(key)]), fixed3(n[QLatin1String(key)]),
                delta(key), label };
        };
        auto shareRow = [&](const QString &label, const char *key) {
            const double points
                = 100.0 * (n[QLatin1String(key)].toDouble() - b[QLatin1String(key)].toDouble());
            return QStringList { share(b[QLatin1String(key)]), share(n[QLatin1String(key)]),
                CompareCommand::tr("%1 pt").arg(QString::number(points, 'f', 1)), label };
        };
        CompareSection s;
        s.title = CompareCommand::tr("Summary");
        s.header = QStringList { CompareCommand::tr("Base"), CompareCommand::tr("New"),
            CompareCommand::tr("Delta"), CompareCommand::tr("Measure") };
        s.numeric = numbersThenName(s.header.size());
        s.rows = {
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
        s.footer
            = CompareCommand::tr("Top-1 kernel: base %1, new %2").arg(topKernel(b), topKernel(n));
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

    CompareSection diffSection(const QJsonArray &rows, const QString &key, const QString &title,
        const QString &column, int top)
    {
        CompareSection s;
        s.title = topOf(title, rows.size(), top);
        s.header = QStringList { CompareCommand::tr("Base(us)"), CompareCommand::tr("New(us)"),
            CompareCommand::tr("Delta(us)"), CompareCommand::tr("Delta"),
            CompareCommand::tr("Base n"), CompareCommand::tr("New n"), column };
        s.numeric = numbersThenName(s.header.size());
        for (int i = 0; i < rows.size() && i < top; ++i) {
            const QJsonObject o = rows[i].toObject();
            s.rows << QStringList { fixed3(o[L("base_us")]), fixed3(o[L("new_us")]),
                signedFixed3(o[L("delta_us")].toDouble()), pct(o[L("delta_pct")]),
                QString::number(o[L("base_count")].toInteger()),
                QString::number(o[L("new_count")].toInteger()), diffLabel(o, key) };
        }
        return s;
    }

    CompareSection overallSection(const QJsonArray &rows)
    {
        CompareSection s;
        s.title = CompareCommand::tr("Time by category (msprof-analyze OverallMetrics)");
        s.header = QStringList { CompareCommand::tr("Base(ms)"), CompareCommand::tr("Base n"),
            CompareCommand::tr("New(ms)"), CompareCommand::tr("New n"),
            CompareCommand::tr("Delta(ms)"), CompareCommand::tr("Category") };
        s.numeric = numbersThenName(s.header.size());
        for (const QJsonValue &v : rows) {
            const QJsonObject o = v.toObject();
            OverallRow row;
            row.key = o[L("key")].toString();
            row.index = o[L("index")].toString();
            const double b = o[L("base_ms")].toDouble(), n = o[L("new_ms")].toDouble();
            s.rows << QStringList { QString::number(b, 'f', 3), count(o[L("base_count")]),
                QString::number(n, 'f', 3), count(o[L("new_count")]), signedFixed3(n - b),
                QString(2 * o[L("depth")].toInt(), QLatin1Char(' ')) + overallRowName(row) };
        }
        return s;
    }

    QString moduleUs(const QJsonValue &v) { return v.isNull() ? QStringLiteral("-") : fixed3(v); }

    // The rows by |new - base| of the two fields, largest first (stable).
    std::vector<QJsonObject> byDelta(const QJsonArray &rows, const char *base, const char *next)
    {
        std::vector<QJsonObject> sorted;
        for (const QJsonValue &v : rows)
            sorted.push_back(v.toObject());
        auto delta = [&](const QJsonObject &o) {
            return std::abs(o[QLatin1String(next)].toDouble() - o[QLatin1String(base)].toDouble());
        };
        std::stable_sort(sorted.begin(), sorted.end(),
            [&](const QJsonObject &a, const QJsonObject &b) { return delta(a) > delta(b); });
        return sorted;
    }

    CompareSection modulesSection(const QJsonArray &rows, int top)
    {
        CompareSection s;
        s.title = topOf(CompareCommand::tr("Device time by module"), rows.size(), top);
        s.header = QStringList { CompareCommand::tr("Base total(us)"),
            CompareCommand::tr("New total(us)"), CompareCommand::tr("Delta(us)"),
            CompareCommand::tr("Base self(us)"), CompareCommand::tr("New self(us)"),
            CompareCommand::tr("Module") };
        s.numeric = numbersThenName(s.header.size());
        const auto sorted = byDelta(rows, "base_device_total_us", "new_device_total_us");
        for (std::size_t i = 0; i < sorted.size() && int(i) < top; ++i) {
            const QJsonObject &o = sorted[i];
            const double d
                = o[L("new_device_total_us")].toDouble() - o[L("base_device_total_us")].toDouble();
            s.rows << QStringList { moduleUs(o[L("base_device_total_us")]),
                moduleUs(o[L("new_device_total_us")]), signedFixed3(d),
                moduleUs(o[L("base_device_self_us")]), moduleUs(o[L("new_device_self_us")]),
                o[L("path")].toString() };
        }
        return s;
    }

    CompareSection apisSection(const QJsonArray &rows, int top)
    {
        CompareSection s;
        s.title = topOf(CompareCommand::tr("Host time by API"), rows.size(), top);
        s.header = QStringList { CompareCommand::tr("Base total(us)"),
            CompareCommand::tr("New total(us)"), CompareCommand::tr("Delta(us)"),
            CompareCommand::tr("Base self(us)"), CompareCommand::tr("New self(us)"),
            CompareCommand::tr("Base n"), CompareCommand::tr("New n"), CompareCommand::tr("API") };
        s.numeric = numbersThenName(s.header.size());
        const auto sorted = byDelta(rows, "base_total_us", "new_total_us");
        for (std::size_t i = 0; i < sorted.size() && int(i) < top; ++i) {
            const QJsonObject &o = sorted[i];
            s.rows << QStringList { fixed3(o[L("base_total_us")]), fixed3(o[L("new_total_us")]),
                signedFixed3(o[L("new_total_us")].toDouble() - o[L("base_total_us")].toDouble()),
                fixed3(o[L("base_self_us")]), fixed3(o[L("new_self_us")]),
                QString::number(o[L("base_count")].toInteger()),
                QString::number(o[L("new_count")].toInteger()), o[L("name")].toString() };
        }
        return s;
    }

    // Operators that allocated in either run (the JSON keeps the others too, as the vendor's
    // sheet does).
    CompareSection memorySection(const QJsonArray &all, int top)
    {
        QJsonArray rows;
        for (const QJsonValue &v : all) {
            const QJsonObject o = v.toObject();
            if (o[L("base_memory_mb")].toDouble() != 0 || o[L("new_memory_mb")].toDouble() != 0)
                rows.append(o);
        }
        CompareSection s;
        s.title = topOf(CompareCommand::tr("Device memory by operator"), rows.size(), top);
        s.header = QStringList { CompareCommand::tr("Base(MB)"), CompareCommand::tr("New(MB)"),
            CompareCommand::tr("Delta(MB)"), CompareCommand::tr("Base held(ms)"),
            CompareCommand::tr("New held(ms)"), CompareCommand::tr("Base n"),
            CompareCommand::tr("New n"), CompareCommand::tr("Operator") };
        s.numeric = numbersThenName(s.header.size());
        const auto sorted = byDelta(rows, "base_memory_mb", "new_memory_mb");
        for (std::size_t i = 0; i < sorted.size() && int(i) < top; ++i) {
            const QJsonObject &o = sorted[i];
            s.rows << QStringList { fixed3(o[L("base_memory_mb")]), fixed3(o[L("new_memory_mb")]),
                signedFixed3(o[L("new_memory_mb")].toDouble() - o[L("base_memory_mb")].toDouble()),
                fixed3(o[L("base_allocated_ms")]), fixed3(o[L("new_allocated_ms")]),
                QString::number(o[L("base_count")].toInteger()),
                QString::number(o[L("new_count")].toInteger()), o[L("name")].toString() };
        }
        s.footer = CompareCommand::tr("Memory an operator and the operators nested in it "
                                      "allocated (operator_memory.csv); held: allocation to "
                                      "release, summed.");
        return s;
    }

    // Which run lacks operator_memory.csv, when one does.
    QString memoryNote(const QJsonObject &source, const QJsonArray &rows)
    {
        const bool base = !source[L("base")].isNull();
        const bool next = !source[L("new")].isNull();
        if ((base || next) && rows.isEmpty())
            return CompareCommand::tr("No memory by operator: operator_memory.csv is there, but "
                                      "no framework operator (cpu_op) of the trace holds its "
                                      "allocations (no readable trace_view.json, or Level0).");
        if (base && next)
            return {};
        if (!base && !next)
            return CompareCommand::tr("No memory by operator: neither run has operator_memory.csv "
                                      "(collected with profile_memory=True).");
        return base ? CompareCommand::tr("Memory by operator: only the base run has "
                                         "operator_memory.csv; the new run reads 0.")
                    : CompareCommand::tr("Memory by operator: only the new run has "
                                         "operator_memory.csv; the base run reads 0.");
    }

    CompareSection changesSection(const QJsonArray &changes, const QString &title)
    {
        CompareSection s;
        s.title = title;
        for (const QJsonValue &v : changes) {
            const QJsonObject f = v.toObject();
            s.items << QStringLiteral("[%1] %2 (%3)")
                           .arg(f[L("severity")].toString(), f[L("title")].toString(),
                               f[L("id")].toString());
        }
        return s;
    }

    QString run(const QJsonObject &side)
    {
        return QStringLiteral("%1 (%2, %3)")
            .arg(side[L("path")].toString(), side[L("label")].toString(),
                side[L("backend")].toString());
    }

} // namespace

CompareLayout CompareLayout::of(const QJsonObject &c, int top)
{
    const QJsonObject b = c[L("base")].toObject();
    const QJsonObject n = c[L("new")].toObject();
    CompareLayout v;
    v.baseRun = run(b);
    v.newRun = run(n);
    if (c[L("steps_by_position")].toBool())
        v.notes << CompareCommand::tr("Note: the runs share no step number; their first steps are "
                                      "compared (base %1, new %2).")
                       .arg(b[L("step")].toString(), n[L("step")].toString());
    const bool cross = c[L("cross_backend")].toBool();
    if (cross)
        v.notes << CompareCommand::tr("Note: a Kineto trace against an Ascend profile: kernel "
                                      "names differ, compare the work buckets.");
    if (c[L("modules")].toArray().isEmpty())
        v.notes << CompareCommand::tr("No time by module: neither run has nn.Module slices "
                                      "(collected with with_stack=True).");
    if (const QString note = memoryNote(c[L("memory_source")].toObject(), c[L("memory")].toArray());
        !note.isEmpty())
        v.notes << note;
    const QJsonObject step = c[L("step_time_us")].toObject();
    v.stepTime
        = CompareCommand::tr("Step time: %1 us -> %2 us (%3)")
              .arg(fixed3(step[L("base")]), fixed3(step[L("new")]), pct(step[L("delta_pct")]));
    v.summary = summarySection(b, n);
    const QJsonObject m = c[L("matching")].toObject();
    v.matching = CompareCommand::tr("Kernels matched: %1; faster: %2, slower: %3 (beyond %4%); "
                                    "only in base: %5, only in new: %6")
                     .arg(m[L("matched")].toInteger())
                     .arg(m[L("faster")].toInteger())
                     .arg(m[L("slower")].toInteger())
                     .arg(m[L("threshold_pct")].toDouble())
                     .arg(m[L("only_base")].toInteger())
                     .arg(m[L("only_new")].toInteger());
    const QJsonObject f = c[L("findings")].toObject();
    for (const CompareSection &s :
        { changesSection(f[L("appeared")].toArray(), CompareCommand::tr("Findings that appeared")),
            changesSection(f[L("resolved")].toArray(), CompareCommand::tr("Findings resolved")) })
        if (!s.items.isEmpty())
            v.findings.push_back(s);
    std::vector<CompareSection> tables { overallSection(c[L("overall")].toArray()),
        modulesSection(c[L("modules")].toArray(), top), apisSection(c[L("apis")].toArray(), top),
        memorySection(c[L("memory")].toArray(), top),
        diffSection(c[L("by_bucket")].toArray(), QStringLiteral("bucket"),
            CompareCommand::tr("By work bucket"), CompareCommand::tr("Bucket"), top) };
    if (!cross) {
        tables.push_back(diffSection(c[L("by_type")].toArray(), QStringLiteral("type"),
            CompareCommand::tr("By Type"), CompareCommand::tr("Type"), top));
        tables.push_back(diffSection(c[L("by_name")].toArray(), QStringLiteral("name"),
            CompareCommand::tr("By Name"), CompareCommand::tr("Name"), top));
    }
    for (CompareSection &s : tables)
        if (!s.rows.isEmpty())
            v.tables.push_back(std::move(s));
    return v;
}

} // namespace npuscope
