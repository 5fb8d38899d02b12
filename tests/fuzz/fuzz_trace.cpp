// libFuzzer target: the trace JSON loader (chunk splitting, parallel parse, merge, lazy args).
// A gzip input also goes through the gzip index on its own, with both inflaters (zlib, ISA-L
// when built with it) and checkpoints every few hundred bytes: reads through the index must give
// the bytes the inflater gave, and the two inflaters the same bytes (checked by aborting).
#include "model/trace/gzipindex.h"
#include "model/trace/gzipinflater.h"
#include "model/trace/tracedump.h"
#include "model/trace/traceloader.h"
#include "model/trace/tracesource.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

using namespace npuscope;

namespace {

// Everything a view would touch: the dump walks every track and counter; args() re-reads the
// source bytes of an event; the range queries use the per-track indexes.
void touch(const Trace &trace)
{
    (void)dumpTrace(trace, 50);
    for (std::size_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        const TrackId id(static_cast<std::uint32_t>(t));
        for (std::size_t i = 0; i < track.events.size() && i < 8; ++i)
            (void)trace.args({ id, static_cast<std::uint32_t>(i) });
        if (!track.events.empty()) {
            const Event &first = track.events.front();
            const TimeNs mid = first.start + first.duration / 2;
            (void)trace.overlapping(id, first.start, mid);
            (void)trace.eventAt(id, mid);
            (void)trace.lodLevel(id, 0, 1000);
        }
    }
}

constexpr std::int64_t kMaxInflated = std::int64_t(1) << 20;

// The whole file through one inflater, building an index with checkpoints `spacing` apart; then
// reads at, just before and after (up to 40 of) its checkpoints and across the whole output.
std::vector<char> inflateAndRead(const QString &path, GzipInflater::Backend backend, int spacing)
{
    std::vector<char> out(std::size_t(kMaxInflated), 0);
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
    if (fd < 0)
        return {};
    GzipIndex index(fd, spacing);
    GzipInflater inflater(fd, backend);
    inflater.setIndex(&index);
    std::int64_t n = 0;
    while (!inflater.ended() && n < kMaxInflated)
        n += inflater.inflate(out.data() + n, std::min<std::int64_t>(kMaxInflated - n, 4096));
    ::close(fd); // the index keeps its own
    out.resize(std::size_t(n));
    std::vector<std::pair<std::int64_t, std::int64_t>> reads { { 0, n } };
    const std::vector<std::int64_t> at = index.checkpointOffsets();
    const std::size_t step = 1 + at.size() / 40; // (each read restores a checkpoint: a few)
    for (std::size_t i = 0; i < at.size(); i += step)
        for (const std::int64_t d : { -5, 0, 1 })
            reads.push_back({ at[i] + d, spacing + 7 });
    std::vector<char> buf;
    for (auto [offset, len] : reads) {
        if (offset < 0 || offset >= n)
            continue;
        len = std::min(len, n - offset);
        buf.assign(std::size_t(len), 0);
        const std::int64_t got = index.read(offset, buf.data(), len);
        // Damaged data: ISA-L may hand out less of the output before the damage than the load
        // got (it depends on the room given); what comes must be the same bytes.
        if (got < 0 || got > len || (got < len && inflater.error().isEmpty())
            || std::memcmp(buf.data(), out.data() + offset, std::size_t(got)) != 0)
            std::abort();
    }
    return out;
}

void checkGzipIndex(const QString &path, std::size_t size)
{
    const int spacing = 64 << (size % 5);
    const std::vector<char> viaZlib = inflateAndRead(path, GzipInflater::Backend::Zlib, spacing);
    if (!GzipInflater::isalAvailable())
        return;
    const std::vector<char> viaIsal = inflateAndRead(path, GzipInflater::Backend::Isal, spacing);
    // Both decode the same deflate data: up to where either stops, the same bytes.
    const std::size_t common = std::min(viaZlib.size(), viaIsal.size());
    if (std::memcmp(viaZlib.data(), viaIsal.data(), common) != 0)
        std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    // The size picks the split: small chunks put event boundaries and chunk edges everywhere.
    TraceLoadOptions options;
    options.threads = 1 + int(size % 2);
    options.chunkBytes = std::int64_t(64) << (size % 7);
    std::shared_ptr<TraceSource> source;
    if (size >= 2 && data[0] == 0x1f && data[1] == 0x8b) {
        // gzip goes through a real file: only TraceSource::open decompresses (with a small
        // bomb guard here so the fuzzer does not spend its time inflating).
        static QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("fuzz.json.gz"));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return 0;
        f.write(bytes);
        f.close();
        checkGzipIndex(path, size);
        QString error;
        source = TraceSource::open(path, &error, std::int64_t(8) << 20);
        if (!source)
            return 0;
    } else {
        source = TraceSource::fromMemory(bytes, QStringLiteral("fuzz.json"));
    }
    const TraceLoadResult r = loadTrace(source, options);
    if (r.trace)
        touch(*r.trace);
    for (const Issue &i : r.issues)
        (void)i.message.size();
    return 0;
}
