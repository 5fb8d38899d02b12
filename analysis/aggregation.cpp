#include "analysis/aggregation.h"

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

    // The 50th, 90th and 99th percentiles of `d` (not empty), which it reorders: each value is
    // selected in the part above the last one (nth_element), linear where sorting the group's
    // durations cost n log n (a tenth of report --json's analysis on a 4 GB profile).
    void setPercentiles(AggregateRow &a, std::vector<TimeNs> &d)
    {
        std::size_t from = 0;
        TimeNs *out[] = { &a.p50, &a.p90, &a.p99 };
        const int pcts[] = { 50, 90, 99 };
        for (int k = 0; k < 3; ++k) {
            const std::size_t at = percentileIndex(d.size(), pcts[k]);
            if (at >= from) { // else the same index as the percentile before
                std::nth_element(
                    d.begin() + std::ptrdiff_t(from), d.begin() + std::ptrdiff_t(at), d.end());
                from = at + 1;
            }
            *out[k] = d[at];
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

std::vector<AggregateRow> aggregateKernels(
    const KernelTable &kernels, AggregateBy by, const std::vector<qint32> *rows)
{
    QHash<quint32, std::size_t> index;
    std::vector<std::vector<TimeNs>> durations;
    std::vector<AggregateRow> out;
    std::vector<qsizetype> firstRow;
    TimeNs grand = 0;
    auto visit = [&](qsizetype row) {
        const auto r = static_cast<std::size_t>(row);
        const TimeNs d = kernels.duration[r];
        const quint32 g = groupId(kernels, by, row).value;
        auto it = index.find(g);
        std::size_t slot;
        if (it == index.end()) {
            slot = out.size();
            index.insert(g, slot);
            out.emplace_back();
            durations.emplace_back();
            firstRow.push_back(row);
        } else {
            slot = it.value();
        }
        AggregateRow &a = out[slot];
        ++a.count;
        a.total += d;
        a.totalWait += kernels.wait[r];
        durations[slot].push_back(d);
        grand += d;
    };
    if (rows) {
        for (qint32 row : *rows)
            visit(row);
    } else {
        for (qsizetype row = 0; row < kernels.rowCount(); ++row)
            visit(row);
    }
    for (std::size_t i = 0; i < out.size(); ++i) {
        AggregateRow &a = out[i];
        a.key = aggregateKey(kernels, by, firstRow[i]);
        auto &d = durations[i];
        const auto [lowest, highest] = std::minmax_element(d.begin(), d.end());
        a.min = *lowest;
        a.max = *highest;
        a.mean = a.total / a.count;
        setPercentiles(a, d);
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
