// reserveHuge (model/core/hugepages.h): growing a vector that already holds elements moves them
// into the new room, which is in 2 MB pages, and never changes what the vector holds.
#include "model/core/hugepages.h"
#include "tests/model/hugepagesprobe.h"

#include <QTest>

#include <cstdint>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

using namespace npuscope;
using npuscope::test::anonHugeKb;
using npuscope::test::hugePagesAdvisable;

namespace {

struct Record {
    std::int64_t start;
    std::uint32_t id;
    char tag;
    friend bool operator==(const Record &, const Record &) = default;
};

} // namespace

class TstHugePages : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void emptyVectorReserved();
    void grownVectorKeepsItsElements();
    void grownVectorInHugePages();
    void smallerCapacityChangesNothing();
};

// Large blocks in mappings of their own, as in a fresh process (see tst_csvhugepages).
void TstHugePages::initTestCase()
{
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
}

void TstHugePages::emptyVectorReserved()
{
    std::vector<Record> v;
    reserveHuge(v, 100000);
    QVERIFY(v.capacity() >= 100000);
    QVERIFY(v.empty());
}

void TstHugePages::grownVectorKeepsItsElements()
{
    for (const std::size_t n : { 1, 5, 4097, 200000 }) {
        std::vector<Record> v, want;
        for (std::size_t i = 0; i < n; ++i) {
            v.push_back({ std::int64_t(i) * 7 - 3, std::uint32_t(i), char('a' + i % 26) });
            want.push_back(v.back());
        }
        const std::size_t capacity = n * 5 + 3;
        reserveHuge(v, capacity, n * 3);
        QVERIFY(v.capacity() >= capacity);
        QCOMPARE(v.size(), n);
        QVERIFY(v == want);
        v.push_back({ -1, 0, 'z' });
        QCOMPARE(v.back().tag, 'z');
    }
}

// 1 MB of elements grown to room for 9 MB of which 6 expected: the copy and what is appended
// after it up to 6 MB land in huge pages (at least two of them).
void TstHugePages::grownVectorInHugePages()
{
    if (!hugePagesAdvisable() || anonHugeKb() < 0)
        QSKIP("no transparent huge pages on this system");
    const std::size_t mb = (std::size_t(1) << 20) / sizeof(std::uint64_t);
    std::vector<std::uint64_t> v;
    for (std::size_t i = 0; i < mb; ++i)
        v.push_back(i);
    const qint64 before = anonHugeKb();
    reserveHuge(v, 9 * mb, 6 * mb);
    for (std::size_t i = mb; i < 6 * mb; ++i)
        v.push_back(i);
    const qint64 after = anonHugeKb();
    QVERIFY2(after - before >= 4096,
        qPrintable(QStringLiteral("AnonHugePages %1 -> %2 kB").arg(before).arg(after)));
    for (std::size_t i = 0; i < v.size(); ++i)
        if (v[i] != i)
            QFAIL(qPrintable(QStringLiteral("element %1 changed").arg(i)));
}

void TstHugePages::smallerCapacityChangesNothing()
{
    std::vector<std::uint64_t> v(1000, 5);
    const std::uint64_t *data = v.data();
    reserveHuge(v, 10);
    QCOMPARE(v.data(), data);
    QCOMPARE(v.size(), std::size_t(1000));
}

QTEST_GUILESS_MAIN(TstHugePages)
#include "tst_hugepages.moc"
