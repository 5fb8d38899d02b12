#include "model/trace/traceparser.h"

#include "model/trace/traceparserbackend.h"

#include <simdjson.h>

#include <bit>
#include <limits>
#include <string_view>
#include <utility>

namespace npuscope {

namespace {

    bool useHaswell()
    {
        // simdjson's runtime detection: "haswell" or the AVX-512 "icelake" both run haswell code.
#ifdef NPUSCOPE_NO_HASWELL
        return false;
#endif
        static const bool yes = [] {
            const std::string_view best
                = simdjson::get_available_implementations().detect_best_supported()->name();
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

void TraceSpanParser::parse(const TraceSource &source, std::int64_t begin, std::int64_t end,
    bool last, RawChunk &out, const std::atomic<bool> *cancel, char *text)
{
    d->parse(source, begin, end, last, out, cancel, text);
    pairFlows(out);
}

void pairFlows(RawChunk &chunk)
{
    // The open ends ("s" or "f" without its partner yet) by id, direct-mapped on the id's hash:
    // an end that loses its slot stays single, which only costs memory (see the header). Small
    // enough to stay in the cache. An "f" may come first: torch_npu writes a HostToDevice flow's
    // "f" with the device task, before the host call that starts it.
    auto &flows = chunk.flows;
    chunk.flowPairs.clear();
    if (flows.size() < 2)
        return;
    const std::size_t tableSize = std::min<std::size_t>(std::bit_ceil(flows.size()), 4096);
    std::vector<std::uint32_t> openEnd(tableSize, UINT32_MAX);
    constexpr std::int64_t kMaxDelta = (std::int64_t(1) << 47) - 1; // FlowPair's 48 bits
    for (std::uint32_t i = 0; i < flows.size(); ++i) {
        RawChunk::FlowPoint &p = flows[i];
        std::uint32_t &slot = openEnd[p.id.a & (tableSize - 1)];
        if (slot != UINT32_MAX && flows[slot].id == p.id && flows[slot].category == p.category) {
            const std::uint32_t other = std::exchange(slot, UINT32_MAX);
            // A "t", or a second "s" or "f", makes the id more than two points: the ones seen so
            // far stay single.
            RawChunk::FlowPoint &o = flows[other];
            const std::uint32_t start = p.phase == 's' ? i : other;
            const std::uint32_t end = p.phase == 's' ? other : i;
            const bool partners
                = (p.phase == 's' && o.phase == 'f') || (p.phase == 'f' && o.phase == 's');
            const std::int64_t delta = flows[end].ts - flows[start].ts;
            if (partners && delta >= -kMaxDelta && delta <= kMaxDelta) {
                chunk.flowPairs.emplace_back(start, end);
                p.paired = o.paired = true;
                continue;
            }
        }
        if (p.phase != 't')
            slot = i;
    }
}

const char *TraceSpanParser::simdLevel() { return useHaswell() ? "haswell" : "generic"; }

} // namespace npuscope
