// `npuscope report --json` of a .zip and a .tar.gz (and .tar.zst) of a sample profile equals the
// report of the folder itself, apart from the paths; the archive is unpacked into npuscope's cache
// (XDG_CACHE_HOME here), nothing beside it, and opening it again reuses what was unpacked.
#include "runbinary.h"
#include "tests/model/archivewriter.h"

#include <QDir>
#include <QDirIterator>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;

namespace {

const QString kSamples = QStringLiteral(NPUSCOPE_SAMPLES_DIR);
const QString kLevel1 = kSamples + QStringLiteral("/ascend-2025-01/level1");

// Where the archives were unpacked (QStandardPaths::CacheLocation + "/archives").
QString unpackedFolder(const QString &cache)
{
    QDirIterator it(cache, QDir::Dirs | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext())
        if (it.next().endsWith(QLatin1String("/archives")))
            return it.filePath();
    return QString();
}

} // namespace

class TstArchiveReport : public QObject {
    Q_OBJECT
private slots:
    void sameReport_data();
    void sameReport();
};

void TstArchiveReport::sameReport_data()
{
    QTest::addColumn<QString>("format");
    for (const char *f : { "zip", "tar.gz", "tar.zst" })
        QTest::newRow(f) << QString::fromLatin1(f);
}

void TstArchiveReport::sameReport()
{
    QFETCH(QString, format);
    if (!QFileInfo::exists(kSamples))
        QSKIP("no samples");
    QVERIFY(QFileInfo(kLevel1).isDir()); // fails when the samples are incomplete
    QTemporaryDir home, cache;
    const QString archive = home.filePath(QStringLiteral("level1.") + format);
    QVERIFY(test::writeArchive(
        archive, format, test::folderMembers(kLevel1, QStringLiteral("level1"))));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CACHE_HOME"), cache.path());
    const test::BinaryRun folder
        = test::runNpuscope({ QStringLiteral("report"), kLevel1, QStringLiteral("--json") }, env);
    const test::BinaryRun packed
        = test::runNpuscope({ QStringLiteral("report"), archive, QStringLiteral("--json") }, env);
    QCOMPARE(folder.exitCode, 0);
    QVERIFY2(packed.exitCode == 0, packed.err.constData());
    // Apart from the paths: the folder (as given or made absolute), the unpacked folder in the
    // cache and the archive all become "LEVEL1".
    const QString marker = QStringLiteral("LEVEL1");
    QString plain = QString::fromUtf8(folder.out);
    plain.replace(kLevel1, marker);
    plain.replace(QDir::cleanPath(QFileInfo(kLevel1).absoluteFilePath()), marker);
    QString text = QString::fromUtf8(packed.out);
    const QString unpacked = QRegularExpression::escape(cache.path())
        + QStringLiteral("/[^\"]*/archives/[^/\"]+/level1");
    text.replace(QRegularExpression(unpacked), marker);
    text.replace(archive, marker);
    QVERIFY(!text.contains(cache.path()));
    QVERIFY(text.count(marker) >= 2);
    const QJsonDocument a = QJsonDocument::fromJson(plain.toUtf8());
    const QJsonDocument b = QJsonDocument::fromJson(text.toUtf8());
    QVERIFY(!a.isNull() && !b.isNull());
    if (a != b) {
        const QStringList x = QString::fromUtf8(a.toJson()).split(QLatin1Char('\n'));
        const QStringList y = QString::fromUtf8(b.toJson()).split(QLatin1Char('\n'));
        for (qsizetype i = 0; i < std::min(x.size(), y.size()); ++i)
            if (x[i] != y[i])
                QFAIL(qPrintable(QStringLiteral("line %1:\n%2\n%3").arg(i).arg(x[i], y[i])));
        QFAIL("the reports differ in length");
    }
    QCOMPARE(QDir(home.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
        QStringList { QStringLiteral("level1.") + format });
    // Again: unpacked once, reused.
    const QString archives = unpackedFolder(cache.path());
    QVERIFY(!archives.isEmpty());
    QCOMPARE(QDir(archives).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size(), 1);
    const test::BinaryRun again
        = test::runNpuscope({ QStringLiteral("report"), archive, QStringLiteral("--json") }, env);
    QCOMPARE(again.out, packed.out);
    QCOMPARE(QDir(archives).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size(), 1);
}

QTEST_GUILESS_MAIN(TstArchiveReport)
#include "tst_archivereport.moc"
