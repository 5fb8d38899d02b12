#include "model/trace/traceloader.h"

#include "model/core/residentmemory.h"
#include "model/trace/tracebuilder.h"
#include "model/trace/traceparser.h"
#include "model/trace/tracesource.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QThread>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <atomic>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <optional>
#include <thread>

namespace npuscope {

namespace {

    constexpr std::int64_t kMinChunk = std::int64_t(4) << 20;
    // Chunks of at most 8 MiB: each worker holds its chunk, simdjson's index of it and its parsed
    // events, and the workers run ahead of the merge, so larger chunks add to the peak during load,
    // and they parse no faster (tests/bench/RESULTS.md has the numbers).
    constexpr std::int64_t kMaxChunk = std::int64_t(8) << 20;
    // The first span when a preview is wanted: parsed and indexed in a few tens of milliseconds.
    constexpr std::int64_t kPreviewChunk = std::int64_t(2) << 20;
    constexpr std::int64_t kHeadWindow = std::int64_t(1) << 20;
    // Kineto writes deviceProperties (small) before traceEvents; a larger preamble is unexpected.
    constexpr std::int64_t kMaxPreamble = std::int64_t(256) << 20;

    bool isWs(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

    struct ArrayStart {
        std::int64_t offset = -1; // first byte after '['
        bool kineto = false;
        QString error;
    };

    QString describeStart(const QByteArray &head, qsizetype i)
    {
        QString shown;
        for (qsizetype k = i; k < head.size() && k < i + 16; ++k) {
            const char c = head[k];
            shown += (c >= 32 && c < 127) ? QChar::fromLatin1(c) : QChar(u'?');
        }
        return shown;
    }

    ArrayStart findArrayStart(const TraceSource &src)
    {
        ArrayStart result;
        QByteArray head;
        for (std::int64_t window = kHeadWindow; window <= kMaxPreamble; window *= 4) {
            head.resize(static_cast<qsizetype>(std::min(window, src.size())));
            const std::int64_t got = src.read(0, head.data(), head.size());
            if (got < 0) {
                result.error = QCoreApplication::translate("npuscope::TraceParser", "read error");
                return result;
            }
            head.truncate(static_cast<qsizetype>(got));
            qsizetype i = 0;
            if (head.startsWith("\xEF\xBB\xBF"))
                i = 3;
            while (i < head.size() && isWs(head[i]))
                ++i;
            if (i >= head.size()) {
                result.error
                    = QCoreApplication::translate("npuscope::TraceParser", "the file is empty");
                return result;
            }
            if (head[i] == '[') {
                result.offset = i + 1;
                return result;
            }
            if (head[i] != '{') {
                result.error = QCoreApplication::translate(
                    "npuscope::TraceParser", "not a JSON trace: it starts with \"%1\"")
                                   .arg(describeStart(head, i));
                return result;
            }
            const qsizetype key = head.indexOf("\"traceEvents\"", i);
            if (key >= 0) {
                qsizetype k = key + 13;
                while (k < head.size() && isWs(head[k]))
                    ++k;
                if (k < head.size() && head[k] == ':') {
                    ++k;
                    while (k < head.size() && isWs(head[k]))
                        ++k;
                    if (k < head.size() && head[k] == '[') {
                        result.offset = k + 1;
                        result.kineto = true;
                        return result;
                    }
                }
            }
            if (got >= src.size())
                break;
        }
        result.error = QCoreApplication::translate(
            "npuscope::TraceParser", "a JSON object without a \"traceEvents\" array");
        return result;
    }

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

    // Parses the spans of a trace on worker threads and hands them to a merge in file order on
    // the calling thread. The workers stay at most `ahead` spans ahead of the merge, which bounds
    // the peak memory; the merged chunks' largest vectors go back to the workers emptied (fresh
    // ones were faulted in page by page and grown by copying, a good part of the load's page
    // faults).
    class SpanPipeline {
    public:
        SpanPipeline(
            std::shared_ptr<TraceSource> source, std::vector<std::int64_t> cuts, int threads)
            : m_source(std::move(source))
            , m_cuts(std::move(cuts))
            , m_spans(m_cuts.size() - 1)
            , m_done(m_spans)
            , m_ahead(static_cast<std::size_t>(threads) * 2)
        {
            for (std::size_t i = 0; i < m_ahead; ++i)
                prefetch(i);
            for (int i = 0; i < std::min<int>(threads, static_cast<int>(m_spans)); ++i)
                m_pool.emplace_back([this] { work(); });
        }
        ~SpanPipeline() { stop(); }

        std::atomic<bool> *cancelFlag() { return &m_cancel; }
        // Merges the spans into `builder` in file order; returns false when cancelled (by
        // `progress` or through cancelFlag()).
        bool mergeInto(TraceBuilder &builder, const ProgressFn &progress);
        // Joins the workers and frees their spare vectors.
        void stop();

    private:
        struct Spare {
            std::vector<RawChunk::Slice> slices;
            std::vector<RawChunk::FlowPoint> flows;
        };
        // A file not in the page cache yet: each span is asked for `ahead` spans before it is
        // parsed, so that the disk streams it in while the workers parse.
        void prefetch(std::size_t i)
        {
            if (i < m_spans)
                m_source->prefetch(m_cuts[i], m_cuts[i + 1] - m_cuts[i]);
        }
        void work();

        std::shared_ptr<TraceSource> m_source;
        std::vector<std::int64_t> m_cuts;
        std::size_t m_spans;
        std::vector<std::optional<RawChunk>> m_done;
        std::size_t m_ahead;
        std::mutex m_mutex;
        std::condition_variable m_ready;
        std::atomic<std::size_t> m_next { 0 };
        std::atomic<bool> m_cancel { false };
        std::size_t m_merged = 0; // guarded by m_mutex
        std::vector<Spare> m_spares; // guarded by m_mutex
        std::vector<std::thread> m_pool;
    };

    void SpanPipeline::work()
    {
        TraceSpanParser parser;
        for (std::size_t i = m_next++; i < m_spans && !m_cancel.load(); i = m_next++) {
            prefetch(i + m_ahead);
            RawChunk chunk;
            {
                std::unique_lock lock(m_mutex);
                m_ready.wait(lock, [&] { return i < m_merged + m_ahead || m_cancel.load(); });
                if (!m_spares.empty()) {
                    chunk.slices = std::move(m_spares.back().slices);
                    chunk.flows = std::move(m_spares.back().flows);
                    m_spares.pop_back();
                }
            }
            if (m_cancel.load())
                break;
            parser.parse(*m_source, m_cuts[i], m_cuts[i + 1], i + 1 == m_spans, chunk, &m_cancel);
            std::lock_guard lock(m_mutex);
            m_done[i].emplace(std::move(chunk));
            m_ready.notify_all();
        }
    }

    bool SpanPipeline::mergeInto(TraceBuilder &builder, const ProgressFn &progress)
    {
        QElapsedTimer clock;
        clock.start();
        qint64 waitedNs = 0;
        for (std::size_t i = 0; i < m_spans && !m_cancel.load(); ++i) {
            RawChunk chunk;
            {
                const qint64 before = clock.nsecsElapsed();
                std::unique_lock lock(m_mutex);
                m_ready.wait(lock, [&] { return m_done[i].has_value(); });
                chunk = std::move(*m_done[i]);
                m_done[i].reset();
                waitedNs += clock.nsecsElapsed() - before;
            }
            builder.add(chunk); // leaves the vectors empty, their capacity kept
            {
                std::lock_guard lock(m_mutex);
                m_merged = i + 1;
                m_spares.push_back({ std::move(chunk.slices), std::move(chunk.flows) });
                m_ready.notify_all();
            }
            if (progress && !progress(m_cuts[i + 1], m_source->size()))
                m_cancel = true;
        }
        const bool cancelled = m_cancel.load();
        stop();
        if (!cancelled)
            qCDebug(lcLoad,
                "parse and merge %zu spans: %.1f ms (merge thread waited %.1f ms for parsers), "
                "resident %.0f MB (peak %.0f)",
                m_spans, clock.nsecsElapsed() / 1e6, waitedNs / 1e6, residentMegabytes(),
                peakResidentMegabytes());
        return !cancelled;
    }

    void SpanPipeline::stop()
    {
        {
            std::lock_guard lock(m_mutex);
            if (m_merged < m_spans)
                m_cancel = true; // (a worker waiting for room would wait forever)
            m_ready.notify_all();
        }
        for (auto &t : m_pool)
            t.join();
        m_pool.clear();
        std::vector<Spare>().swap(m_spares); // freed before finishing (the peak)
    }

} // namespace

TraceLoadResult loadTrace(const std::shared_ptr<TraceSource> &source,
    const TraceLoadOptions &options, const ProgressFn &progress)
{
    TraceLoadResult result;
    const QString path = source->path();
    const ArrayStart start = findArrayStart(*source);
    if (start.offset < 0) {
        result.issues.append({ Severity::Error, path,
            QCoreApplication::translate("npuscope::TraceParser", "byte 0"), start.error });
        return result;
    }
    const int threads
        = options.threads > 0 ? options.threads : std::max(1, QThread::idealThreadCount());
    const std::int64_t size = source->size();
    const std::int64_t chunk = options.chunkBytes > 0
        ? options.chunkBytes
        : std::clamp(size / (threads * 4), kMinChunk, kMaxChunk);
    std::vector<std::int64_t> cuts = splitSpans(
        *source, start.offset, chunk, options.preview ? std::min(chunk, kPreviewChunk) : chunk);
    const std::int64_t firstCut = cuts[0], secondCut = cuts.size() > 2 ? cuts[1] : -1;
    SpanPipeline pipeline(source, std::move(cuts), threads);
    if (options.preview && secondCut >= 0)
        options.preview(
            previewTrace(source, firstCut, secondCut, start.kineto, pipeline.cancelFlag()));

    TraceBuilder builder(path, size);
    if (!pipeline.mergeInto(builder, progress)) {
        result.cancelled = true;
        return result;
    }
    std::shared_ptr<Trace> trace = builder.finish(&result.issues, threads);
    trace->kineto = start.kineto;
    trace->fileBytes = size;
    trace->source = source;
    result.trace = std::move(trace);
#if defined(__GLIBC__)
    // The parse buffers, chunk pools and flow points are freed by now, mostly in the worker
    // threads' malloc arenas, which glibc keeps: hand those pages back to the system.
    malloc_trim(0);
#endif
    return result;
}

} // namespace npuscope
