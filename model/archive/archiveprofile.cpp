#include "model/archive/archiveprofile.h"

#include "model/archive/archivecache.h"

namespace npuscope {

ProfileSource discoverArchive(const QString &archive, SourceFormat format)
{
    ArchiveCache cache;
    const ArchiveCache::Opened opened = cache.open(archive);
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
