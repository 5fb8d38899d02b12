#include "app/reports/clusterjson.h"

#include "app/reports/reportjson.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>

namespace npuscope {

namespace {

    struct Text {
        Q_DECLARE_TR_FUNCTIONS(ClusterReport)
    };

    QJsonValue indexValue(int i) { return i >= 0 ? QJsonValue(i) : QJsonValue(); }

    QJsonArray intArray(const std::vector<int> &values)
    {
        QJsonArray a;
        for (int v : values)
            a.append(v);
        return a;
    }

    QString sourceName(ParallelLayout::Source s)
    {
        switch (s) {
        case ParallelLayout::Source::DistributedArgs:
            return QStringLiteral("distributed_args");
        case ParallelLayout::Source::CommunicationGroups:
            return QStringLiteral("communication_groups");
        case ParallelLayout::Source::None:
            break;
        }
        return QStringLiteral("unknown");
    }

    void putTimes(QJsonObject &o, TimeNs compute, TimeNs comm, TimeNs free, TimeNs wall,
        std::optional<TimeNs> bubble)
    {
        o[QStringLiteral("bubble_us")] = bubble ? QJsonValue(nsToUs(*bubble)) : QJsonValue();
        o[QStringLiteral("computing_us")] = nsToUs(compute);
        o[QStringLiteral("communication_not_overlapped_us")] = nsToUs(comm);
        o[QStringLiteral("free_us")] = nsToUs(free);
        o[QStringLiteral("step_us")] = nsToUs(wall);
    }

    QJsonArray ranksJson(const ClusterReport &c)
    {
        QJsonArray out;
        for (const ClusterReport::Rank &r : c.ranks) {
            QJsonObject o;
            o[QStringLiteral("rank")] = r.rank;
            o[QStringLiteral("dp_index")] = indexValue(r.index.dp);
            o[QStringLiteral("pp_index")] = indexValue(r.index.pp);
            o[QStringLiteral("tp_index")] = indexValue(r.index.tp);
            o[QStringLiteral("stage")] = indexValue(r.stage);
            o[QStringLiteral("steps")] = r.steps;
            putTimes(o, r.computeNs, r.commNotOverlappedNs, r.freeNs, r.wallNs, r.bubbleNs);
            out.append(o);
        }
        return out;
    }

    QJsonArray stagesJson(const ClusterReport &c)
    {
        QJsonArray out;
        for (const ClusterReport::Stage &s : c.stages) {
            QJsonObject o;
            o[QStringLiteral("index")] = s.index;
            o[QStringLiteral("ranks")] = intArray(s.ranks);
            putTimes(o, s.computeNs, s.commNotOverlappedNs, s.freeNs, s.wallNs, s.bubbleNs);
            out.append(o);
        }
        return out;
    }

    QJsonArray groupsJson(const ClusterReport &c)
    {
        QJsonArray out;
        for (const ProcessGroup &g : c.groups) {
            QJsonObject o;
            o[QStringLiteral("name")] = g.name;
            o[QStringLiteral("id")] = g.id;
            o[QStringLiteral("ranks")] = intArray(g.ranks);
            o[QStringLiteral("type")]
                = g.p2p ? QStringLiteral("p2p") : QStringLiteral("collective");
            out.append(o);
        }
        return out;
    }

    QJsonArray linksJson(const ClusterReport &c)
    {
        QJsonArray out;
        for (const ClusterLink &l : c.links.links) {
            QJsonObject o;
            o[QStringLiteral("group")] = intArray(l.groupRanks);
            o[QStringLiteral("group_name")] = l.groupName;
            o[QStringLiteral("group_id")] = l.group;
            o[QStringLiteral("op")] = l.op;
            o[QStringLiteral("src")] = l.src;
            o[QStringLiteral("dst")] = l.dst;
            o[QStringLiteral("transport")] = l.transport;
            o[QStringLiteral("size_mb")] = l.sizeMb;
            o[QStringLiteral("time_ms")] = l.timeMs;
            o[QStringLiteral("bandwidth_gbps")] = l.bandwidthGBs();
            out.append(o);
        }
        return out;
    }

    QString cell(const QJsonValue &v)
    {
        if (v.isNull() || v.isUndefined())
            return QStringLiteral("-");
        if (v.isArray()) {
            QStringList parts;
            for (const QJsonValue &x : v.toArray())
                parts << cell(x);
            return parts.join(QLatin1Char(','));
        }
        if (v.isDouble())
            return v.toDouble() == double(v.toInteger()) ? QString::number(v.toInteger())
                                                         : QString::number(v.toDouble(), 'f', 3);
        return v.toString();
    }

    ReportTable tableOf(const QString &title, const QJsonArray &rows, const QStringList &keys,
        const QStringList &header, int firstNumeric)
    {
        ReportTable t { title, header, {}, {} };
        for (int i = 0; i < keys.size(); ++i)
            t.numeric << (i >= firstNumeric);
        for (const QJsonValue &v : rows) {
            QStringList row;
            for (const QString &k : keys)
                row << cell(v.toObject().value(k));
            t.rows << row;
        }
        return t;
    }

} // namespace

QJsonObject clusterJson(const ClusterReport &c)
{
    QJsonObject layout;
    layout[QStringLiteral("source")] = sourceName(c.source);
    layout[QStringLiteral("note")] = c.note;
    QJsonObject o;
    o[QStringLiteral("layout")] = layout;
    o[QStringLiteral("ranks")] = ranksJson(c);
    o[QStringLiteral("stages")] = stagesJson(c);
    o[QStringLiteral("groups")] = groupsJson(c);
    o[QStringLiteral("links")] = linksJson(c);
    o[QStringLiteral("unmapped_links")] = c.links.unmapped;
    return o;
}

ClusterTables clusterTables(const QJsonObject &cluster)
{
    ClusterTables t;
    const QJsonObject layout = cluster[QStringLiteral("layout")].toObject();
    t.layoutLine = Text::tr("Parallel layout: %1").arg(layout[QStringLiteral("note")].toString());
    const QStringList times { QStringLiteral("computing_us"),
        QStringLiteral("communication_not_overlapped_us"), QStringLiteral("free_us"),
        QStringLiteral("step_us"), QStringLiteral("bubble_us") };
    const QStringList timeHeader { Text::tr("Computing(us)"), Text::tr("Comm not overlapped(us)"),
        Text::tr("Free(us)"), Text::tr("Step(us)"), Text::tr("Bubble(us)") };
    t.tables.push_back(
        tableOf(Text::tr("Ranks (per step)"), cluster[QStringLiteral("ranks")].toArray(),
            QStringList { QStringLiteral("rank"), QStringLiteral("dp_index"),
                QStringLiteral("pp_index"), QStringLiteral("tp_index") }
                + times,
            QStringList { Text::tr("Rank"), Text::tr("DP"), Text::tr("PP"), Text::tr("TP") }
                + timeHeader,
            0));
    t.tables.push_back(tableOf(Text::tr("Pipeline stages (each time the maximum over its ranks)"),
        cluster[QStringLiteral("stages")].toArray(),
        QStringList { QStringLiteral("index"), QStringLiteral("ranks") } + times,
        QStringList { Text::tr("Stage"), Text::tr("Ranks") } + timeHeader, 2));
    t.tables.push_back(
        tableOf(Text::tr("Process groups"), cluster[QStringLiteral("groups")].toArray(),
            { QStringLiteral("name"), QStringLiteral("type"), QStringLiteral("ranks"),
                QStringLiteral("id") },
            { Text::tr("Name"), Text::tr("Type"), Text::tr("Ranks"), Text::tr("Group id") }, 4));
    t.tables.push_back(tableOf(Text::tr("Links (summed over the steps)"),
        cluster[QStringLiteral("links")].toArray(),
        { QStringLiteral("group_name"), QStringLiteral("group"), QStringLiteral("op"),
            QStringLiteral("src"), QStringLiteral("dst"), QStringLiteral("transport"),
            QStringLiteral("size_mb"), QStringLiteral("time_ms"),
            QStringLiteral("bandwidth_gbps") },
        { Text::tr("Group"), Text::tr("Ranks"), Text::tr("Op"), Text::tr("Src"), Text::tr("Dst"),
            Text::tr("Transport"), Text::tr("Size(MB)"), Text::tr("Time(ms)"),
            Text::tr("Bandwidth(GB/s)") },
        6));
    t.tables.erase(std::remove_if(t.tables.begin(), t.tables.end(),
                       [](const ReportTable &x) { return x.rows.isEmpty(); }),
        t.tables.end());
    return t;
}

} // namespace npuscope
