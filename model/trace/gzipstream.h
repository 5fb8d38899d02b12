#pragma once

#include "model/core/issue.h"
#include "model/core/pagearray.h"
#include "model/trace/gzipindex.h"
#include "model/trace/gzipinflater.h"
#include "model/trace/spanfeed.h"
#include "model/trace/tracehead.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace npuscope {

// A gzip trace inflated on a thread of its own while the span parsers work: the inflated text is
// cut at event boundaries into spans, and only the spans not merged yet are held in memory (no
// whole-file buffer). With the event details wanted, a GzipIndex (checkpoints every few MiB) is
// built on the way, from which read() serves any offset after the load. Input without a single
// event in its first kMaxEventFree bytes ends there, with an error.
class GzipStream final : public SpanFeed {
public:
    // `fd`: the open gzip file (taken over). `maxOut`: the most bytes inflated (bomb guard).
    GzipStream(const QString &path, int fd, std::int64_t compressedSize, std::int64_t maxOut);
    ~GzipStream() override;
    GzipStream(const GzipStream &) = delete;
    GzipStream &operator=(const GzipStream &) = delete;

    // Bytes after the array start without a '{' that end the stream as event-free.
    static constexpr std::int64_t kMaxEventFree = std::int64_t(64) << 20;
    // An event larger than this is cut (a span is never longer than its size plus this).
    static constexpr std::int64_t kMaxEventBytes = std::int64_t(32) << 20;

    // Starts inflating (once): spans of about `spanBytes` (the first one `firstSpan`), at most
    // `ahead` beyond the merged ones; `details`: build the index for read() after the load.
    // Returns where the event array starts, or why there is none.
    ArrayStart start(
        std::int64_t firstSpan, std::int64_t spanBytes, std::size_t ahead, bool details = true);

    bool span(std::size_t i, Span *out) override;
    void merged(std::size_t i) override;
    void cancel() override;
    std::pair<std::int64_t, std::int64_t> progress(std::size_t i) const override;
    std::int64_t expectedBytes() const override;

    // Inflated bytes at `offset`: from a span in memory, else through the index (-1 without).
    std::int64_t read(std::int64_t offset, char *dst, std::int64_t n) const;
    std::int64_t size() const { return m_produced.load(); } // inflated so far
    bool started() const { return m_thread.joinable() || m_ended; }
    // After the load: a truncated or damaged stream (warnings), the limits hit (errors).
    IssueList issues() const;
    const GzipIndex *index() const { return m_index.get(); }

private:
    // The span buffers are reused for the whole load (the inflater takes one per span as the
    // merge frees one) and mapped in 2 MB pages (PageArray): fresh 4 KB pages for ~30 buffers of
    // 2 MiB were 15,000 page faults, on the test VM a large share of the inflater's CPU.
    // Its text starts a byte into `data` and ends SpanFeed::kTextSlack bytes before its end: the
    // room a parser writes around a span it parses in place.
    struct Block {
        PageArray<char> data;
        std::int64_t begin = 0, size = 0, capacity = 0;
        bool last = false;
        void reserve(std::int64_t n);
        char *text() { return data.data() + 1; }
    };
    using BlockPtr = std::shared_ptr<Block>;

    void run(std::int64_t firstSpan, std::int64_t spanBytes);
    void runSpans(std::int64_t firstSpan, std::int64_t spanBytes);
    ArrayStart inflateHead(Block &head);
    bool fill(Block &b, std::int64_t want);
    std::int64_t findCut(Block &b, std::int64_t target);
    bool publish(BlockPtr block);
    BlockPtr takeBlock(std::int64_t capacity);
    void finish(Severity severity, const QString &message);

    QString m_path;
    int m_fd = -1;
    std::int64_t m_compressedSize = 0;
    std::int64_t m_maxOut = 0;
    GzipInflater m_inflater;
    std::atomic<std::int64_t> m_produced { 0 };
    std::atomic<std::int64_t> m_consumed { 0 };
    std::unique_ptr<GzipIndex> m_index; // set before the thread starts

    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    ArrayStart m_start; // guarded by m_mutex
    bool m_headDone = false; // guarded
    std::map<std::size_t, BlockPtr> m_blocks; // not merged yet; guarded
    std::vector<BlockPtr> m_free; // guarded
    std::size_t m_published = 0, m_merged = 0, m_ahead = 2; // guarded
    std::chrono::steady_clock::duration m_waitedForRoom {}; // guarded
    bool m_ended = false, m_cancel = false; // guarded
    IssueList m_issues; // guarded
    std::thread m_thread;
};

} // namespace npuscope
