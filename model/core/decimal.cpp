#include "model/core/decimal.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

namespace npuscope {

namespace {
    // 128-bit arithmetic keeps 36 significant digits exact; __extension__ silences -Wpedantic.
    __extension__ typedef unsigned __int128 U128;
} // namespace

std::string_view trimCell(std::string_view text)
{
    auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    if (!text.empty() && !isSpace(text.front()) && text.front() != '"' && !isSpace(text.back()))
        return text; // the common case: nothing to trim
    while (!text.empty() && isSpace(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back()))
        text.remove_suffix(1);
    if (text.size() >= 2 && text.front() == '"' && text.back() == '"') {
        text = text.substr(1, text.size() - 2);
        while (!text.empty() && isSpace(text.front()))
            text.remove_prefix(1);
        while (!text.empty() && isSpace(text.back()))
            text.remove_suffix(1);
    }
    return text;
}

namespace {

    constexpr std::uint64_t kPow10[20]
        = { 1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL, 10000000ULL,
              100000000ULL, 1000000000ULL, 10000000000ULL, 100000000000ULL, 1000000000000ULL,
              10000000000000ULL, 100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
              100000000000000000ULL, 1000000000000000000ULL, 10000000000000000000ULL };

    // kMaxTimeNs / 10^k: a 64-bit division by a variable costs tens of cycles, per parsed time.
    constexpr auto kMaxOverPow10 = [] {
        std::array<std::uint64_t, 20> t {};
        for (std::size_t k = 0; k < t.size(); ++k)
            t[k] = static_cast<std::uint64_t>(kMaxTimeNs) / kPow10[k];
        return t;
    }();

    // Appends the run of digits at p to mantissa; returns the end of the run.
    inline const char *digitRun(
        const char *p, const char *end, std::uint64_t &mantissa, int &digits)
    {
        while (end - p >= 8) {
            std::uint64_t eight;
            if (!eightDigits(p, eight))
                break;
            mantissa = mantissa * 100000000ULL + eight;
            digits += 8;
            p += 8;
        }
        for (; p != end; ++p) {
            const unsigned d = static_cast<unsigned>(static_cast<unsigned char>(*p)) - '0';
            if (d >= 10)
                break;
            mantissa = mantissa * 10 + d;
            ++digits;
        }
        return p;
    }

    // The shape profilers write ("1700000000123456.789", "12.5", "42"): at most 19 digits, an
    // optional sign and one optional '.'. Handled in 64-bit arithmetic, with the same rounding as
    // the general path below; anything else (exponents, long mantissas, spaces) returns nullopt and
    // goes the general way.
    // Returns kNotPlain (not this shape: go the general way), kInvalid (this shape, out of range)
    // or kParsed with *out set. No std::optional here: assembling one through the stack cost a
    // store-forwarding stall per call (perf annotate: a large share of this function's time).
    enum PlainResult { kNotPlain, kInvalid, kParsed };

    PlainResult parsePlainScaledToNs(std::string_view text, int scaleExp, TimeNs *out)
    {
        const char *p = text.data();
        const char *end = p + text.size();
        bool negative = false;
        if (p != end && (*p == '-' || *p == '+'))
            negative = *p++ == '-';
        std::uint64_t mantissa = 0; // wraps beyond 19 digits, which are then not handled here
        int digits = 0;
        p = digitRun(p, end, mantissa, digits);
        int fraction = 0;
        if (p != end && *p == '.') {
            const int before = digits;
            p = digitRun(p + 1, end, mantissa, digits);
            fraction = digits - before;
        }
        if (p != end)
            return kNotPlain;
        if (digits == 0 || digits > 19) // 19 digits always fit in 64 bits
            return kNotPlain;
        if (mantissa == 0) {
            *out = 0;
            return kParsed;
        }
        const int shift = 3 + scaleExp - fraction;
        if (shift >= 0) {
            if (shift > 18 || mantissa > kMaxOverPow10[shift])
                return kInvalid;
            mantissa *= kPow10[shift];
        } else {
            if (-shift > 19) { // digits <= 19, so the value is below 0.5 after scaling
                *out = 0;
                return kParsed;
            }
            const std::uint64_t divisor = kPow10[-shift];
            const std::uint64_t r = mantissa % divisor;
            mantissa = mantissa / divisor + (r >= divisor - r ? 1 : 0); // r * 2 could overflow
        }
        if (mantissa > static_cast<std::uint64_t>(kMaxTimeNs))
            return kInvalid;
        const auto v = static_cast<TimeNs>(mantissa);
        *out = negative ? -v : v;
        return kParsed;
    }

} // namespace

namespace {

    // Everything else: exponents, more than 19 digits, more decimals than nanoseconds.
    std::optional<TimeNs> parseGeneralScaledToNs(std::string_view text, int scaleExp)
    {
        if (text.empty())
            return std::nullopt;
        bool negative = false;
        std::size_t i = 0;
        if (text[i] == '-' || text[i] == '+') {
            negative = text[i] == '-';
            ++i;
        }
        // Collect significant digits as an unsigned integer mantissa with a decimal exponent.
        U128 mantissa = 0;
        int exp10 = 0;
        int digits = 0;
        bool any = false;
        // Digits beyond 36 significant ones only scale the value (integer part) or are ignored.
        for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
            any = true;
            if (digits < 36) {
                mantissa = mantissa * 10 + static_cast<unsigned>(text[i] - '0');
                if (mantissa != 0)
                    ++digits;
            } else {
                ++exp10;
            }
        }
        if (i < text.size() && text[i] == '.') {
            ++i;
            for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
                any = true;
                if (digits < 36) {
                    mantissa = mantissa * 10 + static_cast<unsigned>(text[i] - '0');
                    if (mantissa != 0)
                        ++digits;
                    --exp10;
                }
            }
        }
        if (!any)
            return std::nullopt;
        if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
            ++i;
            int e = 0;
            auto [ptr, ec] = std::from_chars(text.data() + i, text.data() + text.size(), e);
            if (ec != std::errc() || ptr == text.data() + i)
                return std::nullopt;
            i = static_cast<std::size_t>(ptr - text.data());
            if (e > 400 || e < -400)
                return (e < 0 || mantissa == 0) ? std::optional<TimeNs>(0) : std::nullopt;
            exp10 += e;
        }
        if (i != text.size())
            return std::nullopt;
        // value = mantissa * 10^exp10 µs-units; ns = value * 10^(3 + scaleExp)
        int shift = exp10 + 3 + scaleExp;
        constexpr U128 kLimit = static_cast<U128>(kMaxTimeNs);
        if (mantissa == 0)
            return TimeNs(0);
        if (shift >= 0) {
            for (int k = 0; k < shift; ++k) {
                mantissa *= 10;
                if (mantissa > kLimit)
                    return std::nullopt;
            }
        } else {
            U128 divisor = 1;
            int k = 0;
            for (; k < -shift && k < 38; ++k)
                divisor *= 10;
            if (k < -shift)
                return TimeNs(0);
            const U128 q = mantissa / divisor;
            const U128 r = mantissa % divisor;
            mantissa = q + (r * 2 >= divisor ? 1 : 0);
        }
        if (mantissa > kLimit)
            return std::nullopt;
        const auto v = static_cast<TimeNs>(mantissa);
        return negative ? -v : v;
    }

} // namespace

bool detail::parseScaledToNsAny(std::string_view text, int scaleExp, TimeNs *out)
{
    text = trimCell(text);
    const PlainResult plain = parsePlainScaledToNs(text, scaleExp, out);
    if (plain != kNotPlain)
        return plain == kParsed;
    const std::optional<TimeNs> general = parseGeneralScaledToNs(text, scaleExp);
    if (general)
        *out = *general;
    return general.has_value();
}

std::optional<TimeNs> parseScaledToNs(std::string_view text, int scaleExp)
{
    TimeNs v = 0;
    if (parseScaledToNs(text, scaleExp, &v))
        return v;
    return std::nullopt;
}

std::optional<TimeNs> parseMicrosToNs(std::string_view text) { return parseScaledToNs(text, 0); }

std::optional<std::int64_t> parseInteger(std::string_view text)
{
    text = trimCell(text);
    if (!text.empty() && text.front() == '+')
        text.remove_prefix(1);
    std::int64_t v = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || ptr != text.data() + text.size() || text.empty())
        return std::nullopt;
    return v;
}

std::optional<double> parseDouble(std::string_view text)
{
    text = trimCell(text);
    if (!text.empty() && text.front() == '+')
        text.remove_prefix(1);
    double v = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || ptr != text.data() + text.size() || text.empty() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

std::string formatNsAsMicros(TimeNs ns)
{
    const bool negative = ns < 0;
    const unsigned long long a = negative ? 0ULL - static_cast<unsigned long long>(ns)
                                          : static_cast<unsigned long long>(ns);
    std::string frac = std::to_string(a % 1000);
    frac.insert(0, 3 - frac.size(), '0');
    return (negative ? "-" : "") + std::to_string(a / 1000) + "." + frac;
}

} // namespace npuscope
