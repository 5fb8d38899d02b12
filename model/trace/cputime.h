#pragma once

// CPU times for the load's phase log (QT_LOGGING_RULES="npuscope.load.debug=true"): a phase's
// CPU time over its wall time says how many cores it kept busy, a thread's system time how much
// of it went to the kernel (on the test VM mostly faulting in fresh memory).

#include "model/core/residentmemory.h"

#include <QElapsedTimer>
#include <QLoggingCategory>

#include <ctime>
#include <utility>

#if defined(__linux__)
#include <sys/resource.h>
#endif

namespace npuscope {

// The whole process's CPU time so far (user + system), in milliseconds.
inline double processCpuMs()
{
    timespec cpu {};
    ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu);
    return double(cpu.tv_sec) * 1e3 + double(cpu.tv_nsec) / 1e6;
}

// The calling thread's user and system CPU time so far, in milliseconds ({0, 0} where unknown).
inline std::pair<double, double> threadCpuMs()
{
#if defined(__linux__)
    rusage usage {};
    ::getrusage(RUSAGE_THREAD, &usage);
    auto ms = [](const timeval &t) { return double(t.tv_sec) * 1e3 + double(t.tv_usec) / 1e3; };
    return { ms(usage.ru_utime), ms(usage.ru_stime) };
#else
    return { 0, 0 };
#endif
}

// Logs phase after phase to `category`: each one's wall and CPU time and the resident memory.
class PhaseClock {
public:
    explicit PhaseClock(const QLoggingCategory &category)
        : m_category(category)
        , m_cpuMs(category.isDebugEnabled() ? processCpuMs() : 0)
    {
        m_clock.start();
    }
    // `name` ends the phase begun at the last call (or at construction).
    void phase(const char *name)
    {
        if (!m_category.isDebugEnabled())
            return;
        const double now = processCpuMs();
        qCDebug(m_category, "%s: %.1f ms (%.1f ms of CPU), resident %.0f MB (peak %.0f)", name,
            m_clock.nsecsElapsed() / 1e6, now - m_cpuMs, residentMegabytes(),
            peakResidentMegabytes());
        m_cpuMs = now;
        m_clock.restart();
    }

private:
    const QLoggingCategory &m_category;
    double m_cpuMs;
    QElapsedTimer m_clock;
};

} // namespace npuscope
