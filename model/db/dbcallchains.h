#pragma once

#include <QString>

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

namespace npuscope {

class SqliteDb;

// PYTORCH_CALLCHAINS (id, stack, stackDepth: with_stack's Python frames of each framework op)
// held in memory, because the profiler's database has no index on it and a lookup by id would
// scan the whole table (millions of rows on a large profile) per lookup. Read
// once, in table order when that is already ordered by id and depth (as torch_npu writes it),
// else with ORDER BY; identical chains (the same op from the same line, every step) are kept
// once. The frames' texts are read from STRING_IDS (its primary key) when first asked for.
class DbCallchains {
public:
    // Reads the table; empty when it is absent or unreadable.
    explicit DbCallchains(const SqliteDb &db);

    // The frames of chain `id`, innermost first, joined as trace_view.json's "Call stack" joins
    // them (";\r\n"), as `SELECT s.value ... JOIN STRING_IDS s ON s.id = c.stack WHERE c.id = ?
    // ORDER BY c.stackDepth` gives them; nullopt when the chain has no frame with a text row.
    std::optional<QString> callStack(const SqliteDb &db, std::int64_t id);

private:
    bool read(const SqliteDb &db, bool ordered);
    void add(std::int64_t id, std::int64_t stack);
    void finishChain();
    const QString *frameText(const SqliteDb &db, std::uint32_t frame);

    std::vector<std::int64_t> m_ids; // chain ids, ascending, distinct
    std::vector<std::uint32_t> m_chainOf; // m_ids[i]'s frames: chain m_chainOf[i]
    std::vector<std::uint32_t> m_chainBegin; // chain c: m_frames[begin[c] .. begin[c + 1])
    std::vector<std::uint32_t> m_frames; // indexes into m_stacks
    std::vector<std::int64_t> m_stacks; // distinct STRING_IDS ids
    static constexpr std::uint32_t kNone = ~std::uint32_t(0);
    std::unordered_map<std::int64_t, std::uint32_t> m_stackIndex; // while reading
    std::vector<std::pair<std::int64_t, std::uint32_t>> m_recent
        = std::vector<std::pair<std::int64_t, std::uint32_t>>(1024, { 0, kNone });
    std::unordered_multimap<std::uint64_t, std::uint32_t> m_chainByHash; // while reading
    std::uint32_t m_pending = 0; // while reading: where the last id's frames begin
    std::vector<std::optional<QString>> m_texts; // per m_stacks entry, once read
    std::vector<bool> m_textRead;
};

} // namespace npuscope
