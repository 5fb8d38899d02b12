#include "model/generator/generatortimeline.h"

#include <algorithm>

namespace npuscope::gen {

// ---- Rng ----

std::uint64_t mix64(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

Rng::Rng(std::uint64_t seed)
{
    for (auto &s : m_s) {
        seed = mix64(seed);
        s = seed;
    }
}

std::uint64_t Rng::next()
{
    auto rotl = [](std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); };
    const std::uint64_t result = rotl(m_s[1] * 5, 7) * 9;
    const std::uint64_t t = m_s[1] << 17;
    m_s[2] ^= m_s[0];
    m_s[3] ^= m_s[1];
    m_s[1] ^= m_s[2];
    m_s[0] ^= m_s[3];
    m_s[2] ^= t;
    m_s[3] = rotl(m_s[3], 45);
    return result;
}

std::int64_t Rng::range(std::int64_t lo, std::int64_t hi)
{
    if (hi <= lo)
        return lo;
    const auto span = static_cast<std::uint64_t>(hi - lo) + 1;
    return lo + static_cast<std::int64_t>(next() % span);
}

// ---- Block ----

void Block::clear()
{
    stepBegin = stepEnd = false;
    stepStartNs = stepEndNs = 0;
    host.clear();
    api.clear();
    tasks.clear();
    counters.clear();
    overlap.clear();
}

std::int64_t Block::traceEvents() const
{
    // Per task: the X event, HostToDevice s and f, async_npu s and f.
    return static_cast<std::int64_t>(
        host.size() + api.size() + 5 * tasks.size() + counters.size() + overlap.size());
}

// ---- OverlapTracker ----

void OverlapTracker::record(
    std::vector<OverlapEvent> &out, OverlapKind kind, TimeNs start, TimeNs end)
{
    if (end <= start)
        return;
    out.push_back({ kind, start, end - start });
    switch (kind) {
    case OverlapKind::Computing:
        m_stats.computing += end - start;
        break;
    case OverlapKind::Communication:
        m_stats.comm += end - start;
        break;
    case OverlapKind::CommNotOverlapped:
        m_stats.notOverlapped += end - start;
        break;
    case OverlapKind::Free:
        m_stats.free += end - start;
        break;
    }
}

void OverlapTracker::closeComm(std::vector<OverlapEvent> &out)
{
    if (!m_commOpen)
        return;
    record(out, OverlapKind::CommNotOverlapped, m_commCursor, m_commEnd);
    m_commOpen = false;
}

void OverlapTracker::add(const DeviceTask &task, std::vector<OverlapEvent> &out)
{
    const TimeNs s = task.start;
    const TimeNs e = task.start + task.dur;
    if (m_stats.firstTask < 0)
        m_stats.firstTask = s;
    if (m_busyEnd >= 0 && s > m_busyEnd)
        record(out, OverlapKind::Free, m_busyEnd, s);
    m_busyEnd = std::max(m_busyEnd, e);
    if (task.comm) {
        closeComm(out);
        record(out, OverlapKind::Communication, s, e);
        m_commOpen = true;
        m_commEnd = e;
        // Earlier compute started before s, so it covers [s, m_computeEnd) if it reaches s.
        m_commCursor = m_computeEnd > s ? std::min(e, m_computeEnd) : s;
        return;
    }
    if (m_commOpen) {
        if (s >= m_commEnd) {
            closeComm(out);
        } else {
            record(out, OverlapKind::CommNotOverlapped, m_commCursor, s);
            m_commCursor = std::max(m_commCursor, e);
            if (m_commCursor >= m_commEnd)
                m_commOpen = false;
        }
    }
    if (m_computeEnd >= 0 && s <= m_computeEnd) {
        m_computeEnd = std::max(m_computeEnd, e);
    } else {
        if (m_computeEnd >= 0)
            record(out, OverlapKind::Computing, m_computeStart, m_computeEnd);
        m_computeStart = s;
        m_computeEnd = e;
    }
}

StepStats OverlapTracker::finishStep(TimeNs stepEnd, std::vector<OverlapEvent> &out)
{
    if (m_computeEnd >= 0)
        record(out, OverlapKind::Computing, m_computeStart, m_computeEnd);
    closeComm(out);
    if (m_busyEnd >= 0)
        record(out, OverlapKind::Free, m_busyEnd, stepEnd);
    const StepStats stats = m_stats;
    *this = OverlapTracker();
    return stats;
}

} // namespace npuscope::gen
