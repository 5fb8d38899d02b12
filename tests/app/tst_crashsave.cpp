// A crash during a save leaves the previous version intact (issue 9). The real `npuscope export`
// and a helper process that saves annotations (AnnotationStore) or settings (QSettings) in a
// loop are killed with SIGKILL at random moments, half of them while the process has its save
// file open. Afterwards the file is always one complete version, the old or the new, never a
// mix or a truncation, and nothing lies next to it but what QSaveFile / QSettings leave by
// design (a temporary "<name>.XXXXXX" when the file system has no O_TMPFILE, a ".lock").
#include "model/annotations/annotationstore.h"

#include "../analysis/generatedprofile.h"

#include <QDir>
#include <QElapsedTimer>
#include <QImage>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSettings>
#include <QTest>
#include <QThread>
#include <QXmlStreamReader>

#include <csignal>
#include <cstdio>
#include <unistd.h>

using namespace npuscope;

namespace {

constexpr char kSaveAnnotations[] = "--save-annotations-loop";
constexpr char kSaveSettings[] = "--save-settings-loop";
constexpr int kAnnotations = 3000; // a JSON file of ~0.5 MB: its write takes a while
constexpr int kSettingsKeys = 3000;
constexpr int kRounds = 10;

QString versionText(int version, int item)
{
    return QStringLiteral("version %1 item %2").arg(version).arg(item);
}

AnnotationSet annotationVersion(int version)
{
    AnnotationSet set;
    for (int i = 0; i < kAnnotations; ++i) {
        Annotation a;
        a.kind = i % 2 ? AnnotationKind::Range : AnnotationKind::Note;
        a.text = versionText(version, i);
        a.rank = 0;
        a.start = 1'736'408'884'000'000'000 + i * 1000;
        a.end = a.start + (i % 2) * 500;
        a.tracks = { QStringLiteral("NPU 0 / Stream 2") };
        set.add(a);
    }
    return set;
}

// The version all texts agree on; -1 when they do not, or when items are missing.
int versionOf(const QStringList &texts, int expectedCount)
{
    static const QRegularExpression re(QStringLiteral("^version (\\d+) item (\\d+)$"));
    if (texts.size() != expectedCount)
        return -1;
    int version = -1;
    for (int i = 0; i < texts.size(); ++i) {
        const QRegularExpressionMatch m = re.match(texts[i]);
        if (!m.hasMatch())
            return -1;
        const int v = m.captured(1).toInt();
        if ((version >= 0 && v != version))
            return -1;
        version = v;
    }
    return version;
}

void writeSettingsVersion(const QString &file, int version)
{
    QSettings settings(file, QSettings::IniFormat);
    for (int i = 0; i < kSettingsKeys; ++i)
        settings.setValue(
            QStringLiteral("group%1/key%2").arg(i % 10).arg(i), versionText(version, i));
    settings.sync();
}

int settingsVersion(const QString &file)
{
    const QSettings settings(file, QSettings::IniFormat);
    if (settings.status() != QSettings::NoError)
        return -1;
    QStringList texts;
    for (int i = 0; i < kSettingsKeys; ++i) {
        const QVariant v = settings.value(QStringLiteral("group%1/key%2").arg(i % 10).arg(i));
        if (!v.isValid())
            return -1;
        texts << v.toString();
    }
    return versionOf(texts, kSettingsKeys);
}

// Child mode: saves version `from`, from + 1, ... until killed, printing "saved N" after each
// save has returned. Stops on its own after a minute so that a lost parent leaves no loop behind.
int saveLoop(const QStringList &args)
{
    QElapsedTimer clock;
    clock.start();
    for (int version = args.at(2).toInt(); clock.elapsed() < 60'000; ++version) {
        if (args.at(1) == QLatin1String(kSaveAnnotations)) {
            QString error;
            if (!AnnotationStore(args.at(3)).save(args.at(4), annotationVersion(version), &error)) {
                std::fprintf(stderr, "%s\n", qPrintable(error));
                return 1;
            }
        } else {
            writeSettingsVersion(args.at(3), version);
        }
        std::printf("saved %d\n", version);
        std::fflush(stdout);
    }
    return 0;
}

// Whether `pid` has a file open in `dir`: its save file, named or unnamed (O_TMPFILE shows as
// "dir/#123 (deleted)").
bool hasFileOpenIn(qint64 pid, const QString &dir)
{
    const QString fds = QStringLiteral("/proc/%1/fd").arg(pid);
    const QStringList entries
        = QDir(fds).entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot);
    for (const QString &fd : entries) {
        char target[4096];
        const ssize_t n
            = readlink(QFile::encodeName(fds + u'/' + fd).constData(), target, sizeof target - 1);
        if (n > 0 && QFile::decodeName(QByteArray(target, int(n))).startsWith(dir + u'/'))
            return true;
    }
    return false;
}

enum class KillAt { RandomTime, DuringSave };

// Kills `p` with SIGKILL at a random moment up to `maxMs` after it started (RandomTime), or a
// random 0-3 ms after it has been seen with a file open in `dir` (DuringSave). Returns whether the
// kill happened (false: the process had finished before).
bool killAtRandom(QProcess &p, KillAt when, int maxMs, const QString &dir, QRandomGenerator &rng)
{
    if (when == KillAt::RandomTime) {
        if (p.waitForFinished(int(rng.bounded(maxMs + 1))))
            return false;
    } else {
        QElapsedTimer waited;
        waited.start();
        while (!hasFileOpenIn(p.processId(), dir)) {
            if (p.state() == QProcess::NotRunning || waited.elapsed() > 4 * maxMs + 10'000)
                return false;
            QThread::usleep(200);
        }
        QThread::usleep(rng.bounded(3000));
    }
    const bool killed = ::kill(pid_t(p.processId()), SIGKILL) == 0;
    p.waitForFinished(30'000);
    return killed && p.exitStatus() == QProcess::CrashExit;
}

// What may lie next to `file` after a kill besides the file: QSaveFile's named temporary
// ("<name>.XXXXXX", only where O_TMPFILE is missing) and QSettings' lock file.
QStringList strayFiles(const QString &file)
{
    const QFileInfo info(file);
    const QRegularExpression saveFileTemp(
        u'^' + QRegularExpression::escape(info.fileName()) + QStringLiteral("\\.[A-Za-z0-9]{6}$"));
    QStringList strays;
    for (const QString &name : QDir(info.path()).entryList(QDir::Files | QDir::Hidden)) {
        if (name != info.fileName() && !saveFileTemp.match(name).hasMatch()
            && name != info.fileName() + QStringLiteral(".lock"))
            strays << name;
    }
    return strays;
}

// After a killed save loop: the version on disk is the last one reported saved or the one being
// saved, and nothing was left next to the file. Empty when so, else what is wrong.
QString checkAfterKill(int round, int onDisk, int saved, const QString &file)
{
    const QString what = QStringLiteral("round %1: version %2 on disk, %3 reported saved")
                             .arg(round)
                             .arg(onDisk)
                             .arg(saved);
    if (onDisk != saved && onDisk != saved + 1)
        return what;
    const QStringList strays = strayFiles(file);
    return strays.isEmpty() ? QString()
                            : what + QStringLiteral(", left behind: ") + strays.join(u' ');
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool decodes(const QByteArray &data, const QString &suffix)
{
    if (suffix == QLatin1String("png"))
        return !QImage::fromData(data, "PNG").isNull();
    QXmlStreamReader xml(data);
    while (!xml.atEnd())
        xml.readNext();
    return !xml.hasError() && data.contains("</svg>");
}

} // namespace

class TstCrashSave : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void exportKilledMidSave_data();
    void exportKilledMidSave();
    void annotationsKilledMidSave();
    void settingsKilledMidSave();

private:
    QProcess *startExport(const QString &out, int width);
    // Runs the save loop of `mode` from version `from`, kills it and returns the last version it
    // reported saved (from - 1 when none).
    int killSaveLoop(
        const char *mode, int from, const QStringList &args, const QString &dir, int round);

    std::unique_ptr<test::GeneratedProfile> m_profile;
    QTemporaryDir m_work;
    QRandomGenerator m_rng;
};

void TstCrashSave::initTestCase()
{
    m_profile = test::generate(QStringLiteral("hostbound"), 5, 1, 20000);
    QVERIFY(m_profile->ok());
    const quint32 seed = QRandomGenerator::global()->generate();
    qInfo("random seed %u", seed); // a failure names the moments that were drawn from it
    m_rng.seed(seed);
}

QProcess *TstCrashSave::startExport(const QString &out, int width)
{
    auto *p = new QProcess(this);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_work.filePath(QStringLiteral("data")));
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    p->setProcessEnvironment(env);
    p->start(QStringLiteral(NPUSCOPE_BINARY),
        { QStringLiteral("export"), m_profile->dir.path(), QStringLiteral("-o"), out,
            QStringLiteral("--width"), QString::number(width) });
    return p;
}

void TstCrashSave::exportKilledMidSave_data()
{
    QTest::addColumn<QString>("suffix");
    QTest::newRow("png") << QStringLiteral("png");
    QTest::newRow("svg") << QStringLiteral("svg");
}

// The old image is replaced by a wider one, and the export killed at random moments.
void TstCrashSave::exportKilledMidSave()
{
    QFETCH(QString, suffix);
    const QString refDir = m_work.filePath(QStringLiteral("ref-") + suffix);
    const QString dir = m_work.filePath(QStringLiteral("kill-") + suffix);
    QVERIFY(QDir().mkpath(refDir) && QDir().mkpath(dir));
    const int oldWidth = 1600, newWidth = suffix == QLatin1String("png") ? 12000 : 8000;

    // The two complete versions, and how long a whole export takes here.
    QByteArray versions[2];
    qint64 exportMs = 0;
    for (int i = 0; i < 2; ++i) {
        const QString out = refDir + QStringLiteral("/v%1.").arg(i) + suffix;
        QElapsedTimer clock;
        clock.start();
        std::unique_ptr<QProcess> p(startExport(out, i ? newWidth : oldWidth));
        QVERIFY(p->waitForFinished(300'000));
        QCOMPARE(p->exitCode(), 0);
        exportMs = clock.elapsed();
        versions[i] = readAll(out);
        QVERIFY(decodes(versions[i], suffix));
    }
    QVERIFY(versions[0] != versions[1]);

    const QString target = dir + QStringLiteral("/timeline.") + suffix;
    int outcomes[2] = { 0, 0 }, killed = 0;
    for (int round = 0; round < kRounds; ++round) {
        QFile old(target);
        QVERIFY(old.open(QIODevice::WriteOnly) && old.write(versions[0]) == versions[0].size());
        old.close();
        std::unique_ptr<QProcess> p(startExport(target, newWidth));
        const KillAt when = round % 2 ? KillAt::DuringSave : KillAt::RandomTime;
        killed += killAtRandom(*p, when, int(exportMs), dir, m_rng);
        const QByteArray now = readAll(target);
        const QString what = QStringLiteral("round %1: %2 bytes").arg(round).arg(now.size());
        QVERIFY2(now == versions[0] || now == versions[1],
            qPrintable(what + QStringLiteral(", a mix or a truncation")));
        QVERIFY2(decodes(now, suffix), qPrintable(what));
        ++outcomes[now == versions[1]];
        const QStringList strays = strayFiles(target);
        QVERIFY2(strays.isEmpty(),
            qPrintable(what + QStringLiteral(", left behind: ") + strays.join(u' ')));
    }
    qInfo("%s: export %lld ms; %d of %d runs killed; the file was the old version %d times, the "
          "new %d",
        qPrintable(suffix), exportMs, killed, kRounds, outcomes[0], outcomes[1]);
    QVERIFY2(killed > 0, "no export was killed: the test proved nothing");
}

int TstCrashSave::killSaveLoop(
    const char *mode, int from, const QStringList &args, const QString &dir, int round)
{
    QProcess p;
    p.start(QCoreApplication::applicationFilePath(),
        QStringList { QString::fromLatin1(mode), QString::number(from) } + args);
    // The first save (and the process start) are not what is tested: wait for it.
    const KillAt when = round % 2 ? KillAt::DuringSave : KillAt::RandomTime;
    QByteArray out;
    while (!out.contains('\n') && p.waitForReadyRead(60'000))
        out += p.readAllStandardOutput();
    killAtRandom(p, when, 300, dir, m_rng);
    out += p.readAllStandardOutput();
    int last = from - 1;
    for (const QByteArray &line : out.split('\n'))
        if (line.startsWith("saved "))
            last = line.mid(6).toInt();
    if (p.exitStatus() == QProcess::NormalExit)
        qWarning() << "save loop ended by itself:" << p.readAllStandardError();
    return last;
}

// AnnotationStore::save, the autosave of the GUI, killed mid-save: the file on disk is the last
// version saved or the one being saved, complete.
void TstCrashSave::annotationsKilledMidSave()
{
    const QString dataDir = m_work.filePath(QStringLiteral("annotations-data"));
    const QString profile = m_profile->dir.path();
    const AnnotationStore store(dataDir);
    QString error;
    QVERIFY2(store.save(profile, annotationVersion(0), &error), qPrintable(error));
    const QString file = store.fileFor(profile);
    int version = 0;
    for (int round = 0; round < kRounds; ++round) {
        const int saved = killSaveLoop(
            kSaveAnnotations, version + 1, { dataDir, profile }, QFileInfo(file).path(), round);
        AnnotationSet set;
        const AnnotationSet::ReadResult r = store.load(profile, &set);
        QVERIFY2(r.ok, qPrintable(QStringLiteral("round %1: %2").arg(round).arg(r.error)));
        QStringList texts;
        for (const Annotation &a : set.items)
            texts << a.text;
        const int onDisk = versionOf(texts, kAnnotations);
        const QString failure = checkAfterKill(round, onDisk, saved, file);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        version = onDisk;
    }
    qInfo("annotations: %d versions saved over %d killed runs", version, kRounds);
}

// QSettings writes its file through QSaveFile (with atomic sync required, the default) under a
// QLockFile: the same must hold for the settings npuscope keeps there.
void TstCrashSave::settingsKilledMidSave()
{
    const QString file = m_work.filePath(QStringLiteral("settings/npuscope.conf"));
    QVERIFY(QDir().mkpath(QFileInfo(file).path()));
    writeSettingsVersion(file, 0);
    QCOMPARE(settingsVersion(file), 0);
    int version = 0;
    for (int round = 0; round < kRounds; ++round) {
        const int saved
            = killSaveLoop(kSaveSettings, version + 1, { file }, QFileInfo(file).path(), round);
        const int onDisk = settingsVersion(file);
        const QString failure = checkAfterKill(round, onDisk, saved, file);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        version = onDisk;
    }
    qInfo("settings: %d versions saved over %d killed runs", version, kRounds);
}

// QTEST_GUILESS_MAIN, plus the child mode of killSaveLoop().
int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() >= 4
        && (args[1] == QLatin1String(kSaveAnnotations) || args[1] == QLatin1String(kSaveSettings)))
        return saveLoop(args);
    TstCrashSave tc;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&tc, argc, argv);
}

#include "tst_crashsave.moc"
