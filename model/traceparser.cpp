#include "model/traceparser.h"

#include "model/traceparserbackend.h"

#include <simdjson.h>

#include <string_view>

namespace npuscope {

namespace {

bool useHaswell()
{
    // simdjson's runtime detection: "haswell" or the AVX-512 "icelake" both run haswell code.
#ifdef NPUSCOPE_NO_HASWELL
    return false;
#endif
    static const bool yes = [] {
        const std::string_view best = simdjson::get_available_implementations().detect_best_supported()->name();
        return best == "haswell" || best == "icelake";
    }();
    return yes;
}

} // namespace

TraceSpanParser::TraceSpanParser()
{
#ifndef NPUSCOPE_NO_HASWELL
    if (useHaswell()) {
        d = haswell::makeParser();
        return;
    }
#endif
    d = generic::makeParser();
}

TraceSpanParser::~TraceSpanParser() = default;

void TraceSpanParser::parse(const TraceSource &source, std::int64_t begin, std::int64_t end, bool last,
                            RawChunk &out, const std::atomic<bool> *cancel)
{
    d->parse(source, begin, end, last, out, cancel);
}

const char *TraceSpanParser::simdLevel()
{
    return useHaswell() ? "haswell" : "generic";
}

std::int64_t findEventBoundary(const char *data, std::int64_t size, std::int64_t from)
{
    return generic::findEventBoundary(data, size, from);
}

} // namespace npuscope
