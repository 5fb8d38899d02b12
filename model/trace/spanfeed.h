#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

namespace npuscope {

// Where the spans of a trace's event array come from, one after the other: cut up front in a
// plain file (random access), or inflated as the load goes on from a gzip stream. Thread-safe.
class SpanFeed {
public:
    struct Span {
        std::int64_t begin = 0, end = 0;
        bool last = false; // runs to the end of the array
        // The span's bytes in memory, for the parser to parse where they are, or null (read them
        // from the source). The parser may write text[-1] and the kTextSlack bytes after the
        // span, and the span's trailing separators while it parses (restored after).
        char *text = nullptr;
    };
    static constexpr std::int64_t kTextSlack = 128;
    virtual ~SpanFeed() = default;

    // Blocks until span `i` is known; false when the input ended before it or was cancelled.
    virtual bool span(std::size_t i, Span *out) = 0;
    // Spans 0..i are merged: their bytes may be released.
    virtual void merged(std::size_t) { }
    virtual void cancel() { }
    // (done, total) for the progress after span i is merged, in the input's own bytes.
    virtual std::pair<std::int64_t, std::int64_t> progress(std::size_t i) const = 0;
    // What the rest of the input will hold, for the builder's reservations (0: unknown).
    virtual std::int64_t expectedBytes() const = 0;
};

} // namespace npuscope
