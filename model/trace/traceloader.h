#pragma once

#include "model/core/issue.h"
#include "model/core/progress.h"
#include "model/core/trace.h"

#include <functional>
#include <memory>

namespace npuscope {

class TraceSource;

struct TraceLoadOptions {
    int threads = 0; // 0: all cores
    std::int64_t chunkBytes = 0; // 0: automatic (a few chunks per thread, 4-16 MiB each)
    // Called once, on the loading thread, with a trace of only the first few MiB of the file, as
    // soon as they are parsed (the full load goes on meanwhile), so that a view can paint within
    // a fraction of a second whatever the file size. Not called when the file is a single chunk.
    std::function<void(std::shared_ptr<const Trace>)> preview;
    // A compressed trace: build a random-access index of it (GzipIndex: a checkpoint every
    // 4 MiB, 8 MB for 1 GB of text) for Trace::args() and rawEventJson() after the load: the
    // event details, and the call tree's sequence numbers (the commands need those too).
    // Without it args() of such a trace are empty: only for loads that read no event's args.
    bool eventDetails = true;
};

struct TraceLoadResult {
    std::shared_ptr<Trace> trace; // null when nothing could be read; the caller's until shared
    IssueList issues;
    bool cancelled = false;
};

// Loads a Chrome trace-event JSON file (torch_npu trace_view.json, Kineto *.json[.gz]): the
// array form and the {"traceEvents": [...]} form. The file is split into chunks at event
// boundaries, parsed on all cores with simdjson On-Demand (no whole-file DOM, any file size),
// and merged into an indexed Trace. Damaged input loses only the damaged events, each reported.
TraceLoadResult loadTrace(
    const QString &path, const TraceLoadOptions &options = {}, const ProgressFn &progress = {});
TraceLoadResult loadTrace(const std::shared_ptr<TraceSource> &source,
    const TraceLoadOptions &options = {}, const ProgressFn &progress = {});

} // namespace npuscope
