#include "model/db/dbstrings.h"

#include "model/db/dbcolumns.h"
#include "model/db/sqlitedb.h"
#include "model/db/sqlitequery.h"

namespace npuscope {

DbStrings::DbStrings(const SqliteDb &db, StringPool &pool, IssueList *issues)
{
    DbColumns cols(db, "STRING_IDS");
    if (!cols.tableExists())
        return;
    const int id = cols.add({ "id" });
    const int value = cols.add({ "value" });
    SqliteQuery q(db, cols.sql());
    while (q.next()) {
        const auto key = q.integer(id);
        if (!key || *key < 0)
            continue;
        const StringId s = pool.intern(q.text(value));
        const auto bank = static_cast<std::uint64_t>(*key) >> kBankBits;
        const auto index = static_cast<std::uint64_t>(*key) & ((1u << kBankBits) - 1);
        if (bank < kBanks && index < kMaxDense) {
            auto &v = m_banks[bank];
            if (index >= v.size())
                v.resize(std::max<std::size_t>(index + 1, v.size() * 2), StringId(0));
            v[index] = s;
        } else {
            m_other.insert(*key, s);
        }
        ++m_count;
    }
    cols.report(q, db.path(), issues);
}

} // namespace npuscope
