#pragma once

#include "model/archive/archiveextractor.h"
#include "model/archive/archivelease.h"
#include "model/core/issue.h"

#include <QString>

#include <memory>

namespace npuscope {

// Profile archives unpacked into npuscope's cache directory (QStandardPaths::CacheLocation,
// "archives/"), never beside the archive: one folder per archive, named after a hash of its path,
// size and modification time, so that opening the same archive again reuses it, and a changed
// archive is unpacked afresh. The cache is kept under a size limit: the folders used least
// recently go first. An extraction happens in a folder of its own and is renamed into place
// when complete, so that a crash or a refused archive leaves nothing that looks usable. A folder
// in use (its ArchiveLease held, by this process or another) is never trimmed.
class ArchiveCache {
public:
    struct Opened {
        QString path; // what to open in place of the archive; empty on failure
        bool reused = false;
        QString error; // why it could not be opened
        IssueList issues; // entries skipped
        // Held while the folder is read (lazily, for as long as the profile is open): trimming,
        // here or in another npuscope, leaves the folder alone meanwhile.
        std::shared_ptr<ArchiveLease> lease;
    };

    explicit ArchiveCache(QString directory = QString(), std::int64_t maxBytes = kDefaultMaxBytes);

    static constexpr std::int64_t kDefaultMaxBytes = std::int64_t(20) << 30;

    // Unpacks `archive` (or finds it unpacked) and returns the profile inside: the single
    // folder or file at its top when there is one, else the folder of its contents.
    Opened open(const QString &archive, const ArchiveLimits &limits = {});
    QString directory() const { return m_directory; }
    // Deletes the least recently used folders until the cache holds at most `keepBytes`, never
    // the folder named `except` nor one whose lease someone holds.
    void trim(std::int64_t keepBytes, const QString &except = QString());

private:
    QString keyFor(const QString &archive) const;
    static QString profileInside(const QString &folder);
    QString lockFor(const QString &key) const;
    void removeOrphanLocks();
    void removeStalePartials();

    QString m_directory;
    std::int64_t m_maxBytes;
};

} // namespace npuscope
