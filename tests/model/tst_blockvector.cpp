#include "model/core/blockvector.h"
#include "model/core/pagearray.h"
#include "tests/model/hugepagesprobe.h"

#include <QRandomGenerator>
#include <QTest>

#if defined(__unix__)
#include <unistd.h>
#endif

#include <vector>

using namespace npuscope;
using npuscope::test::anonHugeKb;
using npuscope::test::hugePagesAdvisable;

// The loader's append-only block array against std::vector, with tiny blocks so that every
// boundary case (empty, one element, exactly full blocks, a partly filled last block) is met.
class TstBlockVector : public QObject {
    Q_OBJECT
private slots:
    void matchesVector();
    void elementsDoNotMove();
    void clearFreesAndRestarts();
    void releaseBlockKeepsTheOthers();
    void reserveAllocatesAheadOnly();
    void pageArrayReleasesWholePagesOnly();
    void largePageArrayInHugePages();
};

struct Record {
    std::int64_t ts;
    std::uint32_t id;
    char tag;
};

void TstBlockVector::matchesVector()
{
    QRandomGenerator rng(11);
    for (const std::size_t n : { 0, 1, 7, 8, 9, 16, 17, 1000 }) {
        BlockVector<Record, 3> blocks; // 8 per block
        std::vector<Record> want;
        for (std::size_t i = 0; i < n; ++i) {
            const Record r { static_cast<std::int64_t>(rng.generate64()),
                static_cast<std::uint32_t>(i), char('a' + i % 26) };
            blocks.push_back(r);
            want.push_back(r);
        }
        QCOMPARE(blocks.size(), want.size());
        QCOMPARE(blocks.empty(), want.empty());
        for (std::size_t i = 0; i < n; ++i) {
            QCOMPARE(blocks[i].ts, want[i].ts);
            QCOMPARE(blocks[i].id, want[i].id);
            QCOMPARE(blocks[i].tag, want[i].tag);
        }
        // Iteration, mutable and const, visits every element once in order.
        std::size_t k = 0;
        for (Record &r : blocks) {
            QCOMPARE(r.id, std::uint32_t(k++));
            r.tag = 'z';
        }
        QCOMPARE(k, n);
        const auto &view = blocks;
        k = 0;
        for (const Record &r : view) {
            QCOMPARE(r.tag, 'z');
            QCOMPARE(r.ts, want[k++].ts);
        }
        QCOMPARE(k, n);
    }
}

void TstBlockVector::elementsDoNotMove()
{
    BlockVector<Record, 2> blocks;
    blocks.push_back({ 1, 1, 'x' });
    const Record *first = &blocks[0];
    for (int i = 0; i < 100; ++i)
        blocks.push_back({ i, std::uint32_t(i), 'y' });
    QCOMPARE(&blocks[0], first); // appending never relocates what is stored
    QCOMPARE(first->ts, std::int64_t(1));
}

void TstBlockVector::clearFreesAndRestarts()
{
    BlockVector<Record, 2> blocks;
    for (int i = 0; i < 10; ++i)
        blocks.push_back({ i, std::uint32_t(i), 'a' });
    blocks.clear();
    QVERIFY(blocks.empty());
    QVERIFY(blocks.begin() == blocks.end());
    blocks.push_back({ 5, 5, 'b' });
    QCOMPARE(blocks.size(), std::size_t(1));
    QCOMPARE(blocks[0].ts, std::int64_t(5));
}

void TstBlockVector::releaseBlockKeepsTheOthers()
{
    BlockVector<Record, 3> blocks;
    for (int i = 0; i < 30; ++i) // blocks of 8: three full, one with 6
        blocks.push_back({ i, std::uint32_t(i), 'r' });
    QCOMPARE(blocks.blockCount(), std::size_t(4));
    blocks.releaseBlock(1);
    blocks.releaseBlock(3);
    for (int i : { 0, 7, 16, 23 })
        QCOMPARE(blocks[std::size_t(i)].ts, std::int64_t(i));
    QCOMPARE(blocks.size(), std::size_t(30)); // the indexes of the others stay
}

// reserve() allocates blocks that push_back then fills without moving them; the blocks counted
// are those holding elements, so the flow binding never walks a reserved, empty one.
void TstBlockVector::reserveAllocatesAheadOnly()
{
    BlockVector<Record, 3> blocks; // 8 per block
    blocks.push_back({ 0, 0, 'a' });
    blocks.reserve(20); // blocks for elements 0..23
    QCOMPARE(blocks.size(), std::size_t(1));
    QCOMPARE(blocks.blockCount(), std::size_t(1));
    Record *reserved = &blocks[17]; // inside the third block, allocated by reserve()
    reserved->tag = 'q'; // writable before it is pushed (the prefaulter's view)
    for (int i = 1; i < 20; ++i)
        blocks.push_back({ i, std::uint32_t(i), 'b' });
    QCOMPARE(&blocks[17], reserved); // filled where reserve() put it
    QCOMPARE(blocks.blockCount(), std::size_t(3));
    for (int i = 1; i < 20; ++i)
        QCOMPARE(blocks[std::size_t(i)].ts, std::int64_t(i));
    blocks.reserve(5); // less than the size: nothing changes
    QCOMPARE(blocks.size(), std::size_t(20));
    std::size_t seen = 0;
    for (const Record &r : blocks)
        QCOMPARE(r.id, std::uint32_t(seen++));
    QCOMPARE(seen, std::size_t(20));
    blocks.reserve(40); // whole empty blocks past the last element are not counted
    QCOMPARE(blocks.blockCount(), std::size_t(3));
    blocks.push_back({ 20, 20, 'c' });
    blocks.push_back({ 21, 21, 'c' });
    blocks.push_back({ 22, 22, 'c' });
    blocks.push_back({ 23, 23, 'c' });
    blocks.push_back({ 24, 24, 'c' });
    QCOMPARE(blocks.blockCount(), std::size_t(4));
    QCOMPARE(blocks[24].tag, 'c');
}

void TstBlockVector::pageArrayReleasesWholePagesOnly()
{
#if defined(__unix__)
    const std::size_t kPerPage = std::size_t(sysconf(_SC_PAGESIZE)) / sizeof(std::uint64_t);
#else
    const std::size_t kPerPage = 4096 / sizeof(std::uint64_t);
#endif
    PageArray<std::uint64_t> a(10 * kPerPage);
    for (std::size_t i = 0; i < a.size(); ++i)
        a[i] = i + 1;
    // Records [2.5 pages, 6.5 pages): pages 3, 4 and 5 are given back; the pages it shares with
    // records outside the range keep all their records.
    a.release(5 * kPerPage / 2, 13 * kPerPage / 2);
    for (std::size_t i = 0; i < a.size(); ++i) {
        const bool released = i >= 3 * kPerPage && i < 6 * kPerPage;
#if defined(__linux__)
        QCOMPARE(a[i], released ? 0 : i + 1); // given back pages read as zero again
#else
        if (!released)
            QCOMPARE(a[i], i + 1);
#endif
    }
    PageArray<std::uint64_t> moved = std::move(a);
    QCOMPARE(moved.size(), 10 * kPerPage);
    QCOMPARE(a.size(), std::size_t(0));
    QCOMPARE(moved[0], std::uint64_t(1));
}

// An array of 5.5 MB (a block of a million flow pairs' BlockVector is 2.6 MB): its two whole
// 2 MB pages are huge pages, the rest small ones; every record reads back, the records past the
// last whole page included, and a release inside a huge page still zeroes exactly its pages.
void TstBlockVector::largePageArrayInHugePages()
{
    const std::size_t n = (std::size_t(11) << 20) / 2 / sizeof(std::uint64_t);
    const qint64 before = anonHugeKb();
    PageArray<std::uint64_t> a(n);
    for (std::size_t i = 0; i < n; ++i)
        a[i] = i * 3 + 1;
    const qint64 after = anonHugeKb();
    for (std::size_t i = 0; i < n; ++i)
        if (a[i] != i * 3 + 1)
            QFAIL(qPrintable(QStringLiteral("record %1 changed").arg(i)));
    if (hugePagesAdvisable() && before >= 0)
        QVERIFY2(after - before >= 4096,
            qPrintable(QStringLiteral("AnonHugePages %1 -> %2 kB").arg(before).arg(after)));
    const std::size_t perPage = 4096 / sizeof(std::uint64_t);
    a.release(10 * perPage, 20 * perPage); // inside the first huge page
    for (std::size_t i = 9 * perPage; i < 21 * perPage; ++i) {
#if defined(__linux__)
        QCOMPARE(a[i], i >= 10 * perPage && i < 20 * perPage ? 0 : i * 3 + 1);
#endif
    }
    QCOMPARE(a[n - 1], (n - 1) * 3 + 1);
}

QTEST_GUILESS_MAIN(TstBlockVector)
#include "tst_blockvector.moc"
