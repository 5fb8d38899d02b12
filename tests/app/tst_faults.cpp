// Faults and "nothing changed" (issue 9): the GUI's load and analysis controllers cancelled and
// replaced at random moments, a read-only profile left byte-for-byte as it was by open,
// analyse, report, annotate and export, and the exit codes of `report` on damaged input.
// Load faults without the app layer: tests/analysis/tst_loadfaults.cpp.
#include "../analysis/generatedprofile.h"
#include "../analysis/profilefingerprint.h"
#include "app/window/analysiscontroller.h"
#include "app/window/loadcontroller.h"
#include "model/annotations/annotationstore.h"
#include "widgets/session/profilesession.h"

#include "runbinary.h"
#include <QCryptographicHash>
#include <QDirIterator>
#include <QJsonDocument>

#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTest>

using namespace npuscope;
using npuscope::test::findingTexts;
using npuscope::test::fingerprint;

namespace {

constexpr int kTimeoutMs = 120000;

// Path -> content hash and mtime of every file, plus every folder and link target below dir:
// stricter than treehash.h (which sees files only), so an added folder or link is caught too.
QMap<QString, QByteArray> snapshotTree(const QString &dir)
{
    QMap<QString, QByteArray> out;
    QDirIterator it(dir, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
        QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QFileInfo info = it.fileInfo();
        if (info.isSymLink()) {
            out.insert(path, "link " + info.symLinkTarget().toUtf8());
        } else if (info.isDir()) {
            out.insert(path, "dir");
        } else {
            QFile f(path);
            QCryptographicHash h(QCryptographicHash::Sha256);
            if (f.open(QIODevice::ReadOnly))
                h.addData(&f);
            out.insert(path,
                h.result().toHex() + ' '
                    + QByteArray::number(info.lastModified().toMSecsSinceEpoch()));
        }
    }
    return out;
}

void setTreeWritable(const QString &dir, bool writable)
{
    QDirIterator it(dir, QDir::AllEntries | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    QStringList paths { dir };
    while (it.hasNext())
        paths << it.next();
    for (const QString &p : paths) {
        QFile::Permissions perms = QFile::permissions(p);
        const QFile::Permissions write = QFileDevice::WriteOwner | QFileDevice::WriteUser
            | QFileDevice::WriteGroup | QFileDevice::WriteOther;
        QFile::setPermissions(p,
            writable ? (perms | QFileDevice::WriteOwner | QFileDevice::WriteUser)
                     : (perms & ~write));
    }
}

using Run = test::BinaryRun;

Run runBinary(const QStringList &args, const QString &home)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), home + QStringLiteral("/data"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/config"));
    env.insert(QStringLiteral("XDG_CACHE_HOME"), home + QStringLiteral("/cache"));
    return test::runNpuscope(args, env, kTimeoutMs);
}

} // namespace

class TstFaults : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cancelControllersAtRandomTimes();
    void readOnlyProfileUnchanged();
    void reportExitCodes_data();
    void reportExitCodes();

private:
    std::unique_ptr<test::GeneratedProfile> m_generated;
    QString m_fingerprint;
    QStringList m_findings;
};

void TstFaults::initTestCase()
{
    m_generated = test::generate(QStringLiteral("all"), 7, 2, 20000);
    QVERIFY(m_generated->ok());
    m_fingerprint = fingerprint(*m_generated->profile);
    m_findings = findingTexts(*m_generated->profile);
    QVERIFY(!m_findings.isEmpty());
}

// The GUI's controllers: loads and analyses replaced or cancelled at random moments. The last
// request wins with complete, correct results; nothing crashes or leaks (ASan run).
void TstFaults::cancelControllersAtRandomTimes()
{
    QRandomGenerator rng(7);
    LoadController loader;
    ProfileSession session;
    AnalysisController analysis(&session);
    QSignalSpy loaded(&loader, &LoadController::loaded);
    for (int i = 0; i < 8; ++i) {
        loader.start(m_generated->dir.path());
        analysis.start(m_generated->profile, int(rng.bounded(2)), nullptr);
        QTest::qWait(int(rng.bounded(40)));
        if (rng.bounded(2))
            loader.cancel();
        if (rng.bounded(2))
            analysis.clear();
    }
    loaded.clear();
    loader.start(m_generated->dir.path());
    QVERIFY(loaded.wait(kTimeoutMs));
    const auto result = loaded.takeLast().at(1).value<LoadResult>();
    QVERIFY(result.profile);
    QCOMPARE(fingerprint(*result.profile), m_fingerprint);

    QSignalSpy ready(&analysis, &AnalysisController::findingsReady);
    analysis.start(result.profile, 0, nullptr);
    QTRY_VERIFY_WITH_TIMEOUT(!analysis.isRunning(), kTimeoutMs);
    QStringList texts;
    for (int rank = 0; rank < 2; ++rank) {
        QVERIFY(analysis.analysis(rank));
        for (const Finding &f : analysis.analysis(rank)->findings)
            texts << f.id + u' ' + f.title;
    }
    QStringList expected = m_findings.mid(0, texts.size());
    QCOMPARE(texts, expected);
}

// Open, analyse, report, annotate and export a profile whose files are read-only: every file, link
// and folder is as it was (content hash and modification time), and nothing was added.
void TstFaults::readOnlyProfileUnchanged()
{
    const QString path = m_generated->dir.path();
    QTemporaryDir home;
    const auto before = snapshotTree(path);
    setTreeWritable(path, false);
    const LoadResult r = loadProfile(path);
    QVERIFY(r.profile);
    QCOMPARE(findingTexts(*r.profile), m_findings);
    const Run json
        = runBinary({ QStringLiteral("report"), path, QStringLiteral("--json") }, home.path());
    QCOMPARE(json.exitCode, 0);
    const Run text = runBinary({ QStringLiteral("report"), path }, home.path());
    QCOMPARE(text.exitCode, 0);
    const QString image = home.filePath(QStringLiteral("timeline.png"));
    const Run exported
        = runBinary({ QStringLiteral("export"), path, QStringLiteral("-o"), image }, home.path());
    QVERIFY2(exported.exitCode == 0, exported.err.constData());
    QVERIFY(QFile::exists(image));
    // Annotations are npuscope's own file, stored outside the profile.
    AnnotationStore store(home.filePath(QStringLiteral("data")));
    AnnotationSet notes;
    Annotation note;
    note.text = QStringLiteral("slow step");
    note.start = note.end = m_generated->truth().firstTaskNs;
    notes.add(note);
    QString error;
    QVERIFY2(store.save(path, notes, &error), qPrintable(error));
    QVERIFY(!store.fileFor(path).startsWith(path));
    const Run annotated = runBinary({ QStringLiteral("export"), path, QStringLiteral("-o"), image,
                                        QStringLiteral("--annotations"), store.fileFor(path) },
        home.path());
    QVERIFY2(annotated.exitCode == 0, annotated.err.constData());
    setTreeWritable(path, true);
    const auto after = snapshotTree(path);
    QCOMPARE(after.keys(), before.keys());
    for (auto it = before.begin(); it != before.end(); ++it)
        QVERIFY2(after.value(it.key()) == it.value(), qPrintable(it.key()));
}

void TstFaults::reportExitCodes_data()
{
    QTest::addColumn<QString>("file"); // replaced in a copy of rank 0, or "" for an empty folder
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<int>("code");
    QTest::newRow("intact") << QStringLiteral("profiler_info_0.json") << QByteArray() << 0;
    QTest::newRow("garbage trace") << QStringLiteral("ASCEND_PROFILER_OUTPUT/trace_view.json")
                                   << QByteArray("\x89PNG\r\n\x1a\n\0\0", 10) << 2;
    QTest::newRow("empty kernel_details")
        << QStringLiteral("ASCEND_PROFILER_OUTPUT/kernel_details.csv") << QByteArray() << 2;
    QTest::newRow("truncated trace")
        << QStringLiteral("ASCEND_PROFILER_OUTPUT/trace_view.json") << QByteArray("cut") << 2;
    // Cut mid-row: the last row is short of cells; the findings cover the rows before it.
    QTest::newRow("truncated kernel_details")
        << QStringLiteral("ASCEND_PROFILER_OUTPUT/kernel_details.csv") << QByteArray("cut") << 2;
    QTest::newRow("nothing there") << QString() << QByteArray() << 1;
}

// `npuscope report` on damaged input: exit code 2 and the report of what loaded; nothing
// usable: 1. The damaged file is named.
void TstFaults::reportExitCodes()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, content);
    QFETCH(int, code);
    QTemporaryDir tmp;
    const QString rank = tmp.filePath(QStringLiteral("rank0_ascend_pt"));
    if (!file.isEmpty()) {
        const QString from = m_generated->truth().dir;
        QDirIterator it(from, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString src = it.next();
            const QString dst = rank + src.mid(from.size());
            QDir().mkpath(QFileInfo(dst).path());
            QVERIFY(QFile::copy(src, dst));
        }
        const QString target = rank + u'/' + file;
        QVERIFY(QFile::setPermissions(target, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
        if (content == "cut")
            QVERIFY(QFile::resize(target, QFileInfo(target).size() / 2));
        else if (!content.isEmpty() || code != 0) {
            QFile f(target);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(content);
        }
    }
    QTemporaryDir home;
    const Run r = runBinary(
        { QStringLiteral("report"), tmp.path(), QStringLiteral("--json") }, home.path());
    QCOMPARE(r.exitCode, code);
    if (code == 2) {
        QVERIFY2(r.out.contains(QFileInfo(file).fileName().toUtf8()), r.out.left(2000).constData());
        QVERIFY(QJsonDocument::fromJson(r.out).isObject());
    }
    if (code == 1)
        QVERIFY(!r.err.isEmpty());
}

QTEST_MAIN(TstFaults)
#include "tst_faults.moc"
