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
    // events, and the workers run ahead of the merge; larger chunks add to the peak during load
    // (measured on 842 MB: 64 MiB chunks +430 MB over the final size, 16 MiB +245 MB; on 4 GB, once
    // the flows took less: 16 MiB +278 MB, 8 MiB +226 MB, all at the end of parsing) and parse no
    // faster (8 MiB took 3-23% less CPU than 16 MiB on 1 GB, in three alternating runs).
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
    // first window is small (1 MiB windows read 121 MB for the 121 cuts of a 1 GB trace before any
    // parsing began, 26 ms on one thread).
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
    const std::vector<std::int64_t> cuts = splitSpans(
        *source, start.offset, chunk, options.preview ? std::min(chunk, kPreviewChunk) : chunk);
    const std::size_t spans = cuts.size() - 1;

    std::vector<std::optional<RawChunk>> done(spans);
    std::mutex mutex;
    std::condition_variable ready;
    std::atomic<std::size_t> next { 0 };
    std::atomic<bool> cancel { false };
    std::size_t merged = 0; // guarded by mutex
    // Merged chunks' largest vectors, emptied, for the next chunks to fill (guarded by mutex):
    // fresh ones were faulted in page by page and grown by copying, 8% of the load's page faults.
    struct Spare {
        std::vector<RawChunk::Slice> slices;
        std::vector<RawChunk::FlowPoint> flows;
    };
    std::vector<Spare> spares;
    // Workers stay at most this many chunks ahead of the merge, bounding peak memory.
    const std::size_t ahead = static_cast<std::size_t>(threads) * 2;
    // A file that is not in the page cache yet: each span is asked for `ahead` spans before it is
    // parsed, so that the disk streams it in while the workers parse (cold 1 GB trace, 2 threads:
    // parsing waited on each span's read instead).
    auto prefetch = [&](std::size_t i) {
        if (i < spans)
            source->prefetch(cuts[i], cuts[i + 1] - cuts[i]);
    };
    for (std::size_t i = 0; i < ahead; ++i)
        prefetch(i);
    auto worker = [&] {
        TraceSpanParser parser;
        for (std::size_t i = next++; i < spans && !cancel.load(); i = next++) {
            prefetch(i + ahead);
            RawChunk chunkResult;
            {
                std::unique_lock lock(mutex);
                ready.wait(lock, [&] { return i < merged + ahead || cancel.load(); });
                if (!spares.empty()) {
                    chunkResult.slices = std::move(spares.back().slices);
                    chunkResult.flows = std::move(spares.back().flows);
                    spares.pop_back();
                }
            }
            if (cancel.load())
                break;
            parser.parse(*source, cuts[i], cuts[i + 1], i + 1 == spans, chunkResult, &cancel);
            std::lock_guard lock(mutex);
            done[i].emplace(std::move(chunkResult));
            ready.notify_all();
        }
    };
    std::vector<std::thread> pool;
    for (int i = 0; i < std::min<int>(threads, static_cast<int>(spans)); ++i)
        pool.emplace_back(worker);

    if (options.preview && spans > 1)
        options.preview(previewTrace(source, cuts[0], cuts[1], start.kineto, &cancel));

    // Merge in file order on this thread while the workers parse ahead.
    TraceBuilder builder(path, size);
    QElapsedTimer clock;
    clock.start();
    qint64 waitedNs = 0;
    for (std::size_t i = 0; i < spans && !cancel.load(); ++i) {
        RawChunk mergedChunk;
        {
            const qint64 before = clock.nsecsElapsed();
            std::unique_lock lock(mutex);
            ready.wait(lock, [&] { return done[i].has_value(); });
            mergedChunk = std::move(*done[i]);
            done[i].reset();
            waitedNs += clock.nsecsElapsed() - before;
        }
        builder.add(mergedChunk); // leaves the vectors empty, their capacity kept
        {
            std::lock_guard lock(mutex);
            merged = i + 1;
            spares.push_back({ std::move(mergedChunk.slices), std::move(mergedChunk.flows) });
            ready.notify_all();
        }
        if (progress && !progress(cuts[i + 1], size))
            cancel = true;
    }
    const bool cancelled = cancel.load();
    {
        std::lock_guard lock(mutex);
        ready.notify_all();
    }
    for (auto &t : pool)
        t.join();
    std::vector<Spare>().swap(spares); // not needed any more: freed before finishing (the peak)
    if (cancelled) {
        result.cancelled = true;
        return result;
    }
    qCDebug(lcLoad,
        "parse and merge %zu spans: %.1f ms (merge thread waited %.1f ms for parsers), resident "
        "%.0f MB (peak %.0f)",
        spans, clock.nsecsElapsed() / 1e6, waitedNs / 1e6, residentMegabytes(),
        peakResidentMegabytes());
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
