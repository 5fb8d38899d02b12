#pragma once

// What the tests of huge page advice read from the system: how much of this process is resident
// in transparent huge pages, and whether the system hands them out at all.

#include <QByteArray>
#include <QFile>

namespace npuscope::test {

// Resident kB of this process in transparent huge pages, or -1 where unknown.
inline qint64 anonHugeKb()
{
    QFile f(QStringLiteral("/proc/self/smaps_rollup"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("AnonHugePages:"))
            return line.mid(14).trimmed().split(' ').front().toLongLong();
    return -1;
}

inline bool hugePagesAdvisable()
{
    QFile f(QStringLiteral("/sys/kernel/mm/transparent_hugepage/enabled"));
    return f.open(QIODevice::ReadOnly) && !f.readAll().contains("[never]");
}

} // namespace npuscope::test
