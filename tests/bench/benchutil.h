#pragma once

// Helpers shared by the benchmark programs.

#include <QFile>
#include <QList>

#include <algorithm>
#include <vector>

namespace npuscope::bench {

inline double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

// A field of /proc/self/status in kB ("VmRSS:", "VmHWM:"), or -1.
inline long statusKb(const char *key)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith(key))
            return line.mid(qstrlen(key)).trimmed().split(' ').first().toLong();
    return -1;
}

} // namespace npuscope::bench
