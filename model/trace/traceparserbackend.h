#pragma once

// Internal to the trace loader: the span parser is compiled once per SIMD level (see
// model/CMakeLists.txt) because simdjson On-Demand picks its kernels at compile time.
// traceparser.cpp chooses the best one the CPU supports at run time.

#include "model/trace/rawchunk.h"

#include <atomic>
#include <cstdint>
#include <memory>

namespace npuscope {

class TraceSource;

class SpanParserBackend {
public:
    virtual ~SpanParserBackend() = default;
    virtual void parse(const TraceSource &source, std::int64_t begin, std::int64_t end, bool last,
        RawChunk &chunk, const std::atomic<bool> *cancel, char *text)
        = 0;
};

namespace generic {
    std::unique_ptr<SpanParserBackend> makeParser();
}
namespace haswell {
    std::unique_ptr<SpanParserBackend> makeParser();
}

} // namespace npuscope
