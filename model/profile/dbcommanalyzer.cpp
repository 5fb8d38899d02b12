#include "model/profile/dbcommanalyzer.h"

#include "model/db/dbcolumns.h"
#include "model/db/dbcommmatrix.h"
#include "model/db/sqlitedb.h"
#include "model/db/sqlitequery.h"
#include "model/profile/rankcomm.h"

#include <QHash>

#include <cmath>

namespace npuscope {

namespace {

    QString qtext(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

    QString opKey(
        const QString &step, const QString &kind, const QString &name, const QString &group)
    {
        return step + QLatin1Char('\x1f') + kind + QLatin1Char('\x1f') + name + QLatin1Char('\x1f')
            + group;
    }

    // The ratios communication.json writes: wait / (wait + transit), to four decimals.
    double ratio(double part, double transit)
    {
        const double whole = part + transit;
        return whole > 0 ? std::round(part / whole * 1e4) / 1e4 : 0;
    }

    void readTime(
        const SqliteDb &db, RankComm &out, QHash<QString, std::size_t> &index, IssueList *issues)
    {
        DbColumns cols(db, "CommAnalyzerTime");
        if (!cols.tableExists())
            return;
        const int cName = cols.require({ "hccl_op_name" }), cGroup = cols.add({ "group_name" });
        const int cStart = cols.add({ "start_timestamp" }), cElapse = cols.add({ "elapse_time" });
        const int cTransit = cols.add({ "transit_time" }), cWait = cols.add({ "wait_time" });
        const int cSync = cols.add({ "synchronization_time" }), cIdle = cols.add({ "idle_time" });
        const int cStep = cols.add({ "step" }), cKind = cols.add({ "type" });
        SqliteQuery q(db, cols.sql());
        while (q.next()) {
            CommOperation op;
            op.step = qtext(q.text(cStep));
            op.kind = qtext(q.text(cKind));
            op.name = qtext(q.text(cName));
            op.group = qtext(q.text(cGroup));
            op.total = op.name == QLatin1String("Total Op Info");
            op.start = TimeNs(std::llround(q.real(cStart).value_or(0) * 1000.0));
            op.elapseMs = q.real(cElapse).value_or(0);
            op.transitMs = q.real(cTransit).value_or(0);
            op.waitMs = q.real(cWait).value_or(0);
            op.syncMs = q.real(cSync).value_or(0);
            op.idleMs = q.real(cIdle).value_or(0);
            op.waitRatio = ratio(op.waitMs, op.transitMs);
            op.syncRatio = ratio(op.syncMs, op.transitMs);
            index.insert(opKey(op.step, op.kind, op.name, op.group), out.ops.size());
            out.ops.push_back(std::move(op));
        }
        cols.report(q, db.path(), issues);
    }

    CommTransport &transportFor(CommOperation &op, const QString &type)
    {
        for (CommTransport &t : op.transports)
            if (t.type == type)
                return t;
        op.transports.push_back({});
        op.transports.back().type = type;
        return op.transports.back();
    }

    // One row per (op, transport, packet size); the transport's totals repeat on each.
    void readBandwidth(const SqliteDb &db, RankComm &out, const QHash<QString, std::size_t> &index,
        IssueList *issues)
    {
        DbColumns cols(db, "CommAnalyzerBandwidth");
        if (!cols.tableExists())
            return;
        const int cName = cols.require({ "hccl_op_name" }), cGroup = cols.add({ "group_name" });
        const int cType = cols.require({ "transport_type" }), cSize = cols.add({ "transit_size" });
        const int cTime = cols.add({ "transit_time" }), cBw = cols.add({ "bandwidth" });
        const int cLarge = cols.add({ "large_packet_ratio" });
        const int cPacket = cols.add({ "package_size" }), cCount = cols.add({ "count" });
        const int cDur = cols.add({ "total_duration" }), cStep = cols.add({ "step" });
        const int cKind = cols.add({ "type" });
        SqliteQuery q(db, cols.sql());
        while (q.next()) {
            const auto it = index.constFind(opKey(qtext(q.text(cStep)), qtext(q.text(cKind)),
                qtext(q.text(cName)), qtext(q.text(cGroup))));
            if (it == index.cend())
                continue; // no time row: nothing to attach it to
            CommTransport &t = transportFor(out.ops[*it], qtext(q.text(cType)));
            t.sizeMb = q.real(cSize).value_or(0);
            t.timeMs = q.real(cTime).value_or(0);
            t.bandwidthGBs = q.real(cBw).value_or(0);
            t.largePacketRatio = q.real(cLarge).value_or(0);
            const double packet = q.real(cPacket).value_or(0);
            const double count = q.real(cCount).value_or(0);
            if (packet > 0 && count > 0)
                t.sizes.push_back({ packet, qint64(count), q.real(cDur).value_or(0) });
        }
        cols.report(q, db.path(), issues);
    }

} // namespace

void readCommAnalyzerDb(const QString &path, RankComm &out, IssueList *issues)
{
    QString error;
    const auto db = SqliteDb::open(path, &error);
    if (!db) {
        issues->append({ Severity::Warning, path, QString(), error });
        return;
    }
    QHash<QString, std::size_t> index;
    readTime(*db, out, index, issues);
    readBandwidth(*db, out, index, issues);
    for (CommOperation &op : out.ops)
        for (CommTransport &t : op.transports)
            sortPackets(t);
    if (!out.ops.empty())
        out.opsFile = path;
    for (DbCommMatrixRow &row : readCommMatrixTable(path, issues)) {
        CommLink l;
        l.step = std::move(row.step);
        l.kind = std::move(row.kind);
        l.op = std::move(row.op);
        l.group = std::move(row.group);
        l.opName = std::move(row.opName);
        l.transport = std::move(row.transport);
        l.src = row.src;
        l.dst = row.dst;
        l.sizeMb = row.sizeMb;
        l.timeMs = row.timeMs;
        l.bandwidthGBs = row.bandwidthGBs;
        out.links.push_back(std::move(l));
    }
    if (!out.links.empty())
        out.linksFile = path;
}

} // namespace npuscope
