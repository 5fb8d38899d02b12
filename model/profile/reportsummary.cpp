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

    struct ListedRank {
        int rank = -1;
        QString dir;
        bool summary = false; // it has a rank_summary object
    };

    // One of ranks[]: its rank, path and whether it has a summary; the other keys are skipped.
    simdjson::error_code listRank(simdjson::ondemand::object rank, ListedRank &out)
    {
        for (auto result : rank) {
            simdjson::ondemand::field field;
            std::string_view key;
            if (const auto error = std::move(result).get(field); error)
                return error;
            if (const auto error = field.unescaped_key().get(key); error)
                return error;
            simdjson::ondemand::value v = field.value();
            std::int64_t n = 0;
            std::string_view text;
            simdjson::ondemand::json_type type {};
            if (key == "rank" && !v.get_int64().get(n))
                out.rank = int(n);
            else if (key == "path" && !v.get_string().get(text))
                out.dir = QString::fromUtf8(text.data(), qsizetype(text.size()));
            else if (key == "rank_summary" && !v.type().get(type))
                out.summary = type == simdjson::ondemand::json_type::object;
        }
        return simdjson::SUCCESS;
    }

    // The ranks a report lists, read with simdjson On-Demand: each rank's other keys (kernels,
    // call tree, the summary itself) are skipped without being built, so that opening a folder
    // of reports parses each in full once, when its ranks load.
    simdjson::error_code listRanks(const QByteArray &bytes, std::vector<ListedRank> &out)
    {
        simdjson::ondemand::parser parser;
        const simdjson::padded_string json(bytes.constData(), std::size_t(bytes.size()));
        simdjson::ondemand::document doc;
        simdjson::ondemand::object root;
        simdjson::ondemand::array ranks;
        if (const auto error = parser.iterate(json).get(doc); error)
            return error;
        if (const auto error = doc.get_object().get(root); error)
            return error;
        const auto error = root.find_field_unordered("ranks").get_array().get(ranks);
        if (error)
            return error == simdjson::NO_SUCH_FIELD ? simdjson::SUCCESS : error;
        for (auto element : ranks) {
            simdjson::ondemand::object rank;
            ListedRank l;
            if (const auto e = element.get_object().get(rank); e)
                return e;
            if (const auto e = listRank(rank, l); e)
                return e;
            out.push_back(std::move(l));
        }
        return simdjson::SUCCESS;
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
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        issues->append(
            { Severity::Error, path, QString(), Text::tr("cannot read: %1").arg(f.errorString()) });
        return out;
    }
    std::vector<ListedRank> listed;
    if (const auto error = listRanks(f.readAll(), listed); error) {
        // The byte where it breaks, as the full reader tells it (read again: bad input only).
        if (readReport(path, issues))
            issues->append({ Severity::Error, path, QString(),
                Text::tr("not a readable npuscope report: %1")
                    .arg(QString::fromUtf8(simdjson::error_message(error))),
                true });
        return out;
    }
    for (const ListedRank &l : listed) {
        if (!l.summary)
            continue;
        RankSource r;
        r.rank = l.rank;
        r.dir = l.dir;
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
