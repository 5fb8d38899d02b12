#include "model/annotations/annotations.h"

#include "model/core/trace.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace npuscope {

namespace {

    const QString kKeyFormat = QStringLiteral("format");
    const QString kKeyVersion = QStringLiteral("version");
    const QString kKeyProfile = QStringLiteral("profile");
    const QString kKeyAnnotations = QStringLiteral("annotations");

    // "line L, column C" of a byte offset, for parse errors a person can find in an editor.
    QString lineColumn(const QByteArray &json, int offset)
    {
        const int end = std::clamp(offset, 0, static_cast<int>(json.size()));
        int line = 1;
        int column = 1;
        for (int i = 0; i < end; ++i) {
            if (json[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        return AnnotationSet::tr("line %1, column %2").arg(line).arg(column);
    }

    // A time from a decimal string (exact) or a JSON number (exact below 2^53).
    bool readTime(const QJsonValue &v, TimeNs *out)
    {
        if (v.isString()) {
            bool ok = false;
            const qlonglong t = v.toString().trimmed().toLongLong(&ok);
            if (ok)
                *out = t;
            return ok;
        }
        if (v.isDouble()) {
            const double d = v.toDouble();
            if (!std::isfinite(d) || std::abs(d) > 9.2e18)
                return false;
            *out = static_cast<TimeNs>(std::llround(d));
            return true;
        }
        return false;
    }

    bool validColor(const QString &c)
    {
        static const QRegularExpression re(QStringLiteral("^#[0-9a-fA-F]{6}$"));
        return re.match(c).hasMatch();
    }

    QJsonObject toObject(const Annotation &a)
    {
        QJsonObject o;
        o[QStringLiteral("id")] = static_cast<qint64>(a.id);
        o[QStringLiteral("kind")] = AnnotationSet::kindName(a.kind);
        o[QStringLiteral("text")] = a.text;
        o[QStringLiteral("color")] = a.color;
        o[QStringLiteral("rank")] = a.rank;
        o[QStringLiteral("start_ns")] = QString::number(a.start);
        o[QStringLiteral("end_ns")] = QString::number(a.end);
        o[QStringLiteral("tracks")] = QJsonArray::fromStringList(a.tracks);
        return o;
    }

    // Reads one entry; returns an empty string on success, else what is wrong with it.
    QString fromObject(const QJsonObject &o, Annotation *a, QStringList *notes)
    {
        if (!AnnotationSet::kindFromName(o[QStringLiteral("kind")].toString(), &a->kind))
            return AnnotationSet::tr("unknown kind \"%1\"")
                .arg(o[QStringLiteral("kind")].toVariant().toString());
        if (!readTime(o[QStringLiteral("start_ns")], &a->start))
            return AnnotationSet::tr("\"start_ns\" is missing or not a whole number");
        a->end = a->start;
        if (o.contains(QStringLiteral("end_ns")) && !readTime(o[QStringLiteral("end_ns")], &a->end))
            return AnnotationSet::tr("\"end_ns\" is not a whole number");
        if (a->kind != AnnotationKind::Arrow && a->end < a->start)
            std::swap(a->start, a->end);
        a->text = o[QStringLiteral("text")].toString();
        const QString color = o[QStringLiteral("color")].toString();
        if (validColor(color))
            a->color = color.toLower();
        else if (o.contains(QStringLiteral("color")))
            *notes << AnnotationSet::tr("colour \"%1\" is not #rrggbb; the default is used")
                          .arg(o[QStringLiteral("color")].toVariant().toString());
        a->rank = o[QStringLiteral("rank")].toInt(-1);
        const double id = o[QStringLiteral("id")].toDouble(0);
        a->id = id >= 1 && id < 9.0e15 ? static_cast<quint64>(id) : 0;
        for (const QJsonValue &t : o[QStringLiteral("tracks")].toArray())
            if (t.isString())
                a->tracks << t.toString();
        if (a->kind == AnnotationKind::Arrow && a->tracks.size() == 1)
            a->tracks << a->tracks.constFirst(); // a level arrow
        return {};
    }

} // namespace

QString annotationTrackKey(const Track &track)
{
    const QString name = track.displayName();
    if (track.processName.isEmpty())
        return name;
    return track.processName + QStringLiteral(" / ") + name;
}

QString AnnotationSet::kindName(AnnotationKind kind)
{
    switch (kind) {
    case AnnotationKind::Note:
        return QStringLiteral("note");
    case AnnotationKind::Range:
        return QStringLiteral("range");
    case AnnotationKind::Box:
        return QStringLiteral("box");
    case AnnotationKind::Arrow:
        return QStringLiteral("arrow");
    }
    return {};
}

bool AnnotationSet::kindFromName(const QString &name, AnnotationKind *kind)
{
    for (AnnotationKind k :
        { AnnotationKind::Note, AnnotationKind::Range, AnnotationKind::Box, AnnotationKind::Arrow })
        if (name.compare(kindName(k), Qt::CaseInsensitive) == 0) {
            *kind = k;
            return true;
        }
    return false;
}

QString AnnotationSet::kindLabel(AnnotationKind kind)
{
    switch (kind) {
    case AnnotationKind::Note:
        return tr("Note");
    case AnnotationKind::Range:
        return tr("Range");
    case AnnotationKind::Box:
        return tr("Box");
    case AnnotationKind::Arrow:
        return tr("Arrow");
    }
    return {};
}

quint64 AnnotationSet::nextId() const
{
    quint64 max = 0;
    for (const Annotation &a : items)
        max = std::max(max, a.id);
    return max + 1;
}

quint64 AnnotationSet::add(Annotation a)
{
    if (a.id == 0 || find(a.id))
        a.id = nextId();
    items.push_back(std::move(a));
    return items.back().id;
}

bool AnnotationSet::remove(quint64 id)
{
    return std::erase_if(items, [id](const Annotation &a) { return a.id == id; }) > 0;
}

Annotation *AnnotationSet::find(quint64 id)
{
    auto it = std::find_if(
        items.begin(), items.end(), [id](const Annotation &a) { return a.id == id; });
    return it == items.end() ? nullptr : &*it;
}

const Annotation *AnnotationSet::find(quint64 id) const
{
    return const_cast<AnnotationSet *>(this)->find(id);
}

QByteArray AnnotationSet::toJson() const
{
    QJsonObject root;
    root[kKeyFormat] = QString::fromLatin1(kFormat);
    root[kKeyVersion] = kVersion;
    root[kKeyProfile] = profilePath;
    QJsonArray list;
    for (const Annotation &a : items)
        list.append(toObject(a));
    root[kKeyAnnotations] = list;
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

AnnotationSet::ReadResult AnnotationSet::fromJson(const QByteArray &json, const QString &fileName)
{
    ReadResult result;
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        result.error
            = tr("%1: %2: %3")
                  .arg(fileName, lineColumn(json, parseError.offset), parseError.errorString());
        return result;
    }
    const QJsonObject root = doc.object();
    if (!doc.isObject() || !root[kKeyAnnotations].isArray()) {
        result.error
            = tr("%1: not an npuscope annotations file (no \"annotations\" list)").arg(fileName);
        return result;
    }
    const QString format = root[kKeyFormat].toString();
    if (!format.isEmpty() && format != QLatin1String(kFormat)) {
        result.error
            = tr("%1: format \"%2\" is not %3").arg(fileName, format, QLatin1String(kFormat));
        return result;
    }
    const int version = root[kKeyVersion].toInt(kVersion);
    if (version > kVersion)
        result.warnings << tr(
            "%1: written by a newer npuscope (version %2); fields it added are ignored")
                               .arg(fileName)
                               .arg(version);
    AnnotationSet read;
    read.profilePath = root[kKeyProfile].toString();
    const QJsonArray list = root[kKeyAnnotations].toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        Annotation a;
        QStringList notes;
        const QString problem
            = list[i].isObject() ? fromObject(list[i].toObject(), &a, &notes) : tr("not an object");
        const QString where = tr("%1: annotation %2").arg(fileName).arg(i + 1);
        for (const QString &n : std::as_const(notes))
            result.warnings << tr("%1: %2").arg(where, n);
        if (!problem.isEmpty()) {
            result.warnings << tr("%1: %2; skipped").arg(where, problem);
            continue;
        }
        read.add(std::move(a));
    }
    *this = std::move(read);
    result.ok = true;
    return result;
}

} // namespace npuscope
