#include "model/decimal.h"

#include <charconv>
#include <cmath>
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

std::optional<TimeNs> parseScaledToNs(std::string_view text, int scaleExp)
{
    text = trimCell(text);
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

std::optional<TimeNs> parseMicrosToNs(std::string_view text)
{
    return parseScaledToNs(text, 0);
}

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
