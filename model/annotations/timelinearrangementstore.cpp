#include "model/annotations/timelinearrangementstore.h"

#include "model/annotations/annotationstore.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

namespace npuscope {

namespace {

    // An arrangement is a few KB even for thousands of tracks.
    constexpr qint64 kMaxFileBytes = 16 * 1024 * 1024;

    void setError(QString *error, const QString &text)
    {
        if (error)
            *error = text;
    }

} // namespace

TimelineArrangementStore::TimelineArrangementStore(QString configDir)
    : m_configDir(std::move(configDir))
{
    if (m_configDir.isEmpty())
        m_configDir = QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation);
}

QString TimelineArrangementStore::fileFor(const QString &profilePath) const
{
    const QByteArray hash = QCryptographicHash::hash(
        AnnotationStore::canonicalProfilePath(profilePath).toUtf8(), QCryptographicHash::Sha1)
                                .toHex();
    return QDir(m_configDir)
        .filePath(
            QStringLiteral("arrangements/") + QString::fromLatin1(hash) + QStringLiteral(".json"));
}

TimelineArrangement TimelineArrangementStore::load(const QString &profilePath, QString *error) const
{
    TimelineArrangement arrangement;
    const QString file = fileFor(profilePath);
    QFile f(file);
    if (!f.exists())
        return arrangement;
    const QString name = QDir::toNativeSeparators(file);
    if (!f.open(QIODevice::ReadOnly)) {
        setError(error, tr("%1: %2").arg(name, f.errorString()));
        return arrangement;
    }
    if (f.size() > kMaxFileBytes) {
        setError(error,
            tr("%1: %2 bytes is too large for a timeline arrangement").arg(name).arg(f.size()));
        return arrangement;
    }
    QString detail;
    if (!arrangement.fromJson(f.readAll(), &detail)) {
        setError(error, tr("%1: %2").arg(name, detail));
        return {};
    }
    return arrangement;
}

bool TimelineArrangementStore::save(
    const QString &profilePath, const TimelineArrangement &arrangement, QString *error) const
{
    const QString file = fileFor(profilePath);
    if (arrangement.isEmpty()) {
        if (QFile::exists(file) && !QFile::remove(file)) {
            setError(error, tr("%1: cannot remove the file").arg(QDir::toNativeSeparators(file)));
            return false;
        }
        return true;
    }
    const QString dir = QFileInfo(file).absolutePath();
    if (!QDir().mkpath(dir)) {
        setError(error, tr("%1: cannot create the folder").arg(QDir::toNativeSeparators(dir)));
        return false;
    }
    QSaveFile f(file);
    const QByteArray json = arrangement.toJson();
    if (!f.open(QIODevice::WriteOnly) || f.write(json) != json.size() || !f.commit()) {
        setError(error, tr("%1: %2").arg(QDir::toNativeSeparators(file), f.errorString()));
        return false;
    }
    return true;
}

} // namespace npuscope
