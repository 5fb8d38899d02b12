#pragma once

#include "model/core/progress.h"
#include "model/trace/rawchunk.h"
#include "model/trace/spanfeed.h"

#include <atomic>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace npuscope {

class TraceBuilder;
class TraceSource;

// Parses the spans of a trace on worker threads and hands them to a merge in file order on
// the calling thread. The workers stay at most `ahead` spans ahead of the merge, which bounds
// the peak memory; the merged chunks' largest vectors go back to the workers emptied (fresh
// ones were faulted in page by page and grown by copying, a good part of the load's page
// faults).
class SpanPipeline {
public:
    SpanPipeline(std::shared_ptr<TraceSource> source, SpanFeed *feed, int threads);
    ~SpanPipeline();

    std::atomic<bool> *cancelFlag() { return &m_cancel; }
    // Merges the spans into `builder` in file order; returns false when cancelled (by
    // `progress` or through cancelFlag()).
    bool mergeInto(TraceBuilder &builder, const ProgressFn &progress);
    // Joins the workers and frees their spare vectors.
    void stop();

    static std::size_t aheadFor(int threads) { return static_cast<std::size_t>(threads) * 2; }

private:
    struct Spare {
        std::vector<RawChunk::Slice> slices;
        std::vector<RawChunk::FlowPoint> flows;
    };
    void work();
    // Waits for span i parsed; false when there is none (the input ended) or on cancel.
    bool waitFor(std::size_t i, RawChunk *chunk);
    void cancelAll();

    std::shared_ptr<TraceSource> m_source;
    SpanFeed *m_feed;
    std::size_t m_ahead;
    std::mutex m_mutex;
    std::condition_variable m_ready;
    std::map<std::size_t, RawChunk> m_done; // guarded by m_mutex
    std::optional<std::size_t> m_total; // span count, once a worker found the end
    std::atomic<std::size_t> m_next { 0 };
    std::atomic<bool> m_cancel { false };
    bool m_finished = false; // guarded by m_mutex: every span merged
    std::size_t m_merged = 0; // guarded by m_mutex
    std::vector<Spare> m_spares; // guarded by m_mutex
    std::vector<std::thread> m_pool;
};

} // namespace npuscope
