#pragma once

#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

namespace npuscope {

// Inflates a gzip file piece by piece: concatenated members one after the other; a truncated or
// damaged stream ends where the damage is, with error() naming the compressed byte. Reads the
// file descriptor sequentially (not owned). One thread at a time.
class GzipIndex;

class GzipInflater {
public:
    explicit GzipInflater(int fd);
    ~GzipInflater();
    GzipInflater(const GzipInflater &) = delete;
    GzipInflater &operator=(const GzipInflater &) = delete;

    // Checkpoints for random access added to `index` as the file is inflated (before the first
    // inflate()); the index outlives the inflater's use of it.
    void setIndex(GzipIndex *index) { m_index = index; }
    // Inflates up to `room` bytes into `dst`; returns how many (fewer only at the end).
    std::int64_t inflate(char *dst, std::int64_t room);
    bool ended() const { return m_ended; }
    // Set when the stream did not end cleanly: truncation, damage, a read error; errorOffset()
    // is the compressed byte where.
    QString error() const { return m_error; }
    std::int64_t errorOffset() const { return m_errorOffset; }
    std::int64_t consumed() const { return m_consumed; } // compressed bytes read

private:
    struct Zlib;
    bool refill();
    void checkpoint();
    void fail(const QString &message);

    int m_fd = -1;
    std::int64_t m_errorOffset = -1;
    std::unique_ptr<Zlib> m_z;
    std::vector<unsigned char> m_in;
    std::int64_t m_consumed = 0;
    std::int64_t m_produced = 0;
    GzipIndex *m_index = nullptr;
    bool m_eof = false;
    bool m_inMember = true; // false right after a member ended: EOF there is a clean end
    bool m_ended = false;
    QString m_error;
};

} // namespace npuscope
