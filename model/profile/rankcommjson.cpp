#include "model/profile/rankcommjson.h"

#include <QJsonArray>
#include <QLocale>

#include <map>

namespace npuscope {

namespace {

    // step -> kind -> key -> value, gathered before any QJsonObject is built: inserting into
    // nested QJsonObjects copies the outer levels on every insert.
    using Entries = std::map<QString, std::map<QString, std::map<QString, QJsonObject>>>;

    QJsonObject toJson(const Entries &entries)
    {
        QJsonObject root;
        for (const auto &[step, kinds] : entries) {
            QJsonObject kindsJson;
            for (const auto &[kind, keys] : kinds) {
                QJsonObject keysJson;
                for (const auto &[key, value] : keys)
                    keysJson.insert(key, value);
                kindsJson.insert(kind, keysJson);
            }
            root.insert(step, kindsJson);
        }
        return root;
    }

    QString keyOf(const QString &name, const QString &group)
    {
        return group.isEmpty() ? name : name + QLatin1Char('@') + group;
    }

    // Microseconds as the file writes them, from which the reader gets the same nanoseconds back
    // (it splits whole µs from the fraction).
    double startUs(TimeNs start)
    {
        TimeNs whole = start / 1000;
        TimeNs rest = start % 1000;
        if (rest < 0) {
            --whole;
            rest += 1000;
        }
        return double(whole) + double(rest) / 1000.0;
    }

    QJsonObject transportJson(const CommTransport &t)
    {
        QJsonObject sizes;
        for (const CommPacketSize &p : t.sizes)
            sizes.insert(QString::number(p.sizeMb, 'g', QLocale::FloatingPointShortest),
                QJsonArray { double(p.count), p.timeMs });
        QJsonObject o {
            { QStringLiteral("Transit Size(MB)"), t.sizeMb },
            { QStringLiteral("Transit Time(ms)"), t.timeMs },
            { QStringLiteral("Bandwidth(GB/s)"), t.bandwidthGBs },
            { QStringLiteral("Large Packet Ratio"), t.largePacketRatio },
        };
        if (!sizes.isEmpty())
            o.insert(QStringLiteral("Size Distribution"), sizes);
        return o;
    }

    QJsonObject operationJson(const CommOperation &op)
    {
        const QJsonObject time {
            { QStringLiteral("Start Timestamp(us)"), startUs(op.start) },
            // Not in the profiler's file: the exact start, which µs in a double cannot keep.
            { QStringLiteral("Start Timestamp(ns)"), qint64(op.start) },
            { QStringLiteral("Elapse Time(ms)"), op.elapseMs },
            { QStringLiteral("Transit Time(ms)"), op.transitMs },
            { QStringLiteral("Wait Time(ms)"), op.waitMs },
            { QStringLiteral("Synchronization Time(ms)"), op.syncMs },
            { QStringLiteral("Idle Time(ms)"), op.idleMs },
            { QStringLiteral("Wait Time Ratio"), op.waitRatio },
            { QStringLiteral("Synchronization Time Ratio"), op.syncRatio },
        };
        QJsonObject bandwidth;
        for (const CommTransport &t : op.transports)
            bandwidth.insert(t.type, transportJson(t));
        return { { QStringLiteral("Communication Time Info"), time },
            { QStringLiteral("Communication Bandwidth Info"), bandwidth } };
    }

} // namespace

QJsonObject communicationJson(const std::vector<CommOperation> &ops)
{
    Entries entries;
    for (const CommOperation &op : ops)
        entries[op.step][op.kind][keyOf(op.name, op.group)] = operationJson(op);
    return toJson(entries);
}

QJsonObject communicationMatrixJson(const std::vector<CommLink> &links)
{
    Entries entries;
    for (const CommLink &l : links) {
        QJsonObject &entry = entries[l.step][l.kind][keyOf(l.op, l.group)];
        entry.insert(QString::number(l.src) + QLatin1Char('-') + QString::number(l.dst),
            QJsonObject {
                { QStringLiteral("Op Name"), l.opName },
                { QStringLiteral("Transport Type"), l.transport },
                { QStringLiteral("Transit Size(MB)"), l.sizeMb },
                { QStringLiteral("Transit Time(ms)"), l.timeMs },
                { QStringLiteral("Bandwidth(GB/s)"), l.bandwidthGBs },
            });
    }
    return toJson(entries);
}

} // namespace npuscope
