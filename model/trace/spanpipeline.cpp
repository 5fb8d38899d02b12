#include "model/trace/spanpipeline.h"

#include "model/core/residentmemory.h"
#include "model/trace/cputime.h"
#include "model/trace/tracebuilder.h"
#include "model/trace/traceparser.h"
#include "model/trace/tracesource.h"

#include <QElapsedTimer>

namespace npuscope {

SpanPipeline::SpanPipeline(std::shared_ptr<TraceSource> source, SpanFeed *feed, int threads)
    : m_source(std::move(source))
    , m_feed(feed)
    , m_ahead(aheadFor(threads))
{
    for (int i = 0; i < threads; ++i)
        m_pool.emplace_back([this] { work(); });
}

SpanPipeline::~SpanPipeline() { stop(); }

void SpanPipeline::work()
{
    TraceSpanParser parser;
    QElapsedTimer clock;
    clock.start();
    qint64 waitSpanNs = 0, waitRoomNs = 0;
    std::size_t spans = 0;
    for (std::size_t i = m_next++; !m_cancel.load(); i = m_next++) {
        SpanFeed::Span span;
        const qint64 t0 = clock.nsecsElapsed();
        const bool got = m_feed->span(i, &span);
        waitSpanNs += clock.nsecsElapsed() - t0;
        if (!got) {
            std::lock_guard lock(m_mutex);
            if (!m_total || i < *m_total)
                m_total = i;
            m_ready.notify_all();
            break;
        }
        RawChunk chunk;
        const qint64 t1 = clock.nsecsElapsed();
        {
            std::unique_lock lock(m_mutex);
            m_ready.wait(lock, [&] { return i < m_merged + m_ahead || m_cancel.load(); });
            if (!m_spares.empty()) {
                chunk.slices = std::move(m_spares.back().slices);
                chunk.flows = std::move(m_spares.back().flows);
                m_spares.pop_back();
            }
        }
        waitRoomNs += clock.nsecsElapsed() - t1;
        if (m_cancel.load())
            break;
        ++spans;
        parser.parse(*m_source, span.begin, span.end, span.last, chunk, &m_cancel, span.text);
        std::lock_guard lock(m_mutex);
        m_done.emplace(i, std::move(chunk));
        m_ready.notify_all();
    }
    const auto [user, sys] = threadCpuMs();
    qCDebug(lcLoad,
        "parser thread: %.1f ms (CPU %.1f ms user, %.1f ms system), waited %.1f ms for spans, "
        "%.1f ms for room (%zu spans)",
        clock.nsecsElapsed() / 1e6, user, sys, waitSpanNs / 1e6, waitRoomNs / 1e6, spans);
}

bool SpanPipeline::waitFor(std::size_t i, RawChunk *chunk)
{
    std::unique_lock lock(m_mutex);
    m_ready.wait(
        lock, [&] { return m_done.count(i) > 0 || (m_total && i >= *m_total) || m_cancel.load(); });
    const auto it = m_done.find(i);
    if (it == m_done.end() || m_cancel.load())
        return false;
    *chunk = std::move(it->second);
    m_done.erase(it);
    return true;
}

bool SpanPipeline::mergeInto(TraceBuilder &builder, const ProgressFn &progress)
{
    QElapsedTimer clock;
    clock.start();
    const double cpuMs = lcLoad().isDebugEnabled() ? processCpuMs() : 0;
    const auto [user0, sys0] = threadCpuMs();
    qint64 waitedNs = 0;
    std::size_t i = 0;
    for (; !m_cancel.load(); ++i) {
        RawChunk chunk;
        const qint64 before = clock.nsecsElapsed();
        if (!waitFor(i, &chunk))
            break;
        waitedNs += clock.nsecsElapsed() - before;
        builder.setFileBytes(m_feed->expectedBytes());
        builder.add(chunk); // leaves the vectors empty, their capacity kept
        {
            std::lock_guard lock(m_mutex);
            m_merged = i + 1;
            m_spares.push_back({ std::move(chunk.slices), std::move(chunk.flows) });
            m_ready.notify_all();
        }
        m_feed->merged(i);
        const auto [done, total] = m_feed->progress(i);
        if (progress && !progress(done, total))
            m_cancel = true;
    }
    const bool cancelled = m_cancel.load();
    if (!cancelled) {
        std::lock_guard lock(m_mutex);
        m_finished = true;
    }
    stop();
    const auto [user1, sys1] = threadCpuMs();
    if (!cancelled)
        qCDebug(
            lcLoad, "merge thread: CPU %.1f ms user, %.1f ms system", user1 - user0, sys1 - sys0);
    if (!cancelled)
        qCDebug(lcLoad,
            "parse and merge %zu spans: %.1f ms (%.1f ms of CPU; merge thread waited %.1f ms for "
            "parsers), resident %.0f MB (peak %.0f)",
            i, clock.nsecsElapsed() / 1e6, processCpuMs() - cpuMs, waitedNs / 1e6,
            residentMegabytes(), peakResidentMegabytes());
    return !cancelled;
}

void SpanPipeline::stop()
{
    {
        std::lock_guard lock(m_mutex);
        if (!m_finished)
            m_cancel = true; // (a worker waiting for room would wait forever)
        m_ready.notify_all();
    }
    m_feed->cancel(); // wakes a worker waiting for a span that will not come
    for (auto &t : m_pool)
        t.join();
    m_pool.clear();
    std::vector<Spare>().swap(m_spares); // freed before finishing (the peak)
    m_done.clear();
}

} // namespace npuscope
