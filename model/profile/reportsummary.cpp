#include "model/profile/reportsummary.h"

#include "model/csv/csvcell.h"
#include "model/csv/csvreader.h"
#include "model/profile/rankcommjson.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>

#include <simdjson.h>

namespace npuscope {

namespace {

    class Text {
        Q_DECLARE_TR_FUNCTIONS(npuscope::ReportSummary)
    };

    constexpr int kFormat = 1;

    // A value kept as compact JSON text (ProfilerMetadata) back as JSON; text that is not JSON
    // stays a string.
    QJsonValue jsonOf(const QString &text)
    {
        const QJsonDocument doc
            = QJsonDocument::fromJson(QByteArray("[") + text.toUtf8() + QByteArray("]"));
        return doc.isArray() && doc.array().size() == 1 ? doc.array().at(0) : QJsonValue(text);
    }

    QJsonObject metadataJson(const ProfilerMetadata &m)
    {
        QJsonObject o;
        if (m.hasEnvVariables) {
            QJsonObject env;
            for (const auto &[key, value] : m.envVariables)
                env.insert(key, value);
            o.insert(QStringLiteral("ENV_VARIABLES"), env);
        }
        if (m.distributedArgs) {
            QJsonObject args;
            for (const auto &[key, value] : m.distributedArgs->all)
                args.insert(key, jsonOf(value));
            o.insert(QStringLiteral("distributed_args"), args);
        }
        if (!m.parallelGroups.empty()) {
            QJsonObject groups;
            for (const ParallelGroup &g : m.parallelGroups) {
                QJsonObject group;
                if (!g.name.isEmpty())
                    group.insert(QStringLiteral("group_name"), g.name);
                if (g.groupRank)
                    group.insert(QStringLiteral("group_rank"), *g.groupRank);
                QJsonArray ranks;
                for (const int r : g.globalRanks)
                    ranks.append(r);
                group.insert(QStringLiteral("global_ranks"), ranks);
                groups.insert(g.id, group);
            }
            o.insert(QStringLiteral("parallel_group_info"), groups);
        }
        for (const auto &[key, value] : m.other)
            o.insert(key, jsonOf(value));
        return o;
    }

    // The table as CSV text, every cell as the file (or the database) gave it.
    QString csvText(const Table &t)
    {
        QStringList lines;
        QStringList cells;
        for (const Table::Column &c : t.columns)
            cells << csvCell(c.name);
        lines << cells.join(QLatin1Char(','));
        for (qsizetype r = 0; r < t.rowCount(); ++r) {
            cells.clear();
            for (int c = 0; c < t.columnCount(); ++c)
                cells << csvCell(t.text(r, c));
            lines << cells.join(QLatin1Char(','));
        }
        return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
    }

    // profiler_info.json as written; null when the rank has none or it cannot be read.
    QJsonValue profilerInfoJson(const QString &path)
    {
        QFile f(path);
        if (path.isEmpty() || !f.open(QIODevice::ReadOnly))
            return QJsonValue(QJsonValue::Null);
        const QJsonDocument doc = QJsonDocument::fromJson(f.readAll());
        return doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(QJsonValue::Null);
    }

    std::optional<QJsonObject> readReport(const QString &path, IssueList *issues)
    {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            issues->append({ Severity::Error, path, QString(),
                Text::tr("cannot read: %1").arg(f.errorString()) });
            return std::nullopt;
        }
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &error);
        if (!doc.isObject()) {
            issues->append({ Severity::Error, path, Text::tr("byte %1").arg(error.offset),
                Text::tr("not a readable npuscope report: %1").arg(error.errorString()), true });
            return std::nullopt;
        }
        return doc.object();
    }

    Severity severityOf(const QString &name)
    {
        if (name == QLatin1String("error"))
            return Severity::Error;
        return name == QLatin1String("info") ? Severity::Info : Severity::Warning;
    }

    IssueList issuesOf(const QJsonArray &array)
    {
        IssueList out;
        for (const QJsonValue &v : array) {
            const QJsonObject o = v.toObject();
            out.append({ severityOf(o.value(QStringLiteral("severity")).toString()),
                o.value(QStringLiteral("file")).toString(),
                o.value(QStringLiteral("location")).toString(),
                o.value(QStringLiteral("message")).toString(),
                o.value(QStringLiteral("damaged")).toBool() });
        }
        return out;
    }

    // The parts of `summary` into `rank`; `path` (the report) names them in messages.
    void readSummary(const QJsonObject &summary, const QString &path, RankProfile &rank)
    {
        const QJsonValue info = summary.value(QStringLiteral("profiler_info"));
        if (info.isObject()) {
            rank.config = profilerConfigFromJson(info.toObject(), path);
            if (rank.source.rank < 0 && rank.config.rankId)
                rank.source.rank = *rank.config.rankId;
        }
        const QJsonValue metadata = summary.value(QStringLiteral("profiler_metadata"));
        if (metadata.isObject())
            rank.metadata = profilerMetadataFromJson(metadata.toObject(), path, &rank.issues);
        const QJsonValue steps = summary.value(QStringLiteral("step_trace_time"));
        if (steps.isString()) {
            const QByteArray text = steps.toString().toUtf8();
            CsvResult r
                = readCsvData(std::string_view(text.constData(), std::size_t(text.size())), path);
            rank.issues += r.issues;
            if (r.ok)
                rank.stepTrace = std::move(r.table);
        }
        RankComm comm;
        const QJsonValue ops = summary.value(QStringLiteral("communication"));
        if (ops.isObject())
            readCommunicationJson(ops.toObject(), path, comm, &rank.issues);
        const QJsonValue links = summary.value(QStringLiteral("communication_matrix"));
        if (links.isObject())
            readCommunicationMatrixJson(links.toObject(), path, comm, &rank.issues);
        if (!comm.empty())
            rank.comm = std::make_shared<const RankComm>(std::move(comm));
        const QJsonValue cores = summary.value(QStringLiteral("ai_cores"));
        if (cores.isDouble())
            rank.aiCores = cores.toInt();
        rank.npuName = summary.value(QStringLiteral("npu_name")).toString();
    }

} // namespace

QJsonObject rankSummaryJson(const RankProfile &rank)
{
    const QJsonValue null(QJsonValue::Null);
    QJsonObject o;
    o.insert(QStringLiteral("format"), kFormat);
    o.insert(QStringLiteral("profiler_info"), profilerInfoJson(rank.source.profilerInfo));
    o.insert(QStringLiteral("profiler_metadata"),
        rank.metadata.found ? QJsonValue(metadataJson(rank.metadata)) : null);
    o.insert(QStringLiteral("step_trace_time"),
        rank.stepTrace ? QJsonValue(csvText(*rank.stepTrace)) : null);
    const bool ops = rank.comm && !rank.comm->ops.empty();
    const bool links = rank.comm && !rank.comm->links.empty();
    o.insert(QStringLiteral("communication"),
        ops ? QJsonValue(communicationJson(rank.comm->ops)) : null);
    o.insert(QStringLiteral("communication_matrix"),
        links ? QJsonValue(communicationMatrixJson(rank.comm->links)) : null);
    o.insert(QStringLiteral("ai_cores"), rank.aiCores ? QJsonValue(*rank.aiCores) : null);
    o.insert(QStringLiteral("npu_name"), rank.npuName);
    return o;
}

std::vector<RankSource> reportSummarySources(const QString &path, IssueList *issues)
{
    std::vector<RankSource> out;
    const auto report = readReport(path, issues);
    if (!report)
        return out;
    for (const QJsonValue &v : report->value(QStringLiteral("ranks")).toArray()) {
        const QJsonObject o = v.toObject();
        if (!o.value(QStringLiteral("rank_summary")).isObject())
            continue;
        RankSource r;
        r.rank = o.value(QStringLiteral("rank")).toInt(-1);
        r.dir = o.value(QStringLiteral("path")).toString();
        r.reportSummary = path;
        out.push_back(std::move(r));
    }
    if (out.empty())
        issues->append({ Severity::Error, path, QString(),
            Text::tr("an npuscope report without rank summaries (written by an older "
                     "npuscope): open the profile it describes, or report it again") });
    return out;
}

std::shared_ptr<const QJsonObject> readReportObject(const QString &path)
{
    IssueList ignored;
    auto report = readReport(path, &ignored);
    return report ? std::make_shared<const QJsonObject>(std::move(*report)) : nullptr;
}

std::shared_ptr<RankProfile> loadReportSummary(const RankSource &source, const QJsonObject *given)
{
    auto rank = std::make_shared<RankProfile>();
    rank->source = source;
    rank->summaryOnly = true;
    std::optional<QJsonObject> read;
    if (!given) {
        read = readReport(source.reportSummary, &rank->issues);
        if (!read)
            return rank;
    }
    const QJsonObject &report = given ? *given : *read;
    for (const QJsonValue &v : report.value(QStringLiteral("ranks")).toArray()) {
        const QJsonObject o = v.toObject();
        if (o.value(QStringLiteral("rank")).toInt(-1) != source.rank
            || o.value(QStringLiteral("path")).toString() != source.dir)
            continue;
        rank->issues += issuesOf(o.value(QStringLiteral("issues")).toArray());
        for (const QJsonValue &name : o.value(QStringLiteral("not_collected")).toArray())
            rank->notCollected << name.toString();
        readSummary(
            o.value(QStringLiteral("rank_summary")).toObject(), source.reportSummary, *rank);
        return rank;
    }
    rank->issues.append({ Severity::Error, source.reportSummary, QString(),
        Text::tr("%1 is no longer in this report").arg(source.label()), true });
    return rank;
}

} // namespace npuscope
