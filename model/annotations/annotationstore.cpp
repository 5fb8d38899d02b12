#include "model/annotations/annotationstore.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

namespace npuscope {

namespace {

    // Annotation files are a few KB; anything this big is not one (and would stall the GUI).
    constexpr qint64 kMaxFileBytes = 64 * 1024 * 1024;

} // namespace

AnnotationStore::AnnotationStore(QString dataDir)
    : m_dataDir(std::move(dataDir))
{
    if (m_dataDir.isEmpty())
        m_dataDir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

QString AnnotationStore::canonicalProfilePath(const QString &profilePath)
{
    const QFileInfo info(profilePath);
    const QString canonical = info.canonicalFilePath();
    return canonical.isEmpty() ? QDir::cleanPath(info.absoluteFilePath()) : canonical;
}

QString AnnotationStore::fileFor(const QString &profilePath) const
{
    const QByteArray hash = QCryptographicHash::hash(
        canonicalProfilePath(profilePath).toUtf8(), QCryptographicHash::Sha1)
                                .toHex();
    return QDir(m_dataDir).filePath(
        QStringLiteral("annotations/") + QString::fromLatin1(hash) + QStringLiteral(".json"));
}

AnnotationSet::ReadResult AnnotationStore::load(
    const QString &profilePath, AnnotationSet *set) const
{
    const QString file = fileFor(profilePath);
    if (!QFile::exists(file)) {
        *set = AnnotationSet();
        set->profilePath = canonicalProfilePath(profilePath);
        AnnotationSet::ReadResult none;
        none.ok = true;
        return none;
    }
    return readFile(file, set);
}

bool AnnotationStore::save(
    const QString &profilePath, const AnnotationSet &set, QString *error) const
{
    const QString file = fileFor(profilePath);
    if (set.isEmpty()) {
        if (QFile::exists(file) && !QFile::remove(file)) {
            *error = tr("%1: cannot remove the file").arg(QDir::toNativeSeparators(file));
            return false;
        }
        return true;
    }
    if (!QDir().mkpath(QFileInfo(file).absolutePath())) {
        *error = tr("%1: cannot create the folder")
                     .arg(QDir::toNativeSeparators(QFileInfo(file).absolutePath()));
        return false;
    }
    AnnotationSet copy = set;
    copy.profilePath = canonicalProfilePath(profilePath);
    return writeFile(file, copy, error);
}

AnnotationSet::ReadResult AnnotationStore::readFile(const QString &file, AnnotationSet *set)
{
    AnnotationSet::ReadResult result;
    QFile f(file);
    const QString name = QDir::toNativeSeparators(file);
    if (!f.open(QIODevice::ReadOnly)) {
        result.error = tr("%1: %2").arg(name, f.errorString());
        return result;
    }
    if (f.size() > kMaxFileBytes) {
        result.error
            = tr("%1: %2 bytes is too large for an annotations file").arg(name).arg(f.size());
        return result;
    }
    return set->fromJson(f.readAll(), name);
}

bool AnnotationStore::writeFile(const QString &file, const AnnotationSet &set, QString *error)
{
    QSaveFile f(file);
    const QByteArray json = set.toJson();
    if (!f.open(QIODevice::WriteOnly) || f.write(json) != json.size() || !f.commit()) {
        *error = tr("%1: %2").arg(QDir::toNativeSeparators(file), f.errorString());
        return false;
    }
    return true;
}

} // namespace npuscope
