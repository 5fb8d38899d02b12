#include "model/trace/inplacedocument.h"

#include <algorithm>
#include <cstring>

namespace npuscope {

std::int64_t InPlaceDocument::build(char *text, std::int64_t n, std::size_t padding)
{
    auto isWs = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    m_doc = text - 1;
    m_doc[0] = '[';
    std::int64_t len = 1 + n;
    while (len > 1 && isWs(m_doc[len - 1]))
        --len;
    if (len > 1 && m_doc[len - 1] == ',')
        --len;
    // The span's own bytes from the ']' on (its trailing separators) are kept; after them the
    // room behind the span is free.
    m_savedAt = len;
    const std::int64_t overwritten = std::min<std::int64_t>(1 + n, len + 1 + std::int64_t(padding));
    m_saved.assign(m_doc + len, m_doc + std::max(overwritten, len));
    m_doc[len++] = ']';
    std::memset(m_doc + len, 0, padding);
    m_capacity = static_cast<std::size_t>(len) + padding;
    return len;
}

void InPlaceDocument::restore()
{
    if (m_savedAt < 0)
        return;
    std::copy(m_saved.begin(), m_saved.end(), m_doc + m_savedAt); // memcpy: no null when empty
    m_savedAt = -1;
}

} // namespace npuscope
