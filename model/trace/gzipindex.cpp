#include "model/trace/gzipindex.h"

#include "model/trace/isalinflate.h"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace npuscope {

namespace {

    constexpr std::size_t kInput = 64 << 10;
    constexpr std::int64_t kDiscard = 64 << 10;

    std::int64_t preadAll(int fd, unsigned char *dst, std::size_t n, std::int64_t offset)
    {
        ssize_t got = 0;
        do
            got = ::pread(fd, dst, n, offset);
        while (got < 0 && errno == EINTR);
        return got;
    }

} // namespace

// Where the last read ended: a read just after it (the next window of a JSON object) goes on
// from there instead of from the checkpoint.
struct GzipIndex::Cursor {
    z_stream zs {};
    bool ok = false;
    bool raw = true; // inflating a member's deflate data from a checkpoint (no header, trailer)
    bool isal = false; // going on from an ISA-L checkpoint, with `isa` (zs unused)
    std::unique_ptr<IsalInflate> isa;
    std::int64_t in = 0; // next compressed byte to read
    std::int64_t out = -1; // inflated offset of the next byte out
    std::int64_t checkpointOut = -1; // the checkpoint it started from
    std::vector<unsigned char> input = std::vector<unsigned char>(kInput);
    std::vector<char> discard = std::vector<char>(std::size_t(kDiscard));

    Cursor() { ok = inflateInit2(&zs, -15) == Z_OK; }
    ~Cursor()
    {
        if (ok)
            inflateEnd(&zs);
    }
    Cursor(const Cursor &) = delete;
    Cursor &operator=(const Cursor &) = delete;
};

GzipIndex::GzipIndex(int fd, std::int64_t spacing)
    : m_fd(::fcntl(fd, F_DUPFD_CLOEXEC, 0))
    , m_spacing(std::max<std::int64_t>(spacing, 1))
    , m_cursor(std::make_unique<Cursor>())
{
}

GzipIndex::~GzipIndex()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

std::int64_t GzipIndex::dueIn(std::int64_t out) const
{
    const std::int64_t last = m_lastOut.load(std::memory_order_relaxed);
    return last < 0 ? 0 : last + m_spacing - out;
}

void GzipIndex::add(std::int64_t in, int bits, std::int64_t out, const unsigned char *window,
    std::size_t windowSize)
{
    Checkpoint cp;
    cp.in = in;
    cp.out = out;
    cp.bits = bits;
    cp.window.assign(window, window + windowSize);
    push(std::move(cp));
}

void GzipIndex::addState(std::int64_t in, std::int64_t out, std::vector<unsigned char> state)
{
    Checkpoint cp;
    cp.in = in;
    cp.out = out;
    cp.isal = true;
    cp.window = std::move(state);
    push(std::move(cp));
}

void GzipIndex::push(Checkpoint cp)
{
    const std::int64_t out = cp.out;
    std::lock_guard lock(m_listMutex);
    if (!m_list.empty() && out <= m_list.back().out)
        return;
    m_list.push_back(std::move(cp));
    m_lastOut.store(out, std::memory_order_relaxed);
}

std::size_t GzipIndex::checkpoints() const
{
    std::lock_guard lock(m_listMutex);
    return m_list.size();
}

std::vector<std::int64_t> GzipIndex::checkpointOffsets() const
{
    std::lock_guard lock(m_listMutex);
    std::vector<std::int64_t> offsets;
    for (const Checkpoint &cp : m_list)
        offsets.push_back(cp.out);
    return offsets;
}

std::int64_t GzipIndex::memoryBytes() const
{
    std::lock_guard lock(m_listMutex);
    std::int64_t bytes = 0;
    for (const Checkpoint &cp : m_list)
        bytes += std::int64_t(sizeof cp + cp.window.capacity());
    return bytes;
}

bool GzipIndex::find(std::int64_t offset, Checkpoint *out) const
{
    std::lock_guard lock(m_listMutex);
    auto it = std::upper_bound(m_list.begin(), m_list.end(), offset,
        [](std::int64_t o, const Checkpoint &cp) { return o < cp.out; });
    if (it == m_list.begin())
        return false;
    --it;
    if (out->out != it->out)
        *out = *it; // (the window copied only when the checkpoint differs)
    return true;
}

// The cursor at checkpoint `cp`: raw inflate from its bit, primed with its window.
bool GzipIndex::seek(const Checkpoint &cp) const
{
    Cursor &c = *m_cursor;
    c.isal = cp.isal;
    if (cp.isal) {
        if (!c.isa)
            c.isa = std::make_unique<IsalInflate>();
        c.in = cp.in;
        c.out = cp.out;
        c.checkpointOut = cp.out;
        return c.isa->restore(cp.window);
    }
    if (!c.ok || inflateReset2(&c.zs, -15) != Z_OK)
        return false;
    c.raw = true;
    c.zs.avail_in = 0;
    c.in = cp.in;
    c.out = cp.out;
    c.checkpointOut = cp.out;
    if (cp.bits > 0) {
        unsigned char byte = 0;
        if (preadAll(m_fd, &byte, 1, cp.in - 1) != 1)
            return false;
        if (inflatePrime(&c.zs, cp.bits, byte >> (8 - cp.bits)) != Z_OK)
            return false;
    }
    if (!cp.window.empty()
        && inflateSetDictionary(&c.zs, cp.window.data(), uInt(cp.window.size())) != Z_OK)
        return false;
    return true;
}

std::int64_t GzipIndex::read(std::int64_t offset, char *dst, std::int64_t n) const
{
    if (offset < 0 || n <= 0 || m_fd < 0)
        return n == 0 ? 0 : -1;
    std::lock_guard lock(m_readMutex);
    Checkpoint cp;
    cp.out = -1;
    if (!find(offset, &cp))
        return -1;
    Cursor &c = *m_cursor;
    // Go on from the cursor when it is between the checkpoint and the offset.
    const bool resume
        = c.ok && c.isal == cp.isal && c.out >= cp.out && c.out <= offset && c.checkpointOut >= 0;
    if (!resume && !seek(cp)) {
        c.out = -1;
        return -1;
    }
    const std::int64_t got = c.isal ? inflateIsalTo(offset, dst, n) : inflateTo(offset, dst, n);
    if (got < 0)
        c.out = -1; // start over from a checkpoint next time
    return got;
}

// Inflates from the cursor up to offset + n, the bytes from `offset` on into dst.
std::int64_t GzipIndex::inflateTo(std::int64_t offset, char *dst, std::int64_t n) const
{
    Cursor &c = *m_cursor;
    z_stream &zs = c.zs;
    while (c.out < offset + n) {
        std::size_t got = 0;
        if (zs.avail_in == 0) {
            if (!fetchInput(&got))
                break; // the end of the file (a truncated one)
            zs.next_in = c.input.data();
            zs.avail_in = uInt(got);
        }
        const bool skipping = c.out < offset;
        char *to = skipping ? c.discard.data() : dst + (c.out - offset);
        const std::int64_t room
            = skipping ? std::min(kDiscard, offset - c.out) : offset + n - c.out;
        zs.next_out = reinterpret_cast<unsigned char *>(to);
        zs.avail_out = uInt(std::min<std::int64_t>(room, 1 << 30));
        const uInt before = zs.avail_out;
        const int rc = ::inflate(&zs, Z_NO_FLUSH);
        c.out += before - zs.avail_out;
        if (rc == Z_STREAM_END) {
            // The member ended: the next one (if any) starts after its 8-byte trailer, which a
            // raw inflate leaves unread; a gzip-mode inflate has read it.
            if (c.raw) {
                c.in = c.in - zs.avail_in + 8;
                zs.avail_in = 0;
            }
            c.raw = false;
            if (inflateReset2(&zs, 15 + 32) != Z_OK)
                return -1;
            continue;
        }
        if (rc != Z_OK && !(rc == Z_BUF_ERROR && zs.avail_in == 0))
            break; // damage past the checkpoint: only what the load read is asked for anyway
    }
    return std::max<std::int64_t>(0, std::min(c.out, offset + n) - offset);
}

// The cursor's next input from the file (false at its end).
bool GzipIndex::fetchInput(std::size_t *got) const
{
    Cursor &c = *m_cursor;
    const std::int64_t n = preadAll(m_fd, c.input.data(), c.input.size(), c.in);
    if (n <= 0)
        return false;
    c.in += n;
    *got = std::size_t(n);
    return true;
}

// inflateTo() from an ISA-L checkpoint: the state goes on through member ends by itself.
std::int64_t GzipIndex::inflateIsalTo(std::int64_t offset, char *dst, std::int64_t n) const
{
    Cursor &c = *m_cursor;
    IsalInflate &isa = *c.isa;
    bool atEnd = false; // of the file: what the state holds is still handed out
    while (c.out < offset + n) {
        std::size_t got = 0;
        if (isa.inputLeft() == 0 && !atEnd) {
            atEnd = !fetchInput(&got);
            isa.setInput(c.input.data(), got);
        }
        const bool skipping = c.out < offset;
        char *to = skipping ? c.discard.data() : dst + (c.out - offset);
        const std::int64_t room
            = skipping ? std::min(kDiscard, offset - c.out) : offset + n - c.out;
        const IsalInflate::Result rc
            = isa.inflate(to, std::size_t(std::min<std::int64_t>(room, 1 << 30)), &got);
        c.out += std::int64_t(got);
        if (rc == IsalInflate::Result::Error)
            break;
        if (rc == IsalInflate::Result::MemberEnd)
            isa.resetMember();
        else if (got == 0 && (atEnd || isa.inputLeft() > 0))
            break; // the end (of a truncated file), or no progress at all
    }
    return std::max<std::int64_t>(0, std::min(c.out, offset + n) - offset);
}

} // namespace npuscope
