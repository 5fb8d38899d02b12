#pragma once

#include <atomic>
#include <cstdint>
#include <initializer_list>

namespace npuscope {

// The parts of a database read on two threads that either thread may do: each is done once, by
// the first thread that is free for it, so the threads' work evens out whatever the sizes of
// the tables (a fixed split left one thread idle for much of the read). A part can be taken
// once it is open (its inputs are there); taking is an atomic exchange, so what the opening
// thread wrote before open() is seen by the thread that takes it.
class DbJobs {
public:
    enum Job { kCann, kOverlap, kJobs };

    void open(Job job) { m_state.fetch_or(openBit(job), std::memory_order_release); }
    // True for one caller only, and only once the job is open.
    bool take(Job job)
    {
        std::uint32_t state = m_state.load(std::memory_order_acquire);
        while ((state & openBit(job)) && !(state & takenBit(job)))
            if (m_state.compare_exchange_weak(state, state | takenBit(job),
                    std::memory_order_acq_rel, std::memory_order_acquire))
                return true;
        return false;
    }
    // Takes the open jobs of `order` one after another, running each.
    template <class Run> void takeEach(std::initializer_list<Job> order, Run run)
    {
        for (const Job job : order)
            if (take(job))
                run(job);
    }
    bool taken(Job job) const { return m_state.load(std::memory_order_acquire) & takenBit(job); }

private:
    static constexpr std::uint32_t openBit(Job job) { return 1u << (2 * int(job)); }
    static constexpr std::uint32_t takenBit(Job job) { return 2u << (2 * int(job)); }
    std::atomic<std::uint32_t> m_state { 0 };
};

} // namespace npuscope
