#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace npuscope {

// A span's JSON document ('[' + its events + ']' + zero padding, what the span parser iterates)
// built where the span's text already is (a gzip span: see SpanFeed::Span::text), instead of in a
// copy: a copy of 2 MiB cost the parsers more than their parse's stage 1, a visible share of a
// load's CPU. The '[' goes in the byte before the text, the ']' over the trailing separators
// (which restore() puts back: a damaged span's pieces are read again from the source) and the
// padding after it, into the room behind the span.
class InPlaceDocument {
public:
    // The document over text[-1, n + padding + 1): its length (brackets included).
    std::int64_t build(char *text, std::int64_t n, std::size_t padding);
    // Puts the span's bytes that build() overwrote back (once).
    void restore();

    char *data() const { return m_doc; }
    std::size_t capacity() const { return m_capacity; }

private:
    char *m_doc = nullptr;
    std::size_t m_capacity = 0;
    std::int64_t m_savedAt = -1; // -1: nothing to put back
    std::vector<char> m_saved;
};

} // namespace npuscope
