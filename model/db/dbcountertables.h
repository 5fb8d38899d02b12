#pragma once

// The counter tables of the profiler's database (AICORE_FREQ, NPU_MEM, HBM, LLC) as
// trace_view.json's counter series: which columns, units and series names torch_npu uses.
// Private to DbTraceReader (dbtracereader.cpp).
#include "model/db/dbtracereader.h"

#include <cctype>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>

namespace npuscope::dbcounters {

// process_sort_index values of the counter processes in trace_view.json.
constexpr std::int64_t kFreqSort = 14, kHbmSort = 17, kLlcSort = 18, kNpuMemSort = 19;

// "read" -> "Read", "app" -> "APP", "device" -> "Device" (the names trace_view.json gives
// these series).
inline std::string title(std::string_view text, bool upper = false)
{
    std::string s(text);
    for (std::size_t i = 0; i < s.size(); ++i)
        if (upper || i == 0)
            s[i] = char(std::toupper(static_cast<unsigned char>(s[i])));
    return s;
}

constexpr double kMiB = 1024.0 * 1024.0;

// A counter table of the database as trace_view.json's counter events: one series per
// device, id, label and value column, named as torch_npu names them.
enum class Fill {
    Skip, // a NULL value gives no sample
    Zero, // a NULL value counts as 0
    Sum, // no column: the sum of the values before it in the row
};
struct CounterValue {
    const char *column; // null for Fill::Sum
    double divisor; // to the unit of the series name
    const char *series; // "{I}": the id, "{L}": the label
    Fill fill = Fill::Skip;
    bool required = false; // the table's rows mean nothing without it
};
struct CounterTable {
    const char *table, *pid, *process;
    std::int64_t sort;
    const char *id; // "hbmId", "llcId" or null
    const char *label; // a STRING_IDS column naming the series ("type", "mode") or null
    bool upperShortLabel; // "app" -> "APP" (NPU_MEM); else "read" -> "Read"
    CounterValue values[DbTraceReader::kCounterValues];
};
inline const CounterTable kCounterTables[] = {
    { "AICORE_FREQ", "freq", "AI Core Freq", kFreqSort, nullptr, nullptr, false,
        { { "freq", 1, "AI Core Freq (MHz)", Fill::Skip, true } } },
    { "NPU_MEM", "npumem", "NPU MEM", kNpuMemSort, nullptr, "type", true,
        { { "ddr", 1024, "{L}/DDR (KB)", Fill::Zero }, { "hbm", 1024, "{L}/HBM (KB)", Fill::Zero },
            { nullptr, 1, "{L}/Memory (KB)", Fill::Sum } } },
    { "HBM", "hbm", "HBM", kHbmSort, "hbmId", "type", false,
        { { "bandwidth", kMiB, "HBM {I}/{L} ({L}(MB/s))", Fill::Skip, true } } },
    { "LLC", "llc", "LLC", kLlcSort, "llcId", "mode", false,
        { { "hitRate", 1, "LLC {I} {L}/Hit Rate (Hit Rate(%))" },
            { "throughput", kMiB, "LLC {I} {L}/Throughput (Throughput(MB/s))" } } },
};
static_assert(
    std::size(kCounterTables) * DbTraceReader::kCounterValues <= DbTraceReader::kCounterSlots);

inline std::string seriesName(std::string_view pattern, std::int32_t id, const std::string &label)
{
    std::string out;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (pattern.substr(i, 3) == "{I}")
            out += std::to_string(id);
        else if (pattern.substr(i, 3) == "{L}")
            out += label;
        else
            out += pattern[i];
        if (pattern[i] == '{' && i + 2 < pattern.size() && pattern[i + 2] == '}')
            i += 2;
    }
    return out;
}

} // namespace npuscope::dbcounters
