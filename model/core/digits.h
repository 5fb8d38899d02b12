#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

namespace npuscope {

// The value of the 8 bytes at `p` when they are all ASCII digits (the first the most significant);
// false otherwise. SWAR: the digits are checked and combined pairwise in one 64-bit register,
// 3 multiplications for 8 digits instead of 8 dependent multiply-adds. Epoch timestamps have 16
// integer digits, and both the trace's times and kernel_details.csv's cells are mostly those, so
// the trace parser (decimal.h) and the CSV reader (csvcellvalue.h) share this.
inline bool eightDigits(const char *p, std::uint64_t &value)
{
    std::uint64_t x;
    std::memcpy(&x, p, sizeof x);
    if constexpr (std::endian::native == std::endian::big)
        x = __builtin_bswap64(x);
    // Every byte 0x30-0x3F, and its low nibble at most 9 (adding 6 then stays below 0x40).
    constexpr std::uint64_t kHigh = 0xF0F0F0F0F0F0F0F0ull, kThrees = 0x3030303030303030ull;
    if ((x & kHigh) != kThrees || ((x + 0x0606060606060606ull) & kHigh) != kThrees)
        return false;
    x -= kThrees; // byte k: digit k, the first in the lowest byte
    x = ((x * (10 * 256 + 1)) >> 8) & 0x00FF00FF00FF00FFull; // 2-digit values in 16-bit lanes
    x = ((x * (100 * 65536 + 1)) >> 16) & 0x0000FFFF0000FFFFull; // 4-digit values, 32-bit lanes
    value = (x * (10000 * (std::uint64_t(1) << 32) + 1)) >> 32;
    return true;
}

} // namespace npuscope
