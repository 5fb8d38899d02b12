#include "model/trace/tracesource.h"

#include "model/trace/gzipstream.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

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

} // namespace

TraceSource::~TraceSource()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

std::int64_t TraceSource::size() const { return m_stream ? m_stream->size() : m_size; }

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
        src->m_compressed = true;
        src->m_stream = std::make_unique<GzipStream>(
            path, fd, static_cast<std::int64_t>(st.st_size), maxDecompressed);
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
    if (m_stream)
        return m_stream->read(offset, dst, n);
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

std::int64_t TraceSource::jsonObjectLength(const char *data, std::int64_t n)
{
    int depth = 0;
    for (std::int64_t i = 0; i < n; ++i) {
        const char c = data[i];
        if (c == '"') {
            // To the closing quote: one not preceded by an odd run of backslashes (most of an
            // event's bytes are in strings, so memchr does most of the scan).
            for (;;) {
                const auto *q = static_cast<const char *>(
                    std::memchr(data + i + 1, '"', static_cast<std::size_t>(n - i - 1)));
                if (!q)
                    return -1;
                i = q - data;
                std::int64_t slashes = 0;
                while (data[i - 1 - slashes] == '\\')
                    ++slashes;
                if (slashes % 2 == 0)
                    break;
            }
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (--depth == 0)
                return i + 1;
        } else if (i == 0 && c != '{') {
            return 0;
        }
    }
    return -1;
}

QByteArray TraceSource::readJsonObjectAt(std::int64_t offset, std::int64_t maxBytes) const
{
    QByteArray buf;
    // An event with its args is a few hundred bytes (a Python call stack a few KiB): start small
    // and double.
    std::int64_t window = 2 << 10;
    while (buf.size() < maxBytes) {
        const std::int64_t want = std::min(window, maxBytes) - buf.size();
        const auto old = buf.size();
        buf.resize(old + want);
        const std::int64_t got = read(offset + old, buf.data() + old, want);
        if (got <= 0)
            return {};
        buf.resize(old + got);
        const std::int64_t length = jsonObjectLength(buf.constData(), buf.size());
        if (length >= 0) {
            buf.truncate(length);
            return buf; // empty when no object starts at offset
        }
        window *= 2;
    }
    return {};
}

} // namespace npuscope
