#pragma once

#include "model/trace/rawchunk.h"

#include <atomic>
#include <memory>

namespace npuscope {

class TraceSource;
class SpanParserBackend;

// Parses one span of a trace's event array (a run of comma-separated event objects) into a
// RawChunk with simdjson On-Demand. Damaged input is recovered event by event: a span that does
// not parse is split at event boundaries until the damaged events are isolated; every loss is
// reported with its byte offset. One parser per thread (it owns simdjson buffers).
class TraceSpanParser {
public:
    TraceSpanParser();
    ~TraceSpanParser();
    TraceSpanParser(const TraceSpanParser &) = delete;
    TraceSpanParser &operator=(const TraceSpanParser &) = delete;

    // `last`: the span runs to the end of the array (may hold the closing ']', a trailing comma,
    // or a truncated event). `text`: the span's bytes, parsed where they are (see
    // SpanFeed::Span::text), else they are read from `source`. Ends with pairFlows(out).
    void parse(const TraceSource &source, std::int64_t begin, std::int64_t end, bool last,
        RawChunk &out, const std::atomic<bool> *cancel = nullptr, char *text = nullptr);

    // Name of the SIMD level in use ("haswell" or "generic").
    static const char *simdLevel();

private:
    std::unique_ptr<SpanParserBackend> d;
};

// Fills chunk.flowPairs and marks the paired points. Nearly every flow of a profiler is one "s"
// and one "f", written close together: TraceBuilder keeps such a pair in one record (40 bytes
// instead of two of 32, a large share of the peak at the end of a load of tens of GB), and
// treats it as its two points again should any other point share its id. So which points are
// paired changes the memory only, never the flows.
void pairFlows(RawChunk &chunk);

// Offset of the first event start ('{' after "}," with optional whitespace) at or after `from`
// in data[0, size), or -1. Used to split a file into spans and to resynchronise after damage.
std::int64_t findEventBoundary(const char *data, std::int64_t size, std::int64_t from);
// After damage: the next '{' that follows a ',' and starts a key, or -1. Looser than
// findEventBoundary (no '}' needed before it), so a non-object element is skipped too.
std::int64_t findResyncPoint(const char *data, std::int64_t size, std::int64_t from);

} // namespace npuscope
