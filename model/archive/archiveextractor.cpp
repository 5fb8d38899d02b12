#include "model/archive/archiveextractor.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <archive.h>
#include <archive_entry.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace npuscope {

namespace {

    class ArchiveText {
        Q_DECLARE_TR_FUNCTIONS(npuscope::Archive)
    };

    QString libarchiveError(archive *a)
    {
        const char *text = archive_error_string(a);
        return text ? QString::fromLocal8Bit(text) : ArchiveText::tr("unknown error");
    }

    bool writeAll(int fd, const char *data, std::size_t size)
    {
        while (size > 0) {
            const ssize_t put = ::write(fd, data, size);
            if (put < 0 && errno == EINTR)
                continue;
            if (put <= 0)
                return false;
            data += put;
            size -= std::size_t(put);
        }
        return true;
    }

} // namespace

ArchiveExtractor::ArchiveExtractor(
    const QString &archive, const QString &destination, const ArchiveLimits &limits)
    : m_archive(archive)
    , m_destination(destination)
    , m_limits(limits)
    , m_archiveBytes(std::max<std::int64_t>(QFileInfo(archive).size(), 1))
{
}

bool ArchiveExtractor::isArchiveName(const QString &name)
{
    static const char *const kSuffixes[] = { ".zip", ".tar", ".tar.gz", ".tgz", ".tar.zst", ".tzst",
        ".tar.xz", ".txz", ".tar.bz2", ".tbz2" };
    for (const char *suffix : kSuffixes)
        if (name.endsWith(QLatin1String(suffix), Qt::CaseInsensitive))
            return true;
    return false;
}

QString ArchiveExtractor::safeRelativePath(const QString &name)
{
    QString path = name;
    path.replace(QLatin1Char('\\'), QLatin1Char('/')); // zips written on Windows
    if (path.startsWith(QLatin1Char('/')))
        return QString();
    QStringList parts;
    for (const QString &part : path.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
        if (part == QLatin1String("."))
            continue;
        if (part == QLatin1String("..") || part.contains(QLatin1Char(':'))
            || part.contains(QChar(0)))
            return QString();
        parts << part;
    }
    return parts.join(QLatin1Char('/'));
}

void ArchiveExtractor::skip(const QString &name, const QString &why)
{
    m_issues.append({ Severity::Warning, m_archive, name, why });
}

bool ArchiveExtractor::run()
{
    archive *a = archive_read_new();
    archive_read_support_filter_all(a);
    archive_read_support_format_zip(a);
    archive_read_support_format_tar(a);
    archive_read_support_format_gnutar(a);
    if (archive_read_open_filename(a, QFile::encodeName(m_archive).constData(), 1 << 16)
        != ARCHIVE_OK) {
        m_error = ArchiveText::tr("cannot open it as an archive: %1").arg(libarchiveError(a));
        archive_read_free(a);
        return false;
    }
    bool ok = true;
    for (;;) {
        archive_entry *entry = nullptr;
        const int rc = archive_read_next_header(a, &entry);
        if (rc == ARCHIVE_EOF)
            break;
        if (rc < ARCHIVE_WARN) {
            m_error = ArchiveText::tr("damaged archive after %1 entries: %2")
                          .arg(m_entries)
                          .arg(libarchiveError(a));
            ok = false;
            break;
        }
        if (++m_entries > m_limits.maxEntries) {
            m_error = ArchiveText::tr("more than %1 entries; not opened").arg(m_limits.maxEntries);
            ok = false;
            break;
        }
        if (!extractEntry(a, entry)) {
            ok = false;
            break;
        }
    }
    archive_read_free(a);
    return ok;
}

bool ArchiveExtractor::extractEntry(void *archivePtr, void *entryPtr)
{
    auto *a = static_cast<archive *>(archivePtr);
    auto *entry = static_cast<archive_entry *>(entryPtr);
    const char *utf8 = archive_entry_pathname_utf8(entry);
    const char *raw = archive_entry_pathname(entry);
    const QString name = utf8 ? QString::fromUtf8(utf8)
        : raw                 ? QString::fromLocal8Bit(raw)
                              : QString();
    const QString relative = safeRelativePath(name);
    const mode_t type = archive_entry_filetype(entry);
    if (relative.isEmpty()) {
        if (!name.isEmpty() && name != QLatin1String(".") && name != QLatin1String("./"))
            skip(name,
                ArchiveText::tr(
                    "a name outside the archive's folder (absolute or with \"..\"); skipped"));
        return true;
    }
    if (type == AE_IFDIR) {
        if (!QDir(m_destination).mkpath(relative))
            skip(name, ArchiveText::tr("cannot create it"));
        return true;
    }
    if (type != AE_IFREG || archive_entry_hardlink(entry)) {
        skip(name,
            type == AE_IFLNK || archive_entry_hardlink(entry)
                ? ArchiveText::tr("a link; links are not extracted")
                : ArchiveText::tr("not a regular file; skipped"));
        return true;
    }
    if (isArchiveName(relative)) {
        skip(
            name, ArchiveText::tr("an archive inside the archive; nested archives are not opened"));
        return true;
    }
    if (archive_entry_size_is_set(entry)
        && archive_entry_size(entry) > m_limits.maxTotalBytes - m_written) {
        m_error
            = ArchiveText::tr("%1 declares %2 MiB, more than the %3 MiB an archive may unpack to")
                  .arg(name)
                  .arg(archive_entry_size(entry) >> 20)
                  .arg(m_limits.maxTotalBytes >> 20);
        return false;
    }
    const QString target = m_destination + QLatin1Char('/') + relative;
    if (!QDir().mkpath(QFileInfo(target).absolutePath())) {
        skip(name, ArchiveText::tr("cannot create its folder"));
        return true;
    }
    const int fd = ::open(QFile::encodeName(target).constData(),
        O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, S_IRUSR | S_IWUSR | S_IRGRP);
    if (fd < 0) {
        skip(name,
            errno == EEXIST ? ArchiveText::tr("listed twice; the first one is kept")
                            : ArchiveText::tr("cannot write it: %1")
                                  .arg(QString::fromLocal8Bit(std::strerror(errno))));
        return true;
    }
    const bool ok = copyData(a, fd, name);
    ::close(fd);
    ++m_files;
    return ok;
}

bool ArchiveExtractor::copyData(void *archivePtr, int fd, const QString &name)
{
    auto *a = static_cast<archive *>(archivePtr);
    const void *block = nullptr;
    size_t size = 0;
    la_int64_t offset = 0;
    std::int64_t at = 0; // file position (sparse entries leave holes)
    for (;;) {
        const int rc = archive_read_data_block(a, &block, &size, &offset);
        if (rc == ARCHIVE_EOF)
            return true;
        if (rc < ARCHIVE_WARN) {
            m_error = ArchiveText::tr("%1: damaged data: %2").arg(name, libarchiveError(a));
            return false;
        }
        m_written += std::int64_t(size) + std::max<std::int64_t>(offset - at, 0);
        if (m_written > m_limits.maxTotalBytes) {
            m_error = ArchiveText::tr("it unpacks to more than %1 MiB; not opened")
                          .arg(m_limits.maxTotalBytes >> 20);
            return false;
        }
        if (m_written > m_limits.ratioFloorBytes
            && m_written / m_archiveBytes > m_limits.maxRatio) {
            m_error = ArchiveText::tr(
                "it unpacks to more than %1 times its size (a zip bomb?); not opened")
                          .arg(m_limits.maxRatio);
            return false;
        }
        if ((offset != at && ::lseek(fd, offset, SEEK_SET) < 0)
            || !writeAll(fd, static_cast<const char *>(block), size)) {
            m_error = ArchiveText::tr("%1: cannot write it: %2")
                          .arg(name, QString::fromLocal8Bit(std::strerror(errno)));
            return false;
        }
        at = offset + std::int64_t(size);
    }
}

} // namespace npuscope
