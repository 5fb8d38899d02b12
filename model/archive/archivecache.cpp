#include "model/archive/archivecache.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QStorageInfo>

#include <algorithm>
#include <cstdio>
#include <sys/time.h>
#include <unistd.h>

namespace npuscope {

namespace {

    class ArchiveText {
        Q_DECLARE_TR_FUNCTIONS(npuscope::Archive)
    };

    constexpr char kPartial[] = ".partial-";
    constexpr char kLock[] = ".lock";
    // Room left on the disk whatever the archive holds.
    constexpr std::int64_t kDiskMargin = std::int64_t(512) << 20;

    std::int64_t folderBytes(const QString &folder)
    {
        std::int64_t total = 0;
        QDirIterator it(
            folder, QDir::Files | QDir::Hidden | QDir::NoSymLinks, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            it.next();
            total += it.fileInfo().size();
        }
        return total;
    }

} // namespace

ArchiveCache::ArchiveCache(QString directory, std::int64_t maxBytes)
    : m_directory(directory.isEmpty()
            ? QStandardPaths::writableLocation(QStandardPaths::CacheLocation)
                + QStringLiteral("/archives")
            : std::move(directory))
    , m_maxBytes(maxBytes)
{
}

QString ArchiveCache::keyFor(const QString &archive) const
{
    const QFileInfo fi(archive);
    const QString identity = fi.canonicalFilePath() + QLatin1Char('\n') + QString::number(fi.size())
        + QLatin1Char('\n') + QString::number(fi.lastModified().toMSecsSinceEpoch());
    const QByteArray hash
        = QCryptographicHash::hash(identity.toUtf8(), QCryptographicHash::Sha1).toHex().left(20);
    QString base = fi.fileName().left(48);
    for (QChar &c : base)
        if (!c.isLetterOrNumber() && c != QLatin1Char('.') && c != QLatin1Char('_'))
            c = QLatin1Char('_');
    return base + QLatin1Char('-') + QString::fromLatin1(hash);
}

QString ArchiveCache::profileInside(const QString &folder)
{
    const QFileInfoList top
        = QDir(folder).entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
    return top.size() == 1 ? top.constFirst().absoluteFilePath() : folder;
}

void ArchiveCache::removeStalePartials()
{
    const QDateTime stale = QDateTime::currentDateTime().addSecs(-3600);
    const QFileInfoList dirs = QDir(m_directory).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QFileInfo &d : dirs)
        if (d.fileName().contains(QLatin1String(kPartial)) && d.lastModified() < stale)
            QDir(d.absoluteFilePath()).removeRecursively();
}

QString ArchiveCache::lockFor(const QString &key) const
{
    return m_directory + QLatin1Char('/') + key + QLatin1String(kLock);
}

// Lock files whose folder is gone (removed by hand), when nobody holds them.
void ArchiveCache::removeOrphanLocks()
{
    const QStringList locks
        = QDir(m_directory)
              .entryList({ QLatin1String("*") + QLatin1String(kLock) }, QDir::Files | QDir::Hidden);
    for (const QString &name : locks) {
        const QString key = name.chopped(qsizetype(sizeof kLock - 1));
        if (QFileInfo(m_directory + QLatin1Char('/') + key).exists())
            continue;
        if (const auto lease = ArchiveLease::tryExclusive(lockFor(key)))
            lease->removeFile();
    }
}

void ArchiveCache::trim(std::int64_t keepBytes, const QString &except)
{
    QFileInfoList dirs = QDir(m_directory).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot);
    std::sort(dirs.begin(), dirs.end(),
        [](const QFileInfo &a, const QFileInfo &b) { return a.lastModified() < b.lastModified(); });
    std::vector<std::int64_t> sizes;
    std::int64_t total = 0;
    for (const QFileInfo &d : dirs)
        total += sizes.emplace_back(folderBytes(d.absoluteFilePath()));
    for (qsizetype i = 0; i < dirs.size() && total > keepBytes; ++i) {
        const QString name = dirs[i].fileName();
        if (name == except || name.contains(QLatin1String(kPartial)))
            continue;
        const auto lease = ArchiveLease::tryExclusive(lockFor(name));
        if (!lease)
            continue; // in use, by a window here or another npuscope
        if (QDir(dirs[i].absoluteFilePath()).removeRecursively()) {
            total -= sizes[std::size_t(i)];
            lease->removeFile();
        }
    }
    removeOrphanLocks();
}

ArchiveCache::Opened ArchiveCache::open(const QString &archive, const ArchiveLimits &limits)
{
    Opened result;
    if (!QDir().mkpath(m_directory)) {
        result.error = ArchiveText::tr("cannot create the cache folder %1").arg(m_directory);
        return result;
    }
    const QString key = keyFor(archive);
    const QString final = m_directory + QLatin1Char('/') + key;
    // Taken before looking: a trim deleting the folder holds it exclusively until done.
    result.lease = ArchiveLease::shared(lockFor(key));
    if (!result.lease) {
        result.error
            = ArchiveText::tr("cannot create a lock file in the cache folder %1").arg(m_directory);
        return result;
    }
    if (QFileInfo(final).isDir()) {
        ::utimes(QFile::encodeName(final).constData(), nullptr); // used now: trimmed last
        result.path = profileInside(final);
        result.reused = true;
        return result;
    }
    removeStalePartials();
    ArchiveLimits bounded = limits;
    const QStorageInfo disk(m_directory);
    bounded.maxTotalBytes = std::min({ limits.maxTotalBytes, m_maxBytes,
        std::max<std::int64_t>(0, disk.bytesAvailable() - kDiskMargin) });
    const QString partial = final + QLatin1String(kPartial) + QString::number(::getpid());
    QDir(partial).removeRecursively();
    ArchiveExtractor extractor(archive, partial, bounded);
    const bool ok = QDir().mkpath(partial) && extractor.run();
    result.issues = extractor.issues();
    if (!ok || extractor.filesWritten() == 0) {
        QDir(partial).removeRecursively();
        result.error = ok ? ArchiveText::tr("no files in it") : extractor.error();
        result.lease.reset();
        if (const auto lease = ArchiveLease::tryExclusive(lockFor(key)))
            lease->removeFile(); // (unless another npuscope is unpacking it too)
        return result;
    }
    if (std::rename(QFile::encodeName(partial).constData(), QFile::encodeName(final).constData())
        != 0)
        QDir(partial).removeRecursively(); // opened by another npuscope meanwhile: use theirs
    trim(m_maxBytes, key);
    result.path = profileInside(final);
    return result;
}

} // namespace npuscope
