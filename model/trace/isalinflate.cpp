#include "model/trace/isalinflate.h"

#ifdef NPUSCOPE_HAVE_ISAL
#include <isa-l/igzip_lib.h>
#endif

#include <algorithm>
#include <cstddef>
#include <cstring>

namespace npuscope {

#ifdef NPUSCOPE_HAVE_ISAL

namespace {

    const char *describe(int rc)
    {
        switch (rc) {
        case ISAL_INVALID_BLOCK:
            return "invalid block";
        case ISAL_INVALID_SYMBOL:
            return "invalid code";
        case ISAL_INVALID_LOOKBACK:
            return "invalid distance too far back";
        case ISAL_INVALID_WRAPPER:
            return "incorrect header check";
        case ISAL_UNSUPPORTED_METHOD:
            return "unknown compression method";
        case ISAL_INCORRECT_CHECKSUM:
            return "incorrect data check";
        case ISAL_NEED_DICT:
            return "need dictionary";
        default:
            return "inflate error";
        }
    }

    // The state's bytes up to the end of what its output buffer holds (the history the next
    // blocks refer back to and output not handed out yet); the rest of that buffer is unused.
    std::size_t usedBytes(const inflate_state &s)
    {
        const std::size_t valid = s.tmp_out_valid > 0 ? std::size_t(s.tmp_out_valid) : 0;
        return std::min(sizeof s, offsetof(inflate_state, tmp_out_buffer) + valid);
    }

} // namespace

struct IsalInflate::State {
    inflate_state s;
};

IsalInflate::IsalInflate()
    : m_s(std::make_unique<State>())
{
    isal_inflate_init(&m_s->s);
    m_s->s.crc_flag = ISAL_GZIP;
}

bool IsalInflate::available() { return true; }

void IsalInflate::resetMember()
{
    inflate_state &s = m_s->s;
    const auto *next = s.next_in;
    const auto avail = s.avail_in;
    isal_inflate_reset(&s);
    s.crc_flag = ISAL_GZIP;
    m_atHeader = true;
    s.next_in = const_cast<std::uint8_t *>(next);
    s.avail_in = avail;
}

void IsalInflate::setInput(const unsigned char *data, std::size_t size)
{
    m_s->s.next_in = const_cast<std::uint8_t *>(data);
    m_s->s.avail_in = static_cast<std::uint32_t>(size);
}

std::size_t IsalInflate::inputLeft() const { return m_s->s.avail_in; }

IsalInflate::Result IsalInflate::inflate(char *dst, std::size_t room, std::size_t *produced)
{
    inflate_state &s = m_s->s;
    // A member's first bytes are checked here: ISA-L waits for the whole header before it looks
    // at them, so trailing garbage shorter than a header would read as a truncated member.
    if (m_atHeader && s.avail_in > 0) {
        m_atHeader = false;
        if (s.next_in[0] != 0x1f || (s.avail_in > 1 && s.next_in[1] != 0x8b)) {
            *produced = 0;
            m_error = QString::fromLatin1(describe(ISAL_INVALID_WRAPPER));
            return Result::Error;
        }
    }
    // In pieces of at most kPiece bytes: on damaged deflate data ISA-L notices the error after
    // it has written bytes past the damage (a fuzzer found 92 bytes that zlib never gives,
    // different from one size of room to another); the piece in which it fails is dropped, so
    // that what is handed out is the data before the damage, less at most one piece.
    constexpr std::size_t kPiece = 64 << 10;
    *produced = 0;
    for (;;) {
        const std::size_t piece = std::min(room - *produced, kPiece);
        s.next_out = reinterpret_cast<std::uint8_t *>(dst + *produced);
        s.avail_out = static_cast<std::uint32_t>(piece);
        const int rc = isal_inflate(&s);
        const bool badData
            = rc == ISAL_INVALID_BLOCK || rc == ISAL_INVALID_SYMBOL || rc == ISAL_INVALID_LOOKBACK;
        if (!badData)
            *produced += piece - s.avail_out; // a wrong checksum: the data itself is whole
        if (rc < 0 || rc == ISAL_NEED_DICT) {
            m_error = QString::fromLatin1(describe(rc));
            return Result::Error;
        }
        if (s.block_state == ISAL_BLOCK_FINISH)
            return Result::MemberEnd;
        if (s.avail_out > 0 || *produced == room)
            return Result::Ok; // the input is used up, or the room is full
    }
}

std::vector<unsigned char> IsalInflate::snapshot() const
{
    const auto *bytes = reinterpret_cast<const unsigned char *>(&m_s->s);
    return std::vector<unsigned char>(bytes, bytes + usedBytes(m_s->s));
}

bool IsalInflate::restore(const std::vector<unsigned char> &state)
{
    inflate_state &s = m_s->s;
    if (state.size() < offsetof(inflate_state, tmp_out_buffer) || state.size() > sizeof s)
        return false;
    std::memcpy(&s, state.data(), state.size());
    if (usedBytes(s) != state.size())
        return false;
    m_atHeader = false;
    s.next_in = nullptr;
    s.avail_in = 0;
    s.next_out = nullptr;
    s.avail_out = 0;
    return true;
}

#else // without ISA-L: never used (available() is false)

struct IsalInflate::State { };

IsalInflate::IsalInflate() = default;
bool IsalInflate::available() { return false; }
void IsalInflate::resetMember() { }
void IsalInflate::setInput(const unsigned char *, std::size_t) { }
std::size_t IsalInflate::inputLeft() const { return 0; }

IsalInflate::Result IsalInflate::inflate(char *, std::size_t, std::size_t *produced)
{
    *produced = 0;
    return Result::Error;
}

std::vector<unsigned char> IsalInflate::snapshot() const { return {}; }
bool IsalInflate::restore(const std::vector<unsigned char> &) { return false; }

#endif

IsalInflate::~IsalInflate() = default;

} // namespace npuscope
