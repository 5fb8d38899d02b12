#include "model/trace/prefaulter.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace npuscope {

namespace {

#if defined(__linux__)
    constexpr int kPopulateWrite = 23; // MADV_POPULATE_WRITE, not in older headers
#endif
    // One request at a time, so that stop() is quick and the pages come in the order the merge
    // writes them.
    constexpr std::size_t kStep = std::size_t(2) << 20;

    std::size_t pageSize()
    {
#if defined(__linux__)
        static const auto size = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
        return size;
#else
        return 4096;
#endif
    }

} // namespace

bool Prefaulter::supported()
{
#if defined(__linux__)
    static const bool yes = [] {
        // A kernel without it answers EINVAL.
        void *p
            = mmap(nullptr, pageSize(), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED)
            return false;
        const bool ok = madvise(p, pageSize(), kPopulateWrite) == 0;
        munmap(p, pageSize());
        return ok;
    }();
    return yes;
#else
    return false;
#endif
}

Prefaulter::Prefaulter()
{
    if (supported())
        m_thread = std::thread([this] { run(); });
}

Prefaulter::~Prefaulter() { stop(); }

void Prefaulter::add(const void *begin, std::size_t bytes)
{
    if (!m_thread.joinable() || bytes == 0)
        return;
    const std::size_t page = pageSize();
    const auto from = reinterpret_cast<std::uintptr_t>(begin) / page * page;
    const auto to = (reinterpret_cast<std::uintptr_t>(begin) + bytes + page - 1) / page * page;
    std::lock_guard lock(m_mutex);
    m_queue.emplace_back(from, to);
    m_changed.notify_one();
}

void Prefaulter::stop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
        m_queue.clear();
        m_changed.notify_one();
    }
    if (m_thread.joinable())
        m_thread.join();
}

std::size_t Prefaulter::populated() const
{
    std::lock_guard lock(m_mutex);
    return m_populated;
}

void Prefaulter::run()
{
#if defined(__linux__)
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_changed.wait(lock, [&] { return m_stop || !m_queue.empty(); });
        if (m_stop)
            return;
        auto &[from, to] = m_queue.front();
        const std::size_t step = std::min(to - from, kStep - from % kStep);
        const std::size_t at = from;
        from += step;
        if (from >= to)
            m_queue.pop_front();
        lock.unlock();
        // ENOMEM: the range was unmapped meanwhile (the vector moved); nothing to do.
        const bool done = madvise(reinterpret_cast<void *>(at), step, kPopulateWrite) == 0;
        lock.lock();
        if (done)
            m_populated += step;
    }
#endif
}

} // namespace npuscope
