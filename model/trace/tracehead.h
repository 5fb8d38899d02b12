#pragma once

#include <QString>

#include <cstdint>

namespace npuscope {

class TraceSource;

// Where the event array of a trace starts: the array form ("[...]") or the object form
// ({"traceEvents": [...]}, Kineto).
struct ArrayStart {
    std::int64_t offset = -1; // first byte after '['
    bool kineto = false;
    QString error;
    bool needMore = false; // the bytes given end before it can be decided
};

// Kineto writes deviceProperties (small) before traceEvents; a larger preamble is unexpected.
constexpr std::int64_t kMaxTracePreamble = std::int64_t(256) << 20;

// Looks for the start of the event array in the first `size` bytes of a trace; `complete`: they
// are the whole file. Sets needMore when more bytes could decide it.
ArrayStart findArrayStartIn(const char *data, std::int64_t size, bool complete);
// Reads growing windows of `src` from its start until findArrayStartIn() decides.
ArrayStart findArrayStart(const TraceSource &src);

} // namespace npuscope
