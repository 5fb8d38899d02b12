#include "model/memory/memoryallocations.h"

#include "model/core/table.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>
#include <cmath>

namespace npuscope {

namespace {

    // 1,024 allocations per block: one comparison skips a block that ended before t.
    constexpr std::size_t kBlock = 1024;

    class MemoryText {
        Q_DECLARE_TR_FUNCTIONS(npuscope::Memory)
    };

    template <class Fn>
    void forEachAlive(const MemoryAllocations &all, TimeNs t, Fn &&fn,
        const std::vector<TimeNs> &blockLastRelease)
    {
        const auto &items = all.items();
        const auto end = std::partition_point(items.begin(), items.end(),
            [t](const MemoryAllocation &a) { return a.allocated <= t; });
        const std::size_t n = std::size_t(end - items.begin());
        for (std::size_t b = 0; b * kBlock < n; ++b) {
            if (blockLastRelease[b] <= t)
                continue;
            const std::size_t last = std::min(n, (b + 1) * kBlock);
            for (std::size_t i = b * kBlock; i < last; ++i) {
                if (items[i].released > t)
                    fn(i);
            }
        }
    }

} // namespace

MemoryAllocations MemoryAllocations::fromTable(const Table &table, IssueList *issues)
{
    MemoryAllocations out;
    out.m_path = table.path;
    const int name = table.findColumn(u"Name");
    const int size = table.findColumn(u"Size(KB)");
    const int allocated = table.findColumn(u"Allocation Time(us)");
    const int released = table.findColumn(u"Release Time(us)");
    if (name < 0 || size < 0 || allocated < 0 || table.columns[std::size_t(allocated)].ns.empty()) {
        issues->append({ Severity::Warning, table.path, QString(),
            MemoryText::tr(
                "operator_memory.csv has no Name, Size(KB) or Allocation Time(us) column: the "
                "allocations are not shown") });
        return out;
    }
    const auto &allocNs = table.columns[std::size_t(allocated)].ns;
    const std::vector<std::int64_t> *releaseNs
        = released >= 0 && !table.columns[std::size_t(released)].ns.empty()
        ? &table.columns[std::size_t(released)].ns
        : nullptr;
    QHash<QString, std::uint32_t> ids;
    qsizetype skipped = 0, firstSkipped = -1;
    out.m_items.reserve(std::size_t(table.rowCount()));
    for (qsizetype row = 0; row < table.rowCount(); ++row) {
        const double kb = table.number(row, size);
        const TimeNs at = allocNs[std::size_t(row)];
        if (!std::isfinite(kb) || kb < 0 || at == Table::kMissingNs) {
            if (skipped++ == 0)
                firstSkipped = row;
            continue;
        }
        MemoryAllocation a;
        const QString n = table.text(row, name);
        const auto it = ids.constFind(n);
        a.name = it != ids.constEnd() ? *it : std::uint32_t(out.m_names.size());
        if (it == ids.constEnd()) {
            ids.insert(n, a.name);
            out.m_names << n;
        }
        a.bytes = std::llround(kb * 1024.0);
        a.allocated = at;
        const TimeNs rel = releaseNs ? (*releaseNs)[std::size_t(row)] : Table::kMissingNs;
        a.released = rel == Table::kMissingNs ? MemoryAllocation::kNever : std::max(rel, at);
        a.row = qint32(row);
        out.m_items.push_back(a);
    }
    if (skipped > 0)
        issues->append({ Severity::Warning, table.path,
            MemoryText::tr("line %1").arg(table.lines[std::size_t(firstSkipped)]),
            MemoryText::tr("%n allocation(s) without a size or an allocation time skipped", "",
                int(skipped)) });
    out.index();
    return out;
}

MemoryAllocations MemoryAllocations::fromList(
    std::vector<MemoryAllocation> items, QStringList names)
{
    MemoryAllocations out;
    out.m_items = std::move(items);
    out.m_names = std::move(names);
    out.index();
    return out;
}

void MemoryAllocations::index()
{
    std::stable_sort(
        m_items.begin(), m_items.end(), [](const MemoryAllocation &a, const MemoryAllocation &b) {
            return a.allocated < b.allocated;
        });
    m_blockLastRelease.assign((m_items.size() + kBlock - 1) / kBlock, INT64_MIN);
    for (std::size_t i = 0; i < m_items.size(); ++i)
        m_blockLastRelease[i / kBlock]
            = std::max(m_blockLastRelease[i / kBlock], m_items[i].released);
}

std::vector<qint32> MemoryAllocations::aliveAt(TimeNs t) const
{
    std::vector<qint32> out;
    forEachAlive(
        *this, t, [&out](std::size_t i) { out.push_back(qint32(i)); }, m_blockLastRelease);
    return out;
}

std::int64_t MemoryAllocations::bytesAliveAt(TimeNs t) const
{
    std::int64_t total = 0;
    forEachAlive(
        *this, t, [&](std::size_t i) { total += m_items[i].bytes; }, m_blockLastRelease);
    return total;
}

} // namespace npuscope
