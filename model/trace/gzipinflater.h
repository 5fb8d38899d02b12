#pragma once

#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

namespace npuscope {

class GzipIndex;
class IsalInflate;

// Inflates a gzip file piece by piece: concatenated members one after the other; a truncated or
// damaged stream ends where the damage is, with error() naming the compressed byte. Reads the
// file descriptor sequentially (not owned). One thread at a time. Through ISA-L when npuscope was
// built with it (faster), else (or with NPUSCOPE_GZIP=zlib in the environment) zlib.
class GzipInflater {
public:
    enum class Backend { Zlib, Isal };
    // ISA-L when built with it and not turned off by NPUSCOPE_GZIP=zlib.
    static Backend defaultBackend();
    static bool isalAvailable();

    // `backend` Isal without ISA-L falls back to zlib.
    explicit GzipInflater(int fd, Backend backend = defaultBackend());
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
    Backend backend() const { return m_isal ? Backend::Isal : Backend::Zlib; }

private:
    struct Zlib;
    bool refill();
    void checkpoint();
    void fail(const QString &message);
    std::int64_t inflateZlib(char *dst, std::int64_t room);
    std::int64_t inflateIsal(char *dst, std::int64_t room);
    void truncatedOrEnded();

    int m_fd = -1;
    std::int64_t m_errorOffset = -1;
    std::unique_ptr<Zlib> m_z; // one of these two
    std::unique_ptr<IsalInflate> m_isal;
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
