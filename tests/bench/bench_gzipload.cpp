// Gzip trace load benchmark: npuscope's streaming load of a .gz trace (inflated on one thread
// while the others parse) against a bare single-thread zlib inflate of the same file, in the
// same run, alternating. Every measurement runs in a fresh child process so that resident memory
// is measured cleanly. Prints medians; not part of the test suite. `--plain` adds the load of
// the same trace uncompressed (the ceiling: the parse and merge without any inflate). Built with
// ISA-L, it also times a bare ISA-L inflate and the report load with zlib (NPUSCOPE_GZIP=zlib).
//   bench_gzipload FILE.gz [--runs N] [--plain FILE]
#include "benchutil.h"
#include "model/core/residentmemory.h"
#include "model/trace/traceloader.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTextStream>

#include <zlib.h>
#ifdef NPUSCOPE_HAVE_ISAL
#include <isa-l/igzip_lib.h>
#endif

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

using namespace npuscope;
using bench::median;
using bench::medianOf;

namespace {

// The yardstick: zlib inflating the file (every member) into a 1 MiB buffer that is thrown
// away, on one thread, reads included.
int childInflate(const QString &path)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
    if (fd < 0)
        return 1;
    QElapsedTimer t;
    t.start();
    z_stream zs {};
    if (inflateInit2(&zs, 15 + 32) != Z_OK)
        return 1;
    std::vector<unsigned char> in(1 << 20), out(1 << 20);
    long long produced = 0;
    int rc = Z_OK;
    for (;;) {
        if (zs.avail_in == 0) {
            const ssize_t got = ::read(fd, in.data(), in.size());
            if (got <= 0)
                break;
            zs.next_in = in.data();
            zs.avail_in = static_cast<uInt>(got);
        }
        zs.next_out = out.data();
        zs.avail_out = static_cast<uInt>(out.size());
        rc = inflate(&zs, Z_NO_FLUSH);
        produced += static_cast<long long>(out.size() - zs.avail_out);
        if (rc == Z_STREAM_END)
            rc = inflateReset(&zs);
        if (rc != Z_OK && rc != Z_BUF_ERROR)
            break;
    }
    inflateEnd(&zs);
    ::close(fd);
    std::printf("%.6f %lld 0 0\n", t.nsecsElapsed() / 1e9, produced);
    return 0;
}

#ifdef NPUSCOPE_HAVE_ISAL
// The same with ISA-L's igzip (CRC and length checked as zlib does).
int childInflateIsal(const QString &path)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
    if (fd < 0)
        return 1;
    QElapsedTimer t;
    t.start();
    static inflate_state s;
    isal_inflate_init(&s);
    s.crc_flag = ISAL_GZIP;
    std::vector<unsigned char> in(1 << 20), out(1 << 20);
    long long produced = 0;
    bool eof = false;
    while (!eof || s.avail_in > 0) {
        if (s.avail_in == 0) {
            const ssize_t got = ::read(fd, in.data(), in.size());
            eof = got <= 0;
            s.next_in = in.data();
            s.avail_in = got > 0 ? static_cast<std::uint32_t>(got) : 0;
        }
        s.next_out = out.data();
        s.avail_out = static_cast<std::uint32_t>(out.size());
        if (isal_inflate(&s) < 0)
            break;
        produced += static_cast<long long>(out.size() - s.avail_out);
        if (s.block_state == ISAL_BLOCK_FINISH) {
            isal_inflate_reset(&s);
            s.crc_flag = ISAL_GZIP;
        } else if (eof && s.avail_in == 0 && s.avail_out > 0) {
            break;
        }
    }
    ::close(fd);
    std::printf("%.6f %lld 0 0\n", t.nsecsElapsed() / 1e9, produced);
    return 0;
}
#endif

// `details`: the load as the GUI does it (the inflated text kept for the event details).
int childLoad(const QString &path, bool details)
{
    const long before = processStatusKb("VmRSS:");
    QElapsedTimer t;
    t.start();
    TraceLoadOptions o;
    o.eventDetails = details;
    const TraceLoadResult r = loadTrace(path, o);
    const double s = t.nsecsElapsed() / 1e9;
    if (!r.trace)
        return 1;
    std::printf("%.6f %lld %ld %ld\n", s, static_cast<long long>(r.trace->stats.events),
        processStatusKb("VmRSS:") - before, processStatusKb("VmHWM:") - before);
    return 0;
}

// The event details after a GUI-style load: the median time of one args() (seek to the
// checkpoint, inflate forward) over 201 events spread over the tracks, printed as the sample's
// seconds; the count is the events fetched, the third field the slowest fetch in microseconds.
int childArgs(const QString &path)
{
    const TraceLoadResult r = loadTrace(path);
    if (!r.trace)
        return 1;
    std::vector<EventRef> refs;
    const auto &tracks = r.trace->tracks;
    for (std::size_t i = 0; refs.size() < 201 && i < 100000; ++i) {
        const std::size_t t = (i * 7919) % tracks.size();
        if (!tracks[t].events.empty())
            refs.push_back({ TrackId(std::uint32_t(t)),
                std::uint32_t((i * 104729) % tracks[t].events.size()) });
    }
    std::vector<double> times;
    int found = 0;
    for (const EventRef &ref : refs) {
        QElapsedTimer t;
        t.start();
        found += r.trace->args(ref).isEmpty() ? 0 : 1;
        times.push_back(t.nsecsElapsed() / 1e9);
    }
    const double slowest = *std::max_element(times.begin(), times.end());
    std::printf("%.6f %d %.0f 0\n", median(times), found, slowest * 1e6);
    return 0;
}

using Sample = bench::ChildSample;

// Appends one run of the child to `out`; false when it failed.
bool runChild(const QString &self, const QStringList &args, std::vector<Sample> *out)
{
    const auto sample = bench::runChild(self, args);
    if (sample)
        out->push_back(*sample);
    return sample.has_value();
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() >= 3 && args[1] == QLatin1String("--child-inflate"))
        return childInflate(args[2]);
    if (args.size() >= 3 && args[1] == QLatin1String("--child-args"))
        return childArgs(args[2]);
#ifdef NPUSCOPE_HAVE_ISAL
    if (args.size() >= 3 && args[1] == QLatin1String("--child-inflate-isal"))
        return childInflateIsal(args[2]);
#endif
    if (args.size() >= 4 && args[1] == QLatin1String("--child-load")) {
        if (args[2] == QLatin1String("zlib"))
            ::setenv("NPUSCOPE_GZIP", "zlib", 1);
        return childLoad(args[3], args[2] == QLatin1String("details"));
    }
    if (args.size() < 2 || !QFileInfo(args[1]).isFile()) {
        std::fprintf(stderr, "usage: bench_gzipload FILE.gz [--runs N]\n");
        return 1;
    }
    const QString path = args[1];
    int runs = 3;
    QString plain;
    for (int i = 2; i + 1 < args.size(); i += 2) {
        if (args[i] == QLatin1String("--runs"))
            runs = args[i + 1].toInt();
        else if (args[i] == QLatin1String("--plain"))
            plain = args[i + 1];
    }
    const QString self = QCoreApplication::applicationFilePath();
    std::vector<Sample> inflated, inflatedIsal, loaded, detailed, zlibLoaded, plainLoaded;
    const QString load = QStringLiteral("--child-load");
#ifdef NPUSCOPE_HAVE_ISAL
    const bool isal = true;
#else
    const bool isal = false;
#endif
    for (int i = 0; i < runs; ++i) { // alternating, so that all see the same machine
        if (!runChild(self, { QStringLiteral("--child-inflate"), path }, &inflated)
            || (isal
                && (!runChild(self, { QStringLiteral("--child-inflate-isal"), path }, &inflatedIsal)
                    || !runChild(self, { load, QStringLiteral("zlib"), path }, &zlibLoaded)))
            || !runChild(self, { load, QStringLiteral("report"), path }, &loaded)
            || !runChild(self, { load, QStringLiteral("details"), path }, &detailed)
            || (!plain.isEmpty()
                && !runChild(self, { load, QStringLiteral("report"), plain }, &plainLoaded))) {
            std::fprintf(stderr, "bench_gzipload: a run failed\n");
            return 1;
        }
    }
    std::vector<Sample> fetched;
    if (!runChild(self, { QStringLiteral("--child-args"), path }, &fetched)) {
        std::fprintf(stderr, "bench_gzipload: the args run failed\n");
        return 1;
    }
    const double inflateS = medianOf(inflated, [](const Sample &x) { return x.seconds; });
    const double mb = medianOf(inflated, [](const Sample &x) { return x.count; }) / 1e6;
    QTextStream out(stdout);
    out << "file " << path << ", " << QString::number(QFileInfo(path).size() / 1e6, 'f', 1)
        << " MB compressed, " << QString::number(mb, 'f', 1) << " MB inflated; medians of " << runs
        << " runs\n"
        << "bare zlib inflate, 1 thread:  " << QString::number(inflateS, 'f', 3) << " s  "
        << QString::number(mb / inflateS, 'f', 0) << " MB/s\n";
    if (!inflatedIsal.empty()) {
        const double isalS = medianOf(inflatedIsal, [](const Sample &x) { return x.seconds; });
        out << "bare ISA-L inflate, 1 thread: " << QString::number(isalS, 'f', 3) << " s  "
            << QString::number(mb / isalS, 'f', 0) << " MB/s  "
            << QString::number(inflateS / isalS * 100, 'f', 0) << "% of the bare zlib inflate\n";
    }
    for (const auto *s : { &loaded, &detailed, &zlibLoaded, &plainLoaded }) {
        if (s->empty())
            continue;
        const double loadS = medianOf(*s, [](const Sample &x) { return x.seconds; });
        const double rss = medianOf(*s, [](const Sample &x) { return x.rssKb; }) / 1e3;
        const double hwm = medianOf(*s, [](const Sample &x) { return x.hwmKb; }) / 1e3;
        out << "npuscope load, all threads, "
            << (s == &loaded              ? "as a report (no event details):  "
                       : s == &detailed   ? "as the GUI (index for details):  "
                       : s == &zlibLoaded ? "as a report, zlib inflating:     "
                                          : "the plain file, as a report:     ")
            << QString::number(loadS, 'f', 3) << " s  " << QString::number(mb / loadS, 'f', 0)
            << " MB/s  " << QString::number(inflateS / loadS * 100, 'f', 0)
            << "% of the bare inflate\n    resident after load " << QString::number(rss, 'f', 0)
            << " MB; peak during load " << QString::number(hwm, 'f', 0) << " MB (+"
            << QString::number(hwm - rss, 'f', 0) << " MB over final)\n";
    }
    out << "one event's args after the GUI load: median "
        << QString::number(fetched[0].seconds * 1e3, 'f', 2) << " ms, slowest "
        << QString::number(fetched[0].rssKb / 1e3, 'f', 2) << " ms (" << fetched[0].count
        << " of 201 events with args)\n";
    return 0;
}
