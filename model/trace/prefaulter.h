#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <thread>

namespace npuscope {

// Faults in the pages of the merge's growing arrays on a thread of its own, ahead of the merge
// that writes them. On the test VM a fresh page costs far more than writing it (the host backs
// guest memory on first touch, slowly: see bench_memtouch), and the merge thread, which alone
// writes a trace's events and flow pairs, spent most of its CPU time in the kernel on a large
// trace while the parsers waited for it. Here the kernel's work runs beside the merge, on a core
// the parsers leave idle then. Only the page tables change (MADV_POPULATE_WRITE, Linux 5.14 on):
// the contents are untouched, so a range that the merge has already written, or that its vector
// has since left, is harmless; elsewhere (or on older kernels) add() does nothing.
class Prefaulter {
public:
    Prefaulter();
    ~Prefaulter();
    Prefaulter(const Prefaulter &) = delete;
    Prefaulter &operator=(const Prefaulter &) = delete;

    // Queues the pages of [begin, begin + bytes), faulted in from the lowest address up.
    void add(const void *begin, std::size_t bytes);
    // Drops what is queued and joins the thread.
    void stop();
    // Bytes faulted in so far (for the phase log and the tests).
    std::size_t populated() const;

    // Whether the kernel supports it (probed once).
    static bool supported();

private:
    void run();

    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<std::pair<std::size_t, std::size_t>> m_queue; // guarded: page-aligned [from, to)
    std::size_t m_populated = 0; // guarded
    bool m_stop = false; // guarded
    std::thread m_thread;
};

} // namespace npuscope
