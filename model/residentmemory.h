#pragma once

// The process's resident memory, for the loaders' phase logs: the phase of a peak shows there.

#include <QFile>
#include <QList>

#if defined(Q_OS_UNIX)
#include <unistd.h>
#endif

namespace npuscope {

// In MB; 0 where /proc/self/statm does not exist (not Linux).
inline double residentMegabytes()
{
#if defined(Q_OS_UNIX)
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (!statm.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> fields = statm.readAll().split(' ');
    return fields.size() > 1 ? fields[1].toDouble() * double(sysconf(_SC_PAGESIZE)) / 1e6 : 0;
#else
    return 0;
#endif
}

// The peak of residentMegabytes() so far (VmHWM), in MB; 0 where it is not known.
inline double peakResidentMegabytes()
{
#if defined(Q_OS_UNIX)
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toDouble() / 1e3;
#endif
    return 0;
}

} // namespace npuscope
