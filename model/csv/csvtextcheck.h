#pragma once

// Internal to csvreader.cpp: checks that CSV input is text (NUL bytes, invalid UTF-8, binary
// formats). Not a public API.

#include <QString>

#include <algorithm>
#include <cstddef>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace npuscope::csv {

// The binary sniff looks at the first 64 KB. Real CSVs have no control characters and at most
// a few bytes of broken UTF-8 (a Latin-1 name); random binary data has ~10% control characters
// and ~50% invalid UTF-8. The small slack keeps a tiny file with one stray byte readable.
inline constexpr std::size_t kSniffBytes = 64 << 10;
inline constexpr std::size_t kMaxControlPercent = 5;
inline constexpr std::size_t kMaxInvalidPercent = 25;
inline constexpr std::size_t kSniffSlack = 2;

// Length of the valid UTF-8 sequence at p (1-4), or 0 when the bytes there are not valid UTF-8.
inline int utf8SequenceLength(const unsigned char *p, std::size_t available)
{
    const unsigned c = p[0];
    if (c < 0x80)
        return 1;
    int length = 0;
    unsigned low = 0x80, high = 0xBF; // allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF) {
        length = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        length = 3;
        low = c == 0xE0 ? 0xA0 : 0x80; // no overlong forms
        high = c == 0xED ? 0x9F : 0xBF; // no surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
        length = 4;
        low = c == 0xF0 ? 0x90 : 0x80;
        high = c == 0xF4 ? 0x8F : 0xBF; // nothing above U+10FFFF
    } else {
        return 0;
    }
    if (available < std::size_t(length) || p[1] < low || p[1] > high)
        return 0;
    for (int k = 2; k < length; ++k) {
        if ((p[k] & 0xC0) != 0x80)
            return 0;
    }
    return length;
}

struct TextProblems {
    std::size_t firstNul = 0, nulCount = 0;
    std::size_t firstInvalid = 0, invalidCount = 0; // bytes outside valid UTF-8 sequences
    std::size_t controlCount = 0; // other control characters (binary sniff only)
};

inline bool isPlainAscii16(const char *p)
{
#if defined(__SSE2__)
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
    return (_mm_movemask_epi8(v) | _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128()))) == 0;
#else
    return std::none_of(p, p + 16, [](char c) { return c == 0 || (c & 0x80); });
#endif
}

inline bool isPlainAscii64(const char *p)
{
#if defined(__SSE2__)
    const auto *v = reinterpret_cast<const __m128i *>(p);
    const __m128i a = _mm_loadu_si128(v), b = _mm_loadu_si128(v + 1);
    const __m128i c = _mm_loadu_si128(v + 2), d = _mm_loadu_si128(v + 3);
    const __m128i high = _mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d));
    const __m128i low = _mm_min_epu8(_mm_min_epu8(a, b), _mm_min_epu8(c, d));
    return (_mm_movemask_epi8(high) | _mm_movemask_epi8(_mm_cmpeq_epi8(low, _mm_setzero_si128())))
        == 0;
#else
    return isPlainAscii16(p) && isPlainAscii16(p + 16) && isPlainAscii16(p + 32)
        && isPlainAscii16(p + 48);
#endif
}

// Finds NUL bytes and invalid UTF-8. Runs of 64 or 16 plain ASCII bytes are skipped with one
// test (this scan of every byte ran on the tokenizing thread, the load's critical path).
inline TextProblems scanText(std::string_view text)
{
    TextProblems r;
    const auto *p = reinterpret_cast<const unsigned char *>(text.data());
    const std::size_t n = text.size();
    for (std::size_t i = 0; i < n;) {
        if (n - i >= 64 && isPlainAscii64(text.data() + i)) {
            i += 64;
            continue;
        }
        if (n - i >= 16 && isPlainAscii16(text.data() + i)) {
            i += 16;
            continue;
        }
        const unsigned c = p[i];
        if (c == 0 && r.nulCount++ == 0)
            r.firstNul = i;
        if (c != 0 && c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v')
            ++r.controlCount;
        const int length = utf8SequenceLength(p + i, n - i);
        if (length == 0 && r.invalidCount++ == 0)
            r.firstInvalid = i;
        i += std::size_t(std::max(length, 1));
    }
    return r;
}

// Why the data is not CSV text, or an empty string when it looks like text.
inline QString binaryReason(std::string_view data)
{
    auto startsWith = [&](std::string_view magic) { return data.substr(0, magic.size()) == magic; };
    if (startsWith("\x1f\x8b"))
        return QStringLiteral("the file is gzip-compressed, not CSV text");
    if (startsWith("PK\x03\x04"))
        return QStringLiteral("the file is a zip archive, not CSV text");
    if (startsWith(std::string_view("SQLite format 3\0", 16)))
        return QStringLiteral("the file is an SQLite database, not CSV text");
    if (startsWith("\xff\xfe") || startsWith("\xfe\xff"))
        return QStringLiteral("the file is UTF-16 text; only UTF-8 CSV is supported");
    const std::string_view head = data.substr(0, kSniffBytes);
    const TextProblems p = scanText(head);
    const std::size_t control = p.nulCount + p.controlCount;
    if (control > head.size() * kMaxControlPercent / 100 + kSniffSlack
        || p.invalidCount > head.size() * kMaxInvalidPercent / 100 + kSniffSlack)
        return QStringLiteral("the file holds binary data, not CSV text (of its first %1 bytes, %2 "
                              "are control characters and %3 are not valid UTF-8)")
            .arg(head.size())
            .arg(control)
            .arg(p.invalidCount);
    return {};
}

} // namespace npuscope::csv
