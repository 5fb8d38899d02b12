#pragma once

#include <QByteArray>
#include <QString>

#include <cstdint>

namespace npuscope {

// The bytes of the file a trace was loaded from, as the trace keeps them for what it reads
// lazily (an event's raw JSON and args). model/trace/ implements it (TraceSource: a plain or
// gzip file); the core only reads through this interface, so that it depends on no loader.
class TraceBytes {
public:
    virtual ~TraceBytes() = default;

    virtual QString path() const = 0;
    virtual bool compressed() const = 0;
    // The file's size; for gzip the bytes inflated so far (all of them after the load).
    virtual std::int64_t size() const = 0;
    // Reads up to `n` bytes at `offset` into dst; returns the number read (short at EOF or when
    // the file shrank), or -1 on an I/O error.
    virtual std::int64_t read(std::int64_t offset, char *dst, std::int64_t n) const = 0;
    // The complete JSON object that starts at `offset` (braces balanced, strings respected),
    // or empty when none is there. Reads only as much as needed.
    virtual QByteArray readJsonObjectAt(
        std::int64_t offset, std::int64_t maxBytes = 256 << 20) const = 0;
};

} // namespace npuscope
