#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <vector>

namespace npuscope {

// Random access into a gzip file, as zlib's examples/zran.c shows how: while the file is inflated
// once (GzipInflater), a checkpoint is kept every `spacing` inflated bytes: with zlib at a
// deflate block boundary, the compressed position (byte and bit), the inflated offset and the
// 32 KiB window the next block may refer back to; with ISA-L anywhere, its whole inflate state
// (the window, the block's Huffman tables and bits; ~54 KiB). A read seeks to the checkpoint at
// or before the wanted offset and inflates forward from there (a few MiB at most, a few
// milliseconds), continuing through concatenated gzip members. 1 GB of text costs 250 checkpoints,
// 7.4 MB (zlib) or 13 MB (ISA-L). Thread-safe: checkpoints are added while reads go on.
class GzipIndex {
public:
    static constexpr std::int64_t kSpacing = std::int64_t(4) << 20;

    // `fd`: the gzip file, duplicated (the caller keeps its own).
    explicit GzipIndex(int fd, std::int64_t spacing = kSpacing);
    ~GzipIndex();
    GzipIndex(const GzipIndex &) = delete;
    GzipIndex &operator=(const GzipIndex &) = delete;

    // Inflated bytes from `out` until the inflater should add a checkpoint (at the next deflate
    // block boundary once this is <= 0).
    std::int64_t dueIn(std::int64_t out) const;
    // A checkpoint: the next deflate block starts at compressed byte `in` less `bits` bits (the
    // high `bits` bits of byte in - 1); `window`: the inflated bytes before `out` in its member.
    void add(std::int64_t in, int bits, std::int64_t out, const unsigned char *window,
        std::size_t windowSize);
    // A checkpoint of ISA-L (IsalInflate::snapshot()): go on with that state from byte `in`.
    void addState(std::int64_t in, std::int64_t out, std::vector<unsigned char> state);

    // Inflated bytes [offset, offset + n) into dst; the caller keeps n within what the load
    // inflated. Returns the count read, -1 when there is no checkpoint or the file changed.
    std::int64_t read(std::int64_t offset, char *dst, std::int64_t n) const;

    std::size_t checkpoints() const;
    std::vector<std::int64_t> checkpointOffsets() const; // inflated offsets, ascending
    std::int64_t memoryBytes() const;

private:
    struct Checkpoint {
        std::int64_t in = 0, out = 0;
        int bits = 0;
        bool isal = false; // `window` holds ISA-L's state
        std::vector<unsigned char> window;
    };
    struct Cursor;
    void push(Checkpoint cp);
    bool find(std::int64_t offset, Checkpoint *out) const;
    bool seek(const Checkpoint &cp) const;
    bool fetchInput(std::size_t *got) const;
    std::int64_t inflateTo(std::int64_t offset, char *dst, std::int64_t n) const;
    std::int64_t inflateIsalTo(std::int64_t offset, char *dst, std::int64_t n) const;

    int m_fd = -1;
    std::int64_t m_spacing;
    mutable std::mutex m_listMutex;
    std::deque<Checkpoint> m_list; // by out; guarded by m_listMutex
    std::atomic<std::int64_t> m_lastOut { -1 };
    mutable std::mutex m_readMutex; // one read at a time, on one cursor
    std::unique_ptr<Cursor> m_cursor; // guarded by m_readMutex
};

} // namespace npuscope
