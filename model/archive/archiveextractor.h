#pragma once

#include "model/core/issue.h"

#include <QString>

#include <cstdint>

namespace npuscope {

// What an extraction may write. An archive that goes past a limit is refused as a whole (the
// partial extraction is deleted by the caller); a single entry that is not allowed is skipped
// with a warning.
struct ArchiveLimits {
    std::int64_t maxTotalBytes = std::int64_t(64) << 30; // all members inflated
    // Inflated bytes per archive byte beyond which it is a zip bomb (counted once the inflated
    // total passes ratioFloorBytes: small archives of text compress well too).
    std::int64_t maxRatio = 1000;
    std::int64_t ratioFloorBytes = std::int64_t(256) << 20;
    std::int64_t maxEntries = 200000;
};

// Extracts a .zip or .tar (plain, gzip, zstd, xz, bzip2) into an empty folder of npuscope's own,
// through libarchive, writing nothing outside it: names that are absolute or climb out ("..")
// are skipped, as are links, devices and nested archives (an archive inside is not opened);
// only folders and regular files are written, with O_NOFOLLOW | O_EXCL. Sizes are counted as
// the data is inflated (the declared size is not trusted).
class ArchiveExtractor {
public:
    ArchiveExtractor(
        const QString &archive, const QString &destination, const ArchiveLimits &limits = {});

    // False when the archive cannot be read or a limit was hit: error() says why. Entries
    // skipped are in issues() either way.
    bool run();
    QString error() const { return m_error; }
    IssueList issues() const { return m_issues; }
    std::int64_t bytesWritten() const { return m_written; }
    int filesWritten() const { return m_files; }

    // The member name as a relative path inside the destination ("a/b.json"), or empty when it
    // must not be written (absolute, "..", a drive letter, empty).
    static QString safeRelativePath(const QString &name);
    // A name that npuscope opens as an archive (.zip, .tar, .tar.gz, .tgz, .tar.zst, ...).
    static bool isArchiveName(const QString &name);

private:
    bool extractEntry(void *archive, void *entry);
    bool copyData(void *archive, int fd, const QString &name);
    void skip(const QString &name, const QString &why);

    QString m_archive;
    QString m_destination;
    ArchiveLimits m_limits;
    std::int64_t m_archiveBytes = 0;
    std::int64_t m_written = 0;
    std::int64_t m_entries = 0;
    int m_files = 0;
    QString m_error;
    IssueList m_issues;
};

} // namespace npuscope
