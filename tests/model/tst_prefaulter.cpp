#include "model/trace/prefaulter.h"

#include <QTest>

#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

using namespace npuscope;

// The merge's prefaulter: pages it is given become resident without being written, what was
// written before stays, and ranges that went away meanwhile are harmless.
class TstPrefaulter : public QObject {
    Q_OBJECT
private slots:
    void faultsInWithoutWriting();
    void unmappedRangeIsHarmless();
    void stopDropsTheQueue();
};

namespace {

#if defined(__linux__)
std::size_t pageSize() { return static_cast<std::size_t>(sysconf(_SC_PAGESIZE)); }

// How many of the pages of [p, p + bytes) are resident (mincore).
std::size_t residentPages(void *p, std::size_t bytes)
{
    std::vector<unsigned char> v((bytes + pageSize() - 1) / pageSize());
    if (mincore(p, bytes, v.data()) != 0)
        return 0;
    std::size_t n = 0;
    for (unsigned char c : v)
        n += c & 1;
    return n;
}

bool waitFor(const Prefaulter &f, std::size_t bytes)
{
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (f.populated() < bytes && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return f.populated() >= bytes;
}
#endif

} // namespace

void TstPrefaulter::faultsInWithoutWriting()
{
#if defined(__linux__)
    if (!Prefaulter::supported())
        QSKIP("the kernel has no MADV_POPULATE_WRITE");
    const std::size_t pages = 64, bytes = pages * pageSize();
    void *map = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    QVERIFY(map != MAP_FAILED);
    auto *p = static_cast<char *>(map);
    QCOMPARE(residentPages(map, bytes), std::size_t(0));
    std::memset(p + 3 * pageSize() + 100, 'x', 50); // written before: must stay as written
    QCOMPARE(residentPages(map, bytes), std::size_t(1));
    {
        Prefaulter f;
        // From the middle of a page (the merge passes its last element): that page and on.
        f.add(p + 2 * pageSize() + 8, 40 * pageSize());
        QVERIFY(waitFor(f, 40 * pageSize()));
        QCOMPARE(residentPages(map, bytes), std::size_t(41)); // pages 2..42
        QCOMPARE(residentPages(p, 2 * pageSize()), std::size_t(0));
        QCOMPARE(residentPages(p + 43 * pageSize(), 21 * pageSize()), std::size_t(0));
    }
    for (std::size_t i = 0; i < 50; ++i)
        QCOMPARE(p[3 * pageSize() + 100 + i], 'x');
    QCOMPARE(p[3 * pageSize() + 99], '\0');
    QCOMPARE(p[20 * pageSize()], '\0'); // faulted in as zero, not written
    munmap(map, bytes);
#else
    QSKIP("Linux only");
#endif
}

void TstPrefaulter::unmappedRangeIsHarmless()
{
#if defined(__linux__)
    if (!Prefaulter::supported())
        QSKIP("the kernel has no MADV_POPULATE_WRITE");
    const std::size_t bytes = 16 * pageSize();
    void *gone = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    void *kept = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    QVERIFY(gone != MAP_FAILED && kept != MAP_FAILED);
    munmap(gone, bytes); // a vector that moved before its turn came
    Prefaulter f;
    f.add(gone, bytes);
    f.add(kept, bytes);
    QVERIFY(waitFor(f, bytes)); // the second range is served after the first failed
    QCOMPARE(f.populated(), bytes); // only the mapped one counts
    QCOMPARE(residentPages(kept, bytes), std::size_t(16));
    munmap(kept, bytes);
#else
    QSKIP("Linux only");
#endif
}

void TstPrefaulter::stopDropsTheQueue()
{
#if defined(__linux__)
    if (!Prefaulter::supported())
        QSKIP("the kernel has no MADV_POPULATE_WRITE");
    // 1 GB of address space queued and stopped at once: stop() must not fault it all in.
    const std::size_t bytes = std::size_t(1) << 30;
    void *map = mmap(
        nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    QVERIFY(map != MAP_FAILED);
    Prefaulter f;
    f.add(map, bytes);
    f.stop();
    QVERIFY(f.populated() < bytes);
    f.add(map, pageSize()); // after stop(): ignored
    QVERIFY(residentPages(map, bytes) < bytes / pageSize());
    munmap(map, bytes);
#else
    QSKIP("Linux only");
#endif
}

QTEST_GUILESS_MAIN(TstPrefaulter)
#include "tst_prefaulter.moc"
