#include "model/profile/archiveprofile.h"

#include "model/archive/archivecache.h"

#include <QMutex>

#include <map>

namespace npuscope {

namespace {

    // The leases of the archives opened by this process, kept until it exits: their ranks are
    // read lazily while a window shows the profile (a profile does not say when it is closed).
    void keepLease(const QString &folder, std::shared_ptr<ArchiveLease> lease)
    {
        static QMutex mutex;
        static std::map<QString, std::shared_ptr<ArchiveLease>> leases;
        const QMutexLocker lock(&mutex);
        leases[folder] = std::move(lease);
    }

} // namespace

ProfileSource discoverArchive(const QString &archive, SourceFormat format)
{
    ArchiveCache cache;
    const ArchiveCache::Opened opened = cache.open(archive);
    if (opened.lease)
        keepLease(opened.path, opened.lease);
    ProfileSource src;
    if (!opened.path.isEmpty())
        src = discoverProfile(opened.path, format);
    else
        src.issues.append({ Severity::Error, archive, QString(), opened.error });
    src.path = archive;
    src.issues = opened.issues + src.issues;
    return src;
}

} // namespace npuscope
