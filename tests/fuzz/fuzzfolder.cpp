#include "tests/fuzz/fuzzfolder.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

namespace npuscope::fuzz {

namespace {

    bool validComponent(QStringView c)
    {
        if (c.isEmpty() || c.size() > 64 || c == u"." || c == u"..")
            return false;
        for (QChar ch : c) {
            const char16_t u = ch.unicode();
            const bool ok = (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z')
                || (u >= u'0' && u <= u'9') || u == u'_' || u == u'.' || u == u'-';
            if (!ok)
                return false;
        }
        return true;
    }

    // A relative path of valid components, or empty.
    QString cleanRelative(const QString &raw)
    {
        const QStringList parts = raw.trimmed().split(u'/', Qt::SkipEmptyParts);
        if (parts.isEmpty() || parts.size() > kMaxDepth)
            return {};
        for (const QString &p : parts)
            if (!validComponent(p))
                return {};
        return parts.join(u'/');
    }

    // A link target: components may also be "." or "..", but the result must stay inside root.
    QString cleanTarget(const QString &linkPath, const QString &raw)
    {
        const QStringList parts = raw.trimmed().split(u'/', Qt::SkipEmptyParts);
        if (parts.isEmpty() || parts.size() > kMaxDepth)
            return {};
        for (const QString &p : parts)
            if (p != QLatin1String(".") && p != QLatin1String("..") && !validComponent(p))
                return {};
        const QString target = parts.join(u'/');
        const QString dir = QFileInfo(linkPath).path();
        const QString resolved = QDir::cleanPath(dir + u'/' + target);
        if (resolved.startsWith(QLatin1String("..")) || resolved.startsWith(u'/'))
            return {};
        return target;
    }

} // namespace

std::vector<FolderEntry> parseFolderDescription(std::string_view data)
{
    std::vector<FolderEntry> out;
    std::size_t pos = data.starts_with('@') ? 0 : data.find("\n@");
    if (pos != 0 && pos != std::string_view::npos)
        ++pos;
    while (pos != std::string_view::npos && pos < data.size() && int(out.size()) < kMaxEntries) {
        const std::size_t headerEnd = data.find('\n', pos);
        const std::string_view header = data.substr(pos + 1,
            headerEnd == std::string_view::npos ? std::string_view::npos : headerEnd - pos - 1);
        std::size_t next = headerEnd == std::string_view::npos ? std::string_view::npos
                                                               : data.find("\n@", headerEnd);
        FolderEntry e;
        const QString name = QString::fromUtf8(header.data(), qsizetype(header.size()));
        const qsizetype arrow = name.indexOf(QLatin1String(" -> "));
        e.path = cleanRelative(arrow >= 0 ? name.left(arrow) : name);
        if (arrow >= 0 && !e.path.isEmpty())
            e.linkTarget = cleanTarget(e.path, name.mid(arrow + 4));
        if (headerEnd != std::string_view::npos && arrow < 0) {
            const std::size_t begin = headerEnd + 1;
            const std::size_t end = next == std::string_view::npos ? data.size() : next;
            if (end > begin)
                e.content = QByteArray(data.data() + begin, qsizetype(end - begin));
        }
        if (!e.path.isEmpty() && (arrow < 0 || !e.linkTarget.isEmpty()))
            out.push_back(std::move(e));
        pos = next == std::string_view::npos ? next : next + 1;
    }
    return out;
}

void writeFolder(const std::vector<FolderEntry> &entries, const QString &root)
{
    const QDir dir(root);
    for (const FolderEntry &e : entries) {
        const QString path = dir.filePath(e.path);
        if (!dir.mkpath(QFileInfo(e.path).path()))
            continue; // a file is in the way of a folder
        if (QFileInfo(path).exists() || QFileInfo(path).isSymLink())
            continue; // first entry of a name wins
        if (!e.linkTarget.isEmpty()) {
            QFile::link(e.linkTarget, path);
            continue;
        }
        QFile f(path);
        if (f.open(QIODevice::WriteOnly))
            f.write(e.content);
    }
}

void clearFolder(const QString &root)
{
    const QDir dir(root);
    const QFileInfoList children
        = dir.entryInfoList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
    for (const QFileInfo &c : children) {
        if (c.isSymLink() || !c.isDir())
            QFile::remove(c.filePath());
        else
            QDir(c.filePath()).removeRecursively();
    }
}

QByteArray describeFolder(const QString &dir, qint64 maxFileBytes)
{
    QByteArray out;
    const QDir base(dir);
    QDirIterator it(dir, QDir::Files | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    QStringList files;
    while (it.hasNext())
        files << it.next();
    files.sort();
    for (const QString &f : files) {
        QFile in(f);
        if (!in.open(QIODevice::ReadOnly))
            continue;
        if (!out.isEmpty() && !out.endsWith('\n'))
            out += '\n';
        out += '@' + base.relativeFilePath(f).toUtf8() + '\n' + in.read(maxFileBytes);
    }
    return out;
}

QString scratchDir()
{
    static QTemporaryDir dir(QDir(QStringLiteral("/dev/shm")).exists()
            ? QStringLiteral("/dev/shm/npuscope-fuzz-XXXXXX")
            : QDir::tempPath() + QStringLiteral("/npuscope-fuzz-XXXXXX"));
    return dir.isValid() ? dir.path() : QString();
}

} // namespace npuscope::fuzz
