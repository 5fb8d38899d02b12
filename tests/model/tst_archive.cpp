// Profile archives: unpacked into npuscope's cache only, reused, trimmed; hostile archives
// (names climbing out, absolute names, links, declared sizes, bombs, nested archives, damage)
// refused or bounded with a message, and nothing written outside the cache folder.
#include "archivewriter.h"
#include "model/archive/archivecache.h"
#include "model/archive/archiveextractor.h"
#include "model/profile/discovery.h"

#include <QDirIterator>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/time.h>
#include <unistd.h>

using namespace npuscope;
using npuscope::test::ArchiveMember;
using npuscope::test::writeArchive;

namespace {

QStringList filesUnder(const QString &dir)
{
    QStringList out;
    QDirIterator it(dir, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
        QDirIterator::Subdirectories);
    while (it.hasNext())
        out << QDir(dir).relativeFilePath(it.next());
    out.sort();
    return out;
}

bool mentions(const IssueList &issues, const QString &location, const char *text)
{
    for (const Issue &i : issues)
        if (i.location == location && i.message.contains(QLatin1String(text)))
            return true;
    return false;
}

const QByteArray kTrace = R"([{"ph": "X", "name": "op", "pid": 1, "tid": 1, "ts": 1, "dur": 2}])";

} // namespace

class TstArchive : public QObject {
    Q_OBJECT
private slots:
    void safeNames_data();
    void safeNames();
    void formats_data();
    void formats();
    void hostileNames();
    void links();
    void nested();
    void declaredSize();
    void zipBomb();
    void damaged();
    void reuseAndChange();
    void trim();
    void inUseKept();
};

void TstArchive::safeNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("safe");
    QTest::newRow("plain") << "a/b.json"
                           << "a/b.json";
    QTest::newRow("dot") << "./a/./b.json"
                         << "a/b.json";
    QTest::newRow("backslashes") << "a\\b.json"
                                 << "a/b.json";
    QTest::newRow("climbs") << "../b.json"
                            << "";
    QTest::newRow("climbs later") << "a/../../b.json"
                                  << "";
    QTest::newRow("climbs inside") << "a/../b.json"
                                   << "";
    QTest::newRow("absolute") << "/etc/passwd"
                              << "";
    QTest::newRow("windows absolute") << "\\evil.json"
                                      << "";
    QTest::newRow("drive") << "C:/evil.json"
                           << "";
    QTest::newRow("empty") << ""
                           << "";
}

void TstArchive::safeNames()
{
    QFETCH(QString, name);
    QFETCH(QString, safe);
    QCOMPARE(ArchiveExtractor::safeRelativePath(name), safe);
}

void TstArchive::formats_data()
{
    QTest::addColumn<QString>("format");
    for (const char *f : { "zip", "tar", "tar.gz", "tar.zst" })
        QTest::newRow(f) << QString::fromLatin1(f);
}

// One trace file in each format: it opens as that file, unpacked into the cache only.
void TstArchive::formats()
{
    QFETCH(QString, format);
    QTemporaryDir home, cacheDir;
    const QString archive = home.filePath(QStringLiteral("t.") + format);
    QVERIFY(writeArchive(archive, format,
        { { QStringLiteral("run/trace_view.json"), kTrace, ArchiveMember::File, {} } }));
    ArchiveCache cache(cacheDir.path());
    const ArchiveCache::Opened o = cache.open(archive);
    QVERIFY2(o.error.isEmpty(), qPrintable(o.error));
    QVERIFY(o.path.startsWith(cacheDir.path() + QLatin1Char('/')));
    QVERIFY(o.path.endsWith(QLatin1String("/run")));
    QFile f(o.path + QStringLiteral("/trace_view.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), kTrace);
    QCOMPARE(filesUnder(home.path()), QStringList { QStringLiteral("t.") + format });
}

void TstArchive::hostileNames()
{
    QTemporaryDir home, cacheDir;
    const QString outside = home.filePath(QStringLiteral("outside"));
    QVERIFY(QDir().mkpath(outside));
    const QString archive = home.filePath(QStringLiteral("outside/evil.tar"));
    const QString absolute = home.filePath(QStringLiteral("abs.json"));
    QVERIFY(writeArchive(archive, QStringLiteral("tar"),
        { { QStringLiteral("../../climbed.json"), kTrace, ArchiveMember::File, {} },
            { QStringLiteral("ok/../../../up.json"), kTrace, ArchiveMember::File, {} },
            { absolute, kTrace, ArchiveMember::File, {} },
            { QStringLiteral("good/trace_view.json"), kTrace, ArchiveMember::File, {} } }));
    ArchiveCache cache(cacheDir.path());
    const ArchiveCache::Opened o = cache.open(archive);
    QVERIFY2(o.error.isEmpty(), qPrintable(o.error));
    QVERIFY(o.path.endsWith(QLatin1String("/good")));
    QVERIFY(mentions(o.issues, QStringLiteral("../../climbed.json"), "outside the archive"));
    QVERIFY(mentions(o.issues, QStringLiteral("ok/../../../up.json"), "outside the archive"));
    QCOMPARE(o.issues.size(), 3);
    QCOMPARE(filesUnder(home.path()),
        QStringList({ QStringLiteral("outside"), QStringLiteral("outside/evil.tar") }));
    QVERIFY(!QFileInfo::exists(absolute));
    const QStringList cached = filesUnder(cacheDir.path());
    // the archive's folder, good/, good/trace_view.json, the folder's lock file beside it
    QCOMPARE(cached.size(), 4);
}

void TstArchive::links()
{
    QTemporaryDir home, cacheDir;
    const QString archive = home.filePath(QStringLiteral("links.tar.gz"));
    QVERIFY(writeArchive(archive, QStringLiteral("tar.gz"),
        { { QStringLiteral("p/escape"), {}, ArchiveMember::Symlink, home.path() },
            { QStringLiteral("p/up"), {}, ArchiveMember::Symlink, QStringLiteral("../..") },
            { QStringLiteral("p/escape/planted.json"), kTrace, ArchiveMember::File, {} },
            { QStringLiteral("p/hard"), {}, ArchiveMember::Hardlink,
                QStringLiteral("/etc/passwd") },
            { QStringLiteral("p/trace_view.json"), kTrace, ArchiveMember::File, {} } }));
    ArchiveCache cache(cacheDir.path());
    const ArchiveCache::Opened o = cache.open(archive);
    QVERIFY2(o.error.isEmpty(), qPrintable(o.error));
    QVERIFY(mentions(o.issues, QStringLiteral("p/escape"), "a link"));
    QVERIFY(mentions(o.issues, QStringLiteral("p/up"), "a link"));
    QVERIFY(mentions(o.issues, QStringLiteral("p/hard"), "a link"));
    QCOMPARE(filesUnder(home.path()), QStringList { QStringLiteral("links.tar.gz") });
    // The file "inside" the refused link lands in a plain folder of the cache, not at its target.
    QVERIFY(QFileInfo(o.path + QStringLiteral("/escape")).isDir());
    QVERIFY(!QFileInfo(o.path + QStringLiteral("/escape")).isSymLink());
    for (const QString &f : filesUnder(cacheDir.path()))
        QVERIFY2(!QFileInfo(cacheDir.filePath(f)).isSymLink(), qPrintable(f));
}

void TstArchive::nested()
{
    QTemporaryDir home, cacheDir;
    const QString inner = home.filePath(QStringLiteral("inner.zip"));
    QVERIFY(writeArchive(inner, QStringLiteral("zip"),
        { { QStringLiteral("x.json"), kTrace, ArchiveMember::File, {} } }));
    QFile f(inner);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray innerBytes = f.readAll();
    const QString archive = home.filePath(QStringLiteral("outer.zip"));
    QVERIFY(writeArchive(archive, QStringLiteral("zip"),
        { { QStringLiteral("p/inner.zip"), innerBytes, ArchiveMember::File, {} },
            { QStringLiteral("p/more.tar.gz"), innerBytes, ArchiveMember::File, {} },
            { QStringLiteral("p/trace.json.gz"), innerBytes, ArchiveMember::File, {} } }));
    ArchiveCache cache(cacheDir.path());
    const ArchiveCache::Opened o = cache.open(archive);
    QVERIFY2(o.error.isEmpty(), qPrintable(o.error));
    QVERIFY(mentions(o.issues, QStringLiteral("p/inner.zip"), "nested archives are not opened"));
    QVERIFY(mentions(o.issues, QStringLiteral("p/more.tar.gz"), "nested archives"));
    QVERIFY(QFileInfo::exists(o.path + QStringLiteral("/trace.json.gz"))); // a gzip trace is kept
    QVERIFY(!QFileInfo::exists(o.path + QStringLiteral("/inner.zip")));
}

void TstArchive::declaredSize()
{
    QTemporaryDir home, cacheDir;
    const QString archive = home.filePath(QStringLiteral("big.tar"));
    QVERIFY(writeArchive(archive, QStringLiteral("tar"),
        { { QStringLiteral("p/a.json"), kTrace, ArchiveMember::File, {} },
            { QStringLiteral("p/big.json"), QByteArray(3 << 20, 'x'), ArchiveMember::File, {} } }));
    ArchiveLimits limits;
    limits.maxTotalBytes = 2 << 20;
    ArchiveCache cache(cacheDir.path());
    const ArchiveCache::Opened o = cache.open(archive, limits);
    QVERIFY(o.path.isEmpty());
    QVERIFY2(o.error.contains(QLatin1String("p/big.json declares 3 MiB")), qPrintable(o.error));
    QCOMPARE(filesUnder(cacheDir.path()), QStringList()); // the partial extraction is gone
}

void TstArchive::zipBomb()
{
    QTemporaryDir home, cacheDir;
    const QString archive = home.filePath(QStringLiteral("bomb.zip"));
    std::vector<ArchiveMember> members;
    for (int i = 0; i < 4; ++i)
        members.push_back({ QStringLiteral("p/zeros%1.json").arg(i), QByteArray(16 << 20, '\0'),
            ArchiveMember::File, {} });
    QVERIFY(writeArchive(archive, QStringLiteral("zip"), members));
    QVERIFY(QFileInfo(archive).size() < (1 << 20));
    ArchiveLimits limits;
    limits.ratioFloorBytes = 8 << 20;
    limits.maxRatio = 100;
    ArchiveCache cache(cacheDir.path());
    const ArchiveCache::Opened o = cache.open(archive, limits);
    QVERIFY(o.path.isEmpty());
    QVERIFY2(o.error.contains(QLatin1String("zip bomb")), qPrintable(o.error));
    QCOMPARE(filesUnder(cacheDir.path()), QStringList());
    // The total bounds it too, whatever the ratio.
    limits = {};
    limits.maxTotalBytes = 20 << 20;
    const ArchiveCache::Opened total = cache.open(archive, limits);
    QVERIFY2(total.error.contains(QLatin1String("the 20 MiB an archive may unpack to")),
        qPrintable(total.error));
}

void TstArchive::damaged()
{
    QTemporaryDir home, cacheDir;
    const QString archive = home.filePath(QStringLiteral("cut.tar.gz"));
    QByteArray big;
    for (int i = 0; i < 20000; ++i)
        big += QByteArray::number(i * 7919) + ',';
    QVERIFY(writeArchive(archive, QStringLiteral("tar.gz"),
        { { QStringLiteral("p/a.json"), big, ArchiveMember::File, {} } }));
    QVERIFY(QFile::resize(archive, QFileInfo(archive).size() / 2));
    ArchiveCache cache(cacheDir.path());
    const ArchiveCache::Opened o = cache.open(archive);
    QVERIFY(o.path.isEmpty());
    QVERIFY2(o.error.contains(QLatin1String("damaged")), qPrintable(o.error));
    const QString junk = home.filePath(QStringLiteral("junk.zip"));
    QFile j(junk);
    QVERIFY(j.open(QIODevice::WriteOnly));
    j.write("this is not a zip file at all");
    j.close();
    const ArchiveCache::Opened notZip = cache.open(junk);
    QVERIFY(notZip.path.isEmpty());
    QVERIFY(!notZip.error.isEmpty());
    // Through discovery: an error naming the archive, no crash.
    const ProfileSource src = discoverProfile(junk);
    QVERIFY(src.ranks.empty());
    QVERIFY(!src.issues.isEmpty());
    QCOMPARE(src.issues.constLast().file, junk);
}

void TstArchive::reuseAndChange()
{
    QTemporaryDir home, cacheDir;
    const QString archive = home.filePath(QStringLiteral("r.zip"));
    QVERIFY(writeArchive(archive, QStringLiteral("zip"),
        { { QStringLiteral("trace_view.json"), kTrace, ArchiveMember::File, {} } }));
    ArchiveCache cache(cacheDir.path());
    const ArchiveCache::Opened first = cache.open(archive);
    QVERIFY(!first.reused);
    QVERIFY(first.path.endsWith(QLatin1String("/trace_view.json"))); // the single file inside
    const ArchiveCache::Opened again = cache.open(archive);
    QVERIFY(again.reused);
    QCOMPARE(again.path, first.path);
    // Rewritten (another size and time): unpacked afresh, beside the old one.
    QVERIFY(writeArchive(archive, QStringLiteral("zip"),
        { { QStringLiteral("trace_view.json"), kTrace + "  ", ArchiveMember::File, {} } }));
    const struct timeval later[2] = { { 2000000000, 0 }, { 2000000000, 0 } };
    QCOMPARE(::utimes(QFile::encodeName(archive).constData(), later), 0);
    const ArchiveCache::Opened changed = cache.open(archive);
    QVERIFY(!changed.reused);
    QVERIFY(changed.path != first.path);
}

void TstArchive::trim()
{
    QTemporaryDir home, cacheDir;
    ArchiveCache cache(cacheDir.path(), (5 << 20) / 2); // room for two of the archives below
    QStringList paths;
    for (int i = 0; i < 4; ++i) {
        const QString archive = home.filePath(QStringLiteral("a%1.tar").arg(i));
        QVERIFY(writeArchive(archive, QStringLiteral("tar"),
            { { QStringLiteral("p/t.json"), QByteArray(1 << 20, char('a' + i)), ArchiveMember::File,
                {} } }));
        const ArchiveCache::Opened o = cache.open(archive);
        QVERIFY2(o.error.isEmpty(), qPrintable(o.error));
        paths << o.path;
        const struct timeval t[2] = { { 1000000 + i * 10, 0 }, { 1000000 + i * 10, 0 } };
        ::utimes(QFile::encodeName(QFileInfo(o.path).absolutePath()).constData(), t);
    }
    QVERIFY(!QFileInfo::exists(paths[0]));
    QVERIFY(QFileInfo::exists(paths[3]));
    QCOMPARE(QDir(cacheDir.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size(), 2);
}

// Folders in use are not trimmed: one whose Opened (its lease) this test keeps, and one that
// "another process" holds, here a lock taken on the lock file by a descriptor of its own (flock
// locks of two open() calls conflict as those of two processes do). Once both let go, a trim
// removes them and their lock files.
void TstArchive::inUseKept()
{
    QTemporaryDir home, cacheDir;
    ArchiveCache cache(cacheDir.path(), (5 << 20) / 2); // room for two of the archives below
    std::vector<ArchiveCache::Opened> kept;
    QStringList folders;
    int other = -1;
    for (int i = 0; i < 5; ++i) {
        const QString archive = home.filePath(QStringLiteral("u%1.tar").arg(i));
        QVERIFY(writeArchive(archive, QStringLiteral("tar"),
            { { QStringLiteral("p/t.json"), QByteArray(1 << 20, char('a' + i)), ArchiveMember::File,
                {} } }));
        ArchiveCache::Opened o = cache.open(archive);
        QVERIFY2(o.error.isEmpty(), qPrintable(o.error));
        QVERIFY(o.lease);
        const QString folder = QFileInfo(o.path).absolutePath();
        folders << folder;
        const struct timeval t[2] = { { 1000000 + i * 10, 0 }, { 1000000 + i * 10, 0 } };
        ::utimes(QFile::encodeName(folder).constData(), t);
        if (i == 0) {
            kept.push_back(std::move(o)); // this window reads it
        } else if (i == 1) {
            const QString lock = folder + QStringLiteral(".lock");
            QVERIFY(QFileInfo::exists(lock));
            other = ::open(QFile::encodeName(lock).constData(), O_RDWR | O_CLOEXEC);
            QVERIFY(other >= 0);
            QCOMPARE(::flock(other, LOCK_SH), 0); // another process reads it
        }
    }
    // The two oldest were in use: kept; the next oldest trimmed in their place.
    QVERIFY(QFileInfo::exists(folders[0] + QStringLiteral("/p/t.json")));
    QVERIFY(QFileInfo::exists(folders[1] + QStringLiteral("/p/t.json")));
    QVERIFY(!QFileInfo::exists(folders[2]));
    QVERIFY(!QFileInfo::exists(folders[2] + QStringLiteral(".lock")));
    QVERIFY(!QFileInfo::exists(folders[3]));
    QVERIFY(QFileInfo::exists(folders[4]));
    cache.trim(0); // all but those in use
    QVERIFY(QFileInfo::exists(folders[0]) && QFileInfo::exists(folders[1]));
    QVERIFY(!QFileInfo::exists(folders[4]));
    kept.clear();
    ::close(other);
    cache.trim(0);
    QCOMPARE(filesUnder(cacheDir.path()), QStringList());
}

QTEST_GUILESS_MAIN(TstArchive)
#include "tst_archive.moc"
