#include "model/archive/archivelease.h"

#include <QFile>

#include <cerrno>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace npuscope {

namespace {

    int openLockFile(const QByteArray &path)
    {
        return ::open(path.constData(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    }

    int lockRetrying(int fd, int operation)
    {
        int rc = 0;
        do
            rc = ::flock(fd, operation);
        while (rc != 0 && errno == EINTR);
        return rc;
    }

    // The lock file still names the file locked: a trim that deleted the folder also unlinks
    // its lock file (under the exclusive lock), and a lock on the unlinked file guards nothing.
    bool stillLinked(int fd, const QByteArray &path)
    {
        struct stat locked {
        }, named {};
        return ::fstat(fd, &locked) == 0 && ::lstat(path.constData(), &named) == 0
            && locked.st_dev == named.st_dev && locked.st_ino == named.st_ino;
    }

} // namespace

ArchiveLease::ArchiveLease(QString path, int fd)
    : m_path(std::move(path))
    , m_fd(fd)
{
}

ArchiveLease::~ArchiveLease()
{
    if (m_fd >= 0)
        ::close(m_fd); // releases the lock
}

std::shared_ptr<ArchiveLease> ArchiveLease::shared(const QString &lockPath)
{
    const QByteArray path = QFile::encodeName(lockPath);
    for (int attempt = 0; attempt < 100; ++attempt) {
        const int fd = openLockFile(path);
        if (fd < 0)
            return nullptr;
        if (lockRetrying(fd, LOCK_SH) == 0 && stillLinked(fd, path))
            return std::shared_ptr<ArchiveLease>(new ArchiveLease(lockPath, fd));
        ::close(fd); // unlinked meanwhile: lock the new one
    }
    return nullptr;
}

std::unique_ptr<ArchiveLease> ArchiveLease::tryExclusive(const QString &lockPath)
{
    const QByteArray path = QFile::encodeName(lockPath);
    const int fd = openLockFile(path);
    if (fd < 0)
        return nullptr;
    if (lockRetrying(fd, LOCK_EX | LOCK_NB) != 0 || !stillLinked(fd, path)) {
        ::close(fd);
        return nullptr;
    }
    return std::unique_ptr<ArchiveLease>(new ArchiveLease(lockPath, fd));
}

void ArchiveLease::removeFile() { ::unlink(QFile::encodeName(m_path).constData()); }

} // namespace npuscope
