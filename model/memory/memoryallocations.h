#pragma once

#include "model/core/issue.h"
#include "model/core/types.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace npuscope {

class Table;

// One device memory allocation of operator_memory.csv (the database's OP_MEMORY): who asked for
// it, how many bytes, when it was allocated and released.
struct MemoryAllocation {
    static constexpr TimeNs kNever = INT64_MAX; // not released while the profiler ran
    std::uint32_t name = 0; // index into MemoryAllocations::names()
    std::int64_t bytes = 0;
    TimeNs allocated = 0;
    TimeNs released = kNever;
    qint32 row = -1; // row of the source table; -1 when built from a list
};

// Every allocation, sorted by allocation time, with a block index of the latest release so that
// "what is alive at t" (allocated <= t < released) skips the blocks that all ended before t.
class MemoryAllocations {
public:
    // Rows without a size or an allocation time are skipped and counted in one issue.
    static MemoryAllocations fromTable(const Table &operatorMemory, IssueList *issues);
    static MemoryAllocations fromList(std::vector<MemoryAllocation> items, QStringList names);

    qsizetype size() const { return qsizetype(m_items.size()); }
    bool empty() const { return m_items.empty(); }
    const MemoryAllocation &at(qsizetype i) const { return m_items[std::size_t(i)]; }
    const std::vector<MemoryAllocation> &items() const { return m_items; }
    const QStringList &names() const { return m_names; }
    QString nameOf(qsizetype i) const { return m_names.value(qsizetype(at(i).name)); }
    QString path() const { return m_path; }

    // Indices of the allocations alive at t, in allocation order.
    std::vector<qint32> aliveAt(TimeNs t) const;
    std::int64_t bytesAliveAt(TimeNs t) const;

private:
    void index();

    std::vector<MemoryAllocation> m_items;
    std::vector<TimeNs> m_blockLastRelease; // per kBlock items: the latest release
    QStringList m_names;
    QString m_path;
};

} // namespace npuscope
