#include "model/memory/memoryprofile.h"

#include "model/core/table.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace npuscope {

namespace {

    class MemoryText {
        Q_DECLARE_TR_FUNCTIONS(npuscope::Memory)
    };

    void findPeaks(MemoryCurve &c)
    {
        for (std::size_t i = 0; i < c.times.size(); ++i) {
            const double a = c.allocated[i], r = c.reserved[i];
            if (std::isfinite(a) && !(a <= c.peakAllocatedMb)) {
                c.peakAllocatedMb = a;
                c.peakAllocatedTime = c.times[i];
                c.reservedAtPeakMb = r;
            }
            if (std::isfinite(r) && !(r <= c.peakReservedMb)) {
                c.peakReservedMb = r;
                c.peakReservedTime = c.times[i];
            }
        }
    }

    void sortByTime(MemoryCurve &c)
    {
        std::vector<std::size_t> order(c.times.size());
        std::iota(order.begin(), order.end(), std::size_t(0));
        std::stable_sort(order.begin(), order.end(),
            [&c](std::size_t a, std::size_t b) { return c.times[a] < c.times[b]; });
        auto permute = [&order](auto &v) {
            auto copy = v;
            for (std::size_t i = 0; i < order.size(); ++i)
                v[i] = copy[order[i]];
        };
        permute(c.times);
        permute(c.allocated);
        permute(c.reserved);
        permute(c.active);
    }

    bool timeColumn(const Table &t, int component, int time, const QString &file, IssueList *issues)
    {
        if (component >= 0 && time >= 0 && !t.columns[std::size_t(time)].ns.empty())
            return true;
        issues->append({ Severity::Warning, t.path, QString(),
            MemoryText::tr(
                "%1 has no Component or Timestamp(us) column: it is not used for the memory view")
                .arg(file) });
        return false;
    }

    std::vector<MemoryCurve> readRecord(const Table &t, IssueList *issues)
    {
        const int component = t.findColumn(u"Component"), time = t.findColumn(u"Timestamp(us)");
        if (!timeColumn(t, component, time, QStringLiteral("memory_record.csv"), issues))
            return {};
        const int allocated = t.findColumn(u"Total Allocated(MB)");
        const int reserved = t.findColumn(u"Total Reserved(MB)");
        const int active = t.findColumn(u"Total Active(MB)");
        auto value = [&t](qsizetype row, int column) {
            return column < 0 ? MemoryCurve::kNone : t.number(row, column);
        };
        std::vector<MemoryCurve> out;
        std::map<QString, std::size_t> index;
        for (qsizetype row = 0; row < t.rowCount(); ++row) {
            const TimeNs at = t.columns[std::size_t(time)].ns[std::size_t(row)];
            if (at == Table::kMissingNs)
                continue;
            const QString name = t.text(row, component);
            auto [it, added] = index.emplace(name, out.size());
            if (added)
                out.push_back(MemoryCurve { name, {}, {}, {}, {} });
            MemoryCurve &c = out[it->second];
            c.times.push_back(at);
            c.allocated.push_back(value(row, allocated));
            c.reserved.push_back(value(row, reserved));
            c.active.push_back(value(row, active));
        }
        for (MemoryCurve &c : out) {
            sortByTime(c);
            findPeaks(c);
        }
        return out;
    }

    // Every module's latest value, summed at each instant any module reports.
    MemoryCurve readModules(const Table &t, IssueList *issues)
    {
        MemoryCurve total;
        total.component = MemoryText::tr("NPU modules");
        const int component = t.findColumn(u"Component"), time = t.findColumn(u"Timestamp(us)");
        const int reserved = t.findColumn(u"Total Reserved(MB)");
        if (!timeColumn(t, component, time, QStringLiteral("npu_module_mem.csv"), issues)
            || reserved < 0)
            return total;
        std::vector<std::pair<TimeNs, qsizetype>> rows;
        for (qsizetype row = 0; row < t.rowCount(); ++row) {
            const TimeNs at = t.columns[std::size_t(time)].ns[std::size_t(row)];
            if (at != Table::kMissingNs && std::isfinite(t.number(row, reserved)))
                rows.emplace_back(at, row);
        }
        std::stable_sort(rows.begin(), rows.end(),
            [](const auto &a, const auto &b) { return a.first < b.first; });
        std::map<QString, double> latest;
        double sum = 0;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const auto [at, row] = rows[i];
            double &v = latest[t.text(row, component)];
            sum += t.number(row, reserved) - v;
            v = t.number(row, reserved);
            if (i + 1 < rows.size() && rows[i + 1].first == at)
                continue;
            total.times.push_back(at);
            total.reserved.push_back(sum);
            total.allocated.push_back(MemoryCurve::kNone);
            total.active.push_back(MemoryCurve::kNone);
        }
        findPeaks(total);
        return total;
    }

} // namespace

const MemoryCurve *MemoryProfile::component(const QString &name) const
{
    for (const MemoryCurve &c : components) {
        if (c.component == name)
            return &c;
    }
    return nullptr;
}

const MemoryCurve *MemoryProfile::allocatorCurve() const
{
    if (const MemoryCurve *pta = component(QStringLiteral("PTA")); pta && pta->hasAllocated())
        return pta;
    for (const MemoryCurve &c : components) {
        if (c.hasAllocated())
            return &c;
    }
    return nullptr;
}

MemoryProfile buildMemoryProfile(const Table *memoryRecord, const Table *operatorMemory,
    const Table *moduleMemory, IssueList *issues)
{
    MemoryProfile out;
    if (memoryRecord) {
        out.components = readRecord(*memoryRecord, issues);
        out.recordPath = memoryRecord->path;
    }
    if (moduleMemory)
        out.deviceTotal = readModules(*moduleMemory, issues);
    if (operatorMemory)
        out.allocations = MemoryAllocations::fromTable(*operatorMemory, issues);
    return out;
}

} // namespace npuscope
