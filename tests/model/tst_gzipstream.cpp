// The streaming gzip load: the same trace as the plain file whatever the span size and however
// the gzip is split into members; truncation and damage keep what was read and say where;
// event-free input ends early with an error; the event details come back through the gzip
// index (checkpoints with their windows) exactly as the plain file has them.
#include "model/trace/gzipindex.h"
#include "model/trace/gzipinflater.h"
#include "model/trace/gzipstream.h"
#include "model/trace/tracedump.h"
#include "model/trace/traceloader.h"
#include "model/trace/tracesource.h"

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <zlib.h>

#include <map>
#include <random>

#include <fcntl.h>
#include <unistd.h>

using namespace npuscope;

namespace {

QByteArray manyEvents(int n)
{
    QByteArray json = "{\"traceEvents\": [\n";
    for (int i = 0; i < n; ++i) {
        json += QStringLiteral("{\"ph\": \"X\", \"name\": \"op%1\", \"pid\": 1, \"tid\": %2, "
                               "\"ts\": %3, \"dur\": 2, \"args\": {\"seq\": %4}},\n")
                    .arg(i % 37)
                    .arg(i % 3)
                    .arg(i * 5)
                    .arg(i)
                    .toUtf8();
    }
    json += "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 1, \"args\": {\"name\": \"P\"}}\n"
            "]}\n";
    return json;
}

// One gzip member per piece of `pieces` bytes (0: one member).
QByteArray gzipOf(const QByteArray &data, qsizetype pieces = 0)
{
    QByteArray out;
    const qsizetype step = pieces > 0 ? pieces : std::max<qsizetype>(data.size(), 1);
    for (qsizetype at = 0; at < data.size() || at == 0; at += step) {
        const QByteArray part = data.mid(at, step);
        z_stream zs {};
        deflateInit2(&zs, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
        QByteArray member(deflateBound(&zs, uLong(part.size())) + 64, '\0');
        zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(part.constData()));
        zs.avail_in = uInt(part.size());
        zs.next_out = reinterpret_cast<Bytef *>(member.data());
        zs.avail_out = uInt(member.size());
        deflate(&zs, Z_FINISH);
        member.truncate(qsizetype(zs.total_out));
        deflateEnd(&zs);
        out += member;
        if (data.isEmpty())
            break;
    }
    return out;
}

QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return QString();
    return path;
}

const Issue *findIssue(
    const IssueList &issues, Severity severity, const QString &path, const char *text)
{
    for (const Issue &i : issues)
        if (i.severity == severity && i.file == path && i.message.contains(QLatin1String(text)))
            return &i;
    return nullptr;
}

bool hasIssue(const IssueList &issues, Severity severity, const QString &path, const char *text)
{
    return findIssue(issues, severity, path, text) != nullptr;
}

// `json` loaded as a plain file and gzipped (in members of `members` bytes, 0: one), with the same
// options.
std::pair<TraceLoadResult, TraceLoadResult> loadPlainAndGzip(
    const QByteArray &json, qint64 chunk, int threads, qsizetype members = 0)
{
    QTemporaryDir dir;
    const QString plain = writeFile(dir, QStringLiteral("t.json"), json);
    const QString gz = writeFile(dir, QStringLiteral("t.json.gz"), gzipOf(json, members));
    TraceLoadOptions o;
    o.chunkBytes = chunk;
    o.threads = threads;
    return { loadTrace(plain, o), loadTrace(gz, o) };
}

} // namespace

class TstGzipStream : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void sameAsPlain_data();
    void sameAsPlain();
    void reusedSpanBuffersSameAsPlain();
    void damagedSpansInPlaceSameAsPlain_data();
    void damagedSpansInPlaceSameAsPlain();
    void argsFromIndex();
    void argsSameAsPlain();
    void indexReads_data();
    void indexReads();
    void preview();
    void truncated();
    void corrupt();
    void eventFree_data();
    void eventFree();
    void inflaterMembers();
    void inflaterDamage_data();
    void inflaterDamage();
    void damagedLookbackNoGarbage();
};

void TstGzipStream::sameAsPlain_data()
{
    QTest::addColumn<qint64>("chunk");
    QTest::addColumn<int>("threads");
    QTest::addColumn<qint64>("members");
    QTest::newRow("auto, one member") << qint64(0) << 0 << qint64(0);
    QTest::newRow("tiny spans, 2 threads") << qint64(64) << 2 << qint64(0);
    QTest::newRow("4 KiB spans, members of 1000 bytes") << qint64(4096) << 3 << qint64(1000);
    QTest::newRow("64 KiB spans, members of 77 KB") << qint64(65536) << 2 << qint64(77000);
    QTest::newRow("1 thread") << qint64(10000) << 1 << qint64(0);
}

void TstGzipStream::sameAsPlain()
{
    QFETCH(qint64, chunk);
    QFETCH(int, threads);
    QFETCH(qint64, members);
    const QByteArray json = manyEvents(20000);
    const auto [a, b] = loadPlainAndGzip(json, chunk, threads, members);
    QVERIFY(a.trace && b.trace);
    QCOMPARE(b.trace->stats.events, 20001);
    QVERIFY(b.issues.isEmpty());
    QCOMPARE(b.trace->fileBytes, std::int64_t(json.size()));
    QCOMPARE(dumpTrace(*b.trace, 100000), dumpTrace(*a.trace, 100000));
}

// A trace of 14 MB in the default spans of 2 MiB: the span buffers (2 MB pages) are reused
// span after span, the load equals the plain file's.
void TstGzipStream::reusedSpanBuffersSameAsPlain()
{
    const QByteArray json = manyEvents(140000);
    QTemporaryDir dir;
    const QString plain = writeFile(dir, QStringLiteral("t.json"), json);
    const QString gz = writeFile(dir, QStringLiteral("t.json.gz"), gzipOf(json));
    TraceLoadOptions o;
    o.threads = 2;
    const TraceLoadResult a = loadTrace(plain, o);
    const TraceLoadResult b = loadTrace(gz, o);
    QVERIFY(a.trace && b.trace);
    QCOMPARE(b.trace->stats.events, 140001);
    QVERIFY(b.issues.isEmpty());
    QCOMPARE(dumpTrace(*b.trace, 1000000), dumpTrace(*a.trace, 1000000));
}

void TstGzipStream::damagedSpansInPlaceSameAsPlain_data()
{
    QTest::addColumn<qint64>("chunk");
    QTest::addColumn<int>("threads");
    QTest::newRow("4 KiB spans, 2 threads") << qint64(4096) << 2;
    QTest::newRow("16 KiB spans, 1 thread") << qint64(16384) << 1;
    QTest::newRow("64 KiB spans, 3 threads") << qint64(65536) << 3;
}

// The gzip spans are parsed where the inflater put them (all but the first): the closing ']'
// and the padding overwrite a span's trailing separators, which must be back before a damaged
// span's pieces are read again, or the pieces would end in "}]" and report damage that is not
// there. Damage in many spans, runs of whitespace at span ends, a trailing comma: the same
// events and the same issues as the plain file.
void TstGzipStream::damagedSpansInPlaceSameAsPlain()
{
    QFETCH(qint64, chunk);
    QFETCH(int, threads);
    QByteArray json = manyEvents(6000);
    int damaged = 0;
    for (int i = 300; i < 6000; i += 577) {
        const QByteArray event = QStringLiteral("\"args\": {\"seq\": %1}}").arg(i).toUtf8();
        const qsizetype at = json.indexOf(event);
        QVERIFY(at > 0);
        // Every other one broken (its object not closed), the others padded with whitespace.
        if (i % 2)
            json.replace(at, event.size(), event.chopped(1)); // not closed
        else
            json.replace(at, event.size(), QByteArray(event + QByteArray(700, ' ')));
        damaged += i % 2;
    }
    json.replace("\"P\"}}\n]}", "\"P\"}},\n]}"); // torch_npu's trailing comma
    const auto [a, b] = loadPlainAndGzip(json, chunk, threads);
    QVERIFY(a.trace && b.trace);
    QCOMPARE(b.trace->stats.events, std::int64_t(6001 - damaged));
    QCOMPARE(dumpTrace(*b.trace, 100000), dumpTrace(*a.trace, 100000));
    QStringList plainIssues, gzIssues;
    for (const Issue &i : a.issues)
        plainIssues << i.location + QLatin1Char(' ') + i.message;
    for (const Issue &i : b.issues)
        gzIssues << i.location + QLatin1Char(' ') + i.message;
    QCOMPARE(gzIssues, plainIssues);
    QCOMPARE(plainIssues.filter(QStringLiteral("malformed event")).size(), qsizetype(damaged));
}

void TstGzipStream::argsFromIndex()
{
    const QByteArray json = manyEvents(5000);
    QTemporaryDir dir;
    const QString gz = writeFile(dir, QStringLiteral("t.json.gz"), gzipOf(json));
    TraceLoadOptions o;
    o.chunkBytes = 8192;
    const TraceLoadResult r = loadTrace(gz, o);
    QVERIFY(r.trace);
    // Every third event on tid 1 (the order of tracks follows the file): seq 1, 4, 7...
    for (const Track &t : r.trace->tracks) {
        for (std::size_t k = 0; k < t.events.size(); k += 997) {
            const EventRef ref { TrackId(std::uint32_t(&t - r.trace->tracks.data())),
                std::uint32_t(k) };
            const QJsonObject args = r.trace->args(ref);
            const int seq = args.value(QStringLiteral("seq")).toInt(-1);
            QVERIFY2(seq >= 0, qPrintable(QString::fromUtf8(r.trace->rawEventJson(ref))));
            QCOMPARE(std::int64_t(seq) * 5000, r.trace->event(ref).start - r.trace->minTime);
        }
    }
}

// A trace of 14 MB: four checkpoints at the default spacing; every 150th event's raw JSON read
// through the index (in a shuffled order: the cursor goes back and forth) equals the plain
// file's, and so do its args.
void TstGzipStream::argsSameAsPlain()
{
    const QByteArray json = manyEvents(140000);
    QTemporaryDir dir;
    const QString plain = writeFile(dir, QStringLiteral("t.json"), json);
    const QString gz = writeFile(dir, QStringLiteral("t.json.gz"), gzipOf(json, 5 << 20));
    const TraceLoadResult a = loadTrace(plain);
    QString error;
    const auto source = TraceSource::open(gz, &error);
    QVERIFY(source);
    const TraceLoadResult b = loadTrace(source);
    QVERIFY(a.trace && b.trace);
    QVERIFY(source->stream()->index());
    QVERIFY(source->stream()->index()->checkpoints() >= 3);
    std::vector<EventRef> refs;
    for (const Track &t : a.trace->tracks)
        for (std::size_t k = 0; k < t.events.size(); k += 150)
            refs.push_back(
                { TrackId(std::uint32_t(&t - a.trace->tracks.data())), std::uint32_t(k) });
    std::shuffle(refs.begin(), refs.end(), std::mt19937(7));
    QVERIFY(refs.size() > 900);
    // And the events that a checkpoint cuts in two: read from before the checkpoint on.
    std::map<std::int64_t, EventRef> byOffset;
    for (const Track &t : b.trace->tracks)
        for (std::size_t k = 0; k < t.events.size(); ++k)
            byOffset[std::int64_t(t.events[k].argsOffset)]
                = { TrackId(std::uint32_t(&t - b.trace->tracks.data())), std::uint32_t(k) };
    int straddling = 0;
    for (const std::int64_t c : source->stream()->index()->checkpointOffsets()) {
        const qsizetype begin = json.lastIndexOf("{\"ph\"", qsizetype(c));
        const qsizetype end = json.indexOf("}}", begin) + 2;
        if (c == 0 || begin < 0 || c >= end || !byOffset.count(begin))
            continue;
        refs.insert(refs.begin(), byOffset[begin]);
        ++straddling;
    }
    QVERIFY(straddling >= 2);
    for (const EventRef &ref : refs) {
        const QByteArray raw = b.trace->rawEventJson(ref);
        QVERIFY(!raw.isEmpty());
        QCOMPARE(raw, a.trace->rawEventJson(ref));
        QCOMPARE(b.trace->args(ref), a.trace->args(ref));
    }
}

void TstGzipStream::indexReads_data()
{
    QTest::addColumn<qint64>("members");
    QTest::addColumn<qint64>("spacing");
    QTest::addColumn<bool>("truncate");
    QTest::addColumn<int>("backend");
    for (const int backend :
        { int(GzipInflater::Backend::Zlib), int(GzipInflater::Backend::Isal) }) {
        const char *name = backend == int(GzipInflater::Backend::Zlib) ? "zlib" : "isal";
        QTest::addRow("%s, one member, 16 KiB", name)
            << qint64(0) << qint64(16384) << false << backend;
        QTest::addRow("%s, members of 1000 bytes, 4 KiB", name)
            << qint64(1000) << qint64(4096) << false << backend;
        QTest::addRow("%s, members of 77 KB, 20 KB", name)
            << qint64(77000) << qint64(20000) << false << backend;
        QTest::addRow("%s, truncated, 16 KiB", name)
            << qint64(0) << qint64(16384) << true << backend;
        QTest::addRow("%s, members of 50 KB, truncated", name)
            << qint64(50000) << qint64(8192) << true << backend;
    }
}

// The index alone, built as GzipInflater inflates: reads at and around every checkpoint and at
// random offsets, forward and backward, give the inflated bytes; after a truncation, what was
// inflated before it.
void TstGzipStream::indexReads()
{
    QFETCH(qint64, members);
    QFETCH(qint64, spacing);
    QFETCH(bool, truncate);
    QFETCH(int, backend);
    if (backend == int(GzipInflater::Backend::Isal) && !GzipInflater::isalAvailable())
        QSKIP("built without ISA-L");
    const QByteArray json = manyEvents(30000);
    QByteArray gz = gzipOf(json, members);
    if (truncate)
        gz.truncate(gz.size() * 2 / 3);
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("i.gz"), gz);
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
    QVERIFY(fd >= 0);
    GzipIndex index(fd, spacing);
    GzipInflater inflater(fd, GzipInflater::Backend(backend));
    inflater.setIndex(&index);
    QByteArray out(json.size() + 1, '\0');
    const std::int64_t produced = inflater.inflate(out.data(), out.size());
    ::close(fd); // the index keeps its own descriptor
    QCOMPARE(inflater.error().isEmpty(), !truncate);
    QCOMPARE(produced > json.size() / 2, true);
    QVERIFY(json.startsWith(out.left(produced)));
    const std::vector<std::int64_t> at = index.checkpointOffsets();
    // (deflate blocks of this repetitive text hold ~400 KB each: checkpoints come no closer)
    QVERIFY2(at.size() >= 5, qPrintable(QString::number(at.size())));
    QCOMPARE(at.front(), std::int64_t(0));
    std::vector<std::pair<std::int64_t, std::int64_t>> reads;
    for (const std::int64_t c : at)
        for (const std::int64_t d : { -300, -1, 0, 1, 5000 })
            reads.push_back({ c + d, d == 5000 ? spacing * 3 : 700 });
    std::mt19937 rng(11);
    for (int i = 0; i < 300; ++i)
        reads.push_back({ std::int64_t(rng() % std::uint32_t(produced)), 1 + rng() % 9000 });
    for (std::int64_t o = 0; o < produced; o += produced / 50)
        reads.push_back({ o, produced / 50 + 10 }); // sequential: the cursor goes on
    std::vector<char> buf;
    for (auto [offset, n] : reads) {
        if (offset < 0 || offset >= produced)
            continue;
        n = std::min(n, produced - offset);
        buf.assign(std::size_t(n), 0);
        QCOMPARE(index.read(offset, buf.data(), n), n);
        QVERIFY2(QByteArray(buf.data(), qsizetype(n)) == json.mid(offset, n),
            qPrintable(QStringLiteral("offset %1, %2 bytes").arg(offset).arg(n)));
    }
}

void TstGzipStream::preview()
{
    const QByteArray json = manyEvents(40000);
    QTemporaryDir dir;
    const QString gz = writeFile(dir, QStringLiteral("t.json.gz"), gzipOf(json));
    TraceLoadOptions o;
    o.chunkBytes = 256 << 10;
    std::int64_t previewEvents = -1;
    o.preview = [&](std::shared_ptr<const Trace> t) { previewEvents = t->stats.events; };
    const TraceLoadResult r = loadTrace(gz, o);
    QVERIFY(r.trace);
    QCOMPARE(r.trace->stats.events, 40001);
    QVERIFY(previewEvents > 0 && previewEvents < 40001);
}

void TstGzipStream::truncated()
{
    const QByteArray json = manyEvents(20000);
    const QByteArray gz = gzipOf(json);
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("cut.json.gz"), gz.left(gz.size() / 2));
    TraceLoadOptions o;
    o.chunkBytes = 16384;
    const TraceLoadResult r = loadTrace(path, o);
    QVERIFY(r.trace);
    QVERIFY(r.trace->stats.events > 5000 && r.trace->stats.events < 20000);
    const Issue *cut = findIssue(r.issues, Severity::Warning, path, "compressed data is truncated");
    QVERIFY(cut);
    QCOMPARE(cut->location, QStringLiteral("compressed byte %1").arg(gz.size() / 2));
}

void TstGzipStream::corrupt()
{
    const QByteArray json = manyEvents(20000);
    QByteArray gz = gzipOf(json);
    for (qsizetype i = gz.size() / 2; i < gz.size() / 2 + 64; ++i)
        gz[i] = char(0xff);
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("bad.json.gz"), gz);
    const TraceLoadResult r = loadTrace(path);
    QVERIFY(r.trace);
    QVERIFY(r.trace->stats.events > 3000 && r.trace->stats.events < 20000);
    const Issue *bad = findIssue(r.issues, Severity::Warning, path, "corrupt gzip data");
    QVERIFY(bad);
    const QString at = bad->location;
    QVERIFY2(at.startsWith(QLatin1String("compressed byte ")), qPrintable(at));
    const qsizetype byte = at.mid(16).toLongLong();
    QVERIFY2(byte >= gz.size() / 2 && byte <= gz.size(), qPrintable(at)); // at or after it
}

void TstGzipStream::eventFree_data()
{
    QTest::addColumn<QByteArray>("start");
    QTest::addColumn<QByteArray>("filler");
    QTest::addColumn<QString>("message");
    QTest::newRow("whitespace only")
        << QByteArray() << QByteArray(" \n\t ") << QStringLiteral("only whitespace");
    QTest::newRow("array of whitespace")
        << QByteArray("[") << QByteArray("  \n ") << QStringLiteral("no trace event in the first");
    QTest::newRow("kineto object of numbers")
        << QByteArray("{\"traceEvents\": [") << QByteArray("1, 2, ")
        << QStringLiteral("no trace event in the first");
}

// 200 MB of input without an event: stops after GzipStream::kMaxEventFree and a bit.
void TstGzipStream::eventFree()
{
    QFETCH(QByteArray, start);
    QFETCH(QByteArray, filler);
    QFETCH(QString, message);
    QByteArray block = start;
    while (block.size() < (8 << 20))
        block += filler;
    QByteArray rest;
    while (rest.size() < (8 << 20))
        rest += filler;
    QByteArray gz = gzipOf(block);
    const QByteArray more = gzipOf(rest);
    for (int i = 0; i < 24; ++i)
        gz += more; // members of 8 MB: 200 MB inflated in all
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("bomb.json.gz"), gz);
    QString error;
    const auto source = TraceSource::open(path, &error);
    QVERIFY(source);
    const TraceLoadResult r = loadTrace(source);
    QVERIFY(hasIssue(r.issues, Severity::Error, path, qPrintable(message)));
    QVERIFY(source->size() <= GzipStream::kMaxEventFree + GzipStream::kMaxEventBytes + (16 << 20));
    QVERIFY(!r.trace || r.trace->stats.events == 0);
}

// The inflater alone: concatenated members come out as one stream, in pieces of any size.
void TstGzipStream::inflaterMembers()
{
    const QByteArray json = manyEvents(3000);
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("m.gz"), gzipOf(json, 333));
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
    QVERIFY(fd >= 0);
    GzipInflater inflater(fd);
    QCOMPARE(inflater.backend(), GzipInflater::defaultBackend());
    QByteArray out;
    char piece[777];
    while (!inflater.ended()) {
        const std::int64_t got = inflater.inflate(piece, sizeof piece);
        out.append(piece, qsizetype(got));
        if (got == 0 && !inflater.ended())
            QFAIL("no progress");
    }
    ::close(fd);
    QVERIFY2(inflater.error().isEmpty(), qPrintable(inflater.error()));
    QCOMPARE(out.size(), json.size());
    QVERIFY(out == json);
    QCOMPARE(inflater.consumed(), QFileInfo(path).size());
}

void TstGzipStream::inflaterDamage_data()
{
    QTest::addColumn<int>("backend");
    QTest::addColumn<QByteArray>("gz");
    QTest::addColumn<qint64>("good"); // inflated bytes that must come out: a prefix of json
    QTest::addColumn<QString>("error"); // empty: a clean end; else where: "@<compressed byte>"
    const QByteArray json = manyEvents(4000);
    const QByteArray one = gzipOf(json);
    const QByteArray empty = gzipOf(QByteArray());
    const QByteArray a = gzipOf(json.left(100000)), b = gzipOf(json.mid(100000));
    QByteArray bad = one;
    for (qsizetype i = one.size() / 2; i < one.size() / 2 + 32; ++i)
        bad[i] = char(0xff);
    QByteArray crc = one;
    crc[crc.size() - 6] = char(crc[crc.size() - 6] ^ 1); // the CRC-32 in the trailer
    const auto all = qint64(json.size());
    for (const int backend :
        { int(GzipInflater::Backend::Zlib), int(GzipInflater::Backend::Isal) }) {
        const char *name = backend == int(GzipInflater::Backend::Zlib) ? "zlib" : "isal";
        auto row
            = [&](const char *what) -> QTestData & { return QTest::addRow("%s, %s", name, what); };
        row("members with empty ones")
            << backend << empty + a + empty + b + empty << all << QString();
        row("only an empty member") << backend << empty << qint64(0) << QString();
        row("empty file") << backend << QByteArray() << qint64(0) << QStringLiteral("truncated");
        row("header cut") << backend << one.left(6) << qint64(0) << QStringLiteral("truncated");
        row("cut in the trailer") << backend << one.left(one.size() - 3) << all
                                  << QStringLiteral("truncated");
        row("second member cut") << backend << a + b.left(b.size() / 2) << qint64(100000)
                                 << QStringLiteral("truncated");
        row("damage halfway") << backend << bad << all / 3 << QStringLiteral("corrupt");
        row("wrong CRC") << backend << crc << all << QStringLiteral("corrupt");
        row("garbage after a member")
            << backend << a + QByteArray("garbage!") << qint64(100000) << QStringLiteral("corrupt");
    }
}

// Truncation and damage, with either backend: what was read comes out, and the error names
// the compressed byte (at or after the damage, within the file).
void TstGzipStream::inflaterDamage()
{
    QFETCH(int, backend);
    QFETCH(QByteArray, gz);
    QFETCH(qint64, good);
    QFETCH(QString, error);
    if (backend == int(GzipInflater::Backend::Isal) && !GzipInflater::isalAvailable())
        QSKIP("built without ISA-L");
    const QByteArray json = manyEvents(4000);
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("d.gz"), gz);
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
    QVERIFY(fd >= 0);
    GzipInflater inflater(fd, GzipInflater::Backend(backend));
    QCOMPARE(int(inflater.backend()), backend);
    QByteArray out;
    std::vector<char> piece(50000);
    for (int i = 0; i < 1000 && !inflater.ended(); ++i)
        out.append(piece.data(), qsizetype(inflater.inflate(piece.data(), 50000)));
    ::close(fd);
    QVERIFY(inflater.ended());
    // (damaged deflate data may inflate to some garbage before the damage shows)
    QVERIFY2(out.size() >= good && out.left(good) == json.left(good),
        qPrintable(QStringLiteral("%1 bytes out").arg(out.size())));
    if (error.isEmpty()) {
        QVERIFY2(inflater.error().isEmpty(), qPrintable(inflater.error()));
        QCOMPARE(out.size(), good);
        return;
    }
    if (error == QLatin1String("truncated"))
        QVERIFY(json.startsWith(out));
    QVERIFY2(inflater.error().contains(error), qPrintable(inflater.error()));
    QVERIFY(inflater.errorOffset() >= 0 && inflater.errorOffset() <= gz.size());
}

// A fuzzer's find (also a seed of fuzz_trace): damaged deflate data on which ISA-L wrote 92
// bytes past the damage before it noticed it, other bytes for another size of room; zlib stops
// 145 bytes in. Either backend hands out only bytes that zlib gives too.
void TstGzipStream::damagedLookbackNoGarbage()
{
    const QString path = QDir::cleanPath(QStringLiteral(
        NPUSCOPE_TEST_DATA_DIR "/../../fuzz/seeds/trace/gzip-damaged-lookback.json.gz"));
    QVERIFY2(QFile::exists(path), qPrintable(path));
    const auto inflateAll = [&path](GzipInflater::Backend backend, std::size_t room) {
        const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
        GzipInflater inflater(fd, backend);
        QByteArray out;
        std::vector<char> piece(room);
        for (int i = 0; i < 10000 && !inflater.ended(); ++i)
            out.append(piece.data(), qsizetype(inflater.inflate(piece.data(), qint64(room))));
        ::close(fd);
        return std::pair(out, inflater.error());
    };
    const auto [zlib, zlibError] = inflateAll(GzipInflater::Backend::Zlib, 4096);
    QVERIFY(zlibError.contains(QStringLiteral("corrupt")));
    QCOMPARE(zlib.size(), qsizetype(145));
    if (!GzipInflater::isalAvailable())
        QSKIP("built without ISA-L");
    for (const std::size_t room : { 64, 200, 4096, 1 << 20 }) {
        const auto [isal, isalError] = inflateAll(GzipInflater::Backend::Isal, room);
        QVERIFY(isalError.contains(QStringLiteral("corrupt")));
        QVERIFY2(isal.size() <= zlib.size() && zlib.startsWith(isal),
            qPrintable(QStringLiteral("room %1: %2 bytes").arg(room).arg(isal.size())));
    }
}

QTEST_GUILESS_MAIN(TstGzipStream)
#include "tst_gzipstream.moc"
