#pragma once

#include "model/types.h"

#include <cstdint>
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
// The same without std::optional, for the loaders' hot loops (millions of calls): true and *out
// set, or false.
bool parseScaledToNs(std::string_view text, int scaleExp, TimeNs *out);

std::optional<std::int64_t> parseInteger(std::string_view text);
std::optional<double> parseDouble(std::string_view text);

// Formats ns as microseconds with three decimals, exactly ("-0.001", "12.345").
std::string formatNsAsMicros(TimeNs ns);

} // namespace npuscope
