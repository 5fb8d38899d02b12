// libFuzzer target: the trace JSON loader (chunk splitting, parallel parse, merge, lazy args).
#include "model/trace/tracedump.h"
#include "model/trace/traceloader.h"
#include "model/trace/tracesource.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <cstdint>

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
