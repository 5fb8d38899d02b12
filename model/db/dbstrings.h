#pragma once

#include "model/core/issue.h"
#include "model/core/stringpool.h"

#include <QHash>

#include <cstdint>
#include <optional>
#include <vector>

namespace npuscope {

class SqliteDb;

// STRING_IDS read once and interned into a pool: every name column of the database is an id into
// it. Ids come in banks of 2^28 (CANN from 0, framework from 2^28, memory components from 2^29),
// dense inside each, so a bank is a plain vector; ids outside the banks go to a hash.
class DbStrings {
public:
    DbStrings(const SqliteDb &db, StringPool &pool, IssueList *issues);

    // The pool's id for a database string id; the empty string for NULL, "not set" and ids that
    // STRING_IDS does not have.
    StringId map(std::optional<std::int64_t> id) const
    {
        if (!id || *id < 0)
            return StringId(0);
        const auto bank = static_cast<std::uint64_t>(*id) >> kBankBits;
        const auto index = static_cast<std::uint64_t>(*id) & ((1u << kBankBits) - 1);
        if (bank < kBanks && index < kMaxDense) {
            const auto &v = m_banks[bank];
            return index < v.size() ? v[index] : StringId(0);
        }
        return m_other.value(*id, StringId(0));
    }
    std::size_t count() const { return m_count; }

private:
    static constexpr int kBankBits = 28;
    static constexpr std::uint64_t kBanks = 4;
    // A bank stays a vector up to this many slots (64 MB of ids); sparser ids use the hash.
    static constexpr std::uint64_t kMaxDense = std::uint64_t(1) << 24;
    std::vector<StringId> m_banks[kBanks];
    QHash<std::int64_t, StringId> m_other;
    std::size_t m_count = 0;
};

} // namespace npuscope
