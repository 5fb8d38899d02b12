// A file manager hands npuscope the file the user double-clicked; ProfilePath turns it into the
// profile the user means.
#include "app/desktop/profilepath.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace npuscope;

namespace {

void touch(const QString &path)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{}");
}

} // namespace

class TstProfilePath : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    QString m_run; // two ranks of the current layout
    QString m_rank0;
    QString m_old; // a rank folder of the 2023 layout, alone in its parent
    QString m_renamed; // a rank folder renamed by the user

    QString at(const QString &relative) const { return m_tmp.filePath(relative); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        m_run = at(QStringLiteral("run"));
        m_rank0 = at(QStringLiteral("run/host_1_20250101_ascend_pt"));
        for (const char *rank : { "0", "1" }) {
            const QString dir
                = at(QStringLiteral("run/host_%1_20250101_ascend_pt").arg(QLatin1String(rank)));
            touch(dir + QStringLiteral("/profiler_info_%1.json").arg(QLatin1String(rank)));
            for (const char *file :
                { "trace_view.json", "kernel_details.csv", "step_trace_time.csv" })
                touch(dir + QStringLiteral("/ASCEND_PROFILER_OUTPUT/") + QLatin1String(file));
        }
        m_rank0 = at(QStringLiteral("run/host_0_20250101_ascend_pt"));
        m_old = at(QStringLiteral("old/x_ascend_pt"));
        touch(m_old + QStringLiteral("/profiler_info_0.json"));
        touch(m_old + QStringLiteral("/kernel_details.csv"));
        touch(m_old + QStringLiteral("/trace_view.json"));
        m_renamed = at(QStringLiteral("renamed/baseline"));
        touch(m_renamed + QStringLiteral("/profiler_info_2.json"));
        touch(m_renamed + QStringLiteral("/ASCEND_PROFILER_OUTPUT/trace_view.json"));
        touch(at(QStringLiteral("loose/trace_view.json")));
        touch(at(QStringLiteral("loose/kernel_details.csv")));
        touch(at(QStringLiteral("kineto/worker0.123.pt.trace.json")));
        touch(at(QStringLiteral("kineto/worker1.124.pt.trace.json.gz")));
    }

    void enclosingProfile_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("expected");
        const QString out = QStringLiteral("/ASCEND_PROFILER_OUTPUT");
        QTest::newRow("profiler_info")
            << m_rank0 + QStringLiteral("/profiler_info_0.json") << m_rank0;
        QTest::newRow("trace_view in output")
            << m_rank0 + out + QStringLiteral("/trace_view.json") << m_rank0;
        QTest::newRow("kernel_details in output")
            << m_rank0 + out + QStringLiteral("/kernel_details.csv") << m_rank0;
        QTest::newRow("step_trace_time in output")
            << m_rank0 + out + QStringLiteral("/step_trace_time.csv") << m_rank0;
        QTest::newRow("output folder") << m_rank0 + out << m_rank0;
        QTest::newRow("output folder, trailing slash")
            << m_rank0 + out + QStringLiteral("/") << m_rank0;
        QTest::newRow("rank folder") << m_rank0 << m_rank0;
        QTest::newRow("run folder") << m_run << m_run;
        QTest::newRow("not clean")
            << m_rank0 + QStringLiteral("/../host_0_20250101_ascend_pt/./profiler_info_0.json")
            << m_rank0;
        QTest::newRow("2023 layout csv") << m_old + QStringLiteral("/kernel_details.csv") << m_old;
        QTest::newRow("renamed rank folder")
            << m_renamed + out + QStringLiteral("/trace_view.json") << m_renamed;
        QTest::newRow("lone trace_view") << at(QStringLiteral("loose/trace_view.json"))
                                         << at(QStringLiteral("loose/trace_view.json"));
        QTest::newRow("lone kernel_details") << at(QStringLiteral("loose/kernel_details.csv"))
                                             << at(QStringLiteral("loose/kernel_details.csv"));
        QTest::newRow("kineto") << at(QStringLiteral("kineto/worker0.123.pt.trace.json"))
                                << at(QStringLiteral("kineto/worker0.123.pt.trace.json"));
        QTest::newRow("kineto gz") << at(QStringLiteral("kineto/worker1.124.pt.trace.json.gz"))
                                   << at(QStringLiteral("kineto/worker1.124.pt.trace.json.gz"));
        QTest::newRow("missing kept as typed") << QStringLiteral("no/such/trace_view.json")
                                               << QStringLiteral("no/such/trace_view.json");
    }

    void enclosingProfile()
    {
        QFETCH(QString, input);
        QFETCH(QString, expected);
        QCOMPARE(ProfilePath::enclosingProfile(input), expected);
    }

    void relativePathBecomesAbsolute()
    {
        const QString previous = QDir::currentPath();
        QVERIFY(QDir::setCurrent(m_rank0));
        const QString resolved = ProfilePath::enclosingProfile(
            QStringLiteral("ASCEND_PROFILER_OUTPUT/trace_view.json"));
        QVERIFY(QDir::setCurrent(previous));
        QCOMPARE(resolved, m_rank0);
    }

    void allRanks()
    {
        QCOMPARE(ProfilePath::allRanks(m_rank0), m_run);
        QCOMPARE(ProfilePath::allRanks(m_old), QString()); // alone in its parent
        QCOMPARE(ProfilePath::allRanks(m_run), QString()); // not a rank folder
        QCOMPARE(ProfilePath::allRanks(at(QStringLiteral("loose/trace_view.json"))), QString());
    }

    void resolve()
    {
        const QString out = m_rank0 + QStringLiteral("/ASCEND_PROFILER_OUTPUT/");
        const QString kineto = at(QStringLiteral("kineto/worker0.123.pt.trace.json"));
        // Two files of one profile open it once; order is kept.
        QCOMPARE(ProfilePath::resolve({ out + QStringLiteral("trace_view.json"), kineto,
                     out + QStringLiteral("kernel_details.csv") }),
            QStringList({ m_rank0, kineto }));
        // "All ranks": both rank folders' files lead to the run.
        const QString rank1
            = at(QStringLiteral("run/host_1_20250101_ascend_pt/profiler_info_1.json"));
        QCOMPARE(ProfilePath::resolve({ out + QStringLiteral("trace_view.json"), rank1 }, true),
            QStringList({ m_run }));
        QCOMPARE(ProfilePath::resolve({ m_old + QStringLiteral("/trace_view.json") }, true),
            QStringList({ m_old }));
        QCOMPARE(ProfilePath::resolve({}), QStringList());
    }
};

QTEST_GUILESS_MAIN(TstProfilePath)
#include "tst_profilepath.moc"
