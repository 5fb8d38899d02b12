// Hostile trace JSON (issue 9): what tst_traceloader does not already cover. Every case must
// load what can be loaded, report the rest with the file and a location, and never crash.
#include "model/trace/traceloader.h"
#include "model/trace/tracesource.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <cstdint>

using namespace npuscope;

namespace {

const QString kName = QStringLiteral("hostile/trace_view.json");

TraceLoadResult loadBytes(const QByteArray &data, int threads = 1, std::int64_t chunk = 0)
{
    TraceLoadOptions o;
    o.threads = threads;
    o.chunkBytes = chunk;
    return loadTrace(TraceSource::fromMemory(data, kName), o);
}

QByteArray slice(int i, const QByteArray &extra = {})
{
    return QStringLiteral(
        R"({"ph": "X", "name": "k%1", "pid": 1, "tid": 2, "ts": %2, "dur": 1.5%3})")
        .arg(i)
        .arg(1000 + i * 10)
        .arg(QString::fromUtf8(extra))
        .toUtf8();
}

QByteArray traceOf(const QList<QByteArray> &events)
{
    QByteArray out = "[";
    for (qsizetype i = 0; i < events.size(); ++i)
        out += (i ? ",\n" : "") + events[i];
    return out + "]";
}

QString describe(const IssueList &issues)
{
    QStringList out;
    for (const Issue &i : issues)
        out << severityName(i.severity) + u' ' + i.file + u' ' + i.location + u' ' + i.message;
    return out.join(u'\n');
}

// Every problem names the file, and every warning or error also where in it.
bool issuesLocated(const IssueList &issues)
{
    for (const Issue &i : issues) {
        if (i.file != kName)
            return false;
        if (i.severity != Severity::Info && i.location.isEmpty() && !i.message.contains(kName))
            return false;
    }
    return true;
}

} // namespace

class TstHostileTrace : public QObject {
    Q_OBJECT
private slots:
    void truncationAtEveryByte();
    void badNumbers_data();
    void badNumbers();
    void controlCharacters();
    void duplicatedMetadata();
    void deeplyNestedArgs();
    void hugeString();
    void gzipBomb();
    void shrinksWhileLoading();
};

// Cut a small trace at every byte: the number of loaded events never goes down as the cut moves
// later, whatever the chunking, and the issues always say where.
void TstHostileTrace::truncationAtEveryByte()
{
    QList<QByteArray> events;
    events
        << R"({"ph": "M", "name": "thread_name", "pid": 1, "tid": 2, "args": {"name": "Stream 2"}})";
    for (int i = 0; i < 12; ++i)
        events << slice(i, R"(, "args": {"s": "a,]}{\"x\": [1"})");
    const QByteArray json = traceOf(events);
    for (const auto &[threads, chunk] :
        { std::pair(1, std::int64_t(0)), std::pair(2, std::int64_t(64)) }) {
        qint64 previous = 0;
        for (qsizetype cut = 0; cut <= json.size(); ++cut) {
            const TraceLoadResult r = loadBytes(json.left(cut), threads, chunk);
            const qint64 loaded = r.trace ? r.trace->stats.events : 0;
            QVERIFY2(loaded >= previous,
                qPrintable(QStringLiteral("cut %1 (chunk %2): %3 < %4")
                               .arg(cut)
                               .arg(chunk)
                               .arg(loaded)
                               .arg(previous)));
            QVERIFY2(issuesLocated(r.issues),
                qPrintable(QStringLiteral("cut %1:\n").arg(cut) + describe(r.issues)));
            if (cut < json.size())
                QVERIFY2(!r.issues.isEmpty(),
                    qPrintable(QStringLiteral("cut %1 reported nothing").arg(cut)));
            previous = loaded;
        }
        QCOMPARE(previous, qint64(events.size()));
    }
}

void TstHostileTrace::badNumbers_data()
{
    QTest::addColumn<QByteArray>("bad");
    QTest::addColumn<QString>("message");
    QTest::newRow("ts number 1e400")
        << QByteArray(R"({"ph": "X", "name": "c", "pid": 1, "tid": 2, "ts": 1e400, "dur": 1})")
        << QStringLiteral("timestamp");
    QTest::newRow("ts string NaN")
        << QByteArray(R"({"ph": "X", "name": "c", "pid": 1, "tid": 2, "ts": "NaN", "dur": 1})")
        << QStringLiteral("timestamp");
    QTest::newRow("ts -1e400") << QByteArray(
        R"({"ph": "X", "name": "c", "pid": 1, "tid": 2, "ts": "-1e400", "dur": 1})")
                               << QStringLiteral("timestamp");
    QTest::newRow("ts near INT64_MAX ns") << QByteArray(
        R"({"ph": "X", "name": "c", "pid": 1, "tid": 2, "ts": "9223372036854775.807", "dur": 1})")
                                          << QStringLiteral("timestamp");
    QTest::newRow("ts object") << QByteArray(
        R"({"ph": "X", "name": "c", "pid": 1, "tid": 2, "ts": {"a": 1}, "dur": 1})")
                               << QString();
    QTest::newRow("dur string NaN")
        << QByteArray(R"({"ph": "X", "name": "c", "pid": 1, "tid": 2, "ts": 3, "dur": "NaN"})")
        << QStringLiteral("duration");
    QTest::newRow("dur bare NaN") << QByteArray(
        R"({"ph": "X", "name": "c", "pid": 1, "tid": 2, "ts": 3, "dur": NaN})")
                                  << QString();
    QTest::newRow("dur inf") << QByteArray(
        R"({"ph": "X", "name": "c", "pid": 1, "tid": 2, "ts": 3, "dur": "inf"})")
                             << QStringLiteral("duration");
    QTest::newRow("dur negative string")
        << QByteArray(R"({"ph": "X", "name": "c", "pid": 1, "tid": 2, "ts": 3, "dur": "-0.5"})")
        << QStringLiteral("negative duration");
    QTest::newRow("dur 1e400") << QByteArray(
        R"({"ph": "X", "name": "c", "pid": 1, "tid": 2, "ts": 3, "dur": 1e400})")
                               << QString();
    QTest::newRow("dur huge") << QByteArray(
        R"({"ph": "X", "name": "c", "pid": 1, "tid": 2, "ts": 3, "dur": 9e18})")
                              << QStringLiteral("duration");
    QTest::newRow("counter NaN") << QByteArray(
        R"({"ph": "C", "name": "c", "pid": 1, "tid": 2, "ts": 3, "args": {"v": "NaN"}})")
                                 << QString();
    QTest::newRow("pid huge") << QByteArray(
        R"({"ph": "X", "name": "c", "pid": 1e400, "tid": -99999999999999999999, "ts": 3, "dur": 1})")
                              << QString();
}

// One bad number loses at most its own event; the good ones around it stay, with exact times.
void TstHostileTrace::badNumbers()
{
    QFETCH(QByteArray, bad);
    QFETCH(QString, message);
    const TraceLoadResult r = loadBytes(traceOf({ slice(0), bad, slice(1) }));
    QVERIFY(r.trace);
    QVERIFY2(r.trace->sliceCount() >= 2, qPrintable(describe(r.issues)));
    QVERIFY2(issuesLocated(r.issues), qPrintable(describe(r.issues)));
    if (!message.isEmpty())
        QVERIFY2(describe(r.issues).contains(message), qPrintable(describe(r.issues)));
    for (const Track &t : r.trace->tracks)
        for (const Event &e : t.events) {
            QVERIFY(e.duration >= 0);
            QVERIFY(e.start <= e.start + e.duration); // no overflow anywhere downstream
        }
}

// Raw control characters are invalid in JSON strings: the event is reported, the rest loads.
// Escaped ones are valid and kept.
void TstHostileTrace::controlCharacters()
{
    const QByteArray raw = R"({"ph": "X", "name": "a)" + QByteArray("\x01\x1f\x7f\tb", 5)
        + R"(", "pid": 1, "tid": 2, "ts": 5, "dur": 1})";
    const QByteArray escaped
        = R"({"ph": "X", "name": "x\u0001\u001fy\r\n", "pid": 1, "tid": 2, "ts": 7, "dur": 1})";
    const TraceLoadResult r = loadBytes(traceOf({ slice(0), raw, escaped, slice(1) }));
    QVERIFY(r.trace);
    QVERIFY2(r.trace->sliceCount() >= 3, qPrintable(describe(r.issues)));
    QVERIFY2(issuesLocated(r.issues), qPrintable(describe(r.issues)));
    bool found = false;
    for (const Event &e : r.trace->tracks.front().events)
        found = found || r.trace->strings.string(e.name) == QStringLiteral("x\x01\x1fy\r\n");
    QVERIFY(found);
}

// The same process or thread named twice (two profiler sessions merged by hand): one track,
// no crash, the events all there.
void TstHostileTrace::duplicatedMetadata()
{
    const TraceLoadResult r = loadBytes(traceOf(
        { R"({"ph": "M", "name": "process_name", "pid": 1, "tid": 0, "args": {"name": "Ascend Hardware"}})",
            R"({"ph": "M", "name": "process_name", "pid": 1, "tid": 0, "args": {"name": "Python"}})",
            R"({"ph": "M", "name": "thread_name", "pid": 1, "tid": 2, "args": {"name": "Stream 2"}})",
            R"({"ph": "M", "name": "thread_name", "pid": 1, "tid": 2, "args": {"name": "Stream 2"}})",
            R"({"ph": "M", "name": "process_sort_index", "pid": 1, "tid": 0, "args": {"sort_index": 3}})",
            R"({"ph": "M", "name": "process_sort_index", "pid": 1, "tid": 0, "args": {"sort_index": -2147483649}})",
            R"({"ph": "M", "name": "thread_name", "pid": 1, "tid": 2, "args": {"name": 42}})",
            R"({"ph": "M", "name": "thread_name", "pid": 1, "tid": 2})", slice(0), slice(1) }));
    QVERIFY(r.trace);
    QCOMPARE(r.trace->tracks.size(), std::size_t(1));
    QCOMPARE(r.trace->sliceCount(), 2);
    const QString process = r.trace->tracks[0].processName;
    QVERIFY2(process == QLatin1String("Ascend Hardware") || process == QLatin1String("Python"),
        qPrintable(process));
    QVERIFY2(issuesLocated(r.issues), qPrintable(describe(r.issues)));
}

// 100 000 levels of nesting in args: no stack overflow in the parser nor in the lazy args().
void TstHostileTrace::deeplyNestedArgs()
{
    const int depth = 100000;
    const QByteArray nested = QByteArray(depth, '[') + QByteArray(depth, ']');
    QByteArray objects;
    for (int i = 0; i < depth; ++i)
        objects += "{\"a\":";
    objects += '1' + QByteArray(depth, '}');
    const TraceLoadResult r
        = loadBytes(traceOf({ slice(0), slice(1, ", \"args\": {\"deep\": " + nested + "}"),
            slice(2, ", \"args\": " + objects), slice(3) }));
    QVERIFY(r.trace);
    QVERIFY2(r.trace->sliceCount() >= 2, qPrintable(describe(r.issues)));
    QVERIFY2(issuesLocated(r.issues), qPrintable(describe(r.issues)));
    const Track &t = r.trace->tracks.front();
    for (std::uint32_t i = 0; i < t.events.size(); ++i)
        (void)r.trace->args({ t.id, i }); // must return (empty is fine), not crash
}

// One 100 MB string (a runaway "Input Dims") in the middle of a trace: loaded, and the
// neighbouring events too. The lazy args read gets it back whole.
void TstHostileTrace::hugeString()
{
    const qsizetype size = qsizetype(100) << 20;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("trace_view.json"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("[" + slice(0) + ",\n" + slice(1).chopped(1) + R"(, "args": {"Input Dims": ")");
        const QByteArray block(1 << 20, 'x');
        for (qsizetype done = 0; done < size; done += block.size())
            f.write(block);
        f.write("\"}},\n" + slice(2) + "]");
    }
    TraceLoadOptions o;
    o.threads = 2;
    const TraceLoadResult r = loadTrace(path, o);
    QVERIFY(r.trace);
    QCOMPARE(r.trace->sliceCount(), 3);
    for (const Issue &i : r.issues)
        QVERIFY2(i.severity == Severity::Info, qPrintable(i.message));
    const Track &t = r.trace->tracks.front();
    qsizetype longest = 0;
    for (std::uint32_t i = 0; i < t.events.size(); ++i)
        longest = std::max(longest,
            r.trace->args({ t.id, i }).value(QStringLiteral("Input Dims")).toString().size());
    QCOMPARE(longest, size);
}

// A small gzip that inflates far past the limit is refused with a message naming the file,
// after decompressing no more than the limit.
void TstHostileTrace::gzipBomb()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bomb.pt.trace.json.gz"));
    QByteArray zeros(64 << 20, ' ');
    zeros[0] = '['; // an event array that never ends
    const QByteArray packed = qCompress(zeros, 9); // zlib stream: wrap it as gzip below
    // qCompress = 4-byte size + zlib header (2) + deflate data + adler32 (4).
    const QByteArray deflate = packed.mid(6, packed.size() - 10);
    QByteArray gz("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", 10);
    gz += deflate;
    const quint32 crc = 0, len = quint32(zeros.size());
    gz.append(reinterpret_cast<const char *>(&crc), 4)
        .append(reinterpret_cast<const char *>(&len), 4);
    QVERIFY(gz.size() < (1 << 20));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(gz);
    }
    QString error;
    const auto source = TraceSource::open(path, &error, std::int64_t(8) << 20);
    QVERIFY(source); // inflated as it loads: the guard stops the load
    const TraceLoadResult r = loadTrace(source);
    bool guarded = false;
    for (const Issue &i : r.issues)
        guarded |= i.severity == Severity::Error && i.file == path
            && i.message.contains(QLatin1String("gzip bomb"));
    QVERIFY(guarded);
    QVERIFY(source->size() <= (std::int64_t(8) << 20));
}

// A file cut short while it is read (the profiler rewrote it): pread gives short reads, never
// SIGBUS; what was read before the cut is kept and the end is reported.
void TstHostileTrace::shrinksWhileLoading()
{
    QList<QByteArray> events;
    for (int i = 0; i < 200000; ++i)
        events << slice(i);
    const QByteArray json = traceOf(events);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("trace_view.json"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(json);
    }
    std::atomic<bool> cut = false;
    TraceLoadOptions o;
    o.threads = 2;
    o.chunkBytes = 256 << 10;
    const TraceLoadResult r = loadTrace(path, o, [&](std::int64_t done, std::int64_t) {
        if (done > 0 && !cut.exchange(true))
            QFile::resize(path, json.size() / 3);
        return true;
    });
    QVERIFY(cut);
    QVERIFY(r.trace);
    QVERIFY(r.trace->sliceCount() > 0);
    QVERIFY(r.trace->sliceCount() < 200000);
    QVERIFY(!r.issues.isEmpty());
    for (const Issue &i : r.issues)
        QCOMPARE(i.file, path);
}

QTEST_GUILESS_MAIN(TstHostileTrace)
#include "tst_hostiletrace.moc"
