#pragma once

// Helpers shared by the benchmark programs.

#include <QByteArray>
#include <QList>
#include <QProcess>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

namespace npuscope::bench {

inline double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

// The median of one field of a run's samples: medianOf(samples, [](const S &s) { ... }).
template <class T, class F> double medianOf(const std::vector<T> &samples, F field)
{
    std::vector<double> v;
    for (const T &x : samples)
        v.push_back(field(x));
    return median(std::move(v));
}

// The q-quantile (0..1) of sorted values by nearest rank.
inline double nearestRank(const std::vector<double> &sorted, double q)
{
    if (sorted.empty())
        return 0;
    const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(sorted.size())));
    return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1];
}

// One run of a benchmark's child mode (a fresh process, so that memory and caches start cold),
// which prints "seconds count rss_kb hwm_kb" on one line. Nothing when it failed.
struct ChildSample {
    double seconds = 0;
    double count = 0, rssKb = 0, hwmKb = 0;
};

inline std::optional<ChildSample> runChild(const QString &self, const QStringList &args)
{
    QProcess p;
    p.start(self, args);
    p.waitForFinished(-1);
    const QList<QByteArray> f = p.readAllStandardOutput().trimmed().split(' ');
    if (p.exitCode() != 0 || f.size() != 4)
        return std::nullopt;
    return ChildSample { f[0].toDouble(), f[1].toDouble(), f[2].toDouble(), f[3].toDouble() };
}

} // namespace npuscope::bench
