#include "model/db/dbcallchains.h"

#include "model/db/sqlitedb.h"
#include "model/db/sqlitestatement.h"

#include <QStringList>

#include <algorithm>

namespace npuscope {

namespace {

    std::uint64_t hashOf(const std::uint32_t *begin, const std::uint32_t *end)
    {
        std::uint64_t h = 0xcbf29ce484222325ULL; // FNV-1a over the frame indexes
        for (const std::uint32_t *f = begin; f != end; ++f)
            h = (h ^ *f) * 0x100000001b3ULL;
        return h;
    }

} // namespace

DbCallchains::DbCallchains(const SqliteDb &db)
{
    if (db.hasTable("PYTORCH_CALLCHAINS") && !read(db, false))
        read(db, true); // not in (id, stackDepth) order: let SQLite sort it
    m_chainByHash = {};
    m_stackIndex = {};
    m_recent = {};
    m_texts.resize(m_stacks.size());
    m_textRead.resize(m_stacks.size());
}

// Rows whose id or stack is not an integer are left out: they equal no integer id, and no
// STRING_IDS row (its id is the rowid). false when `ordered` is not set and the table is not in
// (id, stackDepth) order.
bool DbCallchains::read(const SqliteDb &db, bool ordered)
{
    m_ids.clear();
    m_chainOf.clear();
    m_chainBegin.clear();
    m_frames.clear();
    m_chainByHash.clear();
    SqliteStatement q(db,
        ordered ? "SELECT id, stack, stackDepth FROM PYTORCH_CALLCHAINS ORDER BY id, stackDepth"
                : "SELECT id, stack, stackDepth FROM PYTORCH_CALLCHAINS");
    sqlite3_stmt *st = q.handle();
    std::int64_t lastDepth = 0;
    while (q.next()) {
        // Each cell looked up once (every sqlite3_column_*() call looks it up again).
        sqlite3_value *id = sqlite3_column_value(st, 0);
        sqlite3_value *stack = sqlite3_column_value(st, 1);
        if (sqlite3_value_type(id) != SQLITE_INTEGER || sqlite3_value_type(stack) != SQLITE_INTEGER)
            continue;
        const std::int64_t chain = sqlite3_value_int64(id);
        if (!ordered) {
            sqlite3_value *depthCell = sqlite3_column_value(st, 2);
            if (sqlite3_value_type(depthCell) != SQLITE_INTEGER)
                return false;
            const std::int64_t depth = sqlite3_value_int64(depthCell);
            if (!m_ids.empty()
                && (chain < m_ids.back() || (chain == m_ids.back() && depth <= lastDepth)))
                return false;
            lastDepth = depth;
        }
        add(chain, sqlite3_value_int64(stack));
    }
    finishChain();
    m_chainBegin.push_back(std::uint32_t(m_frames.size()));
    return true;
}

void DbCallchains::add(std::int64_t id, std::int64_t stack)
{
    if (m_ids.empty() || id != m_ids.back()) {
        finishChain();
        m_ids.push_back(id);
        m_pending = std::uint32_t(m_frames.size());
    }
    // A few hundred distinct frames make up millions of rows: most are found in the small cache.
    std::pair<std::int64_t, std::uint32_t> &cached
        = m_recent[std::uint64_t(stack) % m_recent.size()];
    if (cached.second == kNone || cached.first != stack) {
        const auto [it, added] = m_stackIndex.try_emplace(stack, std::uint32_t(m_stacks.size()));
        if (added)
            m_stacks.push_back(stack);
        cached = { stack, it->second };
    }
    m_frames.push_back(cached.second);
}

// The last id's frames become a chain, or the same chain read before.
void DbCallchains::finishChain()
{
    if (m_chainOf.size() == m_ids.size())
        return;
    const std::uint32_t *begin = m_frames.data() + m_pending;
    const std::uint32_t *end = m_frames.data() + m_frames.size();
    const std::uint64_t h = hashOf(begin, end);
    const auto [first, last] = m_chainByHash.equal_range(h);
    for (auto it = first; it != last; ++it) {
        const std::uint32_t c = it->second;
        const std::uint32_t *other = m_frames.data() + m_chainBegin[c];
        const std::uint32_t *otherEnd
            = c + 1 < m_chainBegin.size() ? m_frames.data() + m_chainBegin[c + 1] : begin;
        if (std::equal(begin, end, other, otherEnd)) {
            m_frames.resize(m_pending);
            m_chainOf.push_back(c);
            return;
        }
    }
    const auto c = std::uint32_t(m_chainBegin.size());
    m_chainBegin.push_back(m_pending);
    m_chainByHash.emplace(h, c);
    m_chainOf.push_back(c);
}

const QString *DbCallchains::frameText(const SqliteDb &db, std::uint32_t frame)
{
    if (!m_textRead[frame]) {
        m_textRead[frame] = true;
        SqliteStatement q(db, "SELECT value FROM STRING_IDS WHERE id = ?1");
        if (q.step(m_stacks[frame]) && !q.isNull(0)) // a NULL text: no frame
            m_texts[frame] = q.text(0);
    }
    return m_texts[frame] ? &*m_texts[frame] : nullptr;
}

std::optional<QString> DbCallchains::callStack(const SqliteDb &db, std::int64_t id)
{
    const auto it = std::lower_bound(m_ids.begin(), m_ids.end(), id);
    if (it == m_ids.end() || *it != id)
        return std::nullopt;
    const std::uint32_t c = m_chainOf[std::size_t(it - m_ids.begin())];
    QStringList frames;
    for (std::uint32_t f = m_chainBegin[c]; f < m_chainBegin[c + 1]; ++f)
        if (const QString *text = frameText(db, m_frames[f]))
            frames << *text;
    if (frames.isEmpty())
        return std::nullopt;
    return frames.join(QStringLiteral(";\r\n"));
}

} // namespace npuscope
