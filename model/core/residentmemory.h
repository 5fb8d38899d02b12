#pragma once

// The process's memory as the system counts it, for the loaders' phase logs (the phase of a peak
// shows there) and the benchmarks.

#include <QFile>
#include <QList>

#include <algorithm>

namespace npuscope {

// A field of /proc/self/status in kB ("VmRSS:", "VmHWM:"), or -1 where it does not exist (not
// Linux).
inline long processStatusKb(const char *key)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith(key))
            return line.mid(qstrlen(key)).trimmed().split(' ').first().toLong();
    return -1;
}

// Resident memory now, and its peak so far, in MB; 0 where not known.
inline double residentMegabytes() { return double(std::max(processStatusKb("VmRSS:"), 0L)) / 1e3; }
inline double peakResidentMegabytes()
{
    return double(std::max(processStatusKb("VmHWM:"), 0L)) / 1e3;
}

} // namespace npuscope
