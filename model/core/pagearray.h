#pragma once

// A fixed-size array of trivially copyable records in memory taken from the system directly,
// whose pages can be handed back one range at a time, for the loader's big temporary arrays.

#include <cstddef>
#include <cstdint>
#include <new>
#include <type_traits>
#include <utility>

#if defined(__unix__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace npuscope {

// Hands the whole pages inside [begin, end) back to the system (Linux: they read as zero when
// next touched, and cost no memory until then); the pages it shares with bytes outside are kept.
// Elsewhere this does nothing. For memory the caller owns and will not read again as it was.
inline void releasePages(const void *begin, const void *end)
{
#if defined(__unix__)
    const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
    const auto from = (reinterpret_cast<std::uintptr_t>(begin) + page - 1) / page * page;
    const auto to = reinterpret_cast<std::uintptr_t>(end) / page * page;
    if (to > from)
        madvise(reinterpret_cast<void *>(from), to - from, MADV_DONTNEED);
#else
    (void)begin;
    (void)end;
#endif
}

// Why not std::vector or new[]: glibc keeps freed blocks below 32 MB in its arenas (and one
// thread's arena keeps what another thread freed into it), so an array freed piece by piece
// through malloc would stay resident until the end of the load, and a pass that frees its input
// while it writes its output would hold both at its peak. Pages mapped here are resident only
// once written, and release() and the destructor give them back at once.
template <typename T> class PageArray {
    static_assert(std::is_trivially_copyable_v<T>, "the pages are not initialised");

public:
    PageArray() = default;
    // Uninitialised (read as zero on Linux). Throws std::bad_alloc.
    explicit PageArray(std::size_t size)
        : m_data(static_cast<T *>(allocate(size * sizeof(T))))
        , m_size(size)
    {
    }
    PageArray(PageArray &&other) noexcept
        : m_data(std::exchange(other.m_data, nullptr))
        , m_size(std::exchange(other.m_size, 0))
    {
    }
    PageArray &operator=(PageArray &&other) noexcept
    {
        if (this != &other) {
            deallocate(m_data, m_size * sizeof(T));
            m_data = std::exchange(other.m_data, nullptr);
            m_size = std::exchange(other.m_size, 0);
        }
        return *this;
    }
    PageArray(const PageArray &) = delete;
    PageArray &operator=(const PageArray &) = delete;
    ~PageArray() { deallocate(m_data, m_size * sizeof(T)); }

    std::size_t size() const { return m_size; }
    T *data() { return m_data; }
    const T *data() const { return m_data; }
    T &operator[](std::size_t i) { return m_data[i]; }
    const T &operator[](std::size_t i) const { return m_data[i]; }

    // Hands back the whole pages inside the records [from, to), which must not be read again
    // (they read as zero on Linux, where the pages stay mapped). Records sharing a page with one
    // outside the range are kept. Elsewhere this does nothing.
    void release(std::size_t from, std::size_t to)
    {
        if (from < to && to <= m_size)
            releasePages(m_data + from, m_data + to);
    }

private:
    // Arrays of 2 MB or more: the mapping rounded up to whole 2 MB pages (Linux aligns such a
    // mapping on 2 MB), of which those the array fills are advised as huge pages: one fault for
    // 512 small ones (on the test VM a fault is costly; a million flow pairs take ~10,000).
    static std::size_t mappedBytes(std::size_t bytes)
    {
        return bytes < kHuge ? bytes : (bytes + kHuge - 1) / kHuge * kHuge;
    }
    static void *allocate(std::size_t bytes)
    {
        if (bytes == 0)
            return nullptr;
#if defined(__unix__)
        void *p = mmap(nullptr, mappedBytes(bytes), PROT_READ | PROT_WRITE,
            MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED)
            throw std::bad_alloc();
#if defined(MADV_HUGEPAGE)
        if (bytes >= kHuge && reinterpret_cast<std::uintptr_t>(p) % kHuge == 0)
            madvise(p, bytes / kHuge * kHuge, MADV_HUGEPAGE);
#endif
        return p;
#else
        return ::operator new(bytes, std::align_val_t(alignof(T)));
#endif
    }
    static void deallocate(void *p, std::size_t bytes)
    {
        if (!p)
            return;
#if defined(__unix__)
        munmap(p, mappedBytes(bytes));
#else
        (void)bytes;
        ::operator delete(p, std::align_val_t(alignof(T)));
#endif
    }

    static constexpr std::size_t kHuge = std::size_t(2) << 20;

    T *m_data = nullptr;
    std::size_t m_size = 0;
};

} // namespace npuscope
