#include "model/trace/tracesource.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <zlib.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace npuscope {

namespace {

    class FileText {
        Q_DECLARE_TR_FUNCTIONS(npuscope::FileReader)
    };

    bool decompressGzip(
        const QString &path, int fd, std::int64_t maxOut, QByteArray *out, QString *error)
    {
        z_stream zs {};
        if (inflateInit2(&zs, 15 + 32) != Z_OK) {
            *error = FileText::tr("%1: cannot initialise zlib").arg(path);
            return false;
        }
        std::vector<unsigned char> in(1 << 20);
        QByteArray result;
        result.resize(std::int64_t(4) << 20);
        std::int64_t produced = 0;
        std::int64_t consumed = 0;
        int rc = Z_OK;
        bool eof = false;
        bool inMember = true; // false right after a member ended: EOF there is a clean end
        while (rc != Z_STREAM_END) {
            if (zs.avail_in == 0 && !eof) {
                const ssize_t got = ::read(fd, in.data(), in.size());
                if (got < 0) {
                    *error = FileText::tr("%1: read error: %2")
                                 .arg(path, QString::fromLocal8Bit(std::strerror(errno)));
                    inflateEnd(&zs);
                    return false;
                }
                eof = got == 0;
                zs.next_in = in.data();
                zs.avail_in = static_cast<uInt>(got);
                consumed += got;
                if (got > 0)
                    inMember = true;
            }
            if (produced == result.size()) {
                if (produced >= maxOut) {
                    *error = FileText::tr("%1: decompressed data exceeds %2 MiB; refusing to "
                                          "continue (gzip bomb guard)")
                                 .arg(path)
                                 .arg(maxOut >> 20);
                    inflateEnd(&zs);
                    return false;
                }
                result.resize(std::min<std::int64_t>(maxOut, result.size() * 2));
            }
            zs.next_out = reinterpret_cast<unsigned char *>(result.data() + produced);
            const auto room = std::min<std::int64_t>(result.size() - produced, 1 << 30);
            zs.avail_out = static_cast<uInt>(room);
            rc = inflate(&zs, Z_NO_FLUSH);
            produced += room - zs.avail_out;
            if (rc == Z_STREAM_END && !(eof && zs.avail_in == 0)) {
                // Concatenated gzip members: continue with the next one.
                if (inflateReset(&zs) != Z_OK)
                    break;
                inMember = zs.avail_in > 0;
                rc = Z_OK;
                continue;
            }
            if (rc == Z_BUF_ERROR && eof && zs.avail_in == 0 && !inMember)
                break; // clean end after the last member
            if (rc == Z_BUF_ERROR && eof && zs.avail_in == 0) {
                *error = FileText::tr(
                    "%1: compressed data is truncated at byte %2; the part before it was loaded")
                             .arg(path)
                             .arg(consumed);
                break; // keep what was decompressed
            }
            if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR) {
                *error = FileText::tr("%1: corrupt gzip data near compressed byte %2 (%3); the "
                                      "part before it was loaded")
                             .arg(path)
                             .arg(consumed - zs.avail_in)
                             .arg(QString::fromLatin1(zs.msg ? zs.msg : "inflate error"));
                break;
            }
        }
        inflateEnd(&zs);
        result.truncate(produced);
        *out = std::move(result);
        return true;
    }

} // namespace

TraceSource::~TraceSource()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

std::shared_ptr<TraceSource> TraceSource::open(
    const QString &path, QString *error, std::int64_t maxDecompressed)
{
    const QByteArray native = QFile::encodeName(path);
    const int fd = ::open(native.constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        *error = FileText::tr("%1: cannot open: %2")
                     .arg(path, QString::fromLocal8Bit(std::strerror(errno)));
        return nullptr;
    }
    struct stat st { };
    if (::fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
        *error = FileText::tr("%1: not a regular file").arg(path);
        ::close(fd);
        return nullptr;
    }
    std::shared_ptr<TraceSource> src(new TraceSource);
    src->m_path = path;
    unsigned char magic[2] = { 0, 0 };
    const ssize_t got = ::pread(fd, magic, 2, 0);
    if (got == 2 && magic[0] == 0x1f && magic[1] == 0x8b) {
        QString gzError;
        QByteArray data;
        const bool ok = decompressGzip(path, fd, maxDecompressed, &data, &gzError);
        ::close(fd);
        if (!ok) {
            *error = gzError;
            return nullptr;
        }
        if (!gzError.isEmpty())
            *error = gzError; // partial data: a warning for the caller
        src->m_compressed = true;
        src->m_memory = std::move(data);
        src->m_size = src->m_memory.size();
        return src;
    }
    src->m_fd = fd;
    src->m_size = static_cast<std::int64_t>(st.st_size);
    return src;
}

std::shared_ptr<TraceSource> TraceSource::fromMemory(QByteArray data, const QString &name)
{
    std::shared_ptr<TraceSource> src(new TraceSource);
    src->m_path = name;
    src->m_memory = std::move(data);
    src->m_size = src->m_memory.size();
    return src;
}

std::int64_t TraceSource::read(std::int64_t offset, char *dst, std::int64_t n) const
{
    if (offset < 0 || n <= 0)
        return 0;
    if (m_fd < 0) {
        if (offset >= m_size)
            return 0;
        const std::int64_t take = std::min(n, m_size - offset);
        std::memcpy(dst, m_memory.constData() + offset, static_cast<std::size_t>(take));
        return take;
    }
    std::int64_t done = 0;
    while (done < n) {
        const ssize_t got
            = ::pread(m_fd, dst + done, static_cast<std::size_t>(n - done), offset + done);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return done > 0 ? done : -1;
        }
        if (got == 0)
            break;
        done += got;
    }
    return done;
}

void TraceSource::prefetch(std::int64_t offset, std::int64_t n) const
{
    if (m_fd >= 0 && offset >= 0 && n > 0)
        ::posix_fadvise(m_fd, offset, n, POSIX_FADV_WILLNEED);
}

QByteArray TraceSource::readJsonObjectAt(std::int64_t offset, std::int64_t maxBytes) const
{
    QByteArray buf;
    std::int64_t window = 64 << 10;
    int depth = 0;
    bool inString = false;
    bool escape = false;
    std::int64_t scanned = 0;
    while (scanned < maxBytes) {
        const std::int64_t want = std::min(window, maxBytes - scanned);
        const auto old = buf.size();
        buf.resize(old + want);
        const std::int64_t got = read(offset + scanned, buf.data() + old, want);
        if (got <= 0) {
            return {};
        }
        buf.resize(old + got);
        for (std::int64_t i = old; i < buf.size(); ++i) {
            const char c = buf.constData()[i];
            if (inString) {
                if (escape)
                    escape = false;
                else if (c == '\\')
                    escape = true;
                else if (c == '"')
                    inString = false;
                continue;
            }
            if (c == '"') {
                inString = true;
            } else if (c == '{' || c == '[') {
                ++depth;
            } else if (c == '}' || c == ']') {
                if (--depth == 0) {
                    buf.truncate(i + 1);
                    return buf;
                }
            } else if (i == 0 && c != '{') {
                return {};
            }
        }
        scanned += got;
        window *= 2;
    }
    return {};
}

} // namespace npuscope
