#pragma once

#include "model/core/digits.h"

// Internal to csvreader.cpp: what a cell's text means as a value, parsed without going through
// double where exactness matters (times). Not a public API.

#include "model/core/decimal.h"
#include "model/core/table.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string_view>

namespace npuscope::csv {

// "[+-]digits[.digits]" with at most 18 digits on each side: the shape of nearly every number
// in profiler CSVs, parsed without the general (slower) routines.
struct SimpleDecimal {
    std::uint64_t intPart = 0;
    std::uint64_t frac = 0;
    int intLen = 0;
    int fracLen = 0;
    bool negative = false;
    bool point = false;
};

inline constexpr std::uint64_t kPow10[19] = { 1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull,
    1000000ull, 10000000ull, 100000000ull, 1000000000ull, 10000000000ull, 100000000000ull,
    1000000000000ull, 10000000000000ull, 100000000000000ull, 1000000000000000ull,
    10000000000000000ull, 100000000000000000ull, 1000000000000000000ull };

// Appends the run of digits at s[i...] to `acc`, 8 at a time while they last; returns the end.
[[gnu::always_inline]] inline std::size_t accumulateDigits(
    std::string_view s, std::size_t i, std::uint64_t &acc)
{
    const std::size_t n = s.size();
    for (std::uint64_t eight; i + 8 <= n && eightDigits(s.data() + i, eight); i += 8)
        acc = acc * 100000000ull + eight; // wraps past 19 digits: the caller rejects those
    for (; i < n && s[i] >= '0' && s[i] <= '9'; ++i)
        acc = acc * 10 + std::uint64_t(s[i] - '0');
    return i;
}

[[gnu::always_inline]] inline bool parseSimpleDecimal(std::string_view s, SimpleDecimal &d)
{
    std::size_t i = 0;
    const std::size_t n = s.size();
    if (i < n && (s[i] == '-' || s[i] == '+')) {
        d.negative = s[i] == '-';
        ++i;
    }
    const std::size_t intStart = i;
    i = accumulateDigits(s, i, d.intPart);
    const std::size_t intDigits = i - intStart;
    d.intLen = int(intDigits);
    if (i < n && s[i] == '.') {
        d.point = true;
        const std::size_t fracStart = ++i;
        i = accumulateDigits(s, i, d.frac);
        d.fracLen = int(i - fracStart);
    }
    return i == n && intDigits <= 18 && d.fracLen <= 18 && intDigits + std::size_t(d.fracLen) > 0;
}

inline std::int64_t microsToNs(SimpleDecimal d, std::string_view s)
{
    while (d.fracLen > 3 && d.frac % 10 == 0) { // "1881.080000"
        d.frac /= 10;
        --d.fracLen;
    }
    constexpr std::uint64_t kMaxMicros = kMaxTimeNs / 1000 - 1; // same range as parseScaledToNs
    if (d.fracLen <= 3 && d.intPart <= kMaxMicros) {
        const auto ns = std::int64_t(d.intPart * 1000 + d.frac * kPow10[3 - d.fracLen]);
        return d.negative ? -ns : ns;
    }
    return parseScaledToNs(s, 0).value_or(Table::kMissingNs); // rounding, exponents
}

// What one distinct cell text means, worked out once per interned string: most cells repeat a
// few values, and one 16-byte record keeps the per-cell lookup to a single cache line.
inline constexpr std::int64_t kUnknownCell = std::numeric_limits<std::int64_t>::min() + 1;
inline constexpr std::int64_t kMissingCell = kUnknownCell + 1;
inline constexpr std::int64_t kTextCell = kUnknownCell + 2;
// A column without a time unit: no ns is worked out.
inline constexpr int kNoTime = 99;
struct CellInfo {
    double value = 0; // numbers only; NaN when missing
    // A number's exact ns in the column's time unit (Table::kMissingNs when out of range; 0 in a
    // column without one), or a marker.
    std::int64_t micros = kUnknownCell;
    std::uint8_t format = Table::CellFormat::kKept; // how to write the text back
    bool isNumber() const { return micros != kMissingCell && micros != kTextCell; }
};

// n / 10^fracLen correctly rounded to double, beyond Clinger's 2^53 (epoch microseconds with
// decimals, where from_chars was a visible share of a CSV load). The x87 long double holds any
// 64-bit n and 10^18 exactly, so the quotient is rounded once, to 64 bits; rounding that to
// double gives the correctly rounded result unless it lies exactly halfway between two doubles
// (double rounding), which is checked. False where that cannot be done: the caller then parses.
inline bool extendedQuotient(std::uint64_t n, int fracLen, double &out)
{
#if (defined(__x86_64__) || defined(__i386__)) && __LDBL_MANT_DIG__ == 64
    const long double q = static_cast<long double>(n) / static_cast<long double>(kPow10[fracLen]);
    std::uint64_t mantissa; // the 64 significant bits, explicit leading one included
    std::memcpy(&mantissa, &q, sizeof mantissa);
    if ((mantissa & 0x7FF) == 0x400) // the 11 bits below double's 53: exactly half an ulp
        return false;
    out = static_cast<double>(q);
    return true;
#else
    (void)n;
    (void)fracLen;
    (void)out;
    return false;
#endif
}

// Whether a cell starting with `c` may be a number: one that does not is text or missing.
inline bool mayStartNumber(char c)
{
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.';
}

inline std::uint8_t missingFormat(std::string_view s)
{
    using F = Table::CellFormat;
    switch (s.size()) {
    case 0:
        return F::kEmpty;
    case 1:
        return F::kDash;
    case 2:
        return F::kNA;
    default:
        return s[0] == 'N' ? F::kSlashNA : F::kLowerNA;
    }
}

// How the text of a simple decimal is written back from its value (Table::CellFormat), given
// the ns worked out for it (`timeExp` kNoTime: none). Only a canonical text can be: no '+', no
// leading zero, no bare point, no "-0".
inline std::uint8_t numberFormat(
    std::string_view s, const SimpleDecimal &d, int timeExp, std::int64_t ns)
{
    using F = Table::CellFormat;
    const std::size_t first = d.negative ? 1 : 0;
    if (s[0] == '+' || d.intLen == 0 || (d.intLen > 1 && s[first] == '0') || s.back() == '.'
        || (d.negative && d.intPart == 0 && d.frac == 0))
        return F::kKept;
    const int digits = d.intLen + d.fracLen;
    if (timeExp != kNoTime && ns != Table::kMissingNs && digits <= 19) {
        const int dropped = d.fracLen - 3 - timeExp; // decimals below the ns
        if (dropped <= 0 || (dropped <= 18 && d.frac % kPow10[dropped] == 0))
            return std::uint8_t(d.fracLen);
    }
    if (digits <= 15) // a double holds 15 decimal digits both ways
        return std::uint8_t(d.fracLen | F::kFromNumber);
    return F::kKept;
}

// What a cell means, in a column with the time unit `timeExp` (Table::timeUnitScale; kNoTime
// for none).
inline CellInfo classifyCell(std::string_view s, int timeExp)
{
    const char c = s.empty() ? '\0' : s.front();
    if (!(c >= '0' && c <= '9') && Table::isMissingText(s)) // no missing text starts with a digit
        return { std::numeric_limits<double>::quiet_NaN(), kMissingCell, missingFormat(s) };
    if (!mayStartNumber(c))
        return { 0, kTextCell };
    CellInfo info;
    SimpleDecimal d;
    const bool simple = parseSimpleDecimal(s, d);
    if (timeExp == 0)
        info.micros = simple ? microsToNs(d, s) : parseScaledToNs(s, 0).value_or(Table::kMissingNs);
    else if (timeExp != kNoTime)
        info.micros = parseScaledToNs(s, timeExp).value_or(Table::kMissingNs);
    else
        info.micros = 0;
    if (info.micros <= kTextCell) // keep the markers unambiguous
        info.micros = Table::kMissingNs;
    if (simple)
        info.format = numberFormat(s, d, timeExp, info.micros);
    // Clinger's fast path: an integer up to 2^53 divided by an exact power of ten is correctly
    // rounded, so it equals what from_chars returns.
    constexpr std::uint64_t kExactLimit = std::uint64_t(1) << 53;
    if (simple && d.frac <= kExactLimit
        && d.intPart <= (kExactLimit - d.frac) / kPow10[d.fracLen]) {
        const double v = double(d.intPart * kPow10[d.fracLen] + d.frac) / double(kPow10[d.fracLen]);
        info.value = d.negative ? -v : v;
        return info;
    }
    if (double v; simple
        && d.intPart <= (std::numeric_limits<std::uint64_t>::max() - d.frac) / kPow10[d.fracLen]
        && extendedQuotient(d.intPart * kPow10[d.fracLen] + d.frac, d.fracLen, v)) {
        info.value = d.negative ? -v : v;
        return info;
    }
    const auto v = parseDouble(s);
    if (!v)
        return { 0, kTextCell };
    info.value = *v;
    return info;
}

} // namespace npuscope::csv
