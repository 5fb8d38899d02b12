#include "model/trace/gzipinflater.h"

#include "model/trace/gzipindex.h"
#include "model/trace/isalinflate.h"

#include <QCoreApplication>

#include <zlib.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace npuscope {

namespace {

    class FileText {
        Q_DECLARE_TR_FUNCTIONS(npuscope::FileReader)
    };

} // namespace

struct GzipInflater::Zlib {
    z_stream zs {};
    bool ok = false;
};

bool GzipInflater::isalAvailable() { return IsalInflate::available(); }

GzipInflater::Backend GzipInflater::defaultBackend()
{
    const char *choice = std::getenv("NPUSCOPE_GZIP");
    if (choice && std::strcmp(choice, "zlib") == 0)
        return Backend::Zlib;
    return isalAvailable() ? Backend::Isal : Backend::Zlib;
}

GzipInflater::GzipInflater(int fd, Backend backend)
    : m_fd(fd)
    , m_in(1 << 20)
{
    if (backend == Backend::Isal && isalAvailable()) {
        m_isal = std::make_unique<IsalInflate>();
        return;
    }
    m_z = std::make_unique<Zlib>();
    m_z->ok = inflateInit2(&m_z->zs, 15 + 32) == Z_OK;
    if (!m_z->ok)
        fail(FileText::tr("cannot initialise zlib"));
}

GzipInflater::~GzipInflater()
{
    if (m_z && m_z->ok)
        inflateEnd(&m_z->zs);
}

void GzipInflater::fail(const QString &message)
{
    if (m_errorOffset < 0)
        m_errorOffset = m_consumed;
    m_error = message;
    m_ended = true;
}

bool GzipInflater::refill()
{
    ssize_t got = 0;
    do
        got = ::read(m_fd, m_in.data(), m_in.size());
    while (got < 0 && errno == EINTR);
    if (got < 0) {
        fail(FileText::tr("read error: %1").arg(QString::fromLocal8Bit(std::strerror(errno))));
        return false;
    }
    m_eof = got == 0;
    if (m_isal) {
        m_isal->setInput(m_in.data(), std::size_t(got));
    } else {
        m_z->zs.next_in = m_in.data();
        m_z->zs.avail_in = static_cast<uInt>(got);
    }
    m_consumed += got;
    if (got > 0)
        m_inMember = true;
    return true;
}

// At a block boundary that is not the member's end (bit 7 of data_type: a block ends here;
// bit 6: it was the last one), the place to resume from: the window is what the next blocks may
// refer back to (empty at a member's start).
void GzipInflater::checkpoint()
{
    const z_stream &zs = m_z->zs;
    if ((zs.data_type & 128) == 0 || (zs.data_type & 64) != 0)
        return;
    unsigned char window[32768];
    uInt size = 0;
    if (inflateGetDictionary(&m_z->zs, window, &size) != Z_OK)
        return;
    m_index->add(m_consumed - zs.avail_in, zs.data_type & 7, m_produced, window, size);
}

std::int64_t GzipInflater::inflate(char *dst, std::int64_t room)
{
    return m_isal ? inflateIsal(dst, room) : inflateZlib(dst, room);
}

// At the end of the file with nothing more inflated: truncated inside a member, else done.
void GzipInflater::truncatedOrEnded()
{
    if (m_inMember)
        fail(FileText::tr("the compressed data is truncated; the part before it was loaded"));
    else
        m_ended = true; // clean end after the last member
}

// ISA-L: a checkpoint is its whole state, taken before the call once one is due (no block
// boundary needed), so checkpoints land every `spacing` inflated bytes exactly.
std::int64_t GzipInflater::inflateIsal(char *dst, std::int64_t room)
{
    IsalInflate &isal = *m_isal;
    std::int64_t produced = 0;
    while (!m_ended && produced < room) {
        if (isal.inputLeft() == 0 && !m_eof && !refill())
            break;
        auto chunk = std::min<std::int64_t>(room - produced, 1 << 30);
        if (m_index) {
            if (m_index->dueIn(m_produced) <= 0)
                m_index->addState(
                    m_consumed - std::int64_t(isal.inputLeft()), m_produced, isal.snapshot());
            chunk = std::min(chunk, std::max<std::int64_t>(m_index->dueIn(m_produced), 1));
        }
        std::size_t got = 0;
        const IsalInflate::Result rc = isal.inflate(dst + produced, std::size_t(chunk), &got);
        produced += std::int64_t(got);
        m_produced += std::int64_t(got);
        if (rc == IsalInflate::Result::Error) {
            m_errorOffset = m_consumed - std::int64_t(isal.inputLeft());
            fail(FileText::tr("corrupt gzip data (%1); the part before it was loaded")
                     .arg(isal.errorText()));
            break;
        }
        if (rc == IsalInflate::Result::MemberEnd) {
            if (m_eof && isal.inputLeft() == 0) {
                m_ended = true; // the last member ended with the file
                break;
            }
            isal.resetMember(); // concatenated gzip members: continue with the next one
            m_inMember = isal.inputLeft() > 0;
            continue;
        }
        if (std::int64_t(got) < chunk && m_eof && isal.inputLeft() == 0) {
            truncatedOrEnded();
            break;
        }
    }
    return produced;
}

std::int64_t GzipInflater::inflateZlib(char *dst, std::int64_t room)
{
    z_stream &zs = m_z->zs;
    std::int64_t produced = 0;
    while (!m_ended && produced < room) {
        if (zs.avail_in == 0 && !m_eof && !refill())
            break;
        auto chunk = std::min<std::int64_t>(room - produced, 1 << 30);
        // With an index: up to where the next checkpoint is due, then on to the end of the
        // deflate block there (Z_BLOCK), where the checkpoint goes.
        const std::int64_t due = m_index ? m_index->dueIn(m_produced) : chunk;
        if (due > 0)
            chunk = std::min(chunk, due);
        zs.next_out = reinterpret_cast<unsigned char *>(dst + produced);
        zs.avail_out = static_cast<uInt>(chunk);
        const int rc = ::inflate(&zs, due > 0 ? Z_NO_FLUSH : Z_BLOCK);
        produced += chunk - zs.avail_out;
        m_produced += chunk - zs.avail_out;
        if (due <= 0 && rc == Z_OK)
            checkpoint();
        if (rc == Z_STREAM_END) {
            if (m_eof && zs.avail_in == 0) {
                m_ended = true; // the last member ended with the file
                break;
            }
            // Concatenated gzip members: continue with the next one.
            if (inflateReset(&zs) != Z_OK) {
                m_ended = true;
                break;
            }
            m_inMember = zs.avail_in > 0;
            continue;
        }
        if (rc == Z_BUF_ERROR && m_eof && zs.avail_in == 0) {
            truncatedOrEnded();
            break;
        }
        if (rc != Z_OK && rc != Z_BUF_ERROR) {
            m_errorOffset = m_consumed - zs.avail_in;
            fail(FileText::tr("corrupt gzip data (%1); the part before it was loaded")
                     .arg(QString::fromLatin1(zs.msg ? zs.msg : "inflate error")));
            break;
        }
    }
    return produced;
}

} // namespace npuscope
