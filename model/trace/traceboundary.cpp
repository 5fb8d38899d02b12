#include "model/trace/traceparser.h"

#include <algorithm>
#include <cstring>

namespace npuscope {

namespace {

    bool isWs(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

} // namespace

std::int64_t findEventBoundary(const char *data, std::int64_t size, std::int64_t from)
{
    std::int64_t i = std::max<std::int64_t>(from, 0);
    while (i < size) {
        const void *hit = std::memchr(data + i, '}', static_cast<std::size_t>(size - i));
        if (!hit)
            return -1;
        i = static_cast<const char *>(hit) - data;
        std::int64_t j = i + 1;
        while (j < size && isWs(data[j]))
            ++j;
        if (j < size && data[j] == ',') {
            ++j;
            while (j < size && isWs(data[j]))
                ++j;
            if (j < size && data[j] == '{') {
                std::int64_t k = j + 1;
                while (k < size && isWs(data[k]))
                    ++k;
                if (k < size && data[k] == '"')
                    return j;
            }
        }
        ++i;
    }
    return -1;
}

std::int64_t findResyncPoint(const char *data, std::int64_t size, std::int64_t from)
{
    for (std::int64_t i = std::max<std::int64_t>(from, 0); i < size; ++i) {
        const void *hit = std::memchr(data + i, '{', static_cast<std::size_t>(size - i));
        if (!hit)
            return -1;
        i = static_cast<const char *>(hit) - data;
        std::int64_t before = i - 1;
        while (before >= 0 && isWs(data[before]))
            --before;
        std::int64_t after = i + 1;
        while (after < size && isWs(data[after]))
            ++after;
        if (before >= 0 && data[before] == ',' && after < size && data[after] == '"')
            return i;
    }
    return -1;
}

} // namespace npuscope
