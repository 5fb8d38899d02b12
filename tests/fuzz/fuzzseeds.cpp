// Writes the seed corpora of the fuzz targets: fuzz_seeds OUT_DIR [SAMPLES_DIR] [SEEDS_DIR]
//   OUT_DIR/trace, csv, profilerconfig, profile   one folder per target
// Seeds come from a small generated profile (the generator behind `npuscope generate`), from
// the sample profiles when SAMPLES_DIR exists, and from the committed seeds in SEEDS_DIR/<target>
// (regression inputs). Large files are cut: libFuzzer mutates small inputs far faster, and a
// cut file is itself a useful seed (the loaders must recover from it).
#include "model/generator/generator.h"
#include "tests/fuzz/fuzzfolder.h"
#include "tests/model/archivewriter.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTextStream>

#include <zlib.h>

using namespace npuscope;

namespace {

constexpr qint64 kTraceSeedBytes = 24 << 10;
constexpr qint64 kCsvSeedBytes = 12 << 10;
constexpr qint64 kFolderFileBytes = 3 << 10;
// The sample databases whole (under 1 MB): a cut one only says "malformed" from its first page.
constexpr qint64 kDbSeedBytes = 1 << 20;

int g_written = 0;

void writeSeed(const QString &dir, const QByteArray &data)
{
    QDir().mkpath(dir);
    const QByteArray hash = QCryptographicHash::hash(data, QCryptographicHash::Sha1).toHex();
    QFile f(QDir(dir).filePath(QString::fromLatin1(hash)));
    if (f.open(QIODevice::WriteOnly)) {
        f.write(data);
        ++g_written;
    }
}

QByteArray head(const QString &path, qint64 bytes)
{
    if (path.endsWith(QLatin1String(".gz"))) {
        gzFile gz = gzopen(QFile::encodeName(path).constData(), "rb");
        if (!gz)
            return {};
        QByteArray out(bytes, Qt::Uninitialized);
        const int got = gzread(gz, out.data(), unsigned(bytes));
        gzclose(gz);
        out.truncate(std::max(got, 0));
        return out;
    }
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.read(bytes) : QByteArray();
}

QByteArray gzipped(const QByteArray &data)
{
    z_stream zs {};
    deflateInit2(&zs, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
    QByteArray out(qsizetype(deflateBound(&zs, uLong(data.size()))), Qt::Uninitialized);
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.constData()));
    zs.avail_in = uInt(data.size());
    zs.next_out = reinterpret_cast<Bytef *>(out.data());
    zs.avail_out = uInt(out.size());
    deflate(&zs, Z_FINISH);
    out.truncate(qsizetype(zs.total_out));
    deflateEnd(&zs);
    return out;
}

// Seeds from every file of a profile tree.
void seedFromTree(const QString &root, const QString &out)
{
    QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString name = it.fileName();
        if (name.startsWith(QLatin1String("profiler_info")))
            writeSeed(out + QStringLiteral("/profilerconfig"), head(path, kCsvSeedBytes));
        else if (name.endsWith(QLatin1String(".csv")))
            writeSeed(out + QStringLiteral("/csv"), head(path, kCsvSeedBytes));
        else if (name.endsWith(QLatin1String(".db")))
            writeSeed(out + QStringLiteral("/db"), head(path, kDbSeedBytes));
        else if (name.endsWith(QLatin1String(".json")) || name.endsWith(QLatin1String(".json.gz")))
            writeSeed(out + QStringLiteral("/trace"), head(path, kTraceSeedBytes));
    }
    // Each rank folder, and the whole tree, as folder descriptions.
    QDirIterator dirs(root, QDir::Dirs | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (dirs.hasNext()) {
        const QString dir = dirs.next();
        if (dir.endsWith(QLatin1String("ascend_pt")))
            writeSeed(out + QStringLiteral("/profile"),
                fuzz::describeFolder(QFileInfo(dir).path(), kFolderFileBytes)
                    .left(kTraceSeedBytes));
    }
}

void copyCommitted(const QString &seeds, const QString &out)
{
    QDirIterator it(seeds, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString target = QFileInfo(path).dir().dirName();
        writeSeed(out + u'/' + target, head(path, qint64(1) << 20));
    }
}

} // namespace

// fuzz_archive: a small rank folder in every archive format npuscope opens.
void writeArchiveSeeds(const QString &tmp, const QByteArray &trace, const QString &out)
{
    const std::vector<test::ArchiveMember> members {
        { QStringLiteral("rank0_ascend_pt/"), {}, test::ArchiveMember::Dir, {} },
        { QStringLiteral("rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json"), trace,
            test::ArchiveMember::File, {} },
        { QStringLiteral("rank0_ascend_pt/link"), {}, test::ArchiveMember::Symlink,
            QStringLiteral("../x") },
    };
    for (const char *format : { "zip", "tar", "tar.gz", "tar.zst" }) {
        const QString path = tmp + QStringLiteral("/seed.") + QLatin1String(format);
        QFile f(path);
        if (test::writeArchive(path, QLatin1String(format), members) && f.open(QIODevice::ReadOnly))
            writeSeed(out, f.readAll());
    }
}

int main(int argc, char **argv)
{
    QTextStream err(stderr);
    if (argc < 2) {
        err << "usage: fuzz_seeds OUT_DIR [SAMPLES_DIR] [SEEDS_DIR]\n";
        return 2;
    }
    const QString out = QString::fromLocal8Bit(argv[1]);
    QDir(out).removeRecursively();

    QTemporaryDir tmp;
    GeneratorOptions o;
    o.outDir = tmp.path();
    o.events = 300;
    o.ranks = 2;
    o.steps = 2;
    o.plants = allPlants();
    const GeneratorResult g = generateProfile(o);
    if (!g.ok) {
        err << "generator failed: " << g.error << '\n';
        return 1;
    }
    seedFromTree(tmp.path(), out);
    const QByteArray trace
        = head(g.ranks.front().dir + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json"),
            kTraceSeedBytes);
    writeSeed(out + QStringLiteral("/trace"), gzipped(trace));
    // Concatenated gzip members, one of them empty: the inflaters and the index across members.
    const qsizetype half = trace.size() / 2;
    writeSeed(out + QStringLiteral("/trace"),
        gzipped(trace.left(half)) + gzipped(QByteArray()) + gzipped(trace.mid(half)));
    writeArchiveSeeds(tmp.path(), trace.left(4096), out + QStringLiteral("/archive"));

    if (argc > 2 && QDir(QString::fromLocal8Bit(argv[2])).exists())
        seedFromTree(QString::fromLocal8Bit(argv[2]), out);
    if (argc > 3)
        copyCommitted(QString::fromLocal8Bit(argv[3]), out);
    err << "fuzz_seeds: " << g_written << " seeds in " << out << '\n';
    return 0;
}
