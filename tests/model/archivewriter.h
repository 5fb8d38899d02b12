#pragma once

// Writes test archives with libarchive: any names, links and declared sizes, so that the tests can
// build the hostile archives a user might be sent.
#include <QByteArray>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QString>

#include <archive.h>
#include <archive_entry.h>

#include <vector>

namespace npuscope::test {

struct ArchiveMember {
    enum Kind { File, Dir, Symlink, Hardlink };
    QString name;
    QByteArray data;
    Kind kind = File;
    QString link; // Symlink, Hardlink: the target
};

// `format`: "zip", "tar", "tar.gz" or "tar.zst".
inline bool writeArchive(
    const QString &path, const QString &format, const std::vector<ArchiveMember> &members)
{
    archive *w = archive_write_new();
    if (format == QLatin1String("zip")) {
        archive_write_set_format_zip(w);
    } else {
        archive_write_set_format_pax_restricted(w);
        if (format == QLatin1String("tar.gz"))
            archive_write_add_filter_gzip(w);
        else if (format == QLatin1String("tar.zst"))
            archive_write_add_filter_zstd(w);
    }
    bool ok = archive_write_open_filename(w, QFile::encodeName(path).constData()) == ARCHIVE_OK;
    for (const ArchiveMember &m : members) {
        if (!ok)
            break;
        archive_entry *e = archive_entry_new();
        archive_entry_set_pathname(e, m.name.toUtf8().constData());
        archive_entry_set_perm(e, m.kind == ArchiveMember::Dir ? 0755 : 0644);
        switch (m.kind) {
        case ArchiveMember::File:
            archive_entry_set_filetype(e, AE_IFREG);
            archive_entry_set_size(e, m.data.size());
            break;
        case ArchiveMember::Dir:
            archive_entry_set_filetype(e, AE_IFDIR);
            break;
        case ArchiveMember::Symlink:
            archive_entry_set_filetype(e, AE_IFLNK);
            archive_entry_set_symlink(e, m.link.toUtf8().constData());
            break;
        case ArchiveMember::Hardlink:
            archive_entry_set_filetype(e, AE_IFREG);
            archive_entry_set_hardlink(e, m.link.toUtf8().constData());
            break;
        }
        ok = archive_write_header(w, e) == ARCHIVE_OK;
        if (ok && m.kind == ArchiveMember::File && !m.data.isEmpty())
            ok = archive_write_data(w, m.data.constData(), std::size_t(m.data.size()))
                == la_ssize_t(m.data.size());
        archive_entry_free(e);
    }
    ok = archive_write_close(w) == ARCHIVE_OK && ok;
    archive_write_free(w);
    return ok;
}

// The members of a folder on disk, named "<prefix>/<relative path>".
inline std::vector<ArchiveMember> folderMembers(const QString &folder, const QString &prefix)
{
    std::vector<ArchiveMember> members { { prefix + QLatin1Char('/'), {}, ArchiveMember::Dir,
        {} } };
    QDirIterator it(folder, QDir::AllEntries | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    const QDir root(folder);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString name = prefix + QLatin1Char('/') + root.relativeFilePath(path);
        if (it.fileInfo().isDir()) {
            members.push_back({ name + QLatin1Char('/'), {}, ArchiveMember::Dir, {} });
        } else {
            QFile f(path);
            if (f.open(QIODevice::ReadOnly))
                members.push_back({ name, f.readAll(), ArchiveMember::File, {} });
        }
    }
    return members;
}

} // namespace npuscope::test
