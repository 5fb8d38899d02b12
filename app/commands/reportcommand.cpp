#include "app/commands/reportcommand.h"

#include "app/reports/devicereport.h"
#include "app/reports/memoryreport.h"

#include "app/commands/commandline.h"
#include "app/commands/htmlreport.h"
#include "app/reports/clusterjson.h"
#include "app/reports/jsonstreamwriter.h"
#include "app/reports/reportjson.h"
#include "app/reports/texttable.h"
#include "model/profile/profileloader.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QTextStream>

#include <cstdio>

namespace npuscope {

namespace {

    // The translation context of the report's text (lupdate reads ReportCommand::tr).
    class ReportCommand {
        Q_DECLARE_TR_FUNCTIONS(ReportCommand)
    };

    QString us(const QJsonValue &v)
    {
        return v.isNull() || v.isUndefined() ? QStringLiteral("-")
                                             : QString::number(v.toDouble(), 'f', 3);
    }

    QString onOff(const QJsonValue &v)
    {
        if (!v.isBool())
            return ReportCommand::tr("unknown");
        return v.toBool() ? ReportCommand::tr("on") : ReportCommand::tr("off");
    }

    QString pct(const QJsonValue &v)
    {
        return QString::number(v.toDouble() * 100.0, 'f', 1) + QLatin1Char('%');
    }

    QString renderAggregate(
        const QJsonArray &rows, const QString &key, const QString &title, int top)
    {
        if (rows.isEmpty())
            return QString();
        QList<QStringList> cells;
        for (int i = 0; i < rows.size() && i < top; ++i) {
            const QJsonObject o = rows[i].toObject();
            cells << QStringList { QString::number(o[QStringLiteral("count")].toInteger()),
                us(o[QStringLiteral("total_us")]),
                o.contains(QStringLiteral("mean_us")) ? us(o[QStringLiteral("mean_us")])
                                                      : QStringLiteral("-"),
                o.contains(QStringLiteral("max_us")) ? us(o[QStringLiteral("max_us")])
                                                     : QStringLiteral("-"),
                pct(o[QStringLiteral("share")]), o[key].toString() };
        }
        QString s = title
            + (rows.size() > top ? ReportCommand::tr(" (top %1 of %2)").arg(top).arg(rows.size())
                                 : QString())
            + QLatin1Char('\n');
        return s
            + textTable({ ReportCommand::tr("Count"), ReportCommand::tr("Total(us)"),
                            ReportCommand::tr("Mean(us)"), ReportCommand::tr("Max(us)"),
                            ReportCommand::tr("Share"), key },
                cells);
    }

    QString renderHeader(const QJsonObject &r)
    {
        QString s
            = QStringLiteral("== %1 — %2 ==\n")
                  .arg(r[QStringLiteral("label")].toString(), r[QStringLiteral("path")].toString());
        const QJsonObject p = r[QStringLiteral("profiler")].toObject();
        if (p[QStringLiteral("found")].toBool()) {
            s += ReportCommand::tr(
                "Profiler: %1, aic_metrics %2, with_stack %3, record_shapes %4, profile_memory %5")
                     .arg(p[QStringLiteral("level")].toString(),
                         p[QStringLiteral("aic_metrics")].toString(),
                         onOff(p[QStringLiteral("with_stack")]),
                         onOff(p[QStringLiteral("record_shapes")]),
                         onOff(p[QStringLiteral("profile_memory")]));
            const QString tv = p[QStringLiteral("torch_npu_version")].toString();
            const QString cv = p[QStringLiteral("cann_version")].toString();
            if (!tv.isEmpty() || !cv.isEmpty())
                s += ReportCommand::tr("; torch_npu %1, CANN %2")
                         .arg(tv.isEmpty() ? ReportCommand::tr("unknown") : tv,
                             cv.isEmpty() ? ReportCommand::tr("unknown") : cv);
            s += QLatin1Char('\n');
        }
        const QJsonObject t = r[QStringLiteral("trace")].toObject();
        if (t[QStringLiteral("collected")].toBool()) {
            const QJsonObject ph = t[QStringLiteral("phases")].toObject();
            s += ReportCommand::tr("Trace: %1 events (X %2, C %3, flows %4, M %5), %6 tracks, %7 "
                                   "counter series, span %8 us\n")
                     .arg(t[QStringLiteral("events")].toInteger())
                     .arg(ph[QStringLiteral("X")].toInteger())
                     .arg(ph[QStringLiteral("C")].toInteger())
                     .arg(ph[QStringLiteral("s/t/f")].toInteger())
                     .arg(ph[QStringLiteral("M")].toInteger())
                     .arg(t[QStringLiteral("tracks")].toInteger())
                     .arg(t[QStringLiteral("counter_series")].toInteger())
                     .arg(us(t[QStringLiteral("span_us")]));
        }
        const QJsonObject k = r[QStringLiteral("kernels")].toObject();
        s += ReportCommand::tr("Kernels: %1 rows, total duration %2 us, total wait %3 us\n")
                 .arg(k[QStringLiteral("count")].toInteger())
                 .arg(us(k[QStringLiteral("total_duration_us")]),
                     us(k[QStringLiteral("total_wait_us")]));
        return s;
    }

    QString renderTop(const QJsonArray &top)
    {
        if (top.isEmpty())
            return QString();
        QList<QStringList> cells;
        for (const QJsonValue &v : top) {
            const QJsonObject o = v.toObject();
            cells << QStringList { us(o[QStringLiteral("duration_us")]),
                us(o[QStringLiteral("wait_us")]),
                o[QStringLiteral("block_dim")].isNull()
                    ? QStringLiteral("-")
                    : QString::number(o[QStringLiteral("block_dim")].toInt()),
                o[QStringLiteral("accelerator_core")].toString(),
                o[QStringLiteral("stream")].toString(), o[QStringLiteral("type")].toString(),
                o[QStringLiteral("name")].toString() };
        }
        return ReportCommand::tr("Top %1 kernels by duration\n").arg(top.size())
            + textTable({ ReportCommand::tr("Duration(us)"), ReportCommand::tr("Wait(us)"),
                            ReportCommand::tr("Block Dim"), ReportCommand::tr("Core"),
                            ReportCommand::tr("Stream"), ReportCommand::tr("Type"),
                            ReportCommand::tr("Name") },
                cells);
    }

    // Words of `text` wrapped to lines of at most `width` characters, each starting with `indent`.
    QString wrap(const QString &text, const QString &indent, int width = 100)
    {
        QString out;
        QString line = indent;
        for (const QString &word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            if (line.size() > indent.size() && line.size() + 1 + word.size() > width) {
                out += line + QLatin1Char('\n');
                line = indent;
            }
            line += (line.size() > indent.size() ? QStringLiteral(" ") : QString()) + word;
        }
        if (line.size() > indent.size())
            out += line + QLatin1Char('\n');
        return out;
    }

    QString renderFindings(const QJsonArray &findings)
    {
        constexpr qsizetype kEvidenceLines = 3; // the GUI shows all of them; text keeps it short
        if (findings.isEmpty())
            return QString();
        QString s = ReportCommand::tr("Findings\n");
        const QString indent = QStringLiteral("      ");
        for (const QJsonValue &v : findings) {
            const QJsonObject f = v.toObject();
            s += QStringLiteral("  [%1] %2 (%3)\n")
                     .arg(f[QStringLiteral("severity")].toString(),
                         f[QStringLiteral("title")].toString(), f[QStringLiteral("id")].toString());
            for (const QJsonValue &d : f[QStringLiteral("details")].toArray())
                s += indent + QStringLiteral("- ") + d.toString() + QLatin1Char('\n');
            const QJsonArray evidence = f[QStringLiteral("evidence")].toArray();
            for (qsizetype i = 0; i < evidence.size() && i < kEvidenceLines; ++i)
                s += indent
                    + ReportCommand::tr("at: %1").arg(
                        evidence[i].toObject()[QStringLiteral("label")].toString())
                    + QLatin1Char('\n');
            s += wrap(ReportCommand::tr("Advice: %1").arg(f[QStringLiteral("advice")].toString()),
                indent);
            const QString snippet = f[QStringLiteral("snippet")].toString();
            if (!snippet.isEmpty()) {
                for (const QString &line : snippet.split(QLatin1Char('\n')))
                    s += line.isEmpty()
                        ? QString(QLatin1Char('\n'))
                        : indent + QStringLiteral("    ") + line + QLatin1Char('\n');
            }
        }
        return s;
    }

    // What was looked for and found nothing, and what could not be looked for (and why).
    QString renderChecks(const QJsonArray &checks)
    {
        QStringList clear;
        QString notChecked;
        const QString indent = QStringLiteral("      ");
        for (const QJsonValue &v : checks) {
            const QJsonObject c = v.toObject();
            const QString status = c[QStringLiteral("status")].toString();
            const QString id = c[QStringLiteral("id")].toString();
            if (status == QLatin1String("clear"))
                clear << id;
            if (status != QLatin1String("not_checked"))
                continue;
            notChecked += QStringLiteral("  ") + id + QLatin1Char('\n')
                + wrap(c[QStringLiteral("reason")].toString(), indent)
                + wrap(ReportCommand::tr("To check it: %1")
                           .arg(c[QStringLiteral("collect")].toString()),
                    indent);
        }
        QString s;
        if (!clear.isEmpty())
            s += ReportCommand::tr("Checked, nothing found: %1\n")
                     .arg(clear.join(QStringLiteral(", ")));
        if (!notChecked.isEmpty())
            s += ReportCommand::tr("Not checked (data missing)\n") + notChecked;
        return s;
    }

    QString renderGaps(const QJsonObject &g)
    {
        if (g.isEmpty())
            return QString();
        const QJsonObject by = g[QStringLiteral("by_cause")].toObject();
        auto cause = [&](const char *id) {
            return us(by[QString::fromLatin1(id)].toObject()[QStringLiteral("total_us")]);
        };
        return ReportCommand::tr("Device idle: %1 gaps of at least %2 us, %3 us in all (host %4, "
                                 "host sync %5, communication %6, unknown %7 us)\n")
            .arg(g[QStringLiteral("count")].toInteger())
            .arg(us(g[QStringLiteral("threshold_us")]), us(g[QStringLiteral("total_us")]),
                cause("host"), cause("host-sync"), cause("communication"), cause("unknown"));
    }

    QString renderCluster(const QJsonObject &cluster)
    {
        const ClusterTables tables = clusterTables(cluster);
        QString s = QLatin1Char('\n') + ReportCommand::tr("Cluster\n") + QStringLiteral("  ")
            + tables.layoutLine + QLatin1Char('\n');
        for (const ReportTable &t : tables.tables)
            s += QStringLiteral("  ") + t.title + QLatin1Char('\n') + textTable(t.header, t.rows);
        return s;
    }

    QString renderSteps(const QJsonArray &steps)
    {
        if (steps.isEmpty())
            return QString();
        QList<QStringList> cells;
        for (const QJsonValue &v : steps) {
            const QJsonObject o = v.toObject();
            cells << QStringList { o[QStringLiteral("step")].toString(),
                us(o[QStringLiteral("wall_us")]), us(o[QStringLiteral("device_busy_us")]),
                us(o[QStringLiteral("computing_us")]),
                us(o[QStringLiteral("communication_not_overlapped_us")]),
                us(o[QStringLiteral("overlapped_us")]), us(o[QStringLiteral("free_us")]),
                us(o[QStringLiteral("unaccounted_us")]), o[QStringLiteral("window")].toString() };
        }
        return ReportCommand::tr("Steps\n")
            + textTable({ ReportCommand::tr("Step"), ReportCommand::tr("Wall(us)"),
                            ReportCommand::tr("Busy(us)"), ReportCommand::tr("Computing(us)"),
                            ReportCommand::tr("Comm not overlapped(us)"),
                            ReportCommand::tr("Overlapped(us)"), ReportCommand::tr("Free(us)"),
                            ReportCommand::tr("Unaccounted(us)"), ReportCommand::tr("Window") },
                cells);
    }

    QString renderIssues(const QJsonArray &issues)
    {
        QString s;
        for (const QJsonValue &v : issues) {
            const QJsonObject o = v.toObject();
            const QString where = o[QStringLiteral("location")].toString();
            s += QStringLiteral("  [%1] %2%3: %4\n")
                     .arg(o[QStringLiteral("severity")].toString(),
                         o[QStringLiteral("file")].toString(),
                         where.isEmpty() ? QString()
                                         : QStringLiteral(" (") + where + QLatin1Char(')'),
                         o[QStringLiteral("message")].toString());
        }
        return s;
    }

    // Exit code 2 and, on stderr, where the input is damaged: the findings above were computed on
    // what could be read.
    int reportDamage(const Profile &profile)
    {
        if (!profile.isDamaged())
            return kExitOk;
        QTextStream err(stderr);
        err << ReportCommand::tr("npuscope: the input is damaged; the results cover only what "
                                 "could be read:")
            << '\n';
        for (const Issue &i : profile.damageIssues())
            err << QStringLiteral("  %1%2: %3\n")
                       .arg(i.file,
                           i.location.isEmpty()
                               ? QString()
                               : QStringLiteral(" (") + i.location + QLatin1Char(')'),
                           i.message);
        for (const auto &rank : profile.ranks) {
            if (rank->trace && rank->trace->stats.droppedBytes > 0)
                err << QStringLiteral("  ")
                    << ReportCommand::tr("%1: %2 bytes of the trace could not be parsed")
                           .arg(rank->trace->path)
                           .arg(rank->trace->stats.droppedBytes)
                    << '\n';
        }
        return kExitDataError;
    }

    double seconds(qint64 ns) { return double(ns) / 1e9; }

    // As QJsonDocument::toJson(Indented), streamed to stdout in chunks of UTF-8, past the stream's
    // text codec (a round trip through QString was a fifth of report --json after the load).
    void writeJson(QTextStream &out, const QJsonObject &report)
    {
        out.flush();
        {
            JsonStreamWriter writer(
                [](const char *data, std::size_t size) { std::fwrite(data, 1, size, stdout); });
            writer.writeDocument(report);
        }
        std::fflush(stdout);
    }

    // --timings: the phases on stderr, one line, with the load average they were measured at.
    void printTimings(double load, const ReportTimings &t, double output, double total)
    {
        QFile loadavg(QStringLiteral("/proc/loadavg"));
        const QString average = loadavg.open(QIODevice::ReadOnly)
            ? QString::fromLatin1(loadavg.readLine()).section(QLatin1Char(' '), 0, 2)
            : QStringLiteral("-");
        const auto s = [](double v) { return QString::number(v, 'f', 3); };
        QTextStream(stderr) << ReportCommand::tr("timings: load %1 s, analysis %2 s, report %3 s, "
                                                 "output %4 s, total %5 s (load average %6)")
                                   .arg(s(load), s(t.analysisSeconds), s(t.jsonSeconds), s(output),
                                       s(total), average)
                            << '\n';
    }

    void addReportOptions(QCommandLineParser &parser)
    {
        parser.setApplicationDescription(
            ReportCommand::tr("Summarises a profile: findings, kernels, aggregations, steps, idle "
                              "gaps, input issues."));
        parser.addHelpOption();
        parser.addPositionalArgument(QStringLiteral("PATH"),
            ReportCommand::tr("Profile folder, rank folder, trace or kernel_details.csv."));
        parser.addOption(
            { QStringLiteral("json"), ReportCommand::tr("Print JSON instead of text.") });
        addSourceOption(parser);
        parser.addOption({ QStringLiteral("top"),
            ReportCommand::tr("Rows in the top-N tables (default 10)."), QStringLiteral("N") });
        parser.addOption({ QStringLiteral("html"),
            ReportCommand::tr(
                "Write report.html (self-contained) and report.md with timeline pictures "
                "into OUT_DIR instead."),
            QStringLiteral("OUT_DIR") });
        parser.addOption({ QStringLiteral("timings"),
            ReportCommand::tr("Print how long each phase took (load, analysis, report, output) to "
                              "stderr.") });
        parser.addOption({ QStringLiteral("summaries"),
            ReportCommand::tr(
                "On a run of several ranks, read only each rank's summary files (profiler_info, "
                "profiler_metadata, step_trace_time, the communication statistics), not its trace "
                "and tables: the cluster section and the cross-rank findings in seconds for "
                "thousands of ranks; each rank's own checks then say what they lack.") });
        parser.addOption({ QStringLiteral("device-memory"),
            ReportCommand::tr("The device's memory size in GB, for the memory-near-capacity check "
                              "(no profile records it)."),
            QStringLiteral("GB") });
    }

    // --device-memory GB; nullopt (and a message) when it is not a size.
    std::optional<FindingOptions> findingOptionsOf(const QCommandLineParser &parser)
    {
        FindingOptions options;
        if (!parser.isSet(QStringLiteral("device-memory")))
            return options;
        bool ok = false;
        const double gb = parser.value(QStringLiteral("device-memory")).toDouble(&ok);
        if (!ok || !(gb > 0)) {
            QTextStream(stderr) << ReportCommand::tr("--device-memory expects a size in GB > 0")
                                << '\n';
            return std::nullopt;
        }
        options.deviceMemoryMb = gb * 1024.0;
        return options;
    }

} // namespace

QString renderReportText(const QJsonObject &report, int top)
{
    QString s
        = ReportCommand::tr("npuscope report: %1\n").arg(report[QStringLiteral("path")].toString());
    const QString folderIssues = renderIssues(report[QStringLiteral("issues")].toArray());
    if (!folderIssues.isEmpty())
        s += ReportCommand::tr("Issues\n") + folderIssues;
    const QString profileFindings = renderFindings(report[QStringLiteral("findings")].toArray());
    if (!profileFindings.isEmpty())
        s += QLatin1Char('\n') + profileFindings;
    if (report[QStringLiteral("ranks")].toArray().size() > 1)
        s += renderChecks(report[QStringLiteral("checks")].toArray());
    if (report.contains(QStringLiteral("cluster")))
        s += renderCluster(report[QStringLiteral("cluster")].toObject());
    for (const QJsonValue &v : report[QStringLiteral("ranks")].toArray()) {
        const QJsonObject r = v.toObject();
        s += QLatin1Char('\n') + renderHeader(r);
        const QJsonObject source = r[QStringLiteral("source")].toObject();
        const QString note = source[QStringLiteral("note")].toString();
        if (!note.isEmpty())
            s += ReportCommand::tr("Read from: %1%2\n")
                     .arg(note,
                         source[QStringLiteral("other")].toString().isEmpty() ? QString()
                             : source[QStringLiteral("format")].toString()
                                 == QLatin1String("database")
                             ? ReportCommand::tr("; --source text reads the text export")
                             : ReportCommand::tr("; --source db reads the database"));
        const QStringList missing = r[QStringLiteral("not_collected")].toVariant().toStringList();
        if (!missing.isEmpty())
            s += ReportCommand::tr("Not collected: %1\n").arg(missing.join(QStringLiteral(", ")));
        const QString findings = renderFindings(r[QStringLiteral("findings")].toArray());
        s += findings.isEmpty() ? QLatin1Char('\n') + ReportCommand::tr("Findings: none\n")
                                : QLatin1Char('\n') + findings;
        s += renderChecks(r[QStringLiteral("checks")].toArray());
        s += renderGaps(r[QStringLiteral("gaps")].toObject());
        s += DeviceReport::text(r);
        s += QLatin1Char('\n') + renderTop(r[QStringLiteral("top_kernels")].toArray());
        s += QLatin1Char('\n')
            + renderAggregate(r[QStringLiteral("by_type")].toArray(), QStringLiteral("type"),
                ReportCommand::tr("By Type"), top);
        s += QLatin1Char('\n')
            + renderAggregate(r[QStringLiteral("by_accelerator_core")].toArray(),
                QStringLiteral("accelerator_core"), ReportCommand::tr("By Accelerator Core"), top);
        s += QLatin1Char('\n')
            + renderAggregate(r[QStringLiteral("by_name")].toArray(), QStringLiteral("name"),
                ReportCommand::tr("By Name"), top);
        s += QLatin1Char('\n') + renderSteps(r[QStringLiteral("steps")].toArray());
        if (r.contains(QStringLiteral("memory")))
            s += QLatin1Char('\n')
                + MemoryReport::text(r[QStringLiteral("memory")].toObject(),
                    source[QStringLiteral("operator_memory")].toString());
        const QString issues = renderIssues(r[QStringLiteral("issues")].toArray());
        if (!issues.isEmpty())
            s += QLatin1Char('\n') + ReportCommand::tr("Input issues\n") + issues;
    }
    return s;
}

int runReportCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    addReportOptions(parser);
    if (!parser.parse(QStringList { QStringLiteral("npuscope report") } + arguments)) {
        QTextStream(stderr) << parser.errorText() << '\n';
        return kExitUserError;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        QTextStream(stdout) << parser.helpText();
        return kExitOk;
    }
    if (parser.positionalArguments().size() != 1) {
        QTextStream(stderr) << ReportCommand::tr("usage: npuscope report PATH [--json] [--top N]")
                            << '\n';
        return kExitUserError;
    }
    int top = 10;
    if (parser.isSet(QStringLiteral("top"))) {
        bool ok = false;
        top = parser.value(QStringLiteral("top")).toInt(&ok);
        if (!ok || top < 0) {
            QTextStream(stderr) << ReportCommand::tr("--top expects a whole number >= 0") << '\n';
            return kExitUserError;
        }
    }
    const std::optional<FindingOptions> findingOptions = findingOptionsOf(parser);
    if (!findingOptions)
        return kExitUserError;
    QString sourceError;
    const std::optional<SourceFormat> source = sourceFormat(parser, &sourceError);
    if (!source) {
        QTextStream(stderr) << sourceError << '\n';
        return kExitUserError;
    }
    const QString path = parser.positionalArguments().constFirst();
    LoadOptions options;
    options.operatorTable = false; // no output shows the Operators tab
    options.source = *source;
    options.lazyRanks = parser.isSet(QStringLiteral("summaries"));
    QElapsedTimer clock;
    clock.start();
    const LoadResult loaded = loadProfile(path, options);
    if (!loaded.profile || loaded.profile->ranks.empty()) {
        QTextStream(stderr) << ReportCommand::tr("npuscope: %1").arg(loaded.error) << '\n';
        return kExitUserError;
    }
    const double loadSeconds = seconds(clock.nsecsElapsed());
    ReportTimings timings;
    const QJsonObject report = profileReportJson(*loaded.profile, top, *findingOptions, &timings);
    const qint64 beforeOutput = clock.nsecsElapsed();
    QTextStream out(stdout);
    QStringList written;
    QString htmlError;
    if (parser.isSet(QStringLiteral("html"))
        && !HtmlReport::write(parser.value(QStringLiteral("html")), *loaded.profile, report, top,
            &written, &htmlError)) {
        QTextStream(stderr) << ReportCommand::tr("npuscope: %1").arg(htmlError) << '\n';
        return kExitUserError;
    }
    if (!written.isEmpty())
        out << ReportCommand::tr("Wrote %1").arg(written.join(QStringLiteral("\n  "))) << '\n';
    else if (parser.isSet(QStringLiteral("json")))
        writeJson(out, report);
    else
        out << renderReportText(report, top);
    out.flush();
    if (parser.isSet(QStringLiteral("timings")))
        printTimings(loadSeconds, timings, seconds(clock.nsecsElapsed() - beforeOutput),
            seconds(clock.nsecsElapsed()));
    return reportDamage(*loaded.profile);
}

} // namespace npuscope
