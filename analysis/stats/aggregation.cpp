#include "analysis/stats/aggregation.h"

#include <QHash>

#include <algorithm>

namespace npuscope {

namespace {

    // Nearest rank: the index of the smallest value with at least pct% of the n values at or
    // below it, in sorted order.
    std::size_t percentileIndex(std::size_t n, int pct)
    {
        const std::size_t rank = (static_cast<std::size_t>(pct) * n + 99) / 100;
        return std::clamp<std::size_t>(rank, 1, n) - 1;
    }

    // The 50th, 90th and 99th percentiles of [first, last) (not empty), which it reorders: each
    // value is selected in the part above the last one (nth_element), linear where sorting the
    // group's durations cost n log n (a visible share of report --json's analysis on a long
    // profile).
    void setPercentiles(
        AggregateRow &a, std::vector<TimeNs>::iterator first, std::vector<TimeNs>::iterator last)
    {
        const auto n = static_cast<std::size_t>(last - first);
        std::size_t from = 0;
        TimeNs *out[] = { &a.p50, &a.p90, &a.p99 };
        const int pcts[] = { 50, 90, 99 };
        for (int k = 0; k < 3; ++k) {
            const std::size_t at = percentileIndex(n, pcts[k]);
            if (at >= from) { // else the same index as the percentile before
                std::nth_element(first + std::ptrdiff_t(from), first + std::ptrdiff_t(at), last);
                from = at + 1;
            }
            *out[k] = first[std::ptrdiff_t(at)];
        }
    }

    StringId groupId(const KernelTable &k, AggregateBy by, qsizetype row)
    {
        switch (by) {
        case AggregateBy::Type:
            return k.type[static_cast<std::size_t>(row)];
        case AggregateBy::Name:
            return k.name[static_cast<std::size_t>(row)];
        case AggregateBy::AcceleratorCore:
            return k.core[static_cast<std::size_t>(row)];
        case AggregateBy::Stream:
            return StringId(
                static_cast<std::uint32_t>(k.stream[static_cast<std::size_t>(row)] + 1));
        }
        return StringId();
    }

} // namespace

QString aggregateKey(const KernelTable &kernels, AggregateBy by, qsizetype row)
{
    if (by == AggregateBy::Stream) {
        const auto s = kernels.stream[static_cast<std::size_t>(row)];
        return s == KernelTable::kNoValue ? QStringLiteral("N/A") : QString::number(s);
    }
    return kernels.strings.string(groupId(kernels, by, row));
}

namespace {

    // The slot of each group id, in the order the groups were met: a dense table for the ids of
    // the table's strings and stream numbers (a lookup per row where a hash table cost a probe),
    // a hash table for ids past that.
    class GroupSlots {
    public:
        static constexpr std::uint32_t kNone = UINT32_MAX;
        static constexpr quint32 kDenseIds = 1 << 20;

        std::uint32_t find(quint32 g) const
        {
            if (g < kDenseIds)
                return g < m_dense.size() ? m_dense[g] : kNone;
            return m_sparse.value(g, kNone);
        }
        void insert(quint32 g, std::uint32_t slot)
        {
            if (g >= kDenseIds) {
                m_sparse.insert(g, slot);
                return;
            }
            if (g >= m_dense.size())
                m_dense.resize(std::max<std::size_t>(g + 1, 2 * m_dense.size()), kNone);
            m_dense[g] = slot;
        }

    private:
        std::vector<std::uint32_t> m_dense;
        QHash<quint32, std::uint32_t> m_sparse;
    };

    template <class Fn>
    void forEachRow(const KernelTable &k, const std::vector<qint32> *rows, Fn fn)
    {
        if (rows) {
            for (qint32 row : *rows)
                fn(row);
        } else {
            for (qsizetype row = 0; row < k.rowCount(); ++row)
                fn(row);
        }
    }

} // namespace

// Two passes over the rows: the groups and their sums, then every group's durations into one
// array by counting (a vector per group, grown by doubling, was copied and faulted in again at
// each step: a large share of report --json's analysis on a long profile).
std::vector<AggregateRow> aggregateKernels(
    const KernelTable &kernels, AggregateBy by, const std::vector<qint32> *rows)
{
    GroupSlots groups;
    std::vector<AggregateRow> out;
    std::vector<qsizetype> firstRow;
    TimeNs grand = 0;
    forEachRow(kernels, rows, [&](qsizetype row) {
        const auto r = static_cast<std::size_t>(row);
        const TimeNs d = kernels.duration[r];
        const quint32 g = groupId(kernels, by, row).value;
        std::uint32_t slot = groups.find(g);
        if (slot == GroupSlots::kNone) {
            slot = static_cast<std::uint32_t>(out.size());
            groups.insert(g, slot);
            out.emplace_back();
            firstRow.push_back(row);
        }
        AggregateRow &a = out[slot];
        ++a.count;
        a.total += d;
        a.totalWait += kernels.wait[r];
        grand += d;
    });
    std::vector<std::size_t> begin(out.size() + 1, 0); // each group's part of `durations`
    for (std::size_t i = 0; i < out.size(); ++i)
        begin[i + 1] = begin[i] + static_cast<std::size_t>(out[i].count);
    std::vector<TimeNs> durations(begin.back());
    std::vector<std::size_t> next(begin.begin(), begin.end() - 1);
    forEachRow(kernels, rows, [&](qsizetype row) {
        const std::uint32_t slot = groups.find(groupId(kernels, by, row).value);
        durations[next[slot]++] = kernels.duration[static_cast<std::size_t>(row)];
    });
    for (std::size_t i = 0; i < out.size(); ++i) {
        AggregateRow &a = out[i];
        a.key = aggregateKey(kernels, by, firstRow[i]);
        const auto first = durations.begin() + std::ptrdiff_t(begin[i]);
        const auto last = durations.begin() + std::ptrdiff_t(begin[i + 1]);
        const auto [lowest, highest] = std::minmax_element(first, last);
        a.min = *lowest;
        a.max = *highest;
        a.mean = a.total / a.count;
        setPercentiles(a, first, last);
        a.share = grand > 0 ? static_cast<double>(a.total) / static_cast<double>(grand) : 0.0;
    }
    std::sort(out.begin(), out.end(), [](const AggregateRow &a, const AggregateRow &b) {
        if (a.total != b.total)
            return a.total > b.total;
        return a.key < b.key;
    });
    return out;
}

} // namespace npuscope
