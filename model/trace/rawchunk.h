#pragma once

#include "model/core/issue.h"
#include "model/core/stringpool.h"
#include "model/core/trace.h"

#include <vector>

namespace npuscope {

// What one chunk of a trace file parses into, with ids local to the chunk's own string pool.
// TraceBuilder merges chunks (in file order) into a Trace. No simdjson types here.
// A flow id ("40004068119343520901", "0x1a") as a 128-bit hash of its text: flows pair their
// start and end by id, and ids are unique per flow, so interning them would store millions of
// strings that are never shown. TraceBuilder keeps 64 of the 128 bits (see its FlowPoint).
struct FlowIdKey {
    std::uint64_t a = 0, b = 0;
    friend bool operator==(const FlowIdKey &, const FlowIdKey &) = default;
    friend auto operator<=>(const FlowIdKey &, const FlowIdKey &) = default;
};

struct RawChunk {
    struct Slice {
        Event event; // name/category are local StringIds
        std::uint32_t track = 0; // index into trackKeys
        char phase = 'X'; // X, B, E, i
    };
    struct Counter {
        TimeNs ts = 0;
        std::uint32_t pid = 0; // local string id of the pid key
        std::uint32_t series = 0; // local string id of "name" or "name key"
        double value = 0;
    };
    struct FlowPoint {
        TimeNs ts = 0;
        std::uint32_t track = 0;
        std::uint32_t name = 0, category = 0;
        FlowIdKey id; // the id's text, hashed: one per flow, not worth interning
        char phase = 's'; // s, t, f
        bool bindEnclosing = false; // "bp": "e"
        bool paired = false; // in flowPairs
    };
    struct Meta {
        enum class Kind : std::uint8_t {
            ProcessName,
            ProcessLabels,
            ProcessSort,
            ThreadName,
            ThreadSort
        };
        Kind kind = Kind::ProcessName;
        std::uint32_t pid = 0, tid = 0;
        std::uint32_t text = 0;
        std::int64_t sort = 0;
    };

    std::int64_t begin = 0; // file byte range parsed
    std::int64_t end = 0;
    StringPool strings;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> trackKeys; // (pid, tid) local ids
    std::vector<Slice> slices;
    std::vector<Counter> counters;
    std::vector<FlowPoint> flows;
    // (start, end) indices into flows: an "s" and an "f" of the same id and category near each
    // other in the chunk, in either order, less than 2^47 ns apart (see pairFlows() in
    // traceparser.h).
    std::vector<std::pair<std::uint32_t, std::uint32_t>> flowPairs;
    std::vector<Meta> metas;
    // Problems that may repeat per event are counted, reported once with the first offset.
    struct Problem {
        std::int64_t count = 0;
        std::int64_t firstOffset = -1;
        QString message; // describes the first occurrence
    };
    enum ProblemKind {
        BadTimestamp,
        BadDuration,
        NegativeDuration,
        MissingTimestamp,
        NotAnObject,
        BadCounterValue,
        UnknownMetadata,
        ProblemKindCount
    };
    Problem problems[ProblemKindCount];

    TraceStats stats;
    IssueList issues; // damage: bytes dropped, truncation, trailing comma

    void addProblem(ProblemKind kind, std::int64_t offset, const QString &message)
    {
        Problem &p = problems[kind];
        if (p.count++ == 0) {
            p.firstOffset = offset;
            p.message = message;
        }
    }
};

} // namespace npuscope
