// Hostile files in a profile folder (issue 9): empty, binary garbage under a .json/.csv name,
// unreadable files and folders, symbolic-link loops, files that shrink while read. The loader
// must load the rest and name every file it could not use.
#include "model/csv/csvreader.h"
#include "model/profile/profileloader.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <grp.h>
#include <unistd.h>

using namespace npuscope;

namespace {

const QByteArray kKernels = "Step Id,Stream ID,Name,Type,Accelerator Core,Start "
                            "Time(us),Duration(us),Wait Time(us),Block Dim\n"
                            "1,2,MatMul,MatMul,AI_CORE,1736408883688177.930\t,10.5,0.1,24\n"
                            "1,2,Add,Add,AI_VECTOR_CORE,1736408883688190.000\t,1.5,0.1,8\n";
const QByteArray kTrace
    = R"([{"ph": "M", "name": "thread_name", "pid": 7, "tid": 2, "args": {"name": "Stream 2"}},
{"ph": "X", "name": "MatMul", "pid": 7, "tid": 2, "ts": "1736408883688177.930", "dur": 10.5}])";
const QByteArray kSteps
    = "Step,Computing,Communication(Not Overlapped),Overlapped,Communication,Free,Stage,Bubble,"
      "Communication(Not Overlapped and Exclude Receive),Preparing\n1,10,0,0,0,5,20,0,0,1\n";

bool write(const QString &path, const QByteArray &data)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

// A complete small rank folder; returns its ASCEND_PROFILER_OUTPUT.
QString makeRank(const QString &dir)
{
    const QString out = dir + QStringLiteral("/ASCEND_PROFILER_OUTPUT");
    write(dir + QStringLiteral("/profiler_info_0.json"),
        R"({"config": {"common_config": {}}, "rank_id": 0})");
    write(out + QStringLiteral("/kernel_details.csv"), kKernels);
    write(out + QStringLiteral("/trace_view.json"), kTrace);
    write(out + QStringLiteral("/step_trace_time.csv"), kSteps);
    return out;
}

QString describe(const IssueList &issues)
{
    QStringList out;
    for (const Issue &i : issues)
        out << severityName(i.severity) + u' ' + i.file + u' ' + i.location + u' ' + i.message;
    return out.join(u'\n');
}

bool namesFile(const IssueList &issues, const QString &path)
{
    for (const Issue &i : issues)
        if (i.file == path || i.message.contains(path))
            return true;
    return false;
}

LoadResult load(const QString &path)
{
    LoadOptions o;
    o.threads = 2;
    return loadProfile(path, o);
}

// What a load gave, as JSON: the unprivileged child process below sends it back on stdout.
QJsonObject summarize(const LoadResult &r)
{
    QJsonArray ranks, issues;
    if (r.profile) {
        for (const auto &rank : r.profile->ranks)
            ranks.append(QJsonObject { { QStringLiteral("kernels"), bool(rank->kernels) },
                { QStringLiteral("trace"), bool(rank->trace) },
                { QStringLiteral("stepTrace"), bool(rank->stepTrace) } });
        for (const Issue &i : r.profile->allIssues())
            issues.append(QJsonObject { { QStringLiteral("file"), i.file },
                { QStringLiteral("message"), i.message },
                { QStringLiteral("text"), describe(IssueList { i }) } });
    }
    return { { QStringLiteral("loaded"), bool(r.profile) }, { QStringLiteral("error"), r.error },
        { QStringLiteral("ranks"), ranks }, { QStringLiteral("issues"), issues } };
}

constexpr char kChildFlag[] = "--load-unprivileged";
constexpr int kCannotDropPrivileges = 126;
constexpr uid_t kNobody = 65534;

// chmod 000 does not stop root (CAP_DAC_OVERRIDE), and CI runs as root: there the load runs in a
// child process (this test binary, see main) that first drops to uid/gid 65534 (nobody) with no
// supplementary groups, so the permissions apply as they do for a user.
QJsonObject loadUnprivileged(const QString &path, QString *skip)
{
    if (geteuid() != 0)
        return summarize(load(path));
    QProcess child;
    child.setChildProcessModifier([] {
        if (setgroups(0, nullptr) != 0 || setgid(kNobody) != 0 || setuid(kNobody) != 0)
            _exit(kCannotDropPrivileges);
    });
    child.start(QCoreApplication::applicationFilePath(), { QString::fromLatin1(kChildFlag), path });
    if (!child.waitForFinished(120000) || child.exitStatus() != QProcess::NormalExit) {
        child.kill();
        return { { QStringLiteral("error"),
            QString(QStringLiteral("child crashed or hung: ")
                + QString::fromLocal8Bit(child.readAllStandardError())) } };
    }
    if (child.exitCode() == kCannotDropPrivileges)
        *skip = QStringLiteral("running as root and cannot drop to uid 65534 here");
    if (child.exitCode() != 0)
        return { { QStringLiteral("error"),
            QStringLiteral("child exit code %1: %2")
                .arg(child.exitCode())
                .arg(QString::fromLocal8Bit(child.readAllStandardError())) } };
    return QJsonDocument::fromJson(child.readAllStandardOutput()).object();
}

// The test folder as nobody sees it when the load runs unprivileged: traversable and readable
// except for what a test makes unreadable.
void openToOthers(const QTemporaryDir &tmp)
{
    QFile::setPermissions(tmp.path(),
        QFile::permissions(tmp.path()) | QFileDevice::ReadOther | QFileDevice::ExeOther);
}

bool namesFile(const QJsonObject &summary, const QString &path)
{
    for (const QJsonValue &v : summary.value(QStringLiteral("issues")).toArray()) {
        const QJsonObject i = v.toObject();
        if (i.value(QStringLiteral("file")).toString() == path
            || i.value(QStringLiteral("message")).toString().contains(path))
            return true;
    }
    return false;
}

QString describe(const QJsonObject &summary)
{
    QStringList out { summary.value(QStringLiteral("error")).toString() };
    for (const QJsonValue &v : summary.value(QStringLiteral("issues")).toArray())
        out << v.toObject().value(QStringLiteral("text")).toString();
    return out.join(u'\n');
}

} // namespace

class TstHostileFiles : public QObject {
    Q_OBJECT
private slots:
    void damagedFiles_data();
    void damagedFiles();
    void unreadableFile();
    void unreadableFolder();
    void symlinkLoops();
    void folderWhereFileExpected();
    void csvShrinksWhileLoading();
};

void TstHostileFiles::damagedFiles_data()
{
    QTest::addColumn<QByteArray>("content");
    QByteArray garbage;
    for (int i = 0; i < 8192; ++i)
        garbage.append(char((i * 7919 + 13) % 256));
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("binary garbage") << garbage;
    QTest::newRow("NUL bytes") << QByteArray(4096, '\0');
    QTest::newRow("ragged text") << QByteArray("a,b,c\n1\n1,2,3,4,5\n\"open quote\n");
    QTest::newRow("gzip header only") << QByteArray("\x1f\x8b\x08\x00\x00\x00", 6);
}

// Each file of a rank in turn replaced by bad content: the others still load, and the bad one
// is named in an issue.
void TstHostileFiles::damagedFiles()
{
    QFETCH(QByteArray, content);
    for (const QString &name :
        { QStringLiteral("kernel_details.csv"), QStringLiteral("trace_view.json"),
            QStringLiteral("step_trace_time.csv"), QStringLiteral("../profiler_info_0.json") }) {
        QTemporaryDir tmp;
        const QString out = makeRank(tmp.filePath(QStringLiteral("r_ascend_pt")));
        const QString bad = QDir::cleanPath(out + u'/' + name);
        QVERIFY(write(bad, content));
        const LoadResult r = load(tmp.path());
        QVERIFY2(r.profile, qPrintable(name + u' ' + r.error));
        QCOMPARE(r.profile->ranks.size(), std::size_t(1));
        const RankProfile &rank = *r.profile->ranks[0];
        const IssueList issues = r.profile->allIssues();
        QVERIFY2(namesFile(issues, bad),
            qPrintable(name + QStringLiteral(" not named:\n") + describe(issues)));
        if (!name.startsWith(QLatin1String("kernel")))
            QCOMPARE(rank.kernels ? rank.kernels->rowCount() : -1, 2);
        if (!name.startsWith(QLatin1String("trace")))
            QVERIFY2(rank.trace && rank.trace->sliceCount() == 1, qPrintable(name));
    }
}

void TstHostileFiles::unreadableFile()
{
    QTemporaryDir tmp;
    openToOthers(tmp);
    const QString out = makeRank(tmp.filePath(QStringLiteral("r_ascend_pt")));
    const QString csv = out + QStringLiteral("/kernel_details.csv");
    const QString trace = out + QStringLiteral("/trace_view.json");
    QVERIFY(QFile::setPermissions(csv, QFileDevice::Permissions()));
    QVERIFY(QFile::setPermissions(trace, QFileDevice::Permissions()));
    QString skip;
    const QJsonObject r = loadUnprivileged(tmp.path(), &skip);
    if (!skip.isEmpty())
        QSKIP(qPrintable(skip));
    QVERIFY2(r.value(QStringLiteral("loaded")).toBool(), qPrintable(describe(r)));
    QVERIFY2(namesFile(r, csv), qPrintable(describe(r)));
    QVERIFY2(namesFile(r, trace), qPrintable(describe(r)));
    const QJsonObject rank = r.value(QStringLiteral("ranks")).toArray().at(0).toObject();
    QVERIFY(rank.value(QStringLiteral("stepTrace")).toBool()); // the readable file still loads
    QVERIFY(!rank.value(QStringLiteral("kernels")).toBool());
    QVERIFY(!rank.value(QStringLiteral("trace")).toBool());
}

void TstHostileFiles::unreadableFolder()
{
    QTemporaryDir tmp;
    openToOthers(tmp);
    const QString out = makeRank(tmp.filePath(QStringLiteral("r0_ascend_pt")));
    makeRank(tmp.filePath(QStringLiteral("r1_ascend_pt")));
    QVERIFY(QFile::setPermissions(out, QFileDevice::Permissions()));
    QString skip;
    const QJsonObject r = loadUnprivileged(tmp.path(), &skip);
    QFile::setPermissions(
        out, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    if (!skip.isEmpty())
        QSKIP(qPrintable(skip));
    QVERIFY2(r.value(QStringLiteral("loaded")).toBool(), qPrintable(describe(r)));
    const QJsonArray ranks = r.value(QStringLiteral("ranks")).toArray();
    QCOMPARE(ranks.size(), 2);
    const QJsonObject other = ranks.at(1).toObject();
    QVERIFY(other.value(QStringLiteral("kernels")).toBool()
        && other.value(QStringLiteral("trace")).toBool());
    const QJsonObject denied = ranks.at(0).toObject();
    QVERIFY(!denied.value(QStringLiteral("kernels")).toBool()
        && !denied.value(QStringLiteral("trace")).toBool());
    QVERIFY2(namesFile(r, out),
        qPrintable(QStringLiteral("the unreadable folder is not named:\n") + describe(r)));
}

// Links that point at themselves or at each other: opening them fails with ELOOP; discovery
// must terminate and the loader name the file.
void TstHostileFiles::symlinkLoops()
{
    QTemporaryDir tmp;
    const QString out = makeRank(tmp.filePath(QStringLiteral("r_ascend_pt")));
    const QString trace = out + QStringLiteral("/trace_view.json");
    const QString csv = out + QStringLiteral("/kernel_details.csv");
    QVERIFY(QFile::remove(trace) && QFile::remove(csv));
    QVERIFY(QFile::link(QStringLiteral("trace_view.json"), trace)); // itself
    QVERIFY(QFile::link(QStringLiteral("a.csv"), csv));
    QVERIFY(QFile::link(QStringLiteral("kernel_details.csv"), out + QStringLiteral("/a.csv")));
    QVERIFY(QFile::link(QStringLiteral(".."), out + QStringLiteral("/up_ascend_pt")));
    const LoadResult r = load(tmp.path());
    QVERIFY(r.profile);
    QVERIFY(!r.profile->ranks.empty());
    const RankProfile &rank = *r.profile->ranks[0];
    QVERIFY(rank.stepTrace);
    QVERIFY(!rank.trace);
    QVERIFY(!rank.kernels);
}

// What root cannot be denied: a folder named like a file (EISDIR). Named, and the rest loads.
void TstHostileFiles::folderWhereFileExpected()
{
    QTemporaryDir tmp;
    const QString out = makeRank(tmp.filePath(QStringLiteral("r_ascend_pt")));
    const QString info = tmp.filePath(QStringLiteral("r_ascend_pt/profiler_info_0.json"));
    QVERIFY(QFile::remove(info) && QDir().mkpath(info));
    const LoadResult r = load(tmp.path());
    QVERIFY(r.profile);
    QCOMPARE(r.profile->ranks.size(), std::size_t(1));
    QVERIFY(r.profile->ranks[0]->kernels && r.profile->ranks[0]->trace);
}

// A CSV cut short while it is read: no crash, the rows before the cut are kept.
void TstHostileFiles::csvShrinksWhileLoading()
{
    QTemporaryDir tmp;
    const QString path = tmp.filePath(QStringLiteral("kernel_details.csv"));
    QByteArray data = kKernels;
    for (int i = 0; i < 200000; ++i)
        data += "1,2,Add,Add,AI_VECTOR_CORE,1736408883688190.000\t,1.5,0.1,8\n";
    QVERIFY(write(path, data));
    bool cut = false;
    CsvReadOptions o;
    o.windowBytes = 64 << 10;
    const CsvResult r = readCsvFile(
        path,
        [&](std::int64_t done, std::int64_t) {
            if (done > 0 && !cut) {
                cut = true;
                QFile::resize(path, data.size() / 3 + 7); // mid-row
            }
            return true;
        },
        o);
    QVERIFY(cut);
    QVERIFY2(r.ok, qPrintable(describe(r.issues)));
    QVERIFY(r.table->rowCount() > 0);
    QVERIFY(r.table->rowCount() < 200000);
    for (const Issue &i : r.issues)
        QCOMPARE(i.file, path);
}

// QTEST_GUILESS_MAIN, plus the child mode of loadUnprivileged(): load one folder, print the
// summary.
int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    if (argc == 3 && qstrcmp(argv[1], kChildFlag) == 0) {
        const QByteArray json
            = QJsonDocument(summarize(load(QString::fromLocal8Bit(argv[2])))).toJson();
        return std::fwrite(json.constData(), 1, json.size(), stdout) == std::size_t(json.size())
            ? 0
            : 1;
    }
    TstHostileFiles tc;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&tc, argc, argv);
}
#include "tst_hostilefiles.moc"
