#include "model/trace/gzipstream.h"

#include "model/trace/cputime.h"
#include "model/trace/tracebuilder.h"
#include "model/trace/traceparser.h"

#include <QCoreApplication>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <unistd.h>

namespace npuscope {

namespace {

    constexpr std::int64_t kHeadWindow = std::int64_t(1) << 20;
    constexpr std::int64_t kFillStep = std::int64_t(1) << 20;
    // Bytes inflated past a span's nominal end to find the event boundary in one search.
    constexpr std::int64_t kSlack = std::int64_t(64) << 10;

    class StreamText {
        Q_DECLARE_TR_FUNCTIONS(npuscope::TraceParser)
    };

} // namespace

void GzipStream::Block::reserve(std::int64_t n)
{
    if (n <= capacity)
        return;
    if (capacity > 0)
        n = std::max(n, capacity + capacity / 2); // a span growing 1 MiB at a time
    PageArray<char> bigger(static_cast<std::size_t>(n + 1 + SpanFeed::kTextSlack));
    if (size > 0)
        std::memcpy(bigger.data() + 1, text(), static_cast<std::size_t>(size));
    data = std::move(bigger);
    capacity = n;
}

GzipStream::GzipStream(
    const QString &path, int fd, std::int64_t compressedSize, std::int64_t maxOut)
    : m_path(path)
    , m_fd(fd)
    , m_compressedSize(compressedSize)
    , m_maxOut(maxOut)
    , m_inflater(fd)
{
}

GzipStream::~GzipStream()
{
    cancel();
    if (m_thread.joinable())
        m_thread.join();
    if (m_fd >= 0)
        ::close(m_fd);
}

ArrayStart GzipStream::start(
    std::int64_t firstSpan, std::int64_t spanBytes, std::size_t ahead, bool details)
{
    std::unique_lock lock(m_mutex);
    if (!started()) {
        if (details && m_fd >= 0) {
            m_index = std::make_unique<GzipIndex>(m_fd);
            m_inflater.setIndex(m_index.get());
        }
        m_ahead = std::max<std::size_t>(ahead, 1);
        m_thread = std::thread([this, firstSpan, spanBytes] { run(firstSpan, spanBytes); });
    }
    m_changed.wait(lock, [&] { return m_headDone || m_cancel; });
    if (!m_headDone) {
        ArrayStart cancelled;
        cancelled.error = StreamText::tr("cancelled");
        return cancelled;
    }
    return m_start;
}

bool GzipStream::fill(Block &b, std::int64_t want)
{
    b.reserve(want);
    while (b.size < want && !m_inflater.ended()) {
        {
            std::lock_guard lock(m_mutex);
            if (m_cancel)
                return false;
        }
        const std::int64_t room = std::min(want - b.size, std::int64_t(4) << 20);
        if (m_produced.load() + room > m_maxOut) {
            finish(Severity::Error,
                StreamText::tr(
                    "decompressed data exceeds %1 MiB; refusing to continue (gzip bomb guard)")
                    .arg(m_maxOut >> 20));
            return false;
        }
        const std::int64_t got = m_inflater.inflate(b.text() + b.size, room);
        b.size += got;
        m_produced += got;
        m_consumed = m_inflater.consumed();
    }
    return true;
}

ArrayStart GzipStream::inflateHead(Block &head)
{
    for (std::int64_t want = kHeadWindow;; want *= 4) {
        if (!fill(head, want)) {
            ArrayStart stopped;
            stopped.error = StreamText::tr("stopped");
            return stopped;
        }
        ArrayStart start = findArrayStartIn(head.text(), head.size, m_inflater.ended());
        if (!start.needMore)
            return start;
    }
}

// Where the span in `b` ends: the first event boundary after `target`, inflating more while
// there is none; the end of the data when the stream ended (-1) or the event is too large.
std::int64_t GzipStream::findCut(Block &b, std::int64_t target)
{
    std::int64_t from = std::min(target, b.size);
    for (;;) {
        const std::int64_t at = findEventBoundary(b.text(), b.size, from);
        if (at >= 0)
            return at;
        if (m_inflater.ended())
            return -1;
        if (b.size >= target + kMaxEventBytes)
            return b.size;
        from = std::max(from, b.size - 4096);
        if (!fill(b, b.size + kFillStep))
            return -2;
    }
}

GzipStream::BlockPtr GzipStream::takeBlock(std::int64_t capacity)
{
    BlockPtr block;
    {
        std::lock_guard lock(m_mutex);
        // A block still being read (read() holds a reference) is left to its reader.
        while (!block && !m_free.empty()) {
            block = std::move(m_free.back());
            m_free.pop_back();
            if (block.use_count() > 1)
                block.reset();
        }
    }
    if (!block)
        block = std::make_shared<Block>();
    block->size = 0;
    block->last = false;
    block->reserve(std::max<std::int64_t>(capacity, 1)); // data never null
    return block;
}

bool GzipStream::publish(BlockPtr block)
{
    std::unique_lock lock(m_mutex);
    if (m_published >= m_merged + m_ahead) {
        const auto before = std::chrono::steady_clock::now();
        m_changed.wait(lock, [&] { return m_published < m_merged + m_ahead || m_cancel; });
        m_waitedForRoom += std::chrono::steady_clock::now() - before;
    }
    if (m_cancel)
        return false;
    m_blocks.emplace(m_published++, std::move(block));
    m_changed.notify_all();
    return true;
}

void GzipStream::run(std::int64_t firstSpan, std::int64_t spanBytes)
{
    const auto began = std::chrono::steady_clock::now();
    runSpans(firstSpan, spanBytes);
    const double ms
        = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began)
              .count();
    // Whether the inflater was the bottleneck: it waited for room only when the parsers were.
    const auto [user, sys] = threadCpuMs();
    qCDebug(lcLoad,
        "inflate thread: %.1f ms (CPU %.1f ms user, %.1f ms system), of which %.1f ms waiting for "
        "the merge (%zu spans)",
        ms, user, sys, std::chrono::duration<double, std::milli>(m_waitedForRoom).count(),
        m_published);
}

void GzipStream::runSpans(std::int64_t firstSpan, std::int64_t spanBytes)
{
    BlockPtr cur = takeBlock(kHeadWindow);
    const ArrayStart start = inflateHead(*cur);
    {
        std::lock_guard lock(m_mutex);
        m_start = start;
        m_headDone = true;
        m_changed.notify_all();
    }
    if (start.offset < 0) {
        finish(Severity::Warning, QString());
        return;
    }
    std::int64_t pos = start.offset; // where the next span starts in cur
    std::int64_t target = firstSpan;
    bool sawEvent = false;
    for (;;) {
        const std::int64_t slack = std::min(kSlack, std::max<std::int64_t>(target / 8, 256));
        if (!fill(*cur, pos + target + slack))
            break;
        const std::int64_t cut = findCut(*cur, pos + target);
        if (cut == -2)
            break;
        const std::int64_t end = cut < 0 ? cur->size : cut;
        if (!sawEvent) {
            sawEvent = std::memchr(cur->text() + pos, '{', std::size_t(end - pos)) != nullptr;
            if (!sawEvent && cur->begin + end - start.offset >= kMaxEventFree) {
                finish(Severity::Error,
                    StreamText::tr(
                        "no trace event in the first %1 MiB after the event array starts; the "
                        "rest was not read")
                        .arg(kMaxEventFree >> 20));
                return;
            }
        }
        const std::int64_t tail = cur->size - end;
        BlockPtr span;
        if (pos == 0 && tail <= spanBytes + slack) {
            // The usual case: the buffer becomes the span, the bytes after the cut move on.
            BlockPtr next = takeBlock(std::max(spanBytes + slack, tail));
            next->begin = cur->begin + end;
            next->size = tail;
            std::memcpy(next->text(), cur->text() + end, std::size_t(tail));
            cur->size = end;
            span = std::exchange(cur, std::move(next));
        } else {
            // Many spans in the buffer (the head, tiny spans): a copy each, the rest compacted.
            span = takeBlock(end - pos);
            span->begin = cur->begin + pos;
            span->size = end - pos;
            std::memcpy(span->text(), cur->text() + pos, std::size_t(end - pos));
            pos = end;
            if (tail <= spanBytes + slack) {
                std::memmove(cur->text(), cur->text() + pos, std::size_t(tail));
                cur->begin += pos;
                cur->size = tail;
                pos = 0;
            }
        }
        span->last = cut < 0;
        if (!publish(std::move(span)) || cut < 0)
            break;
        target = spanBytes;
    }
    finish(Severity::Warning, QString());
}

void GzipStream::finish(Severity severity, const QString &message)
{
    std::lock_guard lock(m_mutex);
    if (m_ended)
        return;
    if (!m_inflater.error().isEmpty())
        m_issues.append({ Severity::Warning, m_path,
            StreamText::tr("compressed byte %1").arg(m_inflater.errorOffset()), m_inflater.error(),
            true });
    if (!message.isEmpty())
        m_issues.append({ severity, m_path, QString(), message, true });
    m_ended = true;
    if (m_fd >= 0) {
        ::close(m_fd);
        m_fd = -1;
    }
    m_changed.notify_all();
}

bool GzipStream::span(std::size_t i, Span *out)
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [&] { return i < m_published || m_ended || m_cancel; });
    const auto it = m_blocks.find(i);
    if (m_cancel || it == m_blocks.end())
        return false;
    Block &b = *it->second;
    // In place but for the first span, which the loader may read a second time for a preview
    // while a worker parses it (the others are read only event by event, never their
    // separators).
    *out = { b.begin, b.begin + b.size, b.last, i > 0 ? b.text() : nullptr };
    return true;
}

void GzipStream::merged(std::size_t i)
{
    std::lock_guard lock(m_mutex);
    const auto it = m_blocks.find(i);
    if (it != m_blocks.end()) {
        if (it->second->last)
            std::vector<BlockPtr>().swap(m_free); // the stream outlives the load (read())
        else
            m_free.push_back(std::move(it->second)); // at most the spans in flight
        m_blocks.erase(it);
    }
    m_merged = std::max(m_merged, i + 1);
    m_changed.notify_all();
}

void GzipStream::cancel()
{
    std::lock_guard lock(m_mutex);
    if (!m_ended)
        m_cancel = true;
    m_changed.notify_all();
}

std::pair<std::int64_t, std::int64_t> GzipStream::progress(std::size_t) const
{
    return { m_consumed.load(), m_compressedSize };
}

std::int64_t GzipStream::expectedBytes() const
{
    const std::int64_t produced = m_produced.load(), consumed = m_consumed.load();
    if (consumed <= 0 || m_compressedSize <= consumed)
        return produced;
    return std::int64_t(double(produced) * double(m_compressedSize) / double(consumed));
}

std::int64_t GzipStream::read(std::int64_t offset, char *dst, std::int64_t n) const
{
    if (offset < 0 || n <= 0)
        return 0;
    // The block is copied out of the lock (a parser copies its whole span: 2 MiB under the lock
    // held up the inflater and the other parsers); the reference taken keeps takeBlock() from
    // reusing it meanwhile.
    BlockPtr block;
    {
        std::lock_guard lock(m_mutex);
        for (const auto &[index, b] : m_blocks) {
            if (offset >= b->begin && offset < b->begin + b->size) {
                block = b;
                break;
            }
        }
    }
    if (block) {
        const std::int64_t take = std::min(n, block->begin + block->size - offset);
        std::memcpy(dst, block->text() + (offset - block->begin), std::size_t(take));
        return take;
    }
    const std::int64_t produced = m_produced.load();
    if (!m_index || offset >= produced)
        return m_index ? 0 : -1;
    return m_index->read(offset, dst, std::min(n, produced - offset));
}

IssueList GzipStream::issues() const
{
    std::lock_guard lock(m_mutex);
    return m_issues;
}

} // namespace npuscope
