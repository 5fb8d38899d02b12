// Trace load benchmark: npuscope's loader with 1 and 2 threads against bare simdjson passes over
// the same file, in the same run, warm (file in the page cache) and cold (evicted before each run,
// against a plain sequential read of it). Every measurement runs in a fresh child process so
// resident memory is measured cleanly. Prints medians; not part of the test suite.
//   bench_traceload FILE [--runs N]
#include "benchutil.h"
#include "model/core/residentmemory.h"
#include "model/trace/tracedump.h"
#include "model/trace/traceloader.h"
#include "model/trace/traceparser.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTextStream>

#include <simdjson.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

using namespace npuscope;
using bench::median;
using bench::medianOf;

namespace {

// The practical limit: simdjson's DOM parser (runtime-dispatched SIMD kernels) over the whole
// file, counting the events. simdjson limits one document to 4 GiB.
int childBare(const QString &path)
{
    simdjson::padded_string json;
    if (simdjson::padded_string::load(QFile::encodeName(path).toStdString()).get(json))
        return 1;
    QElapsedTimer t;
    t.start();
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (parser.parse(json).get(doc))
        return 1;
    simdjson::dom::array arr;
    if (doc.get_array().get(arr) && doc["traceEvents"].get_array().get(arr))
        return 1;
    std::printf("%.6f %zu 0 0\n", t.nsecsElapsed() / 1e9, arr.size());
    return 0;
}

// The other practical limit: simdjson On-Demand (what npuscope's parser is built on) walking the
// event array once, every event skipped unread: its structural index and the walk, nothing more.
int childOnDemand(const QString &path)
{
    simdjson::padded_string json;
    if (simdjson::padded_string::load(QFile::encodeName(path).toStdString()).get(json))
        return 1;
    QElapsedTimer t;
    t.start();
    simdjson::ondemand::parser parser;
    simdjson::ondemand::document doc;
    if (parser.iterate(json).get(doc))
        return 1;
    simdjson::ondemand::array arr;
    if (doc.get_array().get(arr))
        return 1;
    std::size_t events = 0;
    for (auto element : arr) {
        simdjson::ondemand::value v;
        if (element.get(v))
            return 1;
        ++events;
    }
    std::printf("%.6f %zu 0 0\n", t.nsecsElapsed() / 1e9, events);
    return 0;
}

// The same walk as the loader does it: the file read in 16 MiB spans cut at event boundaries
// (with pread, into a buffer reused per thread, each span wrapped as '[' ... ']'), every event
// skipped unread, on `threads` threads; the reads and the cutting are timed, as the loader's are.
// Works at any size, where the whole-document passes above cannot (simdjson's index of a 4 GB
// document alone takes gigabytes). Plain event arrays only.
int childSpanWalk(const QString &path, int threads)
{
    constexpr std::int64_t kSpan = std::int64_t(16) << 20, kWindow = std::int64_t(1) << 20;
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
    if (fd < 0)
        return 1;
    const std::int64_t size = ::lseek(fd, 0, SEEK_END);
    QElapsedTimer t;
    t.start();
    std::vector<char> window(kWindow);
    std::int64_t begin = 0;
    const auto got = ::pread(fd, window.data(), window.size(), 0);
    while (
        begin < got && window[std::size_t(begin)] != '[') // a plain array: only whitespace before
        ++begin;
    if (begin >= got)
        return 1;
    std::vector<std::int64_t> cuts { begin + 1 };
    for (std::int64_t nominal = cuts.back() + kSpan; nominal < size;
         nominal = cuts.back() + kSpan) {
        const auto n = ::pread(fd, window.data(), window.size(), nominal);
        const std::int64_t at = n > 0 ? findEventBoundary(window.data(), n, 0) : -1;
        if (at < 0)
            break;
        cuts.push_back(nominal + at);
    }
    cuts.push_back(size);
    std::atomic<std::size_t> next { 0 }, events { 0 };
    std::atomic<bool> failed { false };
    auto worker = [&] {
        simdjson::ondemand::parser parser;
        std::vector<char> buffer;
        for (std::size_t i = next++; i + 1 < cuts.size(); i = next++) {
            const std::int64_t n = cuts[i + 1] - cuts[i];
            buffer.resize(std::size_t(n) + 2 + simdjson::SIMDJSON_PADDING);
            buffer[0] = '[';
            std::int64_t len = 1
                + std::max<std::int64_t>(
                    ::pread(fd, buffer.data() + 1, std::size_t(n), cuts[i]), 0);
            auto trim = [&] {
                while (len > 1
                    && std::isspace(static_cast<unsigned char>(buffer[std::size_t(len - 1)])))
                    --len;
            };
            trim();
            if (i + 2 == cuts.size() && len > 1 && buffer[std::size_t(len - 1)] == ']')
                --len, trim(); // the file's own closing bracket
            if (len > 1 && buffer[std::size_t(len - 1)] == ',')
                --len;
            buffer[std::size_t(len++)] = ']';
            simdjson::ondemand::document doc;
            simdjson::ondemand::array arr;
            if (parser.iterate(buffer.data(), std::size_t(len), buffer.size()).get(doc)
                || doc.get_array().get(arr)) {
                failed = true;
                return;
            }
            std::size_t count = 0;
            for (auto element : arr) {
                simdjson::ondemand::value v;
                if (element.get(v)) {
                    failed = true;
                    return;
                }
                ++count;
            }
            events += count;
        }
    };
    std::vector<std::thread> pool;
    for (int k = 1; k < threads; ++k)
        pool.emplace_back(worker);
    worker();
    for (auto &th : pool)
        th.join();
    ::close(fd);
    if (failed)
        return 1;
    std::printf("%.6f %zu 0 0\n", t.nsecsElapsed() / 1e9, events.load());
    return 0;
}

// A digest of everything the loader decides (slices, depths, LOD, flows and their orders), so that
// a change to the loader can be checked for identical results on a large file.
void printDigest(const Trace &trace, const IssueList &issues)
{
    std::uint64_t h = 1469598103934665603ull;
    auto mix = [&h](std::uint64_t v) { h = (h ^ v) * 1099511628211ull; };
    for (const Track &t : trace.tracks) {
        mix(t.events.size());
        for (const Event &e : t.events) {
            mix(static_cast<std::uint64_t>(e.start));
            mix(static_cast<std::uint64_t>(e.duration));
            mix(e.depth);
            mix(e.name.value);
            mix(e.argsOffset);
        }
    }
    std::uint64_t events = h;
    std::uint64_t lod = 1469598103934665603ull;
    for (const Track &t : trace.tracks)
        for (const auto &levels : t.lod)
            for (const LodLevel &level : levels) {
                lod = (lod ^ static_cast<std::uint64_t>(level.resolution)) * 1099511628211ull;
                for (const LodRun &r : level.runs)
                    for (const std::uint64_t v : { std::uint64_t(r.start), std::uint64_t(r.end),
                             std::uint64_t(r.count), std::uint64_t(r.first) })
                        lod = (lod ^ v) * 1099511628211ull;
            }
    for (const Flow &f : trace.flows) {
        mix(f.name.value);
        mix(f.category.value);
        mix((std::uint64_t(f.from.track.value) << 32) | f.from.index);
        mix((std::uint64_t(f.to.track.value) << 32) | f.to.index);
    }
    for (std::uint32_t i : trace.flowsByFrom)
        mix(i);
    for (std::uint32_t i : trace.flowsByTo)
        mix(i);
    QString messages;
    for (const Issue &i : issues)
        messages += i.location + QLatin1Char(' ') + i.message + QLatin1Char('\n');
    const auto sha = [](const QString &text) {
        return QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha1)
            .toHex()
            .left(16)
            .toStdString();
    };
    std::fprintf(stderr,
        "digest: events %016llx all %016llx, lod %016llx, %zu flows, dump %s, %lld issues %s\n",
        static_cast<unsigned long long>(events), static_cast<unsigned long long>(h),
        static_cast<unsigned long long>(lod), trace.flows.size(),
        sha(dumpTrace(trace, 300)).c_str(), static_cast<long long>(issues.size()),
        sha(messages).c_str());
}

int childLoad(const QString &path, int threads)
{
    const long before = processStatusKb("VmRSS:");
    QElapsedTimer t;
    t.start();
    TraceLoadOptions o;
    o.threads = threads;
    o.chunkBytes = qEnvironmentVariableIntValue("NPUSCOPE_BENCH_CHUNK"); // 0: the loader's choice
    const TraceLoadResult r = loadTrace(path, o);
    const double s = t.nsecsElapsed() / 1e9;
    if (!r.trace)
        return 1;
    std::printf("%.6f %lld %ld %ld\n", s, static_cast<long long>(r.trace->stats.events),
        processStatusKb("VmRSS:") - before, processStatusKb("VmHWM:") - before);
    if (qEnvironmentVariableIsSet("NPUSCOPE_BENCH_DIGEST"))
        printDigest(*r.trace, r.issues);
    return 0;
}

using Sample = bench::ChildSample; // count: the events loaded

// Drops the file's pages from the page cache (clean pages need no privileges), so that the next
// read comes from the disk: a cold start. False where the system does not allow it.
bool evictFromCache(const QString &path)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
    if (fd < 0)
        return false;
    const bool ok = ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) == 0;
    ::close(fd);
    return ok;
}

// Reads the file from start to end in 16 MiB blocks: what the disk gives, the limit of a cold load.
int childRead(const QString &path)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
    if (fd < 0)
        return 1;
    QElapsedTimer t;
    t.start();
    std::vector<char> block(std::size_t(16) << 20);
    std::int64_t total = 0;
    for (ssize_t n; (n = ::read(fd, block.data(), block.size())) > 0;)
        total += n;
    ::close(fd);
    std::printf("%.6f %lld 0 0\n", t.nsecsElapsed() / 1e9, static_cast<long long>(total));
    return 0;
}

// Runs the child `runs` times; `cold`: the file is evicted from the page cache before each run.
std::vector<Sample> runChildren(
    const QString &self, const QStringList &args, int runs, bool cold = false)
{
    std::vector<Sample> out;
    for (int i = 0; i < runs; ++i) {
        if (cold && !evictFromCache(args.last()))
            return {};
        if (const auto sample = bench::runChild(self, args))
            out.push_back(*sample);
    }
    return out;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() >= 3 && args[1] == QLatin1String("--child-bare"))
        return childBare(args[2]);
    if (args.size() >= 3 && args[1] == QLatin1String("--child-ondemand"))
        return childOnDemand(args[2]);
    if (args.size() >= 4 && args[1] == QLatin1String("--child-spanwalk"))
        return childSpanWalk(args[3], args[2].toInt());
    if (args.size() >= 4 && args[1] == QLatin1String("--child-load"))
        return childLoad(args[3], args[2].toInt());
    if (args.size() >= 3 && args[1] == QLatin1String("--child-read"))
        return childRead(args[2]);
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: bench_traceload FILE [--runs N]\n");
        return 1;
    }
    const QString path = args[1];
    if (!QFileInfo(path).isFile()) {
        std::fprintf(stderr, "bench_traceload: %s is not a readable file\n", qPrintable(path));
        return 1;
    }
    const int runs = args.size() >= 4 && args[2] == QLatin1String("--runs") ? args[3].toInt() : 3;
    const double mb = QFile(path).size() / 1e6;
    QTextStream out(stdout);
    out << "file " << path << ", " << QString::number(mb, 'f', 1) << " MB; simdjson kernels: DOM "
        << QString::fromStdString(simdjson::get_active_implementation()->name()) << ", npuscope "
        << TraceSpanParser::simdLevel() << "; medians of " << runs << " runs\n";
    const QString self = QCoreApplication::applicationFilePath();
    // Whole-document passes above 2 GB measure simdjson's index of one huge document (several GB
    // of fresh memory: the 4 GB walk ran at 249 MB/s, slower than the loader): the span walk is the
    // baseline there.
    const bool whole = mb <= 2000;
    const auto bare = whole ? runChildren(self, { QStringLiteral("--child-bare"), path }, runs)
                            : std::vector<Sample>();
    const double bareS = medianOf(bare, [](const Sample &s) { return s.seconds; });
    if (!whole)
        out << "bare simdjson whole-document passes: skipped above 2 GB (see the span walk)\n";
    else if (bare.empty() || bareS <= 0)
        out << "bare simdjson DOM pass: not possible (file over 4 GiB or not one JSON document)\n";
    else
        out << "bare simdjson DOM pass:   " << QString::number(bareS, 'f', 3) << " s  "
            << QString::number(mb / bareS, 'f', 0) << " MB/s\n";
    const auto walk = whole ? runChildren(self, { QStringLiteral("--child-ondemand"), path }, runs)
                            : std::vector<Sample>();
    const double walkS = medianOf(walk, [](const Sample &s) { return s.seconds; });
    if (whole && (walk.empty() || walkS <= 0))
        out << "bare simdjson On-Demand walk: not possible (file over 4 GiB or not one JSON "
               "array)\n";
    else if (whole)
        out << "bare simdjson On-Demand walk (events skipped unread, 1 thread): "
            << QString::number(walkS, 'f', 3) << " s  " << QString::number(mb / walkS, 'f', 0)
            << " MB/s\n";
    double spanWalkS[3] = { 0, 0, 0 };
    for (int threads : { 1, 2 }) {
        const auto w = runChildren(
            self, { QStringLiteral("--child-spanwalk"), QString::number(threads), path }, runs);
        spanWalkS[threads] = medianOf(w, [](const Sample &x) { return x.seconds; });
        if (w.empty() || spanWalkS[threads] <= 0)
            out << "bare simdjson On-Demand walk in 16 MiB spans: not possible (not a plain JSON "
                   "array)\n";
        else
            out << "bare simdjson On-Demand walk in 16 MiB spans, reads included, " << threads
                << " thread(s): " << QString::number(spanWalkS[threads], 'f', 3) << " s  "
                << QString::number(mb / spanWalkS[threads], 'f', 0) << " MB/s, "
                << QString::number(medianOf(w, [](const Sample &x) { return x.count; }), 'f', 0)
                << " events\n";
    }
    for (int threads : { 1, 2 }) {
        const auto s = runChildren(
            self, { QStringLiteral("--child-load"), QString::number(threads), path }, runs);
        const double sec = medianOf(s, [](const Sample &x) { return x.seconds; });
        const double events = medianOf(s, [](const Sample &x) { return x.count; });
        const double rss = medianOf(s, [](const Sample &x) { return x.rssKb; }) * 1024.0;
        const double hwm = medianOf(s, [](const Sample &x) { return x.hwmKb; }) * 1024.0;
        out << "npuscope " << threads << " thread(s):     " << QString::number(sec, 'f', 3)
            << " s  " << QString::number(mb / sec, 'f', 0) << " MB/s  "
            << QString::number(events / sec / 1e6, 'f', 2) << " M events/s";
        if (bareS > 0)
            out << "  " << QString::number(bareS / sec * 100, 'f', 0) << "% of bare simdjson DOM";
        if (walkS > 0)
            out << ", " << QString::number(walkS / sec * 100, 'f', 0) << "% of the On-Demand walk";
        if (spanWalkS[threads] > 0)
            out << ", " << QString::number(spanWalkS[threads] / sec * 100, 'f', 0)
                << "% of the span walk on " << threads << " thread(s)";
        out << "\n    resident after load " << QString::number(rss / 1e6, 'f', 0)
            << " MB = " << QString::number(rss / std::max(events, 1.0), 'f', 1)
            << " B/event; peak during load " << QString::number(hwm / 1e6, 'f', 0) << " MB (+"
            << QString::number((hwm - rss) / 1e6, 'f', 0) << " MB over final)\n";
        out.flush();
    }
    // Cold: the file comes from the disk (evicted from the page cache before each run).
    const auto read = runChildren(self, { QStringLiteral("--child-read"), path }, runs, true);
    const double readS = medianOf(read, [](const Sample &x) { return x.seconds; });
    if (read.empty() || readS <= 0) {
        out << "cold runs: not possible (the file could not be evicted from the page cache)\n";
        return 0;
    }
    out << "cold (file evicted from the page cache before each run): sequential read in 16 MiB "
           "blocks "
        << QString::number(readS, 'f', 3) << " s  " << QString::number(mb / readS, 'f', 0)
        << " MB/s\n";
    for (int threads : { 1, 2 }) {
        const auto s = runChildren(
            self, { QStringLiteral("--child-load"), QString::number(threads), path }, runs, true);
        const double sec = medianOf(s, [](const Sample &x) { return x.seconds; });
        out << "npuscope " << threads << " thread(s), cold: " << QString::number(sec, 'f', 3)
            << " s  " << QString::number(mb / sec, 'f', 0) << " MB/s  "
            << QString::number(readS / sec * 100, 'f', 0) << "% of the sequential read\n";
        out.flush();
    }
    return 0;
}
