#include "app/reports/memoryreport.h"

#include "app/reports/texttable.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace npuscope {

namespace {

    constexpr double kMiB = 1024.0 * 1024.0;

    QJsonValue mbValue(double v) { return std::isfinite(v) ? QJsonValue(v) : QJsonValue(); }

    double us(TimeNs ns) { return double(ns) / 1000.0; }

    QJsonObject curveJson(const MemoryCurve &c, const MemoryAllocations &all, int top)
    {
        QJsonObject o;
        o[QStringLiteral("peak_allocated_mb")] = mbValue(c.peakAllocatedMb);
        o[QStringLiteral("peak_reserved_mb")] = mbValue(c.peakReservedMb);
        o[QStringLiteral("peak_time_us")] = us(c.peakTime());
        std::vector<qint32> alive = all.aliveAt(c.peakTime());
        std::int64_t bytes = 0;
        for (const qint32 i : alive)
            bytes += all.at(i).bytes;
        std::stable_sort(alive.begin(), alive.end(),
            [&all](qint32 a, qint32 b) { return all.at(a).bytes > all.at(b).bytes; });
        QJsonArray live;
        for (std::size_t i = 0; i < alive.size() && i < std::size_t(std::max(top, 0)); ++i) {
            const MemoryAllocation &a = all.at(alive[i]);
            live.append(QJsonObject {
                { QStringLiteral("name"), all.nameOf(alive[i]) },
                { QStringLiteral("size_kb"), double(a.bytes) / 1024.0 },
                { QStringLiteral("allocation_time_us"), us(a.allocated) },
                { QStringLiteral("release_time_us"),
                    a.released == MemoryAllocation::kNever ? QJsonValue()
                                                           : QJsonValue(us(a.released)) },
            });
        }
        o[QStringLiteral("live_at_peak_count")] = qint64(alive.size());
        o[QStringLiteral("live_at_peak_mb")] = double(bytes) / kMiB;
        o[QStringLiteral("live_at_peak")] = live;
        return o;
    }

    QString mb(const QJsonValue &v)
    {
        return v.isNull() || v.isUndefined() ? QStringLiteral("-")
                                             : QString::number(v.toDouble(), 'f', 1);
    }

} // namespace

QJsonObject MemoryReport::json(const MemoryProfile &memory, int top)
{
    QJsonObject o;
    for (const MemoryCurve &c : memory.components)
        o[c.component] = curveJson(c, memory.allocations, top);
    if (!memory.deviceTotal.times.empty())
        o[QStringLiteral("npu_module_mem")] = curveJson(memory.deviceTotal, memory.allocations, 0);
    return o;
}

QStringList MemoryReport::header()
{
    return { tr("Component"), tr("Peak allocated(MB)"), tr("Peak reserved(MB)"), tr("At(us)"),
        tr("Alive then(MB)"), tr("Largest alive") };
}

QList<QStringList> MemoryReport::rows(const QJsonObject &memory)
{
    QList<QStringList> rows;
    for (auto it = memory.begin(); it != memory.end(); ++it) {
        const QJsonObject c = it.value().toObject();
        const QJsonArray live = c[QStringLiteral("live_at_peak")].toArray();
        QString largest;
        if (!live.isEmpty()) {
            const QJsonObject a = live.first().toObject();
            largest = tr("%1 (%2 MB)")
                          .arg(a[QStringLiteral("name")].toString(),
                              QString::number(
                                  a[QStringLiteral("size_kb")].toDouble() / 1024.0, 'f', 1));
        }
        rows << QStringList { it.key(), mb(c[QStringLiteral("peak_allocated_mb")]),
            mb(c[QStringLiteral("peak_reserved_mb")]),
            QString::number(c[QStringLiteral("peak_time_us")].toDouble(), 'f', 3),
            mb(c[QStringLiteral("live_at_peak_mb")]), largest };
    }
    return rows;
}

QString MemoryReport::text(const QJsonObject &memory, const QString &allocationsFrom)
{
    if (memory.isEmpty())
        return QString();
    return tr("Memory (peaks; allocations of %1 alive then)\n").arg(allocationsFrom)
        + textTable(header(), rows(memory));
}

} // namespace npuscope
