#pragma once

#include <QString>

#include <memory>

namespace npuscope {

// A lock on one unpacked archive in the cache, held through a lock file beside its folder
// ("<folder>.lock", flock(2)): shared by whoever reads the folder (any window, any npuscope
// process; the system drops it when a process ends, however it ends), exclusive while the cache
// trimming deletes the folder, which skips the folders it cannot lock.
class ArchiveLease {
public:
    ~ArchiveLease();
    ArchiveLease(const ArchiveLease &) = delete;
    ArchiveLease &operator=(const ArchiveLease &) = delete;

    // A shared lease on `lockPath` (created when missing), waiting while a trim deletes the
    // folder; null when the lock file cannot be created.
    static std::shared_ptr<ArchiveLease> shared(const QString &lockPath);
    // An exclusive lease, only when nobody holds a shared one (else null, at once).
    static std::unique_ptr<ArchiveLease> tryExclusive(const QString &lockPath);
    // Removes the lock file (while holding the exclusive lease: the folder is gone).
    void removeFile();

private:
    ArchiveLease(QString path, int fd);

    QString m_path;
    int m_fd = -1;
};

} // namespace npuscope
