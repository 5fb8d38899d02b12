#include "model/trace/tracedump.h"
#include "model/trace/traceloader.h"
#include "model/trace/tracesource.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <zlib.h>

using namespace npuscope;

class TstTraceLoader : public QObject {
    Q_OBJECT
private slots:
    void smallTrace();
    void exactTimes();
    void damaged_data();
    void damaged();
    void rejects_data();
    void rejects();
    void kinetoObjectForm();
    void opaqueKeys();
    void escapedStrings();
    void flowIdsAndNames();
    void overlapAndNesting();
    void beginEnd();
    void chunkedEqualsSerial();
    void previewFirstSpan();
    void truncationSweep();
    void gzip();
    void lazyArgs();
    void samples_data();
    void samples();
};

namespace {

// A small torch_npu-shaped trace: metadata, host op, device task, flow, counter.
const char *kSmall
    = R"([{"ph": "M", "name": "process_name", "pid": 100, "tid": 0, "args": {"name": "Python"}},
{"ph": "M", "name": "process_sort_index", "pid": 100, "tid": 0, "args": {"sort_index": 0}},
{"ph": "M", "name": "process_name", "pid": 3170820512, "tid": 0, "args": {"name": "Ascend Hardware"}},
{"ph": "M", "name": "process_sort_index", "pid": 3170820512, "tid": 0, "args": {"sort_index": 13}},
{"ph": "M", "name": "thread_name", "pid": 3170820512, "tid": 2, "args": {"name": "Stream 2"}},
{"ph": "X", "name": "aten::add", "pid": 100, "tid": 100, "ts": "1736408883688177.930", "dur": 145.57, "cat": "cpu_op", "args": {"Input Dims": "[1]"}},
{"ph": "X", "name": "Add", "pid": 3170820512, "tid": 2, "ts": "1736408883688400.000", "dur": 3.5, "args": {"Task Type": "AI_VECTOR_CORE"}},
{"ph": "s", "name": "torch_to_npu", "id": 1736408883840600069, "pid": 100, "tid": 100, "ts": "1736408883688180.000", "cat": "async_npu"},
{"ph": "f", "bp": "e", "name": "torch_to_npu", "id": 1736408883840600069, "pid": 3170820512, "tid": 2, "ts": "1736408883688400.000", "cat": "async_npu"},
{"ph": "C", "name": "AI Core Freq", "pid": 7, "tid": 0, "ts": "1736408883688100.000", "args": {"MHz": 1800.0}}])";

QString writeTemp(QTemporaryDir &dir, const QByteArray &data,
    const QString &name = QStringLiteral("trace_view.json"))
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(data);
    return path;
}

TraceLoadResult loadBytes(const QByteArray &data, int threads = 1, qint64 chunk = 0)
{
    TraceLoadOptions o;
    o.threads = threads;
    o.chunkBytes = chunk;
    return loadTrace(TraceSource::fromMemory(data, QStringLiteral("mem.json")), o);
}

bool hasIssue(const IssueList &issues, Severity s, const QString &needle)
{
    for (const Issue &i : issues)
        if (i.severity == s && i.message.contains(needle))
            return true;
    return false;
}

QByteArray manyEvents(int n)
{
    QByteArray out = "[";
    out += R"({"ph": "M", "name": "thread_name", "pid": 1, "tid": 2, "args": {"name": "Stream 2"}})";
    for (int i = 0; i < n; ++i) {
        // Unsorted on purpose: odd events come later in time than the next even one.
        const qint64 ts = 1000000 + (i % 2 ? i + 3 : i) * 10;
        out += QStringLiteral(
            R"(, {"ph": "X", "name": "k%1", "pid": 1, "tid": %2, "ts": "%3.250", "dur": 4.5, "args": {"x": "}, {\"fake\": 1"}})")
                   .arg(i % 7)
                   .arg(i % 3)
                   .arg(ts)
                   .toUtf8();
    }
    out += "]";
    return out;
}

} // namespace

void TstTraceLoader::smallTrace()
{
    const TraceLoadResult r = loadBytes(kSmall);
    QVERIFY(r.trace);
    const Trace &t = *r.trace;
    QCOMPARE(t.stats.events, 10);
    QCOMPARE(t.stats.metadata, 5);
    QCOMPARE(t.stats.complete, 2);
    QCOMPARE(t.stats.flow, 2);
    QCOMPARE(t.stats.counter, 1);
    QCOMPARE(t.tracks.size(), std::size_t(2));
    QCOMPARE(t.tracks[0].processName, QStringLiteral("Python"));
    QCOMPARE(t.tracks[0].kind, TrackKind::HostThread);
    QCOMPARE(t.tracks[1].processName, QStringLiteral("Ascend Hardware"));
    QCOMPARE(t.tracks[1].threadName, QStringLiteral("Stream 2"));
    QCOMPARE(t.tracks[1].kind, TrackKind::DeviceStream);
    QCOMPARE(t.tracks[1].streamId, 2);
    QCOMPARE(t.flows.size(), std::size_t(1));
    QCOMPARE(t.strings.string(t.flows[0].name), QStringLiteral("torch_to_npu"));
    QCOMPARE(t.strings.string(t.flows[0].category), QStringLiteral("async_npu"));
    QCOMPARE(t.flows[0].from, (EventRef { TrackId(0), 0 }));
    QCOMPARE(t.flows[0].to, (EventRef { TrackId(1), 0 }));
    QCOMPARE(t.flowsFrom({ TrackId(0), 0 }).size(), std::size_t(1));
    QCOMPARE(t.flowsTo({ TrackId(1), 0 }).size(), std::size_t(1));
    QCOMPARE(t.counters.size(), std::size_t(1));
    QCOMPARE(t.counters[0].name, QStringLiteral("AI Core Freq (MHz)"));
    QCOMPARE(t.counters[0].maxValue, 1800.0);
    QCOMPARE(t.minTime, TimeNs(1736408883688100000));
    QVERIFY(r.issues.isEmpty());
}

void TstTraceLoader::exactTimes()
{
    const TraceLoadResult r = loadBytes(kSmall);
    const Event &op = r.trace->tracks[0].events[0];
    QCOMPARE(op.start, TimeNs(1736408883688177930));
    QCOMPARE(op.duration, TimeNs(145570));
}

void TstTraceLoader::damaged_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<int>("slices");
    QTest::addColumn<int>("severity");
    QTest::addColumn<QString>("message");
    const QByteArray a = R"({"ph": "X", "name": "a", "pid": 1, "tid": 1, "ts": 1, "dur": 1})";
    const QByteArray b = R"({"ph": "X", "name": "b", "pid": 1, "tid": 1, "ts": 5, "dur": 1})";
    QTest::newRow("trailing comma") << "[" + a + ", " + b + ",]" << 2 << int(Severity::Info)
                                    << QStringLiteral("trailing comma");
    QTest::newRow("missing ]") << "[" + a + ", " + b << 2 << int(Severity::Warning)
                               << QStringLiteral("not closed");
    QTest::newRow("missing ] after comma")
        << "[" + a + ", " + b + ",\n"
        << 2 << int(Severity::Warning) << QStringLiteral("not closed");
    QTest::newRow("truncated last event")
        << "[" + a + ", " + b.left(30) << 1 << int(Severity::Warning)
        << QStringLiteral("ends inside an event");
    QTest::newRow("truncated in string")
        << "[" + a + ", " + b.left(14) << 1 << int(Severity::Warning)
        << QStringLiteral("ends inside an event");
    QTest::newRow("malformed middle")
        << "[" + a + R"(, {"ph": "X", "name": "c" "pid": 1}, )" + b + "]" << 2
        << int(Severity::Warning) << QStringLiteral("malformed event");
    QTest::newRow("invalid utf8 in one event") << "[" + a
            + ", {\"ph\": \"X\", \"name\": \"\xff\xfe\", \"pid\": 1, \"tid\": 1, \"ts\": 3}, " + b
            + "]" << 2 << int(Severity::Warning)
                                               << QStringLiteral("malformed event");
    QTest::newRow("NUL byte") << "[" + a + QByteArray(", {\"ph\": \"X\", \"na\0me\": 1}, ", 27) + b
            + "]" << 2 << int(Severity::Warning)
                              << QStringLiteral("malformed");
    QTest::newRow("ts 1e400") << "[" + a
            + R"(, {"ph": "X", "name": "c", "pid": 1, "tid": 1, "ts": "1e400", "dur": 1}, )" + b
            + "]" << 2 << int(Severity::Warning)
                              << QStringLiteral("not a valid number");
    QTest::newRow("negative dur") << "[" + a
            + R"(, {"ph": "X", "name": "c", "pid": 1, "tid": 1, "ts": 3, "dur": -4})" + "]"
                                  << 2 << int(Severity::Warning)
                                  << QStringLiteral("negative duration");
    QTest::newRow("missing ts") << "[" + a
            + R"(, {"ph": "X", "name": "c", "pid": 1, "tid": 1, "dur": 1})" + "]"
                                << 1 << int(Severity::Warning) << QStringLiteral("without \"ts\"");
    QTest::newRow("not an object") << "[" + a + ", 42, " + b + "]" << 2 << int(Severity::Warning)
                                   << QStringLiteral("malformed");
}

void TstTraceLoader::damaged()
{
    QFETCH(QByteArray, json);
    QFETCH(int, slices);
    QFETCH(int, severity);
    QFETCH(QString, message);
    const TraceLoadResult r = loadBytes(json);
    QVERIFY(r.trace);
    QCOMPARE(int(r.trace->sliceCount()), slices);
    QVERIFY2(hasIssue(r.issues, Severity(severity), message),
        qPrintable(r.issues.isEmpty() ? QStringLiteral("no issue") : r.issues.first().message));
    for (const Issue &i : r.issues)
        QVERIFY(!i.location.isEmpty() || i.severity == Severity::Info);
}

void TstTraceLoader::rejects_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty file") << QByteArray() << QStringLiteral("empty");
    QTest::newRow("whitespace only") << QByteArray(" \n\t") << QStringLiteral("empty");
    QTest::newRow("binary garbage")
        << QByteArray("\x89PNG\r\n\x1a\n\0\0\0", 11) << QStringLiteral("not a JSON trace");
    QTest::newRow("object without traceEvents")
        << QByteArray(R"({"a": 1})") << QStringLiteral("traceEvents");
}

void TstTraceLoader::rejects()
{
    QFETCH(QByteArray, data);
    QFETCH(QString, message);
    const TraceLoadResult r = loadBytes(data);
    QVERIFY(!r.trace);
    QVERIFY(hasIssue(r.issues, Severity::Error, message));
}

void TstTraceLoader::kinetoObjectForm()
{
    const QByteArray json
        = R"({"schemaVersion": 1, "deviceProperties": [{"name": "GPU"}], "traceEvents": [
  {"ph": "M", "name": "thread_name", "pid": 0, "tid": "stream 7", "args": {"name": "stream 7"}},
  {"ph": "X", "cat": "Kernel", "name": "volta_sgemm", "pid": 0, "tid": "stream 7", "ts": 1623142623531639, "dur": 605},
  {"ph": "X", "cat": "Operator", "name": "aten::conv2d", "pid": 25738, "tid": "25738", "ts": 1623142623531000, "dur": 700},
  {"ph": "s", "id": 34417, "pid": 25738, "tid": 25738, "ts": 1623142623531100, "cat": "async", "name": "launch"},
  {"ph": "f", "id": 34417, "pid": 0, "tid": "stream 7", "ts": 1623142623531639, "cat": "async", "name": "launch", "bp": "e"}
], "traceName": "x"})";
    const TraceLoadResult r = loadBytes(json);
    QVERIFY(r.trace);
    QVERIFY(r.trace->kineto);
    QCOMPARE(r.trace->stats.events, 5);
    QCOMPARE(r.trace->tracks.size(), std::size_t(2));
    const Track *device = nullptr;
    for (const Track &t : r.trace->tracks)
        if (t.kind == TrackKind::DeviceStream)
            device = &t;
    QVERIFY(device);
    QCOMPARE(device->streamId, 7);
    QCOMPARE(r.trace->flows.size(), std::size_t(1)); // tid 25738 as string and as int: one thread
    QVERIFY(r.issues.isEmpty());
}

void TstTraceLoader::opaqueKeys()
{
    const QByteArray json
        = R"([{"ph": "X", "name": "a", "pid": "0_1234", "tid": 5, "ts": 1, "dur": 1},
        {"ph": "X", "name": "b", "pid": "0_1234", "tid": "5", "ts": 3, "dur": 1},
        {"ph": "X", "name": "c", "pid": 3170820512, "tid": 5, "ts": 3, "dur": 1}])";
    const TraceLoadResult r = loadBytes(json);
    QCOMPARE(r.trace->tracks.size(), std::size_t(2));
}

// Names, categories, phases and "bp" are read from the raw text unless they hold a backslash:
// escaped and unescaped spellings of one string are the same string, spaces inside the quotes
// are kept, whitespace after the closing quote is not part of it, and a number as a name is
// its text.
void TstTraceLoader::escapedStrings()
{
    const QByteArray json
        = R"([{"ph": "X", "name": "a\"b\\c", "cat": "k\u0065rnel", "pid": 1, "tid": 1, "ts": 1, "dur": 1},
        {"ph": "\u0058", "name": "a\u0022b\u005cc" , "cat": "kernel"  , "pid": 1, "tid": 1, "ts": 3, "dur": 1},
        {"ph" : "X" , "name" : " padded\t" , "pid": 1, "tid": 1, "ts": 5, "dur": 1},
        {"ph": "X", "name": 42, "pid": 1, "tid": 1, "ts": 7, "dur": 1},
        {"ph": "X", "name": "caf\u00e9 \/ \u4e2d", "pid": 1, "tid": 1, "ts": 9, "dur": 1},
        {"ph": "X", "name": "op", "pid": 1, "tid": 1, "ts": 0, "dur": 100},
        {"ph": "X", "name": "k", "pid": 2, "tid": 2, "ts": 10, "dur": 1},
        {"ph": "s", "name": "f", "cat": "c", "id": 1, "pid": 1, "tid": 1, "ts": 2},
        {"ph": "f", "bp": "\u0065", "name": "f", "cat": "\u0063", "id": 1, "pid": 2, "tid": 2, "ts": 10.5}])";
    const TraceLoadResult r = loadBytes(json);
    QVERIFY(r.trace);
    QVERIFY2(
        r.issues.isEmpty(), qPrintable(r.issues.isEmpty() ? QString() : r.issues.first().message));
    const Trace &t = *r.trace;
    QCOMPARE(t.stats.complete, 7);
    std::vector<QString> names, cats;
    for (const Event &e : t.tracks[0].events) {
        names.push_back(t.strings.string(e.name));
        cats.push_back(t.strings.string(e.category));
    }
    const std::vector<QString> wantNames { QStringLiteral("op"), QStringLiteral("a\"b\\c"),
        QStringLiteral("a\"b\\c"), QStringLiteral(" padded\t"), QStringLiteral("42"),
        QString::fromUtf8("caf\u00e9 / \u4e2d") };
    QCOMPARE(names, wantNames);
    QCOMPARE(cats[1], QStringLiteral("kernel"));
    QCOMPARE(cats[2], QStringLiteral("kernel"));
    QCOMPARE(
        t.strings.string(t.tracks[0].events[1].name), t.strings.string(t.tracks[0].events[2].name));
    QVERIFY(t.tracks[0].events[1].name == t.tracks[0].events[2].name);
    // "bp": "\u0065" is "e": the flow ends at the enclosing slice "k" (not the next one).
    QCOMPARE(t.flows.size(), std::size_t(1));
    QCOMPARE(t.strings.string(t.event(t.flows[0].to).name), QStringLiteral("k"));
}

// Flow ids pair starts with ends by their exact text (hashed, not interned): ids that differ
// in one digit, ids beyond 2^64, numbers vs strings of the same digits, and escaped keys.
// HostToDevice flows named category + id keep only the category as their name.
void TstTraceLoader::flowIdsAndNames()
{
    const QByteArray json = R"([{"ph": "X", "name": "op", "pid": 1, "tid": 1, "ts": 0, "dur": 100},
        {"ph": "X", "name": "k1", "pid": 2, "tid": 2, "ts": 10, "dur": 1},
        {"ph": "X", "name": "k2", "pid": 2, "tid": 2, "ts": 20, "dur": 1},
        {"ph": "X", "name": "k3", "pid": 2, "tid": 2, "ts": 30, "dur": 1},
        {"ph": "s", "name": "HostToDevice40004068119343520901", "cat": "HostToDevice", "id": "40004068119343520901", "pid": 1, "tid": 1, "ts": 5},
        {"ph": "f", "bp": "e", "name": "HostToDevice40004068119343520901", "cat": "HostToDevice", "id": "40004068119343520901", "pid": 2, "tid": 2, "ts": 10},
        {"ph": "s", "name": "torch_to_npu", "cat": "async_npu", "id": 40004068119343520902, "pid": 1, "tid": 1, "ts": 6},
        {"ph": "f", "bp": "e", "name": "torch_to_npu", "cat": "async_npu", "id": 40004068119343520903, "pid": 2, "tid": 2, "ts": 20},
        {"ph": "s", "name": "x", "cat": "async_npu", "id": 7, "pid": 1, "tid": 1, "ts": 7},
        {"ph": "f", "bp": "e", "name": "x", "cat": "async_npu", "\u0069d": 7, "pid": 2, "tid": 2, "ts": 30}])";
    const TraceLoadResult r = loadBytes(json);
    const Trace &t = *r.trace;
    // Pairs: the HostToDevice one, and id 7 (its end spells "id" with an escape); ...902 and
    // ...903 differ in the last digit and stay unpaired.
    QCOMPARE(t.flows.size(), std::size_t(2));
    std::vector<std::pair<QString, QString>> seen;
    for (const Flow &f : t.flows) {
        const Event &to = t.event(f.to);
        seen.emplace_back(t.strings.string(f.name), t.strings.string(to.name));
        QCOMPARE(t.strings.string(t.event(f.from).name), QStringLiteral("op"));
    }
    std::sort(seen.begin(), seen.end());
    QCOMPARE(seen[0], std::make_pair(QStringLiteral("HostToDevice"), QStringLiteral("k1")));
    QCOMPARE(seen[1], std::make_pair(QStringLiteral("x"), QStringLiteral("k3")));
    // The unique HostToDevice name is not in the string pool.
    QVERIFY(!t.strings.find("HostToDevice40004068119343520901").isValid());
}

void TstTraceLoader::overlapAndNesting()
{
    const QByteArray json = R"([{"ph": "X", "name": "inner", "pid": 1, "tid": 1, "ts": 2, "dur": 2},
        {"ph": "X", "name": "outer", "pid": 1, "tid": 1, "ts": 1, "dur": 10},
        {"ph": "X", "name": "crossing", "pid": 1, "tid": 1, "ts": 8, "dur": 10},
        {"ph": "i", "name": "mark", "pid": 1, "tid": 1, "ts": 20, "s": "t"}])";
    const TraceLoadResult r = loadBytes(json);
    QCOMPARE(dumpTrace(*r.trace),
        QStringLiteral("events 4 X 3 BE 0 i 1 C 0 flow 0 M 0 other 0 dropped 0\n"
                       "track 0 [host] Process 1 / Thread 1 stream -1 depth 1 n 4\n"
                       "  0 +10000 d0 outer\n"
                       "  1000 +2000 d1 inner\n"
                       "  7000 +10000 d1 crossing\n"
                       "  19000 +0 d0 mark (instant)\n"));
    // Range queries see overlapping events that do not nest.
    QCOMPARE(r.trace->overlapping(TrackId(0), 1000 + 12000, 1000 + 13000),
        (std::vector<std::uint32_t> { 2 }));
    QCOMPARE(r.trace->eventAt(TrackId(0), 1000 + 2500), (EventRef { TrackId(0), 1 }));
}

void TstTraceLoader::beginEnd()
{
    const QByteArray json = R"([{"ph": "B", "name": "outer", "pid": 1, "tid": 1, "ts": 1},
        {"ph": "B", "name": "inner", "pid": 1, "tid": 1, "ts": 2},
        {"ph": "E", "pid": 1, "tid": 1, "ts": 3},
        {"ph": "E", "pid": 1, "tid": 1, "ts": 9},
        {"ph": "E", "pid": 1, "tid": 1, "ts": 10}])";
    const TraceLoadResult r = loadBytes(json);
    QCOMPARE(r.trace->sliceCount(), 2);
    QCOMPARE(r.trace->tracks[0].events[0].duration, TimeNs(8000));
    QCOMPARE(r.trace->tracks[0].events[1].duration, TimeNs(1000));
    QVERIFY(hasIssue(r.issues, Severity::Warning, QStringLiteral("no matching \"B\"")));
}

void TstTraceLoader::chunkedEqualsSerial()
{
    const QByteArray json = manyEvents(20000);
    const TraceLoadResult serial = loadBytes(json, 1, std::int64_t(1) << 30);
    const TraceLoadResult chunked = loadBytes(json, 2, 4096);
    QVERIFY(serial.trace && chunked.trace);
    QCOMPARE(serial.trace->stats.events, 20001);
    QCOMPARE(chunked.issues.size(), 0);
    QCOMPARE(dumpTrace(*chunked.trace, 50), dumpTrace(*serial.trace, 50));
    QCOMPARE(chunked.trace->sliceCount(), 20000);
}

void TstTraceLoader::previewFirstSpan()
{
    const QByteArray json = manyEvents(20000);
    TraceLoadOptions o;
    o.threads = 2;
    o.chunkBytes = 64 << 10;
    int calls = 0;
    std::shared_ptr<const Trace> preview;
    o.preview = [&](std::shared_ptr<const Trace> t) {
        ++calls;
        preview = std::move(t);
    };
    const TraceLoadResult full
        = loadTrace(TraceSource::fromMemory(json, QStringLiteral("mem.json")), o);
    QCOMPARE(calls, 1);
    QVERIFY(preview && full.trace);
    // A prefix of the file: some events, not all, with the track names of the metadata in it.
    QVERIFY(preview->sliceCount() > 100);
    QVERIFY(preview->sliceCount() < full.trace->sliceCount() / 4);
    QCOMPARE(full.trace->sliceCount(), 20000);
    // The preview does not change the full load.
    QCOMPARE(dumpTrace(*full.trace, 50), dumpTrace(*loadBytes(json, 2, 64 << 10).trace, 50));

    // A file of one chunk has no preview: the full trace comes as fast.
    calls = 0;
    o.chunkBytes = 0;
    loadTrace(TraceSource::fromMemory(manyEvents(100), QStringLiteral("small.json")), o);
    QCOMPARE(calls, 0);
}

void TstTraceLoader::truncationSweep()
{
    const QByteArray json = manyEvents(300);
    qint64 previous = 0;
    for (qsizetype cut = 1; cut < json.size(); cut += 97) {
        const TraceLoadResult r = loadBytes(json.left(cut), 2, 4096);
        const qint64 loaded = r.trace ? r.trace->stats.events : 0;
        QVERIFY2(loaded >= previous,
            qPrintable(QStringLiteral("cut %1: %2 < %3").arg(cut).arg(loaded).arg(previous)));
        previous = loaded;
    }
    QVERIFY(previous >= 299);
}

void TstTraceLoader::gzip()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("w.pt.trace.json.gz"));
    gzFile gz = gzopen(QFile::encodeName(path).constData(), "wb");
    QVERIFY(gz);
    QCOMPARE(gzwrite(gz, kSmall, unsigned(qstrlen(kSmall))), int(qstrlen(kSmall)));
    gzclose(gz);
    const TraceLoadResult r = loadTrace(path);
    QVERIFY(r.trace);
    QCOMPARE(r.trace->stats.events, 10);
    QVERIFY(r.trace->source->compressed());
    // A truncated gzip keeps what it could decompress and says so.
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadWrite));
    QVERIFY(f.resize(f.size() / 2 + 10));
    f.close();
    const TraceLoadResult cut = loadTrace(path);
    QVERIFY(!cut.issues.isEmpty());
}

void TstTraceLoader::lazyArgs()
{
    QTemporaryDir dir;
    const QString path = writeTemp(dir, kSmall);
    const TraceLoadResult r = loadTrace(path);
    const QJsonObject args = r.trace->args({ TrackId(1), 0 });
    QCOMPARE(args.value(QStringLiteral("Task Type")).toString(), QStringLiteral("AI_VECTOR_CORE"));
    QCOMPARE(r.trace->args({ TrackId(0), 0 }).value(QStringLiteral("Input Dims")).toString(),
        QStringLiteral("[1]"));
}

void TstTraceLoader::samples_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<qint64>("events");
    QTest::addColumn<qint64>("complete");
    QTest::addColumn<qint64>("counters");
    const QString b = QStringLiteral(NPUSCOPE_SAMPLES_DIR "/ascend-2025-01/");
    const QString t = QStringLiteral("_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json");
    QTest::newRow("level0 rank0") << b + QStringLiteral("level0/rank0") + t << qint64(8375)
                                  << qint64(3379) << qint64(3716);
    QTest::newRow("level0 rank1") << b + QStringLiteral("level0/rank1") + t << qint64(8394)
                                  << qint64(3379) << qint64(3735);
    QTest::newRow("level1 rank0") << b + QStringLiteral("level1/rank0") + t << qint64(10112)
                                  << qint64(4384) << qint64(4431);
    QTest::newRow("level1 rank1") << b + QStringLiteral("level1/rank1") + t << qint64(9969)
                                  << qint64(4385) << qint64(4287);
    QTest::newRow("level2 rank0") << b + QStringLiteral("level2/rank0") + t << qint64(10476)
                                  << qint64(4811) << qint64(4368);
    QTest::newRow("level2 rank1") << b + QStringLiteral("level2/rank1") + t << qint64(10697)
                                  << qint64(4816) << qint64(4584);
    QTest::newRow("kineto gz") << QStringLiteral(
        NPUSCOPE_SAMPLES_DIR "/kineto/worker0.1623143089861.pt.trace.json.gz")
                               << qint64(75718) << qint64(44666) << qint64(0);
}

void TstTraceLoader::samples()
{
    QFETCH(QString, path);
    QFETCH(qint64, events);
    QFETCH(qint64, complete);
    QFETCH(qint64, counters);
    if (!QFile::exists(path))
        QSKIP("sample not present");
    for (int threads : { 1, 2 }) {
        TraceLoadOptions o;
        o.threads = threads;
        o.chunkBytes = threads == 2 ? 64 << 10 : 0; // force many chunks on the second pass
        const TraceLoadResult r = loadTrace(path, o);
        QVERIFY(r.trace);
        QCOMPARE(r.trace->stats.events, events);
        QCOMPARE(r.trace->stats.complete, complete);
        QCOMPARE(r.trace->stats.counter, counters);
        QCOMPARE(r.trace->stats.droppedBytes, 0);
        for (const Issue &i : r.issues)
            QVERIFY2(i.severity != Severity::Error, qPrintable(i.message));
        bool device = false;
        for (const Track &t : r.trace->tracks)
            device = device || t.kind == TrackKind::DeviceStream;
        QVERIFY(device);
        QVERIFY(!r.trace->flows.empty());
    }
}

QTEST_GUILESS_MAIN(TstTraceLoader)
#include "tst_traceloader.moc"
