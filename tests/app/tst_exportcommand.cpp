#include "analysis/timeline/stepbreakdown.h"
#include "app/commands/commandline.h"
#include "app/commands/exportcommand.h"
#include "model/annotations/annotationstore.h"
#include "model/annotations/timelinearrangementstore.h"
#include "model/core/trace.h"

#include "../analysis/generatedprofile.h"
#include "../widgets/exportink.h"
#include "runbinary.h"
#include "treehash.h"

#include <QDir>
#include <QImage>
#include <QImageReader>
#include <QTest>

using namespace npuscope;

namespace {

using Run = test::BinaryRun;

// Each run gets a data directory of its own so that annotations saved by a real GUI session
// never leak into a test (and the test writes nothing into the user's).
Run runBinary(const QStringList &args, const QString &dataHome)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), dataHome);
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), dataHome + QStringLiteral("/config"));
    env.remove(QStringLiteral("DISPLAY")); // must work without a display
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    return test::runNpuscope(args, env);
}

} // namespace

class TstExportCommand : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void parseTimes_data();
    void parseTimes();
    void svgHasAnnotationsAndCaption();
    void pngHasRequestedSize();
    void tracksRestrictRows();
    void rangeAndStepRestrictTime();
    void savedAnnotationsAreUsed();
    void savedArrangementIsUsed();
    void userErrors_data();
    void userErrors();
    void profileFolderUnchanged();
    void kernelTableWithoutTrace();
    void halfBusyStreamHasHalfTheInk();

private:
    QString svg(const QStringList &extra, int *exitCode = nullptr);
    std::unique_ptr<test::GeneratedProfile> m_profile;
    QTemporaryDir m_work;
    QString m_dataHome;
    QMap<QString, QByteArray> m_hashesBefore;
    TimeNs m_origin = 0;
};

void TstExportCommand::initTestCase()
{
    m_profile = test::generate(QStringLiteral("hostbound"), 3, 1, 4000);
    QVERIFY(m_profile->ok());
    QVERIFY(m_profile->rank().trace);
    m_origin = m_profile->rank().trace->minTime;
    m_hashesBefore = test::hashTree(m_profile->dir.path());
    QVERIFY(!m_hashesBefore.isEmpty());
    m_dataHome = m_work.filePath(QStringLiteral("data"));
    // Annotations in a file of their own, as a colleague would send them.
    AnnotationSet set;
    Annotation note;
    note.text = QStringLiteral("look at this kernel");
    note.start = note.end = m_origin + 1'000;
    set.add(note);
    Annotation late;
    late.kind = AnnotationKind::Range;
    late.text = QStringLiteral("the very end");
    late.start = m_profile->rank().trace->maxTime - 1'000;
    late.end = m_profile->rank().trace->maxTime;
    set.add(late);
    QString error;
    QVERIFY2(AnnotationStore::writeFile(m_work.filePath(QStringLiteral("a.json")), set, &error),
        qPrintable(error));
}

QString TstExportCommand::svg(const QStringList &extra, int *exitCode)
{
    const QString out = m_work.filePath(QStringLiteral("out.svg"));
    QFile::remove(out);
    const Run r = runBinary(
        QStringList { QStringLiteral("export"), m_profile->dir.path(), QStringLiteral("-o"), out }
            + extra,
        m_dataHome);
    if (exitCode)
        *exitCode = r.exitCode;
    else if (r.exitCode != 0)
        qWarning() << r.err;
    QFile f(out);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

void TstExportCommand::parseTimes_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<qint64>("ns");
    QTest::newRow("bare is us") << QStringLiteral("12") << true << qint64(12'000);
    QTest::newRow("ms decimal") << QStringLiteral("2.5ms") << true << qint64(2'500'000);
    QTest::newRow("micro sign") << QStringLiteral(" 40 µs") << true << qint64(40'000);
    QTest::newRow("s") << QStringLiteral("1s") << true << qint64(1'000'000'000);
    QTest::newRow("ns") << QStringLiteral("1500ns") << true << qint64(1500);
    QTest::newRow("negative") << QStringLiteral("-1ms") << true << qint64(-1'000'000);
    QTest::newRow("unknown unit") << QStringLiteral("3h") << false << qint64(0);
    QTest::newRow("empty") << QString() << false << qint64(0);
    QTest::newRow("huge") << QStringLiteral("1e30") << false << qint64(0);
}

void TstExportCommand::parseTimes()
{
    QFETCH(QString, text);
    QFETCH(bool, ok);
    QFETCH(qint64, ns);
    TimeNs t = 0;
    QCOMPARE(parseExportTime(text, &t), ok);
    if (ok)
        QCOMPARE(t, ns);
}

void TstExportCommand::svgHasAnnotationsAndCaption()
{
    const QString s
        = svg({ QStringLiteral("--annotations"), m_work.filePath(QStringLiteral("a.json")) });
    QVERIFY(!s.isEmpty());
    QVERIFY(s.contains(QStringLiteral("look at this kernel")));
    QVERIFY(s.contains(QStringLiteral("the very end")));
    const QString name = QFileInfo(m_profile->dir.path()).fileName();
    QVERIFY2(s.contains(name + QStringLiteral(" — rank ")), qPrintable(name));
    QVERIFY(s.contains(QStringLiteral("top kernel ")));
    QVERIFY(s.contains(QStringLiteral("mean step time ")));
}

void TstExportCommand::pngHasRequestedSize()
{
    const QString out = m_work.filePath(QStringLiteral("out.png"));
    const Run r = runBinary({ QStringLiteral("export"), m_profile->dir.path(), QStringLiteral("-o"),
                                out, QStringLiteral("--width"), QStringLiteral("900"),
                                QStringLiteral("--scale"), QStringLiteral("2") },
        m_dataHome);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QImageReader reader(out);
    QCOMPARE(reader.format(), QByteArray("png"));
    QCOMPARE(reader.size().width(), 1800);
    QVERIFY(reader.size().height() > 300);
    QVERIFY2(r.out.contains("1800 x "), r.out.constData());
}

void TstExportCommand::tracksRestrictRows()
{
    const QString all = svg({});
    const QString streams = svg({ QStringLiteral("--tracks"), QStringLiteral("stream") });
    QVERIFY(all.contains(QStringLiteral("Stream ")));
    QVERIFY(streams.contains(QStringLiteral("Stream ")));
    QVERIFY(all.contains(QStringLiteral("Thread ")));
    QVERIFY(!streams.contains(QStringLiteral("Thread ")));
    QVERIFY(streams.size() < all.size());
}

void TstExportCommand::rangeAndStepRestrictTime()
{
    const QStringList annotations { QStringLiteral("--annotations"),
        m_work.filePath(QStringLiteral("a.json")) };
    // The first 100 µs show the early note but not the range at the end.
    const QString early
        = svg(annotations + QStringList { QStringLiteral("--range"), QStringLiteral("0:100us") });
    QVERIFY(early.contains(QStringLiteral("look at this kernel")));
    QVERIFY(!early.contains(QStringLiteral("the very end")));
    QVERIFY(early.contains(QStringLiteral("range 0 ns – 100 µs (100 µs)")));
    const std::vector<StepSpan> steps = findStepSpans(*m_profile->rank().trace);
    QVERIFY(steps.size() >= 2);
    const QString step = svg(annotations + QStringList { QStringLiteral("--step"), steps[1].id });
    QVERIFY(step.contains(QStringLiteral(" — step ") + steps[1].id));
    QVERIFY(step.contains(QStringLiteral("step time ")));
    QVERIFY(!step.contains(QStringLiteral("look at this kernel")));
}

void TstExportCommand::savedAnnotationsAreUsed()
{
    // What the GUI saved for the profile is drawn without --annotations.
    AnnotationSet set;
    Annotation note;
    note.text = QStringLiteral("saved by the GUI");
    note.start = note.end = m_origin + 5'000;
    set.add(note);
    QString error;
    // XDG_DATA_HOME/<organisation>/<application>, as QStandardPaths::AppDataLocation puts it.
    const AnnotationStore store(m_dataHome + QStringLiteral("/npuscope/npuscope"));
    QVERIFY(store.save(m_profile->dir.path(), set, &error));
    const QString s = svg({});
    QVERIFY(s.contains(QStringLiteral("saved by the GUI")));
    QVERIFY(store.save(m_profile->dir.path(), AnnotationSet(), &error));
}

void TstExportCommand::savedArrangementIsUsed()
{
    // The GUI hid the host threads and put the CANN process first: export draws the same, and
    // --default-layout the default (device first, every track).
    const Trace &trace = *m_profile->rank().trace;
    TimelineArrangement arrangement;
    QString cann;
    QString stream;
    QString host;
    for (const Track &t : trace.tracks) {
        if (t.kind == TrackKind::HostThread) {
            arrangement.hidden.insert(TimelineArrangement::trackKey(t));
            host = t.processName;
        }
        if (t.kind == TrackKind::Cann)
            cann = t.processName;
        if (t.kind == TrackKind::DeviceStream && stream.isEmpty())
            stream = t.processName;
    }
    QVERIFY(!cann.isEmpty() && !stream.isEmpty() && !host.isEmpty());
    arrangement.order = { TimelineArrangement::groupKey(cann) };
    // XDG_CONFIG_HOME/<organisation>/<application>, as QStandardPaths::AppConfigLocation puts it.
    const TimelineArrangementStore store(m_dataHome + QStringLiteral("/config/npuscope/npuscope"));
    QString error;
    QVERIFY2(store.save(m_profile->dir.path(), arrangement, &error), qPrintable(error));
    const QString arranged = svg({});
    const QString plain = svg({ QStringLiteral("--default-layout") });
    QVERIFY(store.save(m_profile->dir.path(), {}, &error));
    // The host threads' process has no track left: no header either.
    QVERIFY(plain.contains(QLatin1Char('>') + host));
    QVERIFY(!arranged.contains(QLatin1Char('>') + host));
    // Headers are drawn top to bottom: the first process named is the one on top.
    const auto above = [](const QString &svg, const QString &a, const QString &b) {
        const qsizetype ia = svg.indexOf(QLatin1Char('>') + a);
        const qsizetype ib = svg.indexOf(QLatin1Char('>') + b);
        return ia >= 0 && ib >= 0 && ia < ib;
    };
    QVERIFY(above(plain, stream, cann));
    QVERIFY(above(arranged, cann, stream));
}

void TstExportCommand::userErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("bad suffix") << QStringList { QStringLiteral("-o"), QStringLiteral("x.jpg") }
                                << QStringLiteral(".png or .svg");
    QTest::newRow("bad range") << QStringList { QStringLiteral("--range"), QStringLiteral("5ms") }
                               << QStringLiteral("--range \"5ms\"");
    QTest::newRow("empty range") << QStringList { QStringLiteral("--range"),
        QStringLiteral("5ms:1ms") }
                                 << QStringLiteral("START < END");
    QTest::newRow("bad step") << QStringList { QStringLiteral("--step"), QStringLiteral("99999") }
                              << QStringLiteral("--step 99999: no such step");
    QTest::newRow("bad regex") << QStringList { QStringLiteral("--tracks"), QStringLiteral("(") }
                               << QStringLiteral("not a valid regular expression");
    QTest::newRow("bad width") << QStringList { QStringLiteral("--width"), QStringLiteral("10") }
                               << QStringLiteral("--width");
    QTest::newRow("bad scale") << QStringList { QStringLiteral("--scale"), QStringLiteral("9") }
                               << QStringLiteral("--scale");
    QTest::newRow("no rank") << QStringList { QStringLiteral("--rank"), QStringLiteral("7") }
                             << QStringLiteral("no rank 7");
    QTest::newRow("missing annotations")
        << QStringList { QStringLiteral("--annotations"), QStringLiteral("/nonexistent/a.json") }
        << QStringLiteral("/nonexistent/a.json");
}

void TstExportCommand::userErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    QStringList full { QStringLiteral("export"), m_profile->dir.path() };
    if (!args.contains(QStringLiteral("-o")))
        full << QStringLiteral("-o") << m_work.filePath(QStringLiteral("err.svg"));
    const Run r = runBinary(full + args, m_dataHome);
    QCOMPARE(r.exitCode, int(kExitUserError));
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    QVERIFY(!QFile::exists(m_work.filePath(QStringLiteral("err.svg"))));
}

void TstExportCommand::profileFolderUnchanged()
{
    // Runs last: every export above read the profile; none may have written into it.
    QCOMPARE(test::hashTree(m_profile->dir.path()), m_hashesBefore);
}

// ascend-2025-11 rank_0 has no trace_view.json: the export draws the kernels of its streams
// from kernel_details.csv (it failed with "no trace to draw").
void TstExportCommand::kernelTableWithoutTrace()
{
    const QDir samples(QStringLiteral(NPUSCOPE_SAMPLES_DIR));
    if (!samples.exists())
        QSKIP("sample profiles not available");
    const QString path = samples.filePath(QStringLiteral("ascend-2025-11/rank_0_ascend_pt"));
    QVERIFY2(QFile::exists(path + QStringLiteral("/ASCEND_PROFILER_OUTPUT/kernel_details.csv")),
        qPrintable(path));
    const QString out = m_work.filePath(QStringLiteral("kernels.svg"));
    const Run r
        = runBinary({ QStringLiteral("export"), path, QStringLiteral("-o"), out }, m_dataHome);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString svg = QString::fromUtf8(f.readAll());
    QVERIFY(svg.contains(QStringLiteral("Ascend Hardware")));
    QVERIFY(svg.contains(QStringLiteral("Stream 2")));
    QVERIFY(svg.contains(QStringLiteral("Communication")));
    // The kernels are drawn (the longest ones labelled), and the step from their Step Id.
    QVERIFY(svg.contains(QStringLiteral("hcom_batchSendRecv__128_4_1")));
    QVERIFY(svg.contains(QStringLiteral("ProfilerStep#13")));
    QVERIFY2(r.out.contains("3 track(s)"), r.out.constData());
}

// The held-out case of issue 26: one stream runs a single 1 s kernel, another 10 us kernels every
// 20 us (50% busy). A default export drew both as solid bars (the half-busy one with 1.11 times
// the ink, its "50,000 events" label included); drawn as occupancy it carries about half.
void TstExportCommand::halfBusyStreamHasHalfTheInk()
{
    QByteArray json = R"({"traceEvents":[
{"ph":"M","name":"process_name","pid":1,"args":{"name":"Ascend Hardware"}},
{"ph":"M","name":"thread_name","pid":1,"tid":1,"args":{"name":"Stream 1"}},
{"ph":"M","name":"thread_name","pid":1,"tid":2,"args":{"name":"Stream 2"}},
{"ph":"X","name":"LongKernel","pid":1,"tid":1,"ts":0,"dur":1000000})";
    for (int us = 0; us < 1'000'000; us += 20)
        json += R"(,{"ph":"X","name":"ShortKernel","pid":1,"tid":2,"ts":)" + QByteArray::number(us)
            + R"(,"dur":10})";
    json += "]}";
    const QString path = m_work.filePath(QStringLiteral("heldout.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly) && file.write(json) == json.size());
    file.close();
    const QString out = m_work.filePath(QStringLiteral("heldout.png"));
    const Run r
        = runBinary({ QStringLiteral("export"), path, QStringLiteral("-o"), out }, m_dataHome);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QImage image = QImage(out).convertToFormat(QImage::Format_RGB32);
    QVERIFY(!image.isNull());
    // Row bounds from the header column's left edge, left of every label: there, only the
    // ruler's bottom line and each row's bottom separator differ from the header background.
    std::vector<int> lines;
    const QRgb header = image.pixel(3, 0);
    for (int y = 1; y < image.height(); ++y)
        if (image.pixel(3, y) != header && image.pixel(3, y - 1) == header)
            lines.push_back(y);
    // Ruler, "Ascend Hardware", "Stream 1", "Stream 2".
    QCOMPARE(lines.size(), std::size_t(4));
    const double first = test::inkInBand(image, lines[1] + 1, lines[2] - lines[1] - 1);
    const double second = test::inkInBand(image, lines[2] + 1, lines[3] - lines[2] - 1);
    const double ratio = std::min(first, second) / std::max(first, second);
    qInfo("ink: %.0f and %.0f, ratio %.3f", first, second, ratio);
    QVERIFY2(std::max(first, second) > 1000, qPrintable(QString::number(first)));
    QVERIFY2(ratio >= 0.35 && ratio <= 0.65, qPrintable(QString::number(ratio)));
}

QTEST_GUILESS_MAIN(TstExportCommand)
#include "tst_exportcommand.moc"
