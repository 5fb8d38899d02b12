#pragma once

#include "model/core/tracebytes.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <memory>

namespace npuscope {

class GzipStream;

// Random access to the bytes of a trace file: a plain file read with pread (no mmap, so a file
// that shrinks while loading gives short reads instead of SIGBUS), or a gzip file inflated as a
// stream while it loads (see GzipStream: read() then serves the spans in flight, and after the
// load the gzip index's checkpoints, inflating forward). Thread-safe for concurrent reads.
class TraceSource final : public TraceBytes {
public:
    ~TraceSource() override;
    TraceSource(const TraceSource &) = delete;
    TraceSource &operator=(const TraceSource &) = delete;

    // Opens `path`; gzip is recognised by its magic bytes (nothing is inflated before the load).
    // On failure returns null and sets *error to a message naming the file. `maxDecompressed`
    // bounds gzip output (bomb guard).
    static std::shared_ptr<TraceSource> open(const QString &path, QString *error,
        std::int64_t maxDecompressed = kDefaultMaxDecompressed);
    static std::shared_ptr<TraceSource> fromMemory(QByteArray data, const QString &name);

    static constexpr std::int64_t kDefaultMaxDecompressed = std::int64_t(16) << 30;

    QString path() const override { return m_path; }
    bool compressed() const override { return m_compressed; }
    std::int64_t size() const override;
    // The gzip stream, which loadTrace() starts (once); null for a plain file.
    GzipStream *stream() const { return m_stream.get(); }

    std::int64_t read(std::int64_t offset, char *dst, std::int64_t n) const override;

    // Asks the system to start reading [offset, offset + n) into the page cache, without waiting
    // (a plain file only): a load asks for the spans ahead of the ones being parsed, so that a
    // file not yet in the cache streams from the disk while the parsers work.
    void prefetch(std::int64_t offset, std::int64_t n) const;

    QByteArray readJsonObjectAt(
        std::int64_t offset, std::int64_t maxBytes = 256 << 20) const override;
    // The length of the JSON object at the start of [data, data + n) (braces balanced, strings
    // respected); 0 when none starts there, -1 when it does not end within the n bytes.
    static std::int64_t jsonObjectLength(const char *data, std::int64_t n);

private:
    TraceSource() = default;

    QString m_path;
    int m_fd = -1;
    bool m_compressed = false;
    std::int64_t m_size = 0;
    QByteArray m_memory; // in-memory data
    std::unique_ptr<GzipStream> m_stream;
};

} // namespace npuscope
