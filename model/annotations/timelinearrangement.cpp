#include "model/annotations/timelinearrangement.h"

#include "model/annotations/annotations.h"
#include "model/core/trace.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace npuscope {

namespace {

    constexpr int kVersion = 1;

    QJsonArray toArray(const QStringList &list) { return QJsonArray::fromStringList(list); }

    QJsonArray toArray(const QSet<QString> &set)
    {
        QStringList list(set.begin(), set.end());
        list.sort(); // a stable file for a stable arrangement
        return toArray(list);
    }

    QStringList toList(const QJsonValue &value)
    {
        QStringList list;
        for (const QJsonValue &v : value.toArray())
            if (v.isString())
                list << v.toString();
        return list;
    }

    QSet<QString> toSet(const QJsonValue &value)
    {
        const QStringList list = toList(value);
        return QSet<QString>(list.begin(), list.end());
    }

} // namespace

QString TimelineArrangement::groupKey(const QString &processName)
{
    return QStringLiteral("g:") + processName;
}

QString TimelineArrangement::trackKey(const Track &track)
{
    return QStringLiteral("t:") + annotationTrackKey(track);
}

QString TimelineArrangement::counterKey(const CounterSeries &counter)
{
    return QStringLiteral("c:") + counter.processName + QStringLiteral(" / ") + counter.name;
}

QByteArray TimelineArrangement::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("version"), kVersion);
    o.insert(QStringLiteral("order"), toArray(order));
    o.insert(QStringLiteral("hidden"), toArray(hidden));
    o.insert(QStringLiteral("collapsed"), toArray(collapsed));
    o.insert(QStringLiteral("expanded"), toArray(expanded));
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

bool TimelineArrangement::fromJson(const QByteArray &json, QString *error)
{
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parse);
    if (!doc.isObject()) {
        *error = parse.error != QJsonParseError::NoError
            ? tr("offset %1: %2").arg(parse.offset).arg(parse.errorString())
            : tr("not a timeline arrangement (no JSON object)");
        return false;
    }
    const QJsonObject o = doc.object();
    order = toList(o.value(QStringLiteral("order")));
    order.removeDuplicates();
    hidden = toSet(o.value(QStringLiteral("hidden")));
    collapsed = toSet(o.value(QStringLiteral("collapsed")));
    expanded = toSet(o.value(QStringLiteral("expanded")));
    return true;
}

} // namespace npuscope
