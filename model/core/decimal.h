#pragma once

#include "model/core/digits.h"

#include "model/core/types.h"

#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>

namespace npuscope {

// Number parsing straight from text, never through double where exactness matters:
// epoch microseconds (~1.7e15) with nanosecond decimals exceed double's exact range.

// Trims spaces, TABs (torch_npu appends a TAB to CSV timestamps), CR and surrounding quotes.
std::string_view trimCell(std::string_view text);

// Largest magnitude of a time or duration the parsers accept (2^61 ns, about 73 years). Real
// epoch timestamps are near 2^60; the margin guarantees that start + duration, and the
// difference of two parsed times, never overflow int64 (fuzzed CSV and trace input found it).
constexpr TimeNs kMaxTimeNs = TimeNs(1) << 61;

// "1736408883704643.212" (µs) -> 1736408883704643212 ns. Accepts sign, any number of decimals
// (rounded half away from zero to the nanosecond) and an exponent ("1.5e3"). Returns nullopt for
// empty, malformed, NaN/inf or out-of-range text (|ns| > kMaxTimeNs).
std::optional<TimeNs> parseMicrosToNs(std::string_view text);

// Same for a value in milliseconds or seconds, scaled by 10^scaleExp relative to µs
// (ms: 3, s: 6, ns: -3).
std::optional<TimeNs> parseScaledToNs(std::string_view text, int scaleExp);

namespace detail {

    // The general parse behind parseScaledToNs (trimming, signs, exponents, rounding).
    bool parseScaledToNsAny(std::string_view text, int scaleExp, TimeNs *out);

    // The times traces are made of, in µs: at most 16 digits, then at most 3 decimals, in quotes or
    // not ("1736408883000084.340", 83.09, 12). True and *out set for these; false for anything else
    // (signs, spaces, exponents, more decimals, out of range), which the general parse decides.
    // Inline: the trace parser calls it twice per slice, and the general parse's trimming, sign and
    // rounding steps through an out-of-line call are a measurable share of a trace load.
    inline bool parseMicrosPlain(std::string_view text, TimeNs *out)
    {
        const char *p = text.data();
        const char *end = p + text.size();
        if (p != end && *p == '"') {
            if (end - p < 2 || end[-1] != '"')
                return false;
            ++p;
            --end;
        }
        const char *q = p;
        std::uint64_t v = 0;
        for (int k = 0; k < 2 && end - q >= 8; ++k) {
            std::uint64_t eight;
            if (!eightDigits(q, eight))
                break;
            v = v * 100000000ULL + eight;
            q += 8;
        }
        for (; q != end && q - p < 16; ++q) {
            const unsigned d = static_cast<unsigned>(static_cast<unsigned char>(*q)) - '0';
            if (d >= 10)
                break;
            v = v * 10 + d;
        }
        if (q == p)
            return false;
        std::uint64_t ns = v * 1000; // below 10^19: no overflow
        if (q != end) {
            if (*q != '.' || end - q < 2 || end - q > 4)
                return false;
            constexpr std::uint64_t kScale[4] = { 0, 100, 10, 1 };
            const auto decimals = static_cast<std::size_t>(end - q - 1);
            std::uint64_t fraction = 0;
            for (++q; q != end; ++q) {
                const unsigned d = static_cast<unsigned>(static_cast<unsigned char>(*q)) - '0';
                if (d >= 10)
                    return false;
                fraction = fraction * 10 + d;
            }
            ns += fraction * kScale[decimals];
        }
        if (ns > static_cast<std::uint64_t>(kMaxTimeNs))
            return false;
        *out = static_cast<TimeNs>(ns);
        return true;
    }

} // namespace detail

// The same without std::optional, for the loaders' hot loops (millions of calls): true and *out
// set, or false.
inline bool parseScaledToNs(std::string_view text, int scaleExp, TimeNs *out)
{
    if (scaleExp == 0 && detail::parseMicrosPlain(text, out))
        return true;
    return detail::parseScaledToNsAny(text, scaleExp, out);
}

std::optional<std::int64_t> parseInteger(std::string_view text);
std::optional<double> parseDouble(std::string_view text);

// Formats ns as microseconds with three decimals, exactly ("-0.001", "12.345").
std::string formatNsAsMicros(TimeNs ns);

} // namespace npuscope
