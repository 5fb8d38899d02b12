#include "model/memory/memorycounters.h"

#include "model/core/table.h"
#include "model/core/trace.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <map>

namespace npuscope {

namespace {

    struct Series {
        std::vector<std::pair<TimeNs, double>> samples;
    };

} // namespace

int addMemoryCounters(
    Trace &trace, const Table &table, const QString &sourceName, IssueList *issues)
{
    const int component = table.findColumn(u"Component");
    const int timestamp = table.findColumn(u"Timestamp(us)");
    if (component < 0 || timestamp < 0 || table.columns[std::size_t(timestamp)].ns.empty()) {
        issues->append({ Severity::Warning, table.path, QString(),
            QCoreApplication::translate("npuscope",
                "%1 has no Component or Timestamp(us) column: memory is not shown on the "
                "timeline")
                .arg(sourceName) });
        return 0;
    }
    struct Quantity {
        const char16_t *column;
        const char *label;
    };
    const Quantity quantities[] = {
        { u"Total Allocated(MB)", QT_TRANSLATE_NOOP("npuscope", "allocated (MB)") },
        { u"Total Reserved(MB)", QT_TRANSLATE_NOOP("npuscope", "reserved (MB)") },
        { u"Total Active(MB)", QT_TRANSLATE_NOOP("npuscope", "active (MB)") },
    };
    const auto &times = table.columns[std::size_t(timestamp)].ns;
    std::map<std::pair<QString, int>, Series> series; // (component, quantity): ordered output
    for (int q = 0; q < 3; ++q) {
        const int column = table.findColumn(quantities[q].column);
        if (column < 0)
            continue;
        for (qsizetype row = 0; row < table.rowCount(); ++row) {
            const TimeNs t = times[std::size_t(row)];
            const double value = table.number(row, column);
            if (t == Table::kMissingNs || !std::isfinite(value))
                continue;
            series[{ table.text(row, component), q }].samples.emplace_back(t, value);
        }
    }
    std::int64_t sort = 0;
    for (const Track &t : trace.tracks)
        sort = std::max(sort, t.processSort + 1);
    for (const CounterSeries &c : trace.counters)
        sort = std::max(sort, c.processSort + 1);
    const QString process = QCoreApplication::translate("npuscope", "Memory (%1)").arg(sourceName);
    int added = 0;
    for (auto &[key, s] : series) {
        auto &samples = s.samples;
        std::stable_sort(samples.begin(), samples.end(),
            [](const auto &a, const auto &b) { return a.first < b.first; });
        CounterSeries c;
        c.processName = process;
        c.name = key.first + QLatin1Char(' ')
            + QCoreApplication::translate("npuscope", quantities[key.second].label);
        c.processSort = sort;
        for (std::size_t i = 0; i < samples.size(); ++i) {
            auto [t, value] = samples[i];
            if (t > trace.maxTime)
                break;
            if (t < trace.minTime) {
                const bool lastBefore
                    = i + 1 == samples.size() || samples[i + 1].first >= trace.minTime;
                if (!lastBefore)
                    continue;
                t = trace.minTime;
            }
            c.times.push_back(t);
            c.values.push_back(value);
        }
        if (c.times.empty())
            continue;
        const auto [lo, hi] = std::minmax_element(c.values.begin(), c.values.end());
        c.minValue = *lo;
        c.maxValue = *hi;
        trace.counters.push_back(std::move(c));
        ++added;
    }
    return added;
}

} // namespace npuscope
