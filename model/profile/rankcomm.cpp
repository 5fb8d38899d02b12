#include "model/profile/rankcomm.h"

#include "model/profile/dbcommanalyzer.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace npuscope {

namespace {

    class Text {
        Q_DECLARE_TR_FUNCTIONS(npuscope::RankComm)
    };

    const QString kTotalOp = QStringLiteral("Total Op Info");

    // Reads numbers out of one JSON object and notes, once per file, a value that is there but
    // not a number (the rest of the file is kept).
    struct Reader {
        const QString &path;
        IssueList *issues;
        bool reported = false;

        double number(const QJsonObject &o, const QString &key, const QString &where)
        {
            const QJsonValue v = o.value(key);
            if (v.isDouble())
                return v.toDouble();
            if (!v.isUndefined() && !v.isNull())
                bad(where + QLatin1Char('/') + key, Text::tr("\"%1\" is not a number").arg(key));
            return 0;
        }
        QJsonObject object(const QJsonValue &v, const QString &where)
        {
            if (!v.isObject())
                bad(where, Text::tr("not a JSON object"));
            return v.toObject();
        }
        void bad(const QString &where, const QString &message)
        {
            if (reported)
                return;
            reported = true;
            issues->append({ Severity::Warning, path, where,
                Text::tr("communication data partly read: %1").arg(message), true });
        }
    };

    std::optional<QJsonObject> parse(const QByteArray &json, const QString &path, IssueList *issues)
    {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject()) {
            issues->append({ Severity::Warning, path, Text::tr("byte %1").arg(error.offset),
                Text::tr("not read: %1")
                    .arg(error.error != QJsonParseError::NoError ? error.errorString()
                                                                 : Text::tr("not a JSON object")),
                true });
            return std::nullopt;
        }
        return doc.object();
    }

    CommTransport transportOf(
        const QString &type, const QJsonObject &t, const QString &where, Reader &r)
    {
        CommTransport out;
        out.type = type;
        out.sizeMb = r.number(t, QStringLiteral("Transit Size(MB)"), where);
        out.timeMs = r.number(t, QStringLiteral("Transit Time(ms)"), where);
        out.bandwidthGBs = r.number(t, QStringLiteral("Bandwidth(GB/s)"), where);
        out.largePacketRatio = r.number(t, QStringLiteral("Large Packet Ratio"), where);
        const QJsonObject dist = t.value(QStringLiteral("Size Distribution")).toObject();
        for (auto it = dist.begin(); it != dist.end(); ++it) {
            bool ok = false;
            const double size = it.key().toDouble(&ok);
            const QJsonArray pair = it.value().toArray();
            if (!ok || pair.size() < 2 || !pair[0].isDouble() || !pair[1].isDouble()) {
                r.bad(where + QStringLiteral("/Size Distribution/") + it.key(),
                    Text::tr("a packet size that is not [count, time]"));
                continue;
            }
            out.sizes.push_back({ size, qint64(pair[0].toDouble()), pair[1].toDouble() });
        }
        sortPackets(out);
        return out;
    }

    CommOperation operationOf(const QString &step, const QString &kind, const QString &key,
        const QJsonObject &o, Reader &r)
    {
        CommOperation op;
        op.step = step;
        op.kind = kind;
        const qsizetype at = key.lastIndexOf(u'@');
        op.name = at < 0 ? key : key.left(at);
        op.group = at < 0 ? QString() : key.mid(at + 1);
        op.total = key == kTotalOp;
        const QString where = step + QLatin1Char('/') + kind + QLatin1Char('/') + key;
        const QJsonObject time = o.value(QStringLiteral("Communication Time Info")).toObject();
        // Whole µs and the fraction apart: µs x 1000 as one double would round to 256 ns.
        const double us = r.number(time, QStringLiteral("Start Timestamp(us)"), where);
        const double whole = std::floor(us);
        op.start = TimeNs(std::llround(whole)) * 1000 + TimeNs(std::llround((us - whole) * 1000));
        // npuscope's own copy (rankcommjson.h) keeps the exact ns beside it: a database's start
        // is not a double of µs.
        const QJsonValue ns = time.value(QStringLiteral("Start Timestamp(ns)"));
        if (ns.isDouble())
            op.start = ns.toInteger(op.start);
        op.elapseMs = r.number(time, QStringLiteral("Elapse Time(ms)"), where);
        op.transitMs = r.number(time, QStringLiteral("Transit Time(ms)"), where);
        op.waitMs = r.number(time, QStringLiteral("Wait Time(ms)"), where);
        op.syncMs = r.number(time, QStringLiteral("Synchronization Time(ms)"), where);
        op.idleMs = r.number(time, QStringLiteral("Idle Time(ms)"), where);
        op.waitRatio = r.number(time, QStringLiteral("Wait Time Ratio"), where);
        op.syncRatio = r.number(time, QStringLiteral("Synchronization Time Ratio"), where);
        const QJsonObject bw = o.value(QStringLiteral("Communication Bandwidth Info")).toObject();
        for (auto t = bw.begin(); t != bw.end(); ++t) {
            const QString path = where + QLatin1Char('/') + t.key();
            op.transports.push_back(transportOf(t.key(), r.object(t.value(), path), path, r));
        }
        return op;
    }

    QByteArray readFile(const QString &path, IssueList *issues, bool *ok)
    {
        QFile file(path);
        *ok = file.open(QIODevice::ReadOnly);
        if (!*ok) {
            issues->append({ Severity::Warning, path, QString(),
                Text::tr("cannot read: %1").arg(file.errorString()), true });
            return {};
        }
        return file.readAll();
    }

} // namespace

void sortPackets(CommTransport &transport)
{
    std::stable_sort(transport.sizes.begin(), transport.sizes.end(),
        [](const CommPacketSize &a, const CommPacketSize &b) { return a.sizeMb < b.sizeMb; });
}

qint64 CommPacketSize::bytes() const { return std::llround(sizeMb * 1e6); }

QString CommOperation::type() const
{
    // "hcom_allReduce__586_0_1" -> "allReduce"; "hcom_batchSendRecv__128_3_1" -> "batchSendRecv"
    static const QRegularExpression form(QStringLiteral("^hcom_([A-Za-z0-9]+)_"));
    const auto m = form.match(name);
    return m.hasMatch() ? m.captured(1) : name;
}

const CommTransport *CommOperation::transport(QStringView type) const
{
    for (const CommTransport &t : transports)
        if (t.type == type)
            return &t;
    return nullptr;
}

namespace {

    // Calls fn(step, kind, key, where, object) for every "step -> kind -> key" entry, both
    // files' shape; `where` is its JSON path for messages.
    template <class Fn> void forEachEntry(const QJsonObject &root, Reader &r, Fn fn)
    {
        for (auto step = root.begin(); step != root.end(); ++step) {
            const QJsonObject kinds = r.object(step.value(), step.key());
            for (auto kind = kinds.begin(); kind != kinds.end(); ++kind) {
                const QString kindPath = step.key() + QLatin1Char('/') + kind.key();
                const QJsonObject entries = r.object(kind.value(), kindPath);
                for (auto e = entries.begin(); e != entries.end(); ++e) {
                    const QString where = kindPath + QLatin1Char('/') + e.key();
                    fn(step.key(), kind.key(), e.key(), where, r.object(e.value(), where));
                }
            }
        }
    }

    // One "src-dst" entry of the matrix; false when the key is not one.
    bool linkOf(
        const QString &key, const QJsonObject &v, const QString &where, Reader &r, CommLink &l)
    {
        const QStringList ends = key.split(u'-');
        bool srcOk = false, dstOk = false;
        l.src = ends.value(0).toInt(&srcOk);
        l.dst = ends.value(1).toInt(&dstOk);
        if (ends.size() != 2 || !srcOk || !dstOk || l.src < 0 || l.dst < 0) {
            r.bad(where, Text::tr("a link that is not \"src-dst\""));
            return false;
        }
        l.opName = v.value(QStringLiteral("Op Name")).toString();
        l.transport = v.value(QStringLiteral("Transport Type")).toString();
        l.sizeMb = r.number(v, QStringLiteral("Transit Size(MB)"), where);
        l.timeMs = r.number(v, QStringLiteral("Transit Time(ms)"), where);
        l.bandwidthGBs = r.number(v, QStringLiteral("Bandwidth(GB/s)"), where);
        return true;
    }

} // namespace

void readCommunicationJson(
    const QByteArray &json, const QString &path, RankComm &out, IssueList *issues)
{
    if (const auto root = parse(json, path, issues))
        readCommunicationJson(*root, path, out, issues);
}

void readCommunicationJson(
    const QJsonObject &root, const QString &path, RankComm &out, IssueList *issues)
{
    Reader r { path, issues };
    forEachEntry(root, r,
        [&](const QString &step, const QString &kind, const QString &key, const QString &,
            const QJsonObject &o) { out.ops.push_back(operationOf(step, kind, key, o, r)); });
    out.opsFile = path;
}

void readCommunicationMatrixJson(
    const QByteArray &json, const QString &path, RankComm &out, IssueList *issues)
{
    if (const auto root = parse(json, path, issues))
        readCommunicationMatrixJson(*root, path, out, issues);
}

void readCommunicationMatrixJson(
    const QJsonObject &root, const QString &path, RankComm &out, IssueList *issues)
{
    Reader r { path, issues };
    forEachEntry(root, r,
        [&](const QString &step, const QString &kind, const QString &key, const QString &where,
            const QJsonObject &links) {
            const qsizetype at = key.lastIndexOf(u'@');
            for (auto link = links.begin(); link != links.end(); ++link) {
                CommLink l;
                const QString linkPath = where + QLatin1Char('/') + link.key();
                if (!linkOf(link.key(), r.object(link.value(), linkPath), linkPath, r, l))
                    continue;
                l.step = step;
                l.kind = kind;
                l.op = at < 0 ? key : key.left(at);
                l.group = at < 0 ? QString() : key.mid(at + 1);
                out.links.push_back(std::move(l));
            }
        });
    out.linksFile = path;
}

RankComm readRankComm(const QString &communication, const QString &matrix,
    const QString &analysisDb, IssueList *issues)
{
    RankComm out;
    bool ok = false;
    if (!communication.isEmpty()) {
        const QByteArray json = readFile(communication, issues, &ok);
        if (ok)
            readCommunicationJson(json, communication, out, issues);
    }
    if (!matrix.isEmpty() && !matrix.endsWith(QLatin1String(".db"), Qt::CaseInsensitive)) {
        const QByteArray json = readFile(matrix, issues, &ok);
        if (ok)
            readCommunicationMatrixJson(json, matrix, out, issues);
    }
    const QString db = !analysisDb.isEmpty()                         ? analysisDb
        : matrix.endsWith(QLatin1String(".db"), Qt::CaseInsensitive) ? matrix
                                                                     : QString();
    if (!db.isEmpty() && (out.ops.empty() || out.links.empty())) {
        RankComm fromDb;
        readCommAnalyzerDb(db, fromDb, issues);
        if (out.opsFile.isEmpty() && !fromDb.ops.empty()) {
            out.ops = std::move(fromDb.ops);
            out.opsFile = db;
        }
        if (out.linksFile.isEmpty() && !fromDb.links.empty()) {
            out.links = std::move(fromDb.links);
            out.linksFile = db;
        }
    }
    return out;
}

} // namespace npuscope
