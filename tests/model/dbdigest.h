#pragma once

// Digests of what the database reader gives, by text and value (independent of string ids and
// of the order flows are made in), to check that a change or another thread count keeps the
// results: shared by tst_dbthreads and `bench_dbload --digest`.

#include "model/core/table.h"
#include "model/core/trace.h"

#include <QCryptographicHash>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

namespace npuscope::test {

class Digest {
public:
    void add(std::string_view text)
    {
        m_hash.addData(QByteArrayView(text.data(), qsizetype(text.size())));
        m_hash.addData(QByteArrayView("\0", 1));
    }
    void add(std::int64_t v) { add(std::to_string(v)); }
    void add(const QString &text) { add(text.toStdString()); }
    std::string hex() { return m_hash.result().toHex().left(16).toStdString(); }

private:
    QCryptographicHash m_hash { QCryptographicHash::Sha1 };
};

// Tracks, events, counters and flows; `withArgs`: each event's args key too.
inline std::string traceDigest(const Trace &trace, bool withArgs = false)
{
    Digest d;
    for (const Track &t : trace.tracks) {
        d.add(t.processName + QLatin1Char('/') + t.threadName + QLatin1Char('/') + t.processLabels);
        d.add(std::int64_t(t.events.size()));
        for (const Event &e : t.events) {
            d.add(e.start);
            d.add(e.duration);
            d.add(std::int64_t(e.depth));
            d.add(trace.strings.view(e.name));
            d.add(trace.strings.view(e.category));
            if (withArgs)
                d.add(std::int64_t(e.argsOffset));
        }
    }
    for (const CounterSeries &c : trace.counters) {
        d.add(c.processName + QLatin1Char('/') + c.name);
        for (std::size_t i = 0; i < c.times.size(); ++i) {
            d.add(c.times[i]);
            d.add(std::to_string(c.values[i]));
        }
    }
    // Flows by content, sorted: the order they are made in is not a result.
    std::vector<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t,
        std::string_view, std::string_view>>
        flows;
    for (const Flow &f : trace.flows)
        flows.emplace_back(f.from.track.value, f.from.index, f.to.track.value, f.to.index,
            trace.strings.view(f.name), trace.strings.view(f.category));
    std::sort(flows.begin(), flows.end());
    for (const auto &[ft, fi, tt, ti, name, category] : flows) {
        d.add(std::to_string(ft) + ':' + std::to_string(fi) + '>' + std::to_string(tt) + ':'
            + std::to_string(ti));
        d.add(name);
        d.add(category);
    }
    return d.hex();
}

// Every cell's text, column by column; "none" for no table.
inline std::string tableDigest(const Table *table)
{
    if (!table)
        return "none";
    Digest d;
    for (int c = 0; c < table->columnCount(); ++c) {
        d.add(table->columns[std::size_t(c)].name);
        for (qsizetype r = 0; r < table->rowCount(); ++r)
            d.add(table->text(r, c)); // text(): cells kept as ns only too
    }
    return d.hex();
}

} // namespace npuscope::test
