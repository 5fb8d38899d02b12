// libFuzzer target: the archive reader (ArchiveCache + ArchiveExtractor through libarchive: zip,
// tar, and tar compressed with gzip, zstd, xz or bzip2), then discovery of what was unpacked.
// Besides the sanitizers it checks the promise to the user: nothing is written outside the cache
// folder, no link is ever created, and the limits hold. (The gzip trace reader, GzipStream, is
// fuzzed by fuzz_trace: its inputs starting with the gzip magic go through it.)
#include "model/archive/archivecache.h"
#include "model/profile/discovery.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>

#include <cstdint>
#include <cstdlib>

using namespace npuscope;

namespace {

constexpr std::int64_t kMaxTotal = std::int64_t(16) << 20;

// Aborts (a finding) when the cache holds a link or more than the limit, or when anything besides
// the input and the cache appeared in the work folder.
void checkPromises(const QTemporaryDir &dir, const QString &cacheDir)
{
    std::int64_t total = 0;
    QDirIterator it(cacheDir, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
        QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        if (it.fileInfo().isSymLink())
            std::abort();
        if (it.fileInfo().isFile())
            total += it.fileInfo().size();
    }
    if (total > kMaxTotal)
        std::abort();
    const QStringList top
        = QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
    for (const QString &name : top)
        if (name != QLatin1String("fuzz.tar") && name != QLatin1String("cache"))
            std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("fuzz.tar"));
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return 0;
        f.write(reinterpret_cast<const char *>(data), qsizetype(size));
    }
    const QString cacheDir = dir.filePath(QStringLiteral("cache"));
    ArchiveCache cache(cacheDir, std::int64_t(64) << 20);
    ArchiveLimits limits;
    limits.maxTotalBytes = kMaxTotal;
    limits.ratioFloorBytes = 1 << 20;
    limits.maxRatio = 200;
    limits.maxEntries = 2000;
    const ArchiveCache::Opened opened = cache.open(path, limits);
    checkPromises(dir, cacheDir);
    if (!opened.path.isEmpty()) {
        const ProfileSource src = discoverProfile(opened.path);
        for (const Issue &i : src.issues)
            (void)i.message.size();
    }
    for (const Issue &i : opened.issues)
        (void)i.location.size();
    QDir(cacheDir).removeRecursively();
    return 0;
}
