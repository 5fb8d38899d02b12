#include "model/trace/traceloader.h"

#include "model/trace/gzipstream.h"
#include "model/trace/sequencereader.h"
#include "model/trace/spanpipeline.h"
#include "model/trace/tracebuilder.h"
#include "model/trace/tracehead.h"
#include "model/trace/traceparser.h"
#include "model/trace/tracesource.h"

#include <QCoreApplication>
#include <QThread>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <algorithm>
#include <atomic>

namespace npuscope {

namespace {

    constexpr std::int64_t kMinChunk = std::int64_t(4) << 20;
    // Chunks of at most 8 MiB: each worker holds its chunk, simdjson's index of it and its parsed
    // events, and the workers run ahead of the merge, so larger chunks add to the peak during load,
    // and they parse no faster (tests/bench/RESULTS.md has the numbers).
    constexpr std::int64_t kMaxChunk = std::int64_t(8) << 20;
    // The spans of a gzip stream: 2 MiB, and at most 24 of them beyond the merged ones (48 MiB).
    // The inflated text is written once and read soon after: spans of 8 MiB, 12 ahead, made the
    // inflater write (and the parsers read) beyond the processor's cache, and inflating
    // cost more CPU per GB than now (tests/bench/RESULTS.md has the numbers).
    constexpr std::int64_t kStreamSpan = std::int64_t(2) << 20;
    constexpr std::size_t kStreamAhead = 24;
    // The first span when a preview is wanted: parsed and indexed in a few tens of milliseconds.
    constexpr std::int64_t kPreviewChunk = std::int64_t(2) << 20;
    // The first event boundary at or after `nominal`, or -1. Events are a few hundred bytes: the
    // first window is small: every cut is found on one thread before parsing begins.
    std::int64_t boundaryNear(const TraceSource &src, std::int64_t nominal, std::int64_t limit)
    {
        std::vector<char> window;
        for (std::int64_t size = 64 << 10; size <= (std::int64_t(64) << 20); size *= 4) {
            const std::int64_t want = std::min(size, limit - nominal);
            if (want <= 0)
                return -1;
            window.resize(static_cast<std::size_t>(want));
            const std::int64_t got = src.read(nominal, window.data(), want);
            if (got <= 0)
                return -1;
            const std::int64_t at = findEventBoundary(window.data(), got, 0);
            if (at >= 0)
                return nominal + at;
            if (got < want)
                return -1;
        }
        return -1;
    }

    std::vector<std::int64_t> splitSpans(
        const TraceSource &src, std::int64_t begin, std::int64_t chunk, std::int64_t firstChunk)
    {
        std::vector<std::int64_t> cuts { begin };
        const std::int64_t size = src.size();
        for (std::int64_t nominal = begin + firstChunk; nominal < size;
             nominal = cuts.back() + chunk) {
            const std::int64_t at = boundaryNear(src, nominal, size);
            if (at < 0 || at <= cuts.back())
                break;
            cuts.push_back(at);
        }
        cuts.push_back(size);
        return cuts;
    }

    // The first span parsed a second time (a few MiB: cheaper than sharing the workers' chunk,
    // whose strings the merge consumes) and indexed on its own.
    std::shared_ptr<const Trace> previewTrace(const std::shared_ptr<TraceSource> &source,
        std::int64_t begin, std::int64_t end, bool kineto, std::atomic<bool> *cancel)
    {
        TraceSpanParser parser;
        RawChunk chunk;
        parser.parse(*source, begin, end, false, chunk, cancel);
        TraceBuilder builder(source->path());
        builder.add(chunk);
        IssueList ignored; // the full load reports every problem
        std::shared_ptr<Trace> trace = builder.finish(&ignored, 1);
        trace->kineto = kineto;
        trace->fileBytes = source->size();
        trace->source = source;
        return trace;
    }

} // namespace

TraceLoadResult loadTrace(
    const QString &path, const TraceLoadOptions &options, const ProgressFn &progress)
{
    QString error;
    auto source = TraceSource::open(path, &error);
    if (!source) {
        TraceLoadResult result;
        result.issues.append({ Severity::Error, path, QString(), error });
        return result;
    }
    TraceLoadResult result = loadTrace(source, options, progress);
    if (!error.isEmpty())
        result.issues.prepend({ Severity::Warning, path, QString(), error });
    return result;
}

namespace {

    // The spans of a plain file, cut before parsing begins. A file not in the page cache yet:
    // each span is asked for `ahead` spans before it is parsed, so that the disk streams it in
    // while the workers parse.
    class CutFeed final : public SpanFeed {
    public:
        CutFeed(const TraceSource &source, std::vector<std::int64_t> cuts, std::size_t ahead)
            : m_source(source)
            , m_cuts(std::move(cuts))
            , m_ahead(ahead)
        {
            for (std::size_t i = 0; i < m_ahead; ++i)
                prefetch(i);
        }
        bool span(std::size_t i, Span *out) override
        {
            if (i + 1 >= m_cuts.size())
                return false;
            prefetch(i + m_ahead);
            *out = { m_cuts[i], m_cuts[i + 1], i + 2 == m_cuts.size() };
            return true;
        }
        std::pair<std::int64_t, std::int64_t> progress(std::size_t i) const override
        {
            return { m_cuts[i + 1], m_source.size() };
        }
        std::int64_t expectedBytes() const override { return m_source.size(); }

    private:
        void prefetch(std::size_t i)
        {
            if (i + 1 < m_cuts.size())
                m_source.prefetch(m_cuts[i], m_cuts[i + 1] - m_cuts[i]);
        }

        const TraceSource &m_source;
        std::vector<std::int64_t> m_cuts;
        std::size_t m_ahead;
    };

    std::int64_t chunkFor(const TraceLoadOptions &options, std::int64_t size, int threads)
    {
        return options.chunkBytes > 0 ? options.chunkBytes
                                      : std::clamp(size / (threads * 4), kMinChunk, kMaxChunk);
    }

    // The load proper, from a feed of spans: parsed on `threads` workers, merged here.
    // With a preview wanted, the first span is parsed a second time on this thread while the
    // workers start.
    TraceLoadResult loadSpans(const std::shared_ptr<TraceSource> &source, SpanFeed &feed,
        const ArrayStart &start, int threads, const TraceLoadOptions &options,
        const ProgressFn &progress)
    {
        TraceLoadResult result;
        SpanPipeline pipeline(source, &feed, threads);
        SpanFeed::Span first;
        if (options.preview && feed.span(0, &first) && !first.last)
            options.preview(
                previewTrace(source, first.begin, first.end, start.kineto, pipeline.cancelFlag()));
        TraceBuilder builder(source->path(), feed.expectedBytes());
        if (!pipeline.mergeInto(builder, progress)) {
            result.cancelled = true;
            return result;
        }
        std::shared_ptr<Trace> trace = builder.finish(&result.issues, threads);
        trace->kineto = start.kineto;
        trace->fileBytes = source->size();
        trace->source = source;
        result.trace = std::move(trace);
        return result;
    }

    TraceLoadResult arrayError(const QString &path, const ArrayStart &start)
    {
        TraceLoadResult result;
        result.issues.append({ Severity::Error, path,
            QCoreApplication::translate("npuscope::TraceParser", "byte 0"), start.error });
        return result;
    }

    // A gzip trace: inflated on a thread of its own while as many workers as cores parse (the
    // scheduler gives the parsers whatever the inflater leaves: with one fewer, a 2-core machine
    // parsed on one core while the inflater waited for room). The inflater may run kStreamAhead
    // spans beyond the merge, so that a slow span or merge does not stop it.
    TraceLoadResult loadStream(const std::shared_ptr<TraceSource> &source,
        const TraceLoadOptions &options, const ProgressFn &progress, int threads)
    {
        GzipStream &stream = *source->stream();
        if (stream.started()) {
            TraceLoadResult result;
            result.issues.append({ Severity::Error, source->path(), QString(),
                QCoreApplication::translate(
                    "npuscope::TraceParser", "a compressed trace can be loaded only once") });
            return result;
        }
        const std::int64_t chunk = options.chunkBytes > 0 ? options.chunkBytes : kStreamSpan;
        const std::int64_t first = options.preview ? std::min(chunk, kPreviewChunk) : chunk;
        const ArrayStart start = stream.start(first, chunk,
            std::max(kStreamAhead, SpanPipeline::aheadFor(threads) + 2), options.eventDetails);
        TraceLoadResult result;
        if (start.offset < 0)
            result = arrayError(source->path(), start);
        else
            result = loadSpans(source, stream, start, threads, options, progress);
        result.issues += stream.issues();
        return result;
    }

} // namespace

TraceLoadResult loadTrace(const std::shared_ptr<TraceSource> &source,
    const TraceLoadOptions &options, const ProgressFn &progress)
{
    const int threads
        = options.threads > 0 ? options.threads : std::max(1, QThread::idealThreadCount());
    TraceLoadResult result;
    if (source->stream()) {
        result = loadStream(source, options, progress, threads);
    } else {
        const ArrayStart start = findArrayStart(*source);
        if (start.offset < 0)
            return arrayError(source->path(), start);
        const std::int64_t chunk = chunkFor(options, source->size(), threads);
        CutFeed feed(*source,
            splitSpans(*source, start.offset, chunk,
                options.preview ? std::min(chunk, kPreviewChunk) : chunk),
            SpanPipeline::aheadFor(threads));
        result = loadSpans(source, feed, start, threads, options, progress);
    }
    // What the call tree reads of the raw events, read here so that the analysis reads no file.
    if (result.trace && !result.cancelled)
        result.trace->sequenceNumbers = readSequenceNumbers(*result.trace);
#if defined(__GLIBC__)
    // The parse buffers, chunk pools and flow points are freed by now, mostly in the worker
    // threads' malloc arenas, which glibc keeps: hand those pages back to the system.
    malloc_trim(0);
#endif
    return result;
}

} // namespace npuscope
